import { screen, waitFor } from '@testing-library/react';
import { LOCALES, type Locale } from '@leadforge/contracts';
import { assertCompleteLocales, shareIdenticalToEnglish, unwrapResource, type ResourceTree } from '@leadforge/i18n';
import remoteModule from './routes';
import { columnsSettings, listPage, listsOverview, prospectInfo, prospectRow } from './test/fixtures';
import { ROOT_MARKER, installApi, renderScreen, signIn } from './test/render-screen';

const api = () =>
  installApi({
    'GET /prospects/lists': listsOverview(),
    'POST /prospects/list-prospects': listPage([prospectRow()]),
    'GET /prospects/columnsSettings': columnsSettings(),
    'GET /user-field-groups': { groups: [], ungrouped: [] },
    'GET /user-tags/get-custom-tags': { tags: [] },
    'POST /prospects/check-without-emails': { count: 0 },
    'GET /prospects-new/info/7/0': prospectInfo({ id: 7 }),
    'GET /prospects/country-industry-lists': { countries: [], industries: [] },
    'GET /lists/0/prospects/7/notes': { notes: [] },
    'GET /lists/0/prospects/7/notes/pinned': { notes: [], pinnedNotesLimit: 5 },
    'POST /prospects/search/get-last-searches': { searches: [] },
    'GET /companies/lists': { lists: [] },
    'POST /companies/get-all': { companies: [], total: 0 },
  });

// Whole screens with antd and pro-components render slowly in jsdom on a cold start.
jest.setTimeout(30_000);

beforeEach(() => signIn());

// Every screen URL of the area and the heading it shows once its data arrived.
describe('prospects route tree', () => {
  it.each([
    ['/prospect?sourceId=7', 'Prospect'],
    ['/prospect?id=7', 'Prospect'],
    ['/prospects/all', 'All contacts'],
    ['/prospects/list/3', 'Pioneers'],
    ['/prospects/search', 'Database search'],
    ['/prospects/companies', 'Companies'],
    ['/prospects/companies/search', 'Company search'],
  ])('%s shows its screen', async (path, heading) => {
    api();
    await renderScreen(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('redirects /prospects to All contacts', async () => {
    api();
    await renderScreen('/prospects');
    expect(await screen.findByRole('heading', { level: 1, name: 'All contacts' })).toBeInTheDocument();
  });

  it('sends an unknown path of the area back to the root', async () => {
    api();
    await renderScreen('/prospect/no/such/screen');
    expect(await screen.findByText(ROOT_MARKER)).toBeInTheDocument();
  });

  it('renders in another locale from the remote namespace', async () => {
    api();
    await renderScreen('/prospects/search', 'uk');
    expect(await screen.findByRole('heading', { level: 1, name: 'Пошук у базі' })).toBeInTheDocument();
  });

  it('marks no route public', () => {
    expect(remoteModule.routes.filter((route) => (route.handle as { public?: boolean } | undefined)?.public)).toEqual([]);
  });

  it('asks for one page of 50 sorted by add_date descending on a list', async () => {
    const calls = api();
    await renderScreen('/prospects/list/3');
    await waitFor(() => expect(calls.some((call) => call.path === '/prospects/list-prospects')).toBe(true));
    expect(calls.find((call) => call.path === '/prospects/list-prospects')?.body).toMatchObject({
      listId: 3,
      page: 1,
      perPage: 50,
      sort: [{ field: 'add_date', order: 'desc' }],
    });
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  });
});

describe('prospects translations', () => {
  const texts: Partial<Record<Locale, ResourceTree>> = {};
  beforeAll(async () => {
    for (const locale of LOCALES) texts[locale] = unwrapResource(await remoteModule.loadLocale[locale]());
  });
  const resources = () =>
    Object.fromEntries(LOCALES.map((locale) => [locale, { [remoteModule.namespace]: texts[locale] }])) as Record<Locale, Record<string, unknown>>;

  it('has every key in every locale', () => {
    expect(() => assertCompleteLocales(resources())).not.toThrow();
  });

  it('is translated, not copied from English (brand and product names aside)', () => {
    for (const locale of LOCALES.filter((other) => other !== 'en')) expect(shareIdenticalToEnglish(resources(), locale)).toBeLessThan(0.5);
  });
});
