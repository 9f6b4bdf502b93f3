import { expect, signIn, test } from '../../support/fixtures';
import { BAD_ROWS, IMPORT_ROWS, apiAs, createList, mapColumn, openList, peopleCsv } from './prospects-world';

test('imports a 1,000-row CSV with a mapping, follows its progress and reports the rejected rows', async ({ page, user, playwright }) => {
  test.setTimeout(240_000);
  const api = await apiAs(playwright, user);
  await createList(api, 'Imported people');
  await api.dispose();

  await signIn(page, user, '/prospects/all');
  await openList(page, 'Imported people');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(peopleCsv()) });

  // Mapping step: the server suggests, the user corrects what it could not guess.
  await expect(page.getByText(`Rows in the file: ${IMPORT_ROWS}`)).toBeVisible();
  await expect(page.getByText('Map a column to a name or an email.')).toHaveCount(0);
  await mapColumn(page, 'Contact', 'Full name');
  await expect(page.getByRole('cell', { name: 'person-p1@example.com' })).toBeVisible();
  await page.getByRole('radio', { name: 'Skip it' }).check();
  await page.getByRole('button', { name: 'Start import' }).click();

  const report = page.getByTestId('import-report');
  await expect(report.getByRole('progressbar')).toBeVisible();
  await expect(report).toHaveAttribute('data-status', 'completed', { timeout: 180_000 });
  const rejected = Object.keys(BAD_ROWS).length;
  await expect(report.getByText(String(IMPORT_ROWS - rejected), { exact: true })).toBeVisible();
  const rows = report.getByRole('table');
  // The report numbers rows as a spreadsheet shows the file: the header is row 1, so data row n is row n + 1.
  for (const row of Object.keys(BAD_ROWS)) await expect(rows.getByRole('cell', { name: String(Number(row) + 1), exact: true })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(page.getByText(`Total: ${IMPORT_ROWS - rejected}`)).toBeVisible();
});
