import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { prospectsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

export const PICK_PROSPECTS_PAGE_SIZE = 20;

/**
 * POST /prospects/list-prospects: a page of one list, for picking the prospects to add to the
 * campaign. A read, so a query (the prospects area declares it as a POST for its filter body).
 */
export const listListProspectsQueryOptions = (listId: number, page: number) =>
  routeQueryOptions(
    prospectsRoutes.listProspects,
    { body: { listId, page, perPage: PICK_PROSPECTS_PAGE_SIZE } },
    campaignPageKeys.listProspects(listId, page),
  );

export const useListListProspects = (listId: number | null, page: number) =>
  useQuery({ ...listListProspectsQueryOptions(listId ?? 0, page), enabled: listId !== null, placeholderData: keepPreviousData });
