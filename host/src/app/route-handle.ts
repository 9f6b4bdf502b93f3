import type { UIMatch } from 'react-router-dom';
import type { RouteAccess } from './route-access';

/** `handle` of every shell route: who may open it and the i18n key of its tab title. */
export type ShellRouteHandle = {
  access: RouteAccess;
  /** `namespace:key`; routes without one get the default title. */
  titleKey?: string;
  /** A remote's screen sets its own, more specific title; the shell leaves the tab title alone. */
  titleFromRemote?: boolean;
};

function isShellHandle(value: unknown): value is ShellRouteHandle {
  return typeof value === 'object' && value !== null && 'access' in value;
}

/** The deepest matched route that declares a handle decides (nested routes refine their parent). */
export function currentHandle(matches: readonly UIMatch[]): ShellRouteHandle {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isShellHandle(handle)) return handle;
  }
  // An unnamed route (document 1 §2) belongs to the unauthenticated area and only acts.
  return { access: 'action' };
}
