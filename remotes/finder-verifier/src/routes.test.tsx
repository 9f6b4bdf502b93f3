import { screen } from '@testing-library/react';
import { isPublicRemotePath, type RemoteRouteHandle } from '@leadforge/federation';
import { ROOT_MARKER, createRemoteTestI18n, renderRemoteAt } from '@leadforge/federation/testing/render-remote';
import type { I18nInstance } from '@leadforge/i18n';
import en from './locales/en.json';
import uk from './locales/uk.json';
import remoteModule from './routes';

type PageKey = keyof typeof en.pages;

/** A URL of every screen of the area and the page it must show. */
const SCREENS: Array<[string, PageKey]> = [
  ['/url-emails', 'bulkDomainSearch'],
  ['/emails-from-names', 'bulkEmailSearch'],
  ['/bulk-email-verification', 'bulkVerification'],
  ['/domain-search', 'domainSearch'],
  ['/search/single-email', 'singleEmailSearch'],
  ['/verify/individual-emails', 'singleVerification'],
  ['/linkedin-search', 'socialSearch'],
  ['/techcheck', 'techCheck'],
  ['/finder-tools', 'finderTools'],
  ['/plugin/history-best-company/42', 'extensionBestCompanyHistory'],
  ['/plugin/history/42', 'extensionHistory'],
  ['/extensions', 'extensions'],
  ['/extensions/gmail-email-tracker', 'gmailTracker'],
  ['/clear-email', 'clearEmail'],
  ['/clear-email/someone%40example.com', 'clearEmail'],
  ['/uninstall/email-finder', 'uninstallEmailFinder'],
  ['/uninstall/linkedin-prospect-finder', 'uninstallSocialFinder'],
  ['/thanks-install-li-finder', 'thanksInstall'],
];

describe('finder_verifier route tree', () => {
  let i18n: I18nInstance;
  beforeAll(async () => {
    i18n = await createRemoteTestI18n(remoteModule);
  });

  it.each(SCREENS)('%s shows the %s frame and says plainly what is coming', async (path, key) => {
    renderRemoteAt(remoteModule, path, i18n);
    expect(await screen.findByRole('heading', { level: 2, name: en.pages[key].title })).toBeInTheDocument();
    expect(screen.getByText(en.pages[key].coming)).toBeInTheDocument();
    expect(document.title).toBe(`${en.pages[key].title} · Leadforge`);
  });

  it('sends an unknown path of the area back to the root', async () => {
    renderRemoteAt(remoteModule, '/url-emails/no/such/screen', i18n);
    expect(await screen.findByText(ROOT_MARKER)).toBeInTheDocument();
  });

  it('renders in another locale from the remote namespace', async () => {
    const ukrainian = await createRemoteTestI18n(remoteModule, 'uk');
    const [path, key] = SCREENS[0]!;
    renderRemoteAt(remoteModule, path, ukrainian);
    expect(await screen.findByRole('heading', { level: 2, name: uk.pages[key].title })).toBeInTheDocument();
  });

  it('marks the public utility routes for the unauthenticated area', () => {
    const publicPaths = remoteModule.routes
      .filter((route) => (route.handle as RemoteRouteHandle | undefined)?.public)
      .map((route) => route.path);
    expect(publicPaths.length).toBeGreaterThan(0);
    for (const path of publicPaths) expect(isPublicRemotePath(path!.replace(/\/:\w+\?$/, ''))).toBe(true);
  });
});
