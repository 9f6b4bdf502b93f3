import { useMutation } from '@tanstack/react-query';
import { listsEdit } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** PUT /lists/edit {type: company}: renames a company list; the table's list names change with it. */
export const renameCompanyListMutation = routeMutation(listsEdit, { invalidates: () => [prospectsKeys.companiesAll()] });
export const useRenameCompanyList = () => useMutation(renameCompanyListMutation);
