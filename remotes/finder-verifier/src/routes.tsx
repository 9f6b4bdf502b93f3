import type { RouteObject } from 'react-router-dom';
import type { RemoteModule, RemoteRouteHandle } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';
import { BestCompanyHistoryPage } from './pages/best-company-history-page';
import { BulkDomainSearchPage } from './pages/bulk-domain-search-page';
import { BulkEmailSearchPage } from './pages/bulk-email-search-page';
import { BulkVerificationPage } from './pages/bulk-verification-page';
import { ClearEmailPage } from './pages/clear-email-page';
import { DomainSearchPage } from './pages/domain-search-page';
import { ExtensionHistoryPage } from './pages/extension-history-page';
import { ExtensionsPage } from './pages/extensions-page';
import { FinderToolsPage } from './pages/finder-tools-page';
import { GmailTrackerPage } from './pages/gmail-tracker-page';
import { LinkedinSearchPage } from './pages/linkedin-search-page';
import { SingleEmailSearchPage } from './pages/single-email-search-page';
import { SingleVerificationPage } from './pages/single-verification-page';
import { TechCheckPage } from './pages/tech-check-page';
import { ThanksInstallPage } from './pages/thanks-install-page';
import { UninstallEmailFinderPage } from './pages/uninstall-email-finder-page';
import { UninstallSocialFinderPage } from './pages/uninstall-social-finder-page';

/** Shown in the unauthenticated area too (document 1 §2, public utility routes). */
const publicHandle: RemoteRouteHandle = { public: true };

/** The finder and verifier area's routes (absolute: the area owns several top-level prefixes). */
export const routes: RouteObject[] = [
  { path: '/url-emails', element: <BulkDomainSearchPage /> },
  { path: '/emails-from-names', element: <BulkEmailSearchPage /> },
  { path: '/bulk-email-verification', element: <BulkVerificationPage /> },
  { path: '/domain-search', element: <DomainSearchPage /> },
  { path: '/search/single-email', element: <SingleEmailSearchPage /> },
  { path: '/verify/individual-emails', element: <SingleVerificationPage /> },
  { path: '/linkedin-search', element: <LinkedinSearchPage /> },
  { path: '/techcheck', element: <TechCheckPage /> },
  { path: '/finder-tools', element: <FinderToolsPage /> },
  { path: '/plugin/history-best-company/:searchId', element: <BestCompanyHistoryPage /> },
  { path: '/plugin/history/:searchId', element: <ExtensionHistoryPage /> },
  {
    path: '/extensions',
    children: [
      { index: true, element: <ExtensionsPage /> },
      { path: 'gmail-email-tracker', element: <GmailTrackerPage /> },
    ],
  },
  { path: '/clear-email/:keyEmail?', element: <ClearEmailPage />, handle: publicHandle },
  { path: '/uninstall/email-finder', element: <UninstallEmailFinderPage />, handle: publicHandle },
  { path: '/uninstall/linkedin-prospect-finder', element: <UninstallSocialFinderPage />, handle: publicHandle },
  { path: '/thanks-install-li-finder', element: <ThanksInstallPage />, handle: publicHandle },
];

export default { routes, namespace: NAMESPACE, loadLocale } satisfies RemoteModule;
