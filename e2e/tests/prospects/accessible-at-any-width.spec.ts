import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCREEN_WIDTHS, describeFinding, overflowingElements, reportShellFindings, seriousViolations } from '../../support/accessibility';
import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList } from './prospects-world';

/** The remote's own markup: everything inside the shell's one `main` (header and menu are the shell's). */
const REMOTE_ROOT = 'main';
/** Set to a folder to keep a screenshot of every page at every width (for a person to look at). */
const SHOTS = process.env.PROSPECTS_SCREENSHOTS_DIR;


test('the prospects, list, database search and companies pages are accessible and fit a phone and a tablet', async ({ page, playwright }) => {
  test.setTimeout(300_000);
  const api = await apiAs(playwright, undefined, 'Axe Person');
  const list = await createList(api, 'Accessible leads');
  await addProspect(api, list.id, { name: 'Ada Lovelace', email: 'ada@example.test', company: 'Engines' });
  await signIn(page, api.user);
  const pages = [
    { path: '/prospects/all', ready: page.getByRole('navigation', { name: 'Prospect lists' }) },
    { path: `/prospects/list/${list.id}`, ready: page.getByText('Ada Lovelace').first() },
    { path: '/prospects/search', ready: page.getByRole('heading', { level: 1 }) },
    { path: '/prospects/companies', ready: page.getByRole('navigation', { name: 'Company lists' }) },
  ];
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const shellFindings = new Set<string>();
  for (const size of SCREEN_WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const target of pages) {
      await page.goto(target.path);
      await expect(target.ready).toBeVisible();
      await expect(page.locator(`${REMOTE_ROOT} .ant-spin-spinning`)).toHaveCount(0);
      // The shell provides the page's one main landmark; the remote adds none.
      await expect(page.locator('main')).toHaveCount(1);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `${size.name}${target.path.replaceAll('/', '_')}.png`), fullPage: true });
      expect.soft(await overflowingElements(page, REMOTE_ROOT), `${target.path} at ${size.width}px`).toEqual([]);
      const { remote, shell } = await seriousViolations(page, REMOTE_ROOT);
      expect.soft(remote, `${target.path} at ${size.width}px`).toEqual([]);
      for (const finding of shell) shellFindings.add(describeFinding(finding));
    }
  }
  reportShellFindings(test.info(), shellFindings);
  await api.dispose();
});

test('Import CSV on All contacts says to choose a list, and a database search result opens the prospect', async ({ page, playwright }) => {
  const api = await apiAs(playwright, undefined, 'Search Person');
  const list = await createList(api, 'Searchable');
  await addProspect(api, list.id, { name: 'Grace Hopper', email: 'grace@example.test', company: 'Navy' });
  await signIn(page, api.user, '/prospects/all');
  await expect(page.getByRole('button', { name: 'Import CSV' })).toBeDisabled();
  await expect(page.getByText('Choose a list on the left to import a CSV into it.')).toBeVisible();

  await page.goto('/prospects/search');
  await page.getByLabel('Prospect name').fill('Grace');
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByTestId('search-results');
  await results.getByRole('button', { name: 'Grace Hopper' }).click();
  const drawer = page.getByRole('dialog', { name: 'Prospect' });
  await expect(drawer.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Grace Hopper');
  await api.dispose();
});
