import { useQuery } from '@tanstack/react-query';
import { uniboxRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';
import { ownerPart } from '../../owner/hooks/use-mailbox-owner';

/** GET /pipelines/api/unibox/directories: the IMAP folders of the owner's mailboxes with total and unread. */
export const listDirectoriesQueryOptions = (forUserId: number | undefined) =>
  routeQueryOptions(uniboxRoutes.uniboxDirectories, { query: ownerPart(forUserId) }, uniboxKeys.directories());

export const useListDirectories = (forUserId: number | undefined) => useQuery(listDirectoriesQueryOptions(forUserId));
