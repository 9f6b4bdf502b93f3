import { useMutation } from '@tanstack/react-query';
import { addCompanyToList } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectKeys } from '../../../query-keys';

/** POST /lists/add-company-to-list: companies into a company list. */
export const addCompanyToListMutation = routeMutation(addCompanyToList, { invalidates: () => [prospectKeys.companiesAll()] });
export const useAddCompanyToList = () => useMutation(addCompanyToListMutation);
