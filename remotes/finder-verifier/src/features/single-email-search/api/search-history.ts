import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { finderSearchHistory, type SearchHistoryItem } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderKeys } from './keys';

/** GET /email-finder/history: the caller's single or domain searches, newest first. */
export const searchHistoryQuery = (page: number, kind: SearchHistoryItem['kind']) =>
  routeQueryOptions(finderSearchHistory, { query: { page, kind } }, finderKeys.scope('history'));

export const useSearchHistory = (page: number, kind: SearchHistoryItem['kind']) =>
  useQuery({ ...searchHistoryQuery(page, kind), placeholderData: keepPreviousData });
