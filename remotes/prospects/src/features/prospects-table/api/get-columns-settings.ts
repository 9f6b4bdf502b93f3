import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE, columnsSettingsGet } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** GET /prospects/columnsSettings: the saved layout and the server defaults (cached about an hour). */
export const columnsSettingsQueryOptions = queryOptions({
  queryKey: prospectsKeys.columns(),
  queryFn: ({ signal }) => callApi(columnsSettingsGet, {}, { signal }),
  staleTime: CACHE.prospectColumnsMs,
});

export const useColumnsSettings = () => useQuery(columnsSettingsQueryOptions);
