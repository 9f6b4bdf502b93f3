import { Navigate, type RouteObject } from 'react-router-dom';
import { createAreaPage, type RemoteModule } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';

/** No issue delivers this area's screens yet; every route shows its honest frame until one does. */
const AREA_ISSUE: number | undefined = undefined;

const page = createAreaPage({ namespace: NAMESPACE, issue: AREA_ISSUE });

/** The deliverability area's routes, plus the email-account pages it owns under /account. */
export const routes: RouteObject[] = [
  {
    path: '/deliverability',
    children: [
      { index: true, element: <Navigate to="/deliverability/warm-up" replace /> },
      { path: 'warm-up/:id?', element: page('warmUp') },
      { path: 'domain-health', element: page('domainHealth') },
    ],
  },
  { path: '/account/email-accounts', element: page('emailAccounts') },
  { path: '/account/email-accounts/setup', element: page('emailAccountSetup') },
];

export default { routes, namespace: NAMESPACE, loadLocale } satisfies RemoteModule;
