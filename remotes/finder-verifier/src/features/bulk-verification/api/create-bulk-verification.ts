import { useMutation } from '@tanstack/react-query';
import { verificationRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /verify/bulk-jobs: starts a durable bulk verification; the jobs and the balance change. */
export const createBulkVerificationMutation = routeMutation(verificationRoutes.createBulkVerification, {
  invalidates: () => [finderVerifierKeys.bulkVerifications(), finderVerifierKeys.balance()],
});

export const useCreateBulkVerification = () => useMutation(createBulkVerificationMutation);
