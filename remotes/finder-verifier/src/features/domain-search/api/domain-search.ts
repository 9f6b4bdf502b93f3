import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { finderDomainSearch, finderDomainSearchGet, finderDomainSearchSave, finderPositions, type RouteBody } from '@leadforge/contracts';
import { callApi, routeMutation, routeQueryOptions } from '@leadforge/api-client';
import { finderKeys } from '../../single-email-search/api/keys';

/** POST /domain-search/search: runs the search and answers its first page. */
export const domainSearch = (body: RouteBody<typeof finderDomainSearch>) => callApi(finderDomainSearch, { body });
export const useDomainSearch = () => useMutation(routeMutation(finderDomainSearch, { invalidates: () => [finderKeys.scope('history')] }));

/** GET /domain-search/search/:searchId?page=: a further page (8 per page, document 2 §9) of a stored search. */
export const domainSearchPageQuery = (searchId: string, page: number) =>
  routeQueryOptions(finderDomainSearchGet, { params: { searchId }, query: { page } }, finderKeys.scope('domainSearch', searchId));
export const useDomainSearchPage = (searchId: string | undefined, page: number) =>
  useQuery({ ...domainSearchPageQuery(searchId ?? '', page), enabled: searchId !== undefined, placeholderData: keepPreviousData });

/** POST /domain-search/search/:searchId/save: the found addresses into a prospect list. */
export const useSaveDomainSearch = () => useMutation(routeMutation(finderDomainSearchSave));

/** POST /url-emails/positions: position suggestions for the filter. */
export const positionsQuery = (term: string) => routeQueryOptions(finderPositions, { body: { term } }, finderKeys.scope('positions'));
export const usePositions = (term: string) => useQuery(positionsQuery(term));
