import { queryOptions, useQuery } from '@tanstack/react-query';
import { prospectTimeline } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

export const TIMELINE_PER_PAGE = 20;

/** POST /prospects/timeline {prospectId, page, perPage}: newest first. */
export const timelineQueryOptions = (prospectId: number, page: number) =>
  queryOptions({
    queryKey: prospectsKeys.timeline(prospectId, page),
    queryFn: ({ signal }) => callApi(prospectTimeline, { body: { prospectId, page, perPage: TIMELINE_PER_PAGE } }, { signal }),
  });

export const useTimeline = (prospectId: number, page: number) => useQuery(timelineQueryOptions(prospectId, page));
