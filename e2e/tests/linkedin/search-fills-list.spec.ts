import { randomUUID } from 'node:crypto';
import { expect, signIn, test } from '../../support/fixtures';
import { apiAs, createList } from '../prospects/prospects-world';
import { connectByCookie, pick } from './linkedin-world';

// A new user connects a LinkedIn account on the offline sandbox network (the default
// SOCIAL_NETWORK_PROVIDER), runs a search task on it from the finder's /linkedin-search page and
// finds the people in the list they chose — every screen on the way saying they are made-up
// sandbox people. The list is made through the API (the lists have their own journeys).
const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=head%20of%20partnerships';
const WANTED = 30;

test('a LinkedIn search on a connected sandbox account fills the chosen list, labelled as sandbox data', async ({ page, playwright, user }) => {
  test.setTimeout(120_000);
  const run = randomUUID().slice(0, 8);
  const searcher = `Partnerships searcher ${run}`;
  const listName = `Partnership leads ${run}`;
  const api = await apiAs(playwright, user);
  await createList(api, listName);
  await api.dispose();

  await signIn(page, user, '/account/linkedin-accounts');
  await page.getByRole('button', { name: 'Connect an account' }).first().click();
  await connectByCookie(page, `AQEDAR-search-${run}`, searcher);

  await page.goto('/linkedin-search');
  await expect(page.getByRole('heading', { level: 1, name: 'Social network search' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('sandbox-banner')).toContainText('Sample data from the offline sandbox network — not real people');
  await expect(page.getByText('No search tasks yet')).toBeVisible();
  // The only active account is chosen already.
  await expect(page.locator('.ant-form-item').filter({ has: page.getByLabel('LinkedIn account', { exact: true }) })).toContainText(searcher);

  await page.getByLabel('Search address').fill(SEARCH);
  await pick(page, 'Prospect list', listName);
  await page.getByLabel('Prospects to collect').fill(String(WANTED));
  await page.getByLabel('Save prospects without an email address').check();
  await page.getByRole('button', { name: 'Start the task' }).click();

  // The task appears with its progress and runs to the end: the search has more people than
  // wanted, so it stops at 30 found; bad links (profiles the network cannot open) are not saved.
  const row = page.getByRole('row').filter({ hasText: SEARCH });
  await expect(row).toContainText(/\d+ found, \d+ saved of 30/);
  await expect(row.locator('[data-task-status="completed"]')).toHaveText('Completed', { timeout: 60_000 });
  await expect(row).toContainText(searcher);
  await expect(row.locator('[data-provider="sandbox"]')).toHaveText('Sandbox');
  const progress = /(\d+) found, (\d+) saved of 30/.exec((await row.textContent()) ?? '');
  expect(Number(progress?.[1])).toBe(WANTED);
  const saved = Number(progress?.[2]);
  expect(saved).toBeGreaterThan(0);
  expect(saved).toBeLessThanOrEqual(WANTED);

  // The row leads to the list it filled, which holds the people saved.
  await row.getByRole('link', { name: 'Open the list' }).click();
  await expect(page).toHaveURL(/\/prospects\/list\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText(`Total: ${saved}`)).toBeVisible();

  // A person from it (opened beside the list) says plainly it is made up by the sandbox network.
  await page.getByRole('row').nth(1).getByRole('link').first().click();
  const prospect = page.getByRole('dialog', { name: 'Prospect' });
  await expect(prospect.getByText('Sample data from the offline sandbox network — not a real person.', { exact: false })).toBeVisible({ timeout: 45_000 });
  await expect(prospect.getByText('Source: Sandbox network (sample data)')).toBeVisible();
});
