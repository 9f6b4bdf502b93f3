import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../../support/accessibility';
import { expect, signIn, test } from '../../support/fixtures';

// LinkedIn searches and imports of profile links run on one of the user's connected LinkedIn
// accounts. The account is connected through the API (its own journey, e2e/tests/linkedin, walks
// the connection screens): a session cookie on the offline sandbox network (the default
// SOCIAL_NETWORK_PROVIDER) connects at once. The people it yields are made up and labelled so.

const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=head%20of%20growth';

/** POST through the signed-in browser context (its cookies, its CSRF token). */
async function post(page: Page, path: string, data: unknown): Promise<Record<string, any>> {
  const { token } = (await (await page.request.get('/auth/csrf', { headers: { accept: 'application/json' } })).json()) as { token: string };
  const response = await page.request.post(path, { headers: { 'x-csrf-token': token, accept: 'application/json' }, data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Record<string, any>;
}

async function connectSandboxAccount(page: Page, name: string): Promise<number> {
  const { account } = await post(page, '/pipelines/api/linkedin-accounts', {
    login: { method: 'cookie', sessionCookie: `AQEDAR-e2e-${Date.now()}-finder-session` },
    proxy: { kind: 'builtin', countryId: 276 },
    timezone: 'Europe/Berlin',
    name,
  });
  expect(account.state).toBe('active');
  return account.id as number;
}

/** Picks an option of an antd select by its label (retried: a click during the open animation can miss). */
async function pick(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true });
  const shown = page.locator('.ant-form-item').filter({ has: select }).locator('.ant-select-content, .ant-select-selection-item');
  await expect(async () => {
    await select.click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 2_000 });
    await expect(shown.first()).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test('a search task runs on a connected sandbox account and fills a list, labelled as sandbox data', async ({ page, user }) => {
  await signIn(page, user, '/linkedin-search');
  await expect(page.getByRole('heading', { level: 1, name: 'Social network search' })).toBeVisible();
  // Without an account there is nothing to run a search on: the page says where to connect one.
  const none = page.getByTestId('no-linkedin-account');
  await expect(none).toContainText('No active LinkedIn account');
  await expect(none.getByRole('link', { name: 'Go to LinkedIn accounts' })).toHaveAttribute('href', '/account/linkedin-accounts');

  await connectSandboxAccount(page, 'Growth searcher');
  await post(page, '/lists/add', { type: 'prospect', name: 'Growth leads' });
  await page.reload();
  await expect(page.getByTestId('sandbox-banner')).toContainText('Sample data from the offline sandbox network — not real people');
  await expect(page.getByTestId('no-linkedin-account')).toHaveCount(0);
  // The only active account is chosen already.
  await expect(page.locator('.ant-form-item').filter({ has: page.getByLabel('LinkedIn account', { exact: true }) })).toContainText('Growth searcher');

  await page.getByLabel('Search address').fill(SEARCH);
  await pick(page, 'Prospect list', 'Growth leads');
  await page.getByLabel('Prospects to collect').fill('20');
  await page.getByLabel('Save prospects without an email address').check();
  await page.getByRole('button', { name: 'Start the task' }).click();

  const row = page.getByRole('row').filter({ hasText: SEARCH });
  await expect(row.locator('[data-task-status="completed"]')).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('Growth searcher');
  await expect(row.locator('[data-provider="sandbox"]')).toHaveText('Sandbox');
  await expect(row).toContainText(/20 found, \d+ saved of 20/);
});

test('a file of profile links is read on the chosen account into a list, and its bad rows download', async ({ page, user }, testInfo) => {
  await signIn(page, user);
  await connectSandboxAccount(page, 'Link reader');
  await post(page, '/lists/add', { type: 'prospect', name: 'Imported profiles' });
  await page.goto('/linkedin-search');
  await page.getByRole('tab', { name: 'Import profile links' }).click();
  await expect(page).toHaveURL(/tab=imports/);
  await expect(page.getByText('No imports yet')).toBeVisible();
  // The pages journey judges the first tab; this one is judged here.
  expect((await seriousViolations(page, 'section[data-screen]')).remote).toEqual([]);

  const csv = [
    'Name,Profile',
    'Jane Doe,https://www.linkedin.com/in/jane-doe-42',
    'Max,de.linkedin.com/in/max-mustermann/',
    'Nobody,not a profile link',
    'Gone,https://www.linkedin.com/in/unavailable-abc123',
  ].join('\n');
  await page.locator('input[type="file"]').setInputFiles({ name: 'team links.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await pick(page, 'Prospect list', 'Imported profiles');
  await expect(page.locator('.ant-form-item').filter({ has: page.getByLabel('LinkedIn account', { exact: true }) })).toContainText('Link reader');
  await page.getByRole('button', { name: 'Upload and import' }).click();

  const row = page.getByRole('row').filter({ hasText: 'team links.csv' });
  await expect(row.locator('[data-task-status="completed"]')).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('3 of 3 profiles read, 2 saved (4 rows)');
  await expect(row).toContainText('Link reader');
  await expect(row.locator('[data-provider="sandbox"]')).toHaveText('Sandbox');

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download bad links' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^team-links-[0-9a-f]{8}-bad-links\.csv$/);
  const saved = testInfo.outputPath('bad-links.csv');
  await download.saveAs(saved);
  expect((await readFile(saved, 'utf8')).trim().split('\n')).toEqual([
    'row,url,reason',
    '4,"Nobody, not a profile link",link_invalid',
    '5,https://www.linkedin.com/in/unavailable-abc123,profile_unavailable',
  ]);

  // Deleted, the import leaves the list; the prospects it saved stay.
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('No imports yet')).toBeVisible();
});
