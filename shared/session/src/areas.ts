import type { SessionFacts } from './facts';

/**
 * Document 1 §2: the unauthenticated area is shown when 2FA is pending, when there is no user
 * hash, when the route has no name, or when the route is a public utility route; otherwise the
 * main area (menu, header) is shown.
 */
export function unauthenticatedArea(
  routeName: string | null | undefined,
  facts: Pick<SessionFacts, 'needsTwoFactor' | 'isAnonymous'>,
  isPublicRoute: boolean,
): boolean {
  return facts.needsTwoFactor || facts.isAnonymous || !routeName || isPublicRoute;
}
