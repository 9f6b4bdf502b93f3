import { useMutation } from '@tanstack/react-query';
import { listsAddProspectToList } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /lists/add-prospect-to-list {itemId, listId, type}: copies prospects into another list. */
export const copyToListMutation = routeMutation(listsAddProspectToList, { invalidates: () => [prospectsKeys.lists(), prospectsKeys.sidebar()] });
export const useCopyToList = () => useMutation(copyToListMutation);
