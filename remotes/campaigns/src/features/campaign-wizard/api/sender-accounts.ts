import { useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignKeys } from '../../campaign-list/api/campaign-keys';

/** GET /campaigns/sender-accounts: mailboxes and LinkedIn accounts a campaign may use, with whether each can act. */
export const senderAccountsQueryOptions = () => routeQueryOptions(campaignsRoutes.campaignSenderAccounts, {}, campaignKeys.senderAccounts());

export const useSenderAccounts = () => useQuery(senderAccountsQueryOptions());
