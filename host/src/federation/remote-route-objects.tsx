import type { RouteObject } from 'react-router-dom';
import { REMOTE_AREAS, REMOTE_NAMES, RemoteRoutes, waitForRemote } from '@leadforge/federation';
import type { ShellRouteHandle } from '../app/route-handle';

/**
 * One splat route per owned prefix. Remote route trees use absolute paths, so `RemoteRoutes`
 * matches them against the full location whichever prefix brought the user in; the host only
 * decides who may see the area (public utility prefixes vs the signed-in area). The loader holds
 * the first navigation into an area until its remote is there (briefly; see `waitForRemote`), and
 * never runs again for it.
 */
export function remoteRouteObjects(): RouteObject[] {
  return REMOTE_NAMES.flatMap((remote) => {
    const area = REMOTE_AREAS[remote];
    return area.prefixes.map((prefix): RouteObject => {
      const handle: ShellRouteHandle = {
        access: area.publicPrefixes.includes(prefix) ? 'public' : 'user',
        titleFromRemote: true,
      };
      return {
        path: `${prefix}/*`,
        element: <RemoteRoutes remote={remote} />,
        handle,
        loader: waitForRemote(remote),
        shouldRevalidate: () => false,
      };
    });
  });
}
