import { useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

/** GET /campaigns/sender-accounts: mailboxes and LinkedIn accounts a campaign of the caller may send from. */
export const listSenderAccountsQueryOptions = () =>
  routeQueryOptions(campaignsRoutes.campaignSenderAccounts, {}, campaignPageKeys.senderAccounts());

export const useListSenderAccounts = (enabled = true) => useQuery({ ...listSenderAccountsQueryOptions(), enabled });
