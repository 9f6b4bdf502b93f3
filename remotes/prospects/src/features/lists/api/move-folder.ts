import { useMutation } from '@tanstack/react-query';
import { foldersMove } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /folders/move {id, position}: reorders the folders. */
export const moveFolderMutation = routeMutation(foldersMove, { invalidates: () => [prospectsKeys.sidebar()] });
export const useMoveFolder = () => useMutation(moveFolderMutation);
