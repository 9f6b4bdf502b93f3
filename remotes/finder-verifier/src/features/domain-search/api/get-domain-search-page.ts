import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { finderDomainSearchGet } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** GET /domain-search/search/:searchId?page=: a page (8, document 2 §9) of a stored search. */
export const getDomainSearchPageQueryOptions = (searchId: string, page: number) =>
  routeQueryOptions(finderDomainSearchGet, { params: { searchId }, query: { page } }, finderVerifierKeys.domainSearch(searchId));

export const useGetDomainSearchPage = (searchId: string | null, page: number) =>
  useQuery({
    ...getDomainSearchPageQueryOptions(searchId ?? '', page),
    enabled: searchId !== null,
    placeholderData: keepPreviousData,
  });
