import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LAST_VERIFIED_PAGE, verificationRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /verify/last-verified: the history of verified addresses, newest first. */
export const getLastVerifiedQueryOptions = (page: number) =>
  routeQueryOptions(
    verificationRoutes.lastVerified,
    { body: { page, perPage: LAST_VERIFIED_PAGE } },
    finderVerifierKeys.lastVerified(),
  );

export const useGetLastVerified = (page: number) =>
  useQuery({ ...getLastVerifiedQueryOptions(page), placeholderData: keepPreviousData });
