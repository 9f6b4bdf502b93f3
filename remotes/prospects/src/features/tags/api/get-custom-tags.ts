import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE, getCustomTags } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** GET /user-tags/get-custom-tags: the user's tags, cached 7,200,000 ms (document 2 §9). */
export const customTagsQueryOptions = queryOptions({
  queryKey: prospectsKeys.tags(),
  queryFn: ({ signal }) => callApi(getCustomTags, {}, { signal }),
  staleTime: CACHE.userTagsMs,
  gcTime: CACHE.userTagsMs,
});

export const useCustomTags = () => useQuery(customTagsQueryOptions);
