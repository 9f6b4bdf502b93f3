import { Navigate, type RouteObject } from 'react-router-dom';
import type { RemoteModule } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';
import { DomainHealthPage } from './pages/domain-health-page';
import { EmailAccountSetupPage } from './pages/email-account-setup-page';
import { EmailAccountsPage } from './pages/email-accounts-page';
import { WarmupAccountPage } from './pages/warmup-account-page';
import { WarmupListPage } from './pages/warmup-list-page';

/**
 * The deliverability area's routes (warm-up, issue 17; domain health), plus the email-account
 * pages it owns under /account (issue 13). Every screen is built: no route shows a placeholder.
 */
export const routes: RouteObject[] = [
  {
    path: '/deliverability',
    children: [
      { index: true, element: <Navigate to="/deliverability/warm-up" replace /> },
      { path: 'warm-up', element: <WarmupListPage /> },
      { path: 'warm-up/:id', element: <WarmupAccountPage /> },
      { path: 'domain-health', element: <DomainHealthPage /> },
    ],
  },
  { path: '/account/email-accounts', element: <EmailAccountsPage /> },
  { path: '/account/email-accounts/setup', element: <EmailAccountSetupPage /> },
];

export default { routes, namespace: NAMESPACE, loadLocale } satisfies RemoteModule;
