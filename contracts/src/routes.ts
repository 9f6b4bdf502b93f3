import { authRoutes, generalRoutes, teamRoutes } from './general';
import { finderRoutes } from './finder';
import type { AnyRoute } from './http';
import { prospectsRoutes } from './prospects';
import { verificationRoutes } from './verification';

/**
 * Every declared call. The API registers a handler for each entry (a test fails when one is
 * missing) and the route walker of the API tests visits each of them.
 * Area issues add their `<area>Routes` objects here.
 */
export const allRoutes = {
  ...generalRoutes,
  ...authRoutes,
  ...teamRoutes,
  ...verificationRoutes,
  ...finderRoutes,
  ...prospectsRoutes,
} as const satisfies Record<string, AnyRoute>;

export type RouteName = keyof typeof allRoutes;
