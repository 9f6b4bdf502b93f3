import { campaignsRoutes } from './campaigns';
import { emailContentRoutes } from './email-content';
import { domainHealthRoutes } from './domain-health';
import { authRoutes, generalRoutes, teamRoutes } from './general';
import { emailAccountsRoutes } from './email-accounts';
import { finderRoutes } from './finder';
import { linkedinAccountsRoutes } from './linkedin-accounts';
import { mailTrackingRoutes } from './mail-tracking';
import type { AnyRoute } from './http';
import { prospectsRoutes } from './prospects';
import { recipientsRoutes } from './recipients';
import { campaignStatisticsRoutes } from './campaign-statistics';
import { schedulesRoutes } from './schedules';
import { templatesRoutes } from './templates';
import { uniboxRoutes } from './unibox';
import { verificationRoutes } from './verification';
import { warmupRoutes } from './warmup';

/**
 * Each area's calls. A new area adds its `<area>Routes` object here (one line; `pnpm generate
 * area` does it). A name declared by two areas fails the contracts test.
 */
export const AREA_ROUTES = [
  generalRoutes,
  authRoutes,
  teamRoutes,
  verificationRoutes,
  finderRoutes,
  prospectsRoutes,
  mailTrackingRoutes,
  emailAccountsRoutes,
  linkedinAccountsRoutes,
  templatesRoutes,
  schedulesRoutes,
  campaignsRoutes,
  recipientsRoutes,
  campaignStatisticsRoutes,
  emailContentRoutes,
  domainHealthRoutes,
  uniboxRoutes,
  warmupRoutes,
  // generator: new areas above this line
] as const;

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never;

/**
 * Every declared call. The API registers a handler for each entry (a test fails when one is
 * missing) and the route walker of the API tests visits each of them.
 */
export const allRoutes = Object.assign({}, ...AREA_ROUTES) as UnionToIntersection<(typeof AREA_ROUTES)[number]> satisfies Record<string, AnyRoute>;

export type RouteName = keyof typeof allRoutes;
