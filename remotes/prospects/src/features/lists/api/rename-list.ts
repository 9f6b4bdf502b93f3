import { useMutation } from '@tanstack/react-query';
import { listsEdit } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** PUT /lists/edit {newName, listId, type}; the list's pages show the new name too. */
export const renameListMutation = routeMutation(listsEdit, {
  invalidates: () => [prospectsKeys.sidebar(), prospectsKeys.lists()],
});
export const useRenameList = () => useMutation(renameListMutation);
