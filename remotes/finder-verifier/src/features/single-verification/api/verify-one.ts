import { useMutation } from '@tanstack/react-query';
import { verificationRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /prospects/verify-one: verifies one address now (document 2 §7.4); the last check, history and balance change. */
export const verifyOneMutation = routeMutation(verificationRoutes.verifyOne, {
  invalidates: () => [finderVerifierKeys.verification],
});

export const useVerifyOne = () => useMutation(verifyOneMutation);
