import { useMutation } from '@tanstack/react-query';
import { finderSocialUrlImport } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /linkedin-search/social-url-imports/:id/import: starts an upload (or a stopped import again) on a connected account. */
export const startSocialUrlImportMutation = routeMutation(finderSocialUrlImport, {
  invalidates: () => [finderVerifierKeys.socialUrlImports()],
});

export const useStartSocialUrlImport = () => useMutation(startSocialUrlImportMutation);
