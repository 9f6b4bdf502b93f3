import { useMutation } from '@tanstack/react-query';
import { foldersListMove } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/**
 * POST /folders/list/move {listId, folderId} for a company list: files it in a folder (null takes it
 * out). The company lists carry their folders and the folders their lists, so both are refreshed.
 */
export const fileCompanyListMutation = routeMutation(foldersListMove, {
  invalidates: () => [prospectsKeys.companyLists(), prospectsKeys.sidebar()],
});
export const useFileCompanyList = () => useMutation(fileCompanyListMutation);
