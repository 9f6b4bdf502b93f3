import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { WARMUP_LIST, warmupRoutes, type WarmupStatus } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';
import { WARMUP_LIVE_REFRESH_MS } from './get-warmup-statistics';

export type WarmupListFilter = {
  page: number;
  status: WarmupStatus | undefined;
};

/** GET /warm-up/api/list: one server page (20) of the caller's mailboxes with their warm-up. */
export const listWarmupsQueryOptions = ({ page, status }: WarmupListFilter) =>
  routeQueryOptions(
    warmupRoutes.warmupList,
    { query: { page, perPage: WARMUP_LIST.perPage, ...(status ? { status } : {}) } },
    warmupKeys.warmUpList(),
  );

/**
 * Another page or filter keeps the rows on screen until its answer arrives. While a shown warm-up
 * runs, its day's figures (sent today, rates, health) change: the page reads itself again.
 */
export const useListWarmups = (filter: WarmupListFilter) =>
  useQuery({
    ...listWarmupsQueryOptions(filter),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'active') ? WARMUP_LIVE_REFRESH_MS : false),
  });
