import { useQuery } from '@tanstack/react-query';
import { verificationRouteDeclarations as routes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { verificationKeys } from './keys';

/** POST /verify/last-single-verified: the caller's most recent single check, shown until a new one. */
export const lastSingleVerifiedQuery = () => routeQueryOptions(routes.lastSingleVerified, {}, verificationKeys.scope('lastSingle'));

export const useLastSingleVerified = () => useQuery(lastSingleVerifiedQuery());
