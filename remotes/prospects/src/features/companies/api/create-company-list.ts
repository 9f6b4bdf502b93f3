import { useMutation } from '@tanstack/react-query';
import { listsAdd, listsDefaultName } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectKeys } from '../../../query-keys';

/** A company list named by the server's default ("My list 3") unless a name is given. */
export async function createCompanyList(name?: string) {
  const listName = name?.trim() || (await callApi(listsDefaultName, { body: { type: 'company' } })).name;
  return callApi(listsAdd, { body: { type: 'company', name: listName } });
}

export const useCreateCompanyList = () =>
  useMutation({
    mutationKey: [...prospectKeys.companyLists(), 'create'],
    mutationFn: (name?: string) => createCompanyList(name),
    onSuccess: (_data, _name, _result, context) => context.client.invalidateQueries({ queryKey: prospectKeys.companyLists() }),
  });
