import type { RouteObject } from 'react-router-dom';
import type { RemoteModule, RemoteRouteHandle } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';
import { BulkDomainSearchPage } from './features/bulk-domain-search/components/bulk-domain-search-page';
import { BulkEmailSearchPage } from './features/bulk-email-search/components/bulk-email-search-page';
import { BulkVerificationPage } from './features/bulk-verification/components/bulk-verification-page';
import { ClearEmailPage } from './features/clear-email/components/clear-email-page';
import { DomainSearchPage } from './features/domain-search/components/domain-search-page';
import {
  ExtensionsPage,
  GmailTrackerPage,
  ThanksInstallPage,
} from './features/extensions/components/extensions-page';
import { BestCompanyHistoryPage, ExtensionHistoryPage } from './features/extension-history/components/extension-history-page';
import { FinderToolsPage } from './features/finder-tools/components/finder-tools-page';
import { LinkedinSearchPage } from './features/linkedin-search/components/linkedin-search-page';
import { SingleEmailSearchPage } from './features/single-email-search/components/single-email-search-page';
import { SingleVerificationPage } from './features/single-verification/components/single-verification-page';
import { TechCheckPage } from './features/tech-check/components/tech-check-page';
import { UninstallEmailFinderPage, UninstallSocialFinderPage } from './features/uninstall/components/uninstall-page';

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
