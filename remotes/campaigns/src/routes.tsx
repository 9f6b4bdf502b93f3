import { Navigate, type RouteObject } from 'react-router-dom';
import type { RemoteModule, RemoteRouteHandle } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';
import { CampaignListPage } from './pages/campaign-list-page';
import { CreateCampaignPage } from './pages/create-campaign-page';
import { CampaignPage } from './pages/campaign-page';
import { DashboardsPage } from './pages/dashboards-page';
import { LinkedinAccountsPage } from './pages/linkedin-accounts-page';
import { SchedulesPage } from './pages/schedules-page';
import { TemplatesPage } from './pages/templates-page';
import { UnsubscribePage } from './pages/unsubscribe-page';

/** Shown in the unauthenticated area too: recipients follow unsubscribe links signed out. */
const publicHandle: RemoteRouteHandle = { public: true };

/** The campaigns area's routes; static segments rank above `:campaignId` in react-router. */
export const routes: RouteObject[] = [
  {
    path: '/campaigns',
    children: [
      { index: true, element: <CampaignListPage /> },
      // The wizard's step is in the path, the campaign in `?id=` (its saved step when the path has none).
      { path: 'create/:step?', element: <CreateCampaignPage /> },
      { path: 'templates', element: <TemplatesPage /> },
      { path: 'schedules', element: <SchedulesPage /> },
      { path: 'dashboards', element: <DashboardsPage /> },
      // The accounts live under /account with the email accounts; the old address still leads there.
      { path: 'linkedin-accounts', element: <Navigate to="/account/linkedin-accounts" replace /> },
      { path: ':campaignId/:section?', element: <CampaignPage /> },
    ],
  },
  { path: '/account/linkedin-accounts', element: <LinkedinAccountsPage /> },
  { path: '/email-unsubscribe/:v?', element: <UnsubscribePage />, handle: publicHandle },
];

export default { routes, namespace: NAMESPACE, loadLocale } satisfies RemoteModule;
