import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList } from './prospects-world';

const pagesIn = (locale: string) =>
  (
    JSON.parse(
      readFileSync(join(__dirname, '..', '..', '..', 'remotes', 'prospects', 'src', 'locales', `${locale}.json`), 'utf8'),
    ) as {
      pages: Record<string, { title: string }>;
    }
  ).pages;

test('every screen of the area shows its heading once its data arrived', async ({ page, playwright }) => {
  const api = await apiAs(playwright, undefined, 'Screens Person');
  const list = await createList(api, 'Pioneers');
  const ada = await addProspect(api, list.id, { name: 'Ada Lovelace', email: 'ada@example.com' });
  await signIn(page, api.user);
  const screens: [path: string, heading: string][] = [
    [`/prospect?sourceId=${ada.id}`, 'Prospect'],
    [`/prospect?id=${ada.id}&listId=${list.id}`, 'Prospect'],
    ['/prospects/all', 'All contacts'],
    [`/prospects/list/${list.id}`, 'Pioneers'],
    ['/prospects/search', 'Database search'],
    ['/prospects/companies', 'Companies'],
    ['/prospects/companies/search', 'Company search'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
  }
  // The prospect page shows the prospect itself, not only its frame.
  await page.goto(`/prospect?id=${ada.id}&listId=${list.id}`);
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await api.dispose();
});

test('a list asks for one page of 50, newest first; /prospects leads to All contacts', async ({ page, playwright }) => {
  const api = await apiAs(playwright, undefined, 'Paging Person');
  const list = await createList(api, 'Paged');
  await addProspect(api, list.id, { name: 'Ada Lovelace', email: 'ada@example.com' });
  await signIn(page, api.user);

  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/prospects/list-prospects');
  await page.goto(`/prospects/list/${list.id}`);
  expect((await asked).postDataJSON()).toMatchObject({
    listId: list.id,
    page: 1,
    perPage: 50,
    sort: [{ field: 'add_date', order: 'desc' }],
  });
  await expect(page.getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();

  await page.goto('/prospects');
  await expect(page).toHaveURL(/\/prospects\/all$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All contacts' })).toBeVisible();
  await api.dispose();
});

test('an unknown path of the area leads back to the root, and another language shows the area in it', async ({ page, user }) => {
  await signIn(page, user, '/prospect/no/such/screen');
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/lang-change/uk?redirect=/prospects/search');
  await expect(page).toHaveURL((url) => url.pathname === '/prospects/search');
  await expect(page.getByRole('heading', { level: 1, name: pagesIn('uk').databaseSearch!.title })).toBeVisible();
});
