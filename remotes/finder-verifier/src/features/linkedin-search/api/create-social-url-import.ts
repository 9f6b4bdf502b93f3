import { useMutation } from '@tanstack/react-query';
import { finderSocialUrlCreate } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /linkedin-search/social-url-imports: uploads a file of profile links for a list (started by start-social-url-import). */
export const createSocialUrlImportMutation = routeMutation(finderSocialUrlCreate, {
  invalidates: () => [finderVerifierKeys.socialUrlImports()],
});

export const useCreateSocialUrlImport = () => useMutation(createSocialUrlImportMutation);
