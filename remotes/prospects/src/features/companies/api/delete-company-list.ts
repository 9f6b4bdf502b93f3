import { useMutation } from '@tanstack/react-query';
import { listsDelete } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** DELETE /lists {type: company}: removes a company list (its companies stay in All companies). */
export const deleteCompanyListMutation = routeMutation(listsDelete, { invalidates: () => [prospectsKeys.companiesAll()] });
export const useDeleteCompanyList = () => useMutation(deleteCompanyListMutation);
