import { useMutation } from '@tanstack/react-query';
import { finderSocialUrlStop } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /linkedin-search/social-url-imports/:id/stop. */
export const stopSocialUrlImportMutation = routeMutation(finderSocialUrlStop, {
  invalidates: () => [finderVerifierKeys.socialUrlImports()],
});

export const useStopSocialUrlImport = () => useMutation(stopSocialUrlImportMutation);
