import { useQuery } from '@tanstack/react-query';
import { verificationRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /verify/last-single-verified: the caller's most recent single check, shown until a new one. */
export const getLastSingleVerifiedQueryOptions = () =>
  routeQueryOptions(verificationRoutes.lastSingleVerified, {}, finderVerifierKeys.lastSingleVerified());

export const useGetLastSingleVerified = () => useQuery(getLastSingleVerifiedQueryOptions());
