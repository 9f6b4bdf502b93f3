/** Query keys of the team dashboard, under the area's `campaigns` root. */
import { createQueryKeys } from '@leadforge/api-client';
import type { DashboardBody, DashboardChannel } from '@leadforge/contracts';

const keys = createQueryKeys('campaigns');

export const dashboardKeys = {
  all: () => keys.scope('dashboard'),
  charts: (channel: DashboardChannel, body: DashboardBody) => keys.scope('dashboard', channel, 'charts', body),
  tables: (channel: DashboardChannel, body: DashboardBody) => keys.scope('dashboard', channel, 'tables', body),
  team: (range: { from: string; to: string }) => keys.scope('dashboard', 'team', range),
};
