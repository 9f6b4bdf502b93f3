import { useMutation } from '@tanstack/react-query';
import { addCompanyToList } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /lists/add-company-to-list: companies into a company list. */
export const addCompanyToListMutation = routeMutation(addCompanyToList, { invalidates: () => [prospectsKeys.companiesAll()] });
export const useAddCompanyToList = () => useMutation(addCompanyToListMutation);
