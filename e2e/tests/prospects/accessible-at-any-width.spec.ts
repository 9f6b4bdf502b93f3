import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList } from './prospects-world';

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
];

/** The remote's own markup: everything inside the shell's one `main` (header and menu are the shell's). */
const REMOTE_ROOT = 'main';
/** Set to a folder to keep a screenshot of every page at every width (for a person to look at). */
const SHOTS = process.env.PROSPECTS_SCREENSHOTS_DIR;

type Finding = { id: string; impact: string; help: string; target: string };

async function seriousViolations(page: Page): Promise<{ remote: Finding[]; shell: Finding[] }> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const remote: Finding[] = [];
  const shell: Finding[] = [];
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    for (const node of violation.nodes) {
      const target = node.target.join(' ');
      const inRemote = await page
        .locator(target)
        .first()
        .evaluate((element, root) => element.closest(root) !== null, REMOTE_ROOT)
        .catch(() => false);
      (inRemote ? remote : shell).push({ id: violation.id, impact: violation.impact, help: violation.help, target });
    }
  }
  return { remote, shell };
}

/** Nothing wider than the viewport: wide tables scroll inside their own container, not the page. */
async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate((root) => {
    const limit = document.documentElement.clientWidth;
    const offenders: string[] = [];
    if (document.documentElement.scrollWidth > limit + 1) offenders.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const element of document.querySelectorAll(`${root} *`)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= limit + 1) continue;
      let parent = element.parentElement;
      let scrolls = false;
      while (parent && !parent.matches(root)) {
        const style = getComputedStyle(parent);
        if ((style.overflowX === 'auto' || style.overflowX === 'scroll' || style.overflowX === 'hidden') && parent.getBoundingClientRect().right <= limit + 1) {
          scrolls = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (!scrolls) offenders.push(`${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 2).join('.')} ends at ${Math.round(box.right)}px`);
    }
    return offenders.slice(0, 10);
  }, REMOTE_ROOT);
}

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
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const target of pages) {
      await page.goto(target.path);
      await expect(target.ready).toBeVisible();
      await expect(page.locator(`${REMOTE_ROOT} .ant-spin-spinning`)).toHaveCount(0);
      // The shell provides the page's one main landmark; the remote adds none.
      await expect(page.locator('main')).toHaveCount(1);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `${size.name}${target.path.replaceAll('/', '_')}.png`), fullPage: true });
      expect.soft(await overflowingElements(page), `${target.path} at ${size.width}px`).toEqual([]);
      const { remote, shell } = await seriousViolations(page);
      expect.soft(remote, `${target.path} at ${size.width}px`).toEqual([]);
      for (const finding of shell) shellFindings.add(`${finding.id} (${finding.impact}) ${finding.target}: ${finding.help}`);
    }
  }
  // The shell (header, menu, colours) is another team's: reported, not failed here.
  for (const finding of shellFindings) test.info().annotations.push({ type: 'shell accessibility', description: finding });
  if (shellFindings.size > 0) console.log(`Shell findings:\n${[...shellFindings].join('\n')}`);
  await api.dispose();
});

test('Import CSV on All contacts says to choose a list, and a database search result opens the prospect', async ({ page, playwright }) => {
  const api = await apiAs(playwright, undefined, 'Search Person');
  const list = await createList(api, 'Searchable');
  await addProspect(api, list.id, { name: 'Grace Hopper', email: 'grace@example.test', company: 'Navy' });
  await signIn(page, api.user);
  await page.goto('/prospects/all');
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
