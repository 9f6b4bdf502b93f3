import { createQueryKeys, routeQueryOptions } from '@leadforge/api-client';
import { game, listSessions, passedOnboardingsList, teamInfo, userPricingPlanInfo } from '@leadforge/contracts';

/** Key factories of the shell's own data; mutations invalidate through them. */
export const gameKeys = createQueryKeys('game');
export const teamKeys = createQueryKeys('team');
export const planKeys = createQueryKeys('plan');
export const securityKeys = createQueryKeys('security');

export const gameQuery = routeQueryOptions(game, {}, gameKeys.scope('state'));
export const passedOnboardingsQuery = routeQueryOptions(passedOnboardingsList, {}, gameKeys.scope('passedOnboardings'));
export const teamInfoQuery = routeQueryOptions(teamInfo, {}, teamKeys.scope('info'));
export const pricingPlanQuery = routeQueryOptions(userPricingPlanInfo, {}, planKeys.scope('info'));
export const sessionsQuery = routeQueryOptions(listSessions, {}, securityKeys.scope('sessions'));
