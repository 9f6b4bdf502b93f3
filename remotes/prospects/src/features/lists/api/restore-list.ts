import { useMutation } from '@tanstack/react-query';
import { listsRestore } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /lists/restore: a deleted list comes back. */
export const restoreListMutation = routeMutation(listsRestore, { invalidates: () => [prospectsKeys.sidebar(), prospectsKeys.lists()] });
export const useRestoreList = () => useMutation(restoreListMutation);
