import { screen } from '@testing-library/react';
import { ROOT_MARKER, createRemoteTestI18n, renderRemoteAt } from '@leadforge/federation/testing/render-remote';
import type { I18nInstance } from '@leadforge/i18n';
import en from './locales/en.json';
import uk from './locales/uk.json';
import remoteModule from './routes';

type PageKey = keyof typeof en.pages;

/** A URL of every screen of the area and the page it must show. */
const SCREENS: Array<[string, PageKey]> = [
  ['/prospect?sourceId=7', 'prospect'],
  ['/prospects', 'allProspects'],
  ['/prospects/all', 'allProspects'],
  ['/prospects/list/3', 'prospectList'],
  ['/prospects/search', 'databaseSearch'],
  ['/prospects/companies', 'companies'],
  ['/prospects/companies/search', 'companySearch'],
];

describe('prospects route tree', () => {
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
    renderRemoteAt(remoteModule, '/prospect/no/such/screen', i18n);
    expect(await screen.findByText(ROOT_MARKER)).toBeInTheDocument();
  });

  it('renders in another locale from the remote namespace', async () => {
    const ukrainian = await createRemoteTestI18n(remoteModule, 'uk');
    const [path, key] = SCREENS[0]!;
    renderRemoteAt(remoteModule, path, ukrainian);
    expect(await screen.findByRole('heading', { level: 2, name: uk.pages[key].title })).toBeInTheDocument();
  });
});
