import { useMutation } from '@tanstack/react-query';
import { foldersCreate } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /folders {name}: a folder at the end. */
export const createFolderMutation = routeMutation(foldersCreate, { invalidates: () => [prospectsKeys.sidebar()] });
export const useCreateFolder = () => useMutation(createFolderMutation);
