import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../../support/fixtures';
import { SITE } from '../../support/finder-world';

test('searches a company domain: addresses from its public pages and the company details, kept in the link', async ({
  page,
  user,
}) => {
  test.setTimeout(90_000);
  await signIn(page, user, '/domain-search');
  await expect(page.getByRole('heading', { level: 1, name: 'Domain search' })).toBeVisible();
  await expect(page.getByText('No searches yet')).toBeVisible();

  await page.getByPlaceholder('acme.com').fill(SITE.domain);
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page.getByTestId('company-card').getByText('Acme Rockets').first()).toBeVisible({ timeout: 60_000 });
  for (const email of SITE.emails) await expect(page.getByRole('cell', { name: email }).first()).toBeVisible();
  // robots.txt disallows /private/: what is only there is never shown.
  await expect(page.getByText(SITE.hiddenEmail)).toHaveCount(0);

  // The search shown is in the address: a reload (or the link sent to a colleague) shows it again,
  // read back from the stored search, and the search is in the history.
  await expect(page).toHaveURL(/[?&]searchId=[\w-]{16}/);
  await page.reload();
  await expect(page.getByTestId('company-card').getByText('Acme Rockets').first()).toBeVisible();
  for (const email of SITE.emails) await expect(page.getByRole('cell', { name: email }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: SITE.domain, exact: true })).toBeVisible();
});

// The loopback company site has two addresses; paging needs more than eight, and an empty result a
// site with none. Those two answers are given at the network edge; the screen is the app's own.
const SEARCH_ID = 'AbCdEfGh12345678';
const TOTAL = 10;
const PER_PAGE = 8;

const email = (n: number) => ({
  email: `person${n}@acme.test`,
  name: `Person ${n}`,
  firstName: 'Person',
  lastName: String(n),
  position: n === 0 ? 'Chief Executive Officer' : 'Engineer',
  source: 'website',
  sourceUrl: 'http://acme.test/team',
  status: 'not_verified',
});

const pageOf = (page: number, total = TOTAL) => ({
  searchId: SEARCH_ID,
  domain: 'acme.test',
  position: null,
  company: { domain: 'acme.test', name: 'Acme Rockets', description: 'Reusable rockets.', socials: [], logo: null },
  emails: Array.from({ length: total }, (_, n) => email(n)).slice((page - 1) * PER_PAGE, page * PER_PAGE),
  total,
  page,
  perPage: PER_PAGE,
  crawl: { pagesFetched: 5, blockedByRobots: 1, failed: 0, truncated: false },
  createdAt: '2026-11-21T10:00:00.000Z',
});

async function answerSearches(page: Page, total: number) {
  await page.route(
    (url) => url.pathname === '/domain-search/search',
    (route) => route.fulfill({ json: pageOf(1, total) }),
  );
  await page.route(
    (url) => url.pathname === `/domain-search/search/${SEARCH_ID}`,
    (route) => route.fulfill({ json: pageOf(Number(new URL(route.request().url()).searchParams.get('page') ?? 1), total) }),
  );
}

test('shows the first 8 addresses, pages through the stored search, and keeps the page in the link', async ({ page, user }) => {
  await answerSearches(page, TOTAL);
  await signIn(page, user, '/domain-search');
  const searched = page.waitForRequest((request) => new URL(request.url()).pathname === '/domain-search/search');
  await page.getByPlaceholder('acme.com').fill('https://www.acme.test/about');
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page.getByText('10 addresses at acme.test')).toBeVisible();
  expect((await searched).postDataJSON()).toEqual({ domain: 'https://www.acme.test/about' });
  await expect(page.getByText('5 pages read, 1 skipped by robots.txt, 0 failed.')).toBeVisible();
  await expect(page.getByText('person7@acme.test')).toBeVisible();
  await expect(page.getByText('person8@acme.test')).toHaveCount(0);

  const further = page.waitForRequest((request) => new URL(request.url()).pathname === `/domain-search/search/${SEARCH_ID}`);
  await page.getByTitle('2', { exact: true }).click();
  await expect(page.getByText('person9@acme.test')).toBeVisible();
  expect(new URL((await further).url()).searchParams.get('page')).toBe('2');
  await expect(page).toHaveURL(new RegExp(`searchId=${SEARCH_ID}&page=2$`));

  await page.reload();
  await expect(page.getByText('person9@acme.test')).toBeVisible();
  await expect(page.getByText('person0@acme.test')).toHaveCount(0);
});

test('says so when a domain has no addresses', async ({ page, user }) => {
  await answerSearches(page, 0);
  await signIn(page, user, '/domain-search');
  await page.getByPlaceholder('acme.com').fill('acme.test');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No addresses found at this domain')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to list' })).toBeDisabled();
});
