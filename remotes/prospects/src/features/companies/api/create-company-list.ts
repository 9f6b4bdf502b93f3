import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { listsAdd, listsDefaultName } from '@leadforge/contracts';
import { callApi, routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /lists/default-list-name {type: company}: a free name ("Company list 3") to offer in the form. */
export const defaultCompanyListNameQueryOptions = queryOptions({
  queryKey: prospectsKeys.companyListDefaultName(),
  queryFn: ({ signal }) => callApi(listsDefaultName, { body: { type: 'company' } }, { signal }),
  // A name taken a moment ago must not be offered again.
  staleTime: 0,
  gcTime: 0,
});
export const useDefaultCompanyListName = (enabled: boolean) => useQuery({ ...defaultCompanyListNameQueryOptions, enabled });

/** POST /lists/add {type: company, name}: a new company list (the history records it). */
export const createCompanyListMutation = routeMutation(listsAdd, {
  invalidates: () => [prospectsKeys.companyLists(), prospectsKeys.companyHistory()],
});
export const useCreateCompanyList = () => useMutation(createCompanyListMutation);
