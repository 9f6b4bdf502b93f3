import { REMOTE_NAMES, remoteFolder, type RemoteName } from './remote-names';

/** Menu sections of document 1 §2 (finder … enrichment) plus one per further area. */
export const MENU_SECTIONS = [
  'finder',
  'verifier',
  'leads',
  'extensions',
  'enrichment',
  'campaigns',
  'unibox',
  'deliverability',
  'studio',
  'crm',
  'infrastructure',
] as const;

export type MenuSection = (typeof MENU_SECTIONS)[number];

export interface MenuEntry {
  /** Stable id, also the last part of `labelKey`. */
  key: string;
  section: MenuSection;
  path: string;
  /** i18next key in the `federation` namespace: the host draws the menu before any remote loads. */
  labelKey: string;
}

export interface RemoteArea {
  remote: RemoteName;
  /** Workspace folder under `remotes/`. */
  folder: string;
  /** Key (namespace `federation`) of the area's human name, used by fallbacks and the menu. */
  titleKey: string;
  /** Path prefixes the remote owns; a pathname belongs to a prefix when equal or followed by `/`. */
  prefixes: readonly string[];
  /** The subset shown in the unauthenticated area too (public utility routes). */
  publicPrefixes: readonly string[];
  menu: readonly MenuEntry[];
}

function entry(section: MenuSection, key: string, path: string): MenuEntry {
  return { key, section, path, labelKey: `menu.${key}` };
}

/** Route ownership (docs/route-map): which remote the host lazy-loads for which paths. */
export const REMOTE_AREAS: Readonly<Record<RemoteName, RemoteArea>> = {
  finder_verifier: {
    remote: 'finder_verifier',
    folder: remoteFolder('finder_verifier'),
    titleKey: 'areas.finder_verifier',
    prefixes: [
      '/url-emails',
      '/emails-from-names',
      '/bulk-email-verification',
      '/domain-search',
      '/search/single-email',
      '/verify/individual-emails',
      '/linkedin-search',
      '/techcheck',
      '/finder-tools',
      '/plugin/history-best-company',
      '/plugin/history',
      '/extensions',
      '/clear-email',
      '/uninstall/email-finder',
      '/uninstall/linkedin-prospect-finder',
      '/thanks-install-li-finder',
    ],
    publicPrefixes: ['/clear-email', '/uninstall/email-finder', '/uninstall/linkedin-prospect-finder', '/thanks-install-li-finder'],
    menu: [
      entry('finder', 'domainSearch', '/domain-search'),
      entry('finder', 'bulkDomainSearch', '/url-emails'),
      entry('finder', 'singleEmailSearch', '/search/single-email'),
      entry('finder', 'bulkEmailSearch', '/emails-from-names'),
      entry('finder', 'socialSearch', '/linkedin-search'),
      entry('finder', 'techCheck', '/techcheck'),
      entry('finder', 'finderTools', '/finder-tools'),
      entry('verifier', 'singleVerification', '/verify/individual-emails'),
      entry('verifier', 'bulkVerification', '/bulk-email-verification'),
      entry('extensions', 'extensions', '/extensions'),
      entry('extensions', 'gmailTracker', '/extensions/gmail-email-tracker'),
    ],
  },
  prospects: {
    remote: 'prospects',
    folder: remoteFolder('prospects'),
    titleKey: 'areas.prospects',
    prefixes: ['/prospect', '/prospects'],
    publicPrefixes: [],
    menu: [
      entry('leads', 'allProspects', '/prospects/all'),
      entry('leads', 'databaseSearch', '/prospects/search'),
      entry('leads', 'companies', '/prospects/companies/search'),
    ],
  },
  campaigns: {
    remote: 'campaigns',
    folder: remoteFolder('campaigns'),
    titleKey: 'areas.campaigns',
    prefixes: ['/campaigns', '/email-unsubscribe', '/account/linkedin-accounts'],
    publicPrefixes: ['/email-unsubscribe'],
    menu: [
      entry('campaigns', 'campaigns', '/campaigns'),
      entry('campaigns', 'templates', '/campaigns/templates'),
      // Beside the email accounts (the other sender accounts), in the deliverability section.
      entry('deliverability', 'linkedinAccounts', '/account/linkedin-accounts'),
    ],
  },
  unibox: {
    remote: 'unibox',
    folder: remoteFolder('unibox'),
    titleKey: 'areas.unibox',
    prefixes: ['/unibox'],
    publicPrefixes: [],
    menu: [entry('unibox', 'unibox', '/unibox')],
  },
  warmup: {
    remote: 'warmup',
    folder: remoteFolder('warmup'),
    titleKey: 'areas.warmup',
    prefixes: ['/deliverability', '/account/email-accounts'],
    publicPrefixes: [],
    menu: [
      entry('deliverability', 'warmUp', '/deliverability/warm-up'),
      entry('deliverability', 'domainHealth', '/deliverability/domain-health'),
      entry('deliverability', 'emailAccounts', '/account/email-accounts'),
    ],
  },
  enrichment: {
    remote: 'enrichment',
    folder: remoteFolder('enrichment'),
    titleKey: 'areas.enrichment',
    prefixes: ['/enrichment'],
    publicPrefixes: [],
    menu: [entry('enrichment', 'enrichmentTables', '/enrichment/tables')],
  },
  studio: {
    remote: 'studio',
    folder: remoteFolder('studio'),
    titleKey: 'areas.studio',
    prefixes: ['/studio'],
    publicPrefixes: [],
    menu: [entry('studio', 'studio', '/studio')],
  },
  crm: {
    remote: 'crm',
    folder: remoteFolder('crm'),
    titleKey: 'areas.crm',
    prefixes: ['/crm'],
    publicPrefixes: [],
    menu: [entry('crm', 'deals', '/crm')],
  },
  infra_billing: {
    remote: 'infra_billing',
    folder: remoteFolder('infra_billing'),
    titleKey: 'areas.infra_billing',
    prefixes: ['/account/billing', '/pricing-plans', '/infrastructure'],
    publicPrefixes: [],
    menu: [
      entry('infrastructure', 'buyMailboxes', '/infrastructure'),
      entry('infrastructure', 'pricingPlans', '/pricing-plans'),
      entry('infrastructure', 'billing', '/account/billing'),
    ],
  },
};

function ownsPath(prefix: string, pathname: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The remote owning a pathname (longest matching prefix), or null when the host owns it. */
export function findRemoteForPath(pathname: string): RemoteName | null {
  let best: { remote: RemoteName; length: number } | null = null;
  for (const remote of REMOTE_NAMES) {
    for (const prefix of REMOTE_AREAS[remote].prefixes) {
      if (ownsPath(prefix, pathname) && (!best || prefix.length > best.length)) best = { remote, length: prefix.length };
    }
  }
  return best?.remote ?? null;
}

/** True for the remote-owned public utility routes (shown in the unauthenticated area). */
export function isPublicRemotePath(pathname: string): boolean {
  return REMOTE_NAMES.some((remote) => REMOTE_AREAS[remote].publicPrefixes.some((prefix) => ownsPath(prefix, pathname)));
}

/** Every menu entry in section order, for the host's sidebar. */
export function menuEntries(): MenuEntry[] {
  const all = REMOTE_NAMES.flatMap((remote) => REMOTE_AREAS[remote].menu);
  return MENU_SECTIONS.flatMap((section) => all.filter((item) => item.section === section));
}
