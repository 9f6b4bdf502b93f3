import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LAST_VERIFIED_PAGE, verificationRouteDeclarations as routes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { verificationKeys } from './keys';

/** POST /verify/last-verified: the history of verified addresses, newest first. */
export const lastVerifiedQuery = (page: number, perPage: number = LAST_VERIFIED_PAGE) =>
  routeQueryOptions(routes.lastVerified, { body: { page, perPage } }, verificationKeys.scope('lastVerified'));

export const useLastVerified = (page: number) => useQuery({ ...lastVerifiedQuery(page), placeholderData: keepPreviousData });
