import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { finderSearchHistory, type SearchHistoryItem } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** GET /email-finder/history: the caller's single or domain searches, newest first. */
export const getSearchHistoryQueryOptions = (page: number, kind: SearchHistoryItem['kind']) =>
  routeQueryOptions(finderSearchHistory, { query: { page, kind } }, finderVerifierKeys.searchHistory());

export const useGetSearchHistory = (page: number, kind: SearchHistoryItem['kind']) =>
  useQuery({ ...getSearchHistoryQueryOptions(page, kind), placeholderData: keepPreviousData });
