import { useMutation } from '@tanstack/react-query';
import { foldersRename } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** PUT /folders {name, id}. */
export const renameFolderMutation = routeMutation(foldersRename, { invalidates: () => [prospectsKeys.sidebar()] });
export const useRenameFolder = () => useMutation(renameFolderMutation);
