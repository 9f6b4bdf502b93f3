import { useMutation } from '@tanstack/react-query';
import { listsDelete } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** DELETE /lists {id, type, deleteRecipients}: to the deleted lists, with or without its prospects. */
export const deleteListMutation = routeMutation(listsDelete, { invalidates: () => [prospectsKeys.sidebar(), prospectsKeys.lists()] });
export const useDeleteList = () => useMutation(deleteListMutation);
