import { useMutation } from '@tanstack/react-query';
import { foldersListMove } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /folders/list/move {listId, folderId}: files a list in a folder (null takes it out). */
export const moveListToFolderMutation = routeMutation(foldersListMove, { invalidates: () => [prospectsKeys.sidebar()] });
export const useMoveListToFolder = () => useMutation(moveListToFolderMutation);
