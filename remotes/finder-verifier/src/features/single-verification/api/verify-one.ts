import { useMutation } from '@tanstack/react-query';
import { verificationRouteDeclarations as routes, type RouteBody } from '@leadforge/contracts';
import { callApi, routeMutation } from '@leadforge/api-client';
import { verificationKeys } from './keys';

/** POST /prospects/verify-one: verifies one address now (document 2 §7.4). */
export const verifyOne = (body: RouteBody<typeof routes.verifyOne>) => callApi(routes.verifyOne, { body });

export const useVerifyOne = () => useMutation(routeMutation(routes.verifyOne, { invalidates: () => [verificationKeys.all] }));
