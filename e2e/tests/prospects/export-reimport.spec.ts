import { readFile } from 'node:fs/promises';
import { expect, signIn, test } from '../../support/fixtures';
import { apiAs, createList, mapColumn, openList, peopleCsv } from './prospects-world';

const ROWS = 25;
const sorted = (csv: string) => csv.trim().split(/\r?\n/).slice(1).sort();

test('exports a list and re-imports the file into another list with the same data', async ({ page, user, playwright }) => {
  test.setTimeout(180_000);
  const api = await apiAs(playwright, user);
  await createList(api, 'Source');
  await createList(api, 'Copy');
  await api.dispose();

  await signIn(page, user, '/prospects/all');
  await openList(page, 'Source');
  // Only good rows: the round trip compares like with like.
  const csv = peopleCsv(ROWS, 'rt').split('\n').filter((line) => !line.startsWith(',,')).join('\n');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: 'source.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await mapColumn(page, 'Contact', 'Full name');
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByTestId('import-report')).toHaveAttribute('data-status', 'completed', { timeout: 120_000 });
  await page.keyboard.press('Escape');

  const first = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).first().click();
  const exported = await readFile(await (await first).path(), 'utf8');

  await openList(page, 'Copy');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: 'export.csv', mimeType: 'text/csv', buffer: Buffer.from(exported) });
  // The same people already exist in the account: the default policy would skip them, so the
  // user asks to update them, which also puts them in this list.
  await page.getByRole('radio', { name: 'Update it' }).check();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByTestId('import-report')).toHaveAttribute('data-status', 'completed', { timeout: 120_000 });
  await page.keyboard.press('Escape');

  const second = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).first().click();
  const reexported = await readFile(await (await second).path(), 'utf8');
  // Same header, same rows (order aside): nothing lost or changed on the way.
  expect(reexported.split(/\r?\n/)[0]).toBe(exported.split(/\r?\n/)[0]);
  expect(sorted(reexported)).toEqual(sorted(exported));
  expect(sorted(exported)).toHaveLength(csv.split('\n').length - 1);
});
