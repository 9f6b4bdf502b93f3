import { readFile } from 'node:fs/promises';
import { expect, signIn, test } from '../../support/fixtures';
import { BULK_ROWS, bulkAddress } from '../../support/finder-world';

test('verifies a 500-row CSV in bulk, following its progress, and downloads the results', async ({ page, user }) => {
  test.setTimeout(240_000);
  await signIn(page, user);
  await page.goto('/bulk-email-verification');
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

  const downloading = page.waitForEvent('download');
  await job.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  const text = await readFile(await download.path(), 'utf8');
  const lines = text.trim().split(/\r?\n/);
  expect(lines).toHaveLength(BULK_ROWS + 1);
  expect(text).toContain(bulkAddress(0));
  expect(text).toContain(bulkAddress(BULK_ROWS - 1));
});
