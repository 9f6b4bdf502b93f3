import { useMutation } from '@tanstack/react-query';
import { finderSocialUrlDelete } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** DELETE /linkedin-search/social-url-imports/:id. */
export const deleteSocialUrlImportMutation = routeMutation(finderSocialUrlDelete, {
  invalidates: () => [finderVerifierKeys.socialUrlImports()],
});

export const useDeleteSocialUrlImport = () => useMutation(deleteSocialUrlImportMutation);
