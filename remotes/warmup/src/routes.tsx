import { Navigate, type RouteObject } from 'react-router-dom';
import { createAreaPage, type RemoteModule } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';
import { DomainHealthPage } from './pages/domain-health-page';
import { EmailAccountSetupPage } from './pages/email-account-setup-page';
import { EmailAccountsPage } from './pages/email-accounts-page';

/** The warm-up screens wait for the rest of their issue; until it delivers them they show their honest frame. */
const AREA_ISSUE: number | undefined = 17;

const page = createAreaPage({ namespace: NAMESPACE, issue: AREA_ISSUE });

/** The deliverability area's routes (domain health is built, warm-up is still a frame), plus the email-account pages it owns under /account (issue 13). */
export const routes: RouteObject[] = [
  {
    path: '/deliverability',
    children: [
      { index: true, element: <Navigate to="/deliverability/warm-up" replace /> },
      { path: 'warm-up/:id?', element: page('warmUp') },
      { path: 'domain-health', element: <DomainHealthPage /> },
    ],
  },
  { path: '/account/email-accounts', element: <EmailAccountsPage /> },
  { path: '/account/email-accounts/setup', element: <EmailAccountSetupPage /> },
];

export default { routes, namespace: NAMESPACE, loadLocale } satisfies RemoteModule;
