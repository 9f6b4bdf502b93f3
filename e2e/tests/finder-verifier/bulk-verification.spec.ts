import { readFile } from 'node:fs/promises';
import { expect, signIn, test } from '../../support/fixtures';
import { BULK_ROWS, bulkAddress } from '../../support/finder-world';

test('verifies a 500-row CSV in bulk, following its progress, and downloads the results', async ({ page, user }) => {
  test.setTimeout(240_000);
  await signIn(page, user, '/bulk-email-verification');
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk email verification' })).toBeVisible();

  const csv = ['email', ...Array.from({ length: BULK_ROWS }, (_, n) => bulkAddress(n))].join('\n');
  await page.getByLabel('Name of the run').fill('Five hundred');
  await page.getByRole('tab', { name: 'Upload a CSV' }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: 'emails.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await expect(page.getByTestId('rows-summary')).toHaveText(`${BULK_ROWS} rows ready, 0 rejected`);
  // The cost is shown before anything starts.
  await expect(page.getByTestId('cost-summary').getByText(`${BULK_ROWS} credits`)).toBeVisible();
  await page.getByRole('button', { name: 'Start verification' }).click();

  const job = page.getByRole('row', { name: /Five hundred/ });
  await expect(job.getByRole('progressbar')).toBeVisible();
  await expect(job.locator('[data-job-status="completed"]')).toBeVisible({ timeout: 180_000 });
  await expect(job.getByText(`Valid: ${BULK_ROWS / 2}`, { exact: true })).toBeVisible();
  await expect(job.getByText(`Invalid: ${BULK_ROWS / 2}`, { exact: true })).toBeVisible();

  // Per-row status badges in the results.
  await expect(page.getByRole('cell', { name: bulkAddress(0) })).toBeVisible();
  await expect(page.locator('[data-status="valid"]').first()).toBeVisible();

  // The job opened is in the address: a reload keeps its results open.
  await expect(page).toHaveURL(/[?&]job=\d+/);
  await page.reload();
  await expect(page.getByRole('cell', { name: bulkAddress(0) })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await job.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  const text = await readFile(await download.path(), 'utf8');
  const lines = text.trim().split(/\r?\n/);
  expect(lines).toHaveLength(BULK_ROWS + 1);
  expect(text).toContain(bulkAddress(0));
  expect(text).toContain(bulkAddress(BULK_ROWS - 1));
});

test('lists rejected rows by line and shows what the run costs before it can start', async ({ page, user }) => {
  await signIn(page, user, '/bulk-email-verification');
  await expect(page.getByText('No bulk verifications yet')).toBeVisible();

  const balanceAsked = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/user-balance/check-balance' && request.postDataJSON()?.minBalance > 0,
  );
  await page
    .getByRole('textbox', { name: 'Paste' })
    .fill('ada@acme.test\nnot an address\nalan@acme.test\nADA@acme.test\ngrace@navy.test');
  await expect(page.getByTestId('rows-summary')).toHaveText('3 rows ready, 2 rejected');
  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  await expect(rejected.getByRole('row', { name: /not an address/ })).toContainText('Not a valid email address');
  await expect(rejected.getByRole('row', { name: /ADA@acme.test/ })).toContainText('Duplicate of an earlier row');

  // The server saw the 3 clean rows; the summary still counts the two the screen rejected, free.
  const cost = page.getByTestId('cost-summary');
  await expect(cost.getByText('3 credits')).toBeVisible();
  const figure = (label: string) =>
    cost.getByRole('rowheader', { name: label, exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(figure('Addresses')).toHaveText('5');
  await expect(figure('Bad syntax (free)')).toHaveText('1');
  await expect(figure('Duplicates (free)')).toHaveText('1');
  expect((await balanceAsked).postDataJSON()).toEqual({ minBalance: 3 });
  await expect(page.getByRole('button', { name: 'Start verification' })).toBeEnabled();
});

test('keeps a run from starting when it costs more than the balance', async ({ page, user }) => {
  // Five thousand addresses are parsed in the page and priced by the server: a ceiling, not a pace.
  test.setTimeout(180_000);
  await signIn(page, user, '/bulk-email-verification');
  // One address more than the credits the new account has (the header shows them).
  const balance = page.getByRole('link', { name: /^Balance: \d+ credits$/ });
  await expect(balance).toBeVisible();
  const rows = Number((await balance.getAttribute('aria-label'))!.replace(/\D/g, '')) + 1;
  await page
    .getByRole('textbox', { name: 'Paste' })
    .fill(Array.from({ length: rows }, (_, n) => `person${n}@acme.test`).join('\n'));
  await expect(page.getByTestId('rows-summary')).toHaveText(`${rows} rows ready, 0 rejected`);
  await expect(page.getByText(/Your balance is too low/)).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('button', { name: 'Start verification' })).toBeDisabled();
});

// A jobs list that fails to load is not something the real API does on demand: that one answer is
// given at the network edge.
test('shows the error with a retry when the jobs cannot be loaded', async ({ page, user }) => {
  let refused = false;
  await page.route(
    (url) => url.pathname === '/verify/bulk-jobs',
    async (route) => {
      if (refused || route.request().method() !== 'GET') return route.continue();
      refused = true;
      return route.fulfill({
        status: 422,
        json: { errors: [{ key: 'something_went_wrong', title: 'Warning', description: 'Jobs are unavailable' }] },
      });
    },
  );
  await signIn(page, user, '/bulk-email-verification');
  await expect(page.getByText('Jobs are unavailable')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No bulk verifications yet')).toBeVisible();
});
