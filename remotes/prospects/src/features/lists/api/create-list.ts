import { useMutation } from '@tanstack/react-query';
import { listsAdd } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /lists/add: a new prospect list; the sidebar reloads. */
export const createListMutation = routeMutation(listsAdd, { invalidates: () => [prospectsKeys.sidebar()] });
export const useCreateList = () => useMutation(createListMutation);
