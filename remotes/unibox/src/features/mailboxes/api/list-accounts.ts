import { useQuery } from '@tanstack/react-query';
import { uniboxRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';
import { ownerPart } from '../../owner/hooks/use-mailbox-owner';

/** GET /pipelines/api/unibox/accounts: the owner's mailboxes with sync status, settings and unread counts. */
export const listAccountsQueryOptions = (forUserId: number | undefined) =>
  routeQueryOptions(uniboxRoutes.uniboxAccounts, { query: ownerPart(forUserId) }, uniboxKeys.accounts());

export const useListAccounts = (forUserId: number | undefined) => useQuery(listAccountsQueryOptions(forUserId));
