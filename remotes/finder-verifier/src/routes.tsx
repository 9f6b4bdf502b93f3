import type { RouteObject } from 'react-router-dom';
import { createAreaPage, type RemoteModule, type RemoteRouteHandle } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';

/** Issue #4 delivers this area's screens; until then every route shows its honest frame. */
const AREA_ISSUE: number | undefined = 4;

const page = createAreaPage({ namespace: NAMESPACE, issue: AREA_ISSUE });

/** Shown in the unauthenticated area too (document 1 §2, public utility routes). */
const publicHandle: RemoteRouteHandle = { public: true };

/** The finder and verifier area's routes (absolute: the area owns several top-level prefixes). */
export const routes: RouteObject[] = [
  { path: '/url-emails', element: page('bulkDomainSearch') },
  { path: '/emails-from-names', element: page('bulkEmailSearch') },
  { path: '/bulk-email-verification', element: page('bulkVerification') },
  { path: '/domain-search', element: page('domainSearch') },
  { path: '/search/single-email', element: page('singleEmailSearch') },
  { path: '/verify/individual-emails', element: page('singleVerification') },
  { path: '/linkedin-search', element: page('socialSearch') },
  { path: '/techcheck', element: page('techCheck') },
  { path: '/finder-tools', element: page('finderTools') },
  { path: '/plugin/history-best-company/:searchId', element: page('extensionBestCompanyHistory') },
  { path: '/plugin/history/:searchId', element: page('extensionHistory') },
  {
    path: '/extensions',
    children: [
      { index: true, element: page('extensions') },
      { path: 'gmail-email-tracker', element: page('gmailTracker') },
    ],
  },
  { path: '/clear-email/:keyEmail?', element: page('clearEmail'), handle: publicHandle },
  { path: '/uninstall/email-finder', element: page('uninstallEmailFinder'), handle: publicHandle },
  { path: '/uninstall/linkedin-prospect-finder', element: page('uninstallSocialFinder'), handle: publicHandle },
  { path: '/thanks-install-li-finder', element: page('thanksInstall'), handle: publicHandle },
];

export default { routes, namespace: NAMESPACE, loadLocale } satisfies RemoteModule;
