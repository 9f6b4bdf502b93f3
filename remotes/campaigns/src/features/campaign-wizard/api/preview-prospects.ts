import { useQuery } from '@tanstack/react-query';
import { listProspects } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignKeys } from '../../campaign-list/api/campaign-keys';

/** How many recipients the review previews emails for. */
export const PREVIEW_RECIPIENTS = 5;

/**
 * POST /prospects/list-prospects (first page of the chosen list): a few prospects whose fields
 * fill the review's email previews. A read, so a query.
 */
export const previewProspectsQueryOptions = (listId: number) =>
  routeQueryOptions(listProspects, { body: { listId, page: 1, perPage: PREVIEW_RECIPIENTS } }, [...campaignKeys.teamProspectLists(), 'preview']);

export const usePreviewProspects = (listId: number | null) => useQuery({ ...previewProspectsQueryOptions(listId ?? 0), enabled: listId !== null });
