import { queryOptions, useQuery } from '@tanstack/react-query';
import { customFieldGroupsGet } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** GET /user-field-groups: groups with their fields by position, and the ungrouped fields. */
export const fieldGroupsQueryOptions = queryOptions({
  queryKey: prospectsKeys.fieldGroups(),
  queryFn: ({ signal }) => callApi(customFieldGroupsGet, {}, { signal }),
});

export const useFieldGroups = () => useQuery(fieldGroupsQueryOptions);
