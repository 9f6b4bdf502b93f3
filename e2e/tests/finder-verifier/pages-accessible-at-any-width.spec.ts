import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../../support/fixtures';

/** Every screen of the finder-verifier remote, with the heading it must show. */
const PAGES: { path: string; heading: string }[] = [
  { path: '/finder-tools', heading: 'Finder tools' },
  { path: '/verify/individual-emails', heading: 'Email verification' },
  { path: '/bulk-email-verification', heading: 'Bulk email verification' },
  { path: '/search/single-email', heading: 'Email search' },
  { path: '/domain-search', heading: 'Domain search' },
  { path: '/url-emails', heading: 'Bulk domain search' },
  { path: '/emails-from-names', heading: 'Bulk email search' },
  { path: '/linkedin-search', heading: 'Social network search' },
  { path: '/techcheck', heading: 'Technology checker' },
  { path: '/extensions', heading: 'Browser extensions' },
  { path: '/clear-email', heading: 'Clear from list' },
];

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
];

/** Where the remote's own markup sits (the shell's header and menu are outside it). */
const REMOTE_ROOT = 'section[data-screen]';
/** Set to a folder to keep a screenshot of every page at every width (for a person to look at). */
const SHOTS = process.env.FINDER_SCREENSHOTS_DIR;

type Finding = { id: string; impact: string; help: string; targets: string[] };

async function seriousViolations(page: Page): Promise<{ remote: Finding[]; shell: Finding[] }> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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
      (inRemote ? remote : shell).push({ id: violation.id, impact: violation.impact, help: violation.help, targets: [target] });
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
      // Inside a horizontally scrolling container (antd tables) it is reachable, not clipped.
      let parent = element.parentElement;
      let scrolls = false;
      while (parent && !parent.matches(root)) {
        const style = getComputedStyle(parent);
        if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && parent.getBoundingClientRect().right <= limit + 1) {
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

test('every finder-verifier page is accessible and fits a phone and a tablet', async ({ page, user }) => {
  test.setTimeout(300_000);
  await signIn(page, user);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const shellFindings = new Set<string>();
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const target of PAGES) {
      await page.goto(target.path);
      await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
      // Loading spinners settle into content or empty states before the page is judged.
      await expect(page.locator(`${REMOTE_ROOT} .ant-spin-spinning`)).toHaveCount(0);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `${size.name}${target.path.replaceAll('/', '_')}.png`), fullPage: true });

      // Soft: one run reports every page and width that fails, not just the first.
      expect.soft(await overflowingElements(page), `${target.path} at ${size.width}px`).toEqual([]);
      const { remote, shell } = await seriousViolations(page);
      expect.soft(remote, `${target.path} at ${size.width}px`).toEqual([]);
      for (const finding of shell) shellFindings.add(`${finding.id} (${finding.impact}) ${finding.targets.join(', ')}: ${finding.help}`);
    }
  }
  // The shell (header, menu, layout colours) is another team's: reported, not failed here.
  for (const finding of shellFindings) test.info().annotations.push({ type: 'shell accessibility', description: finding });
  if (shellFindings.size > 0) console.log(`Shell findings:\n${[...shellFindings].join('\n')}`);
});

test('the sandbox social network is labelled, and each bulk page names its own jobs', async ({ page, user }) => {
  await signIn(page, user);
  await page.goto('/linkedin-search');
  await expect(page.getByTestId('sandbox-banner')).toContainText('Sample data from the offline sandbox network — not real people');

  await page.goto('/url-emails');
  await expect(page.getByText('Bulk domain searches', { exact: true })).toBeVisible();
  await expect(page.getByText('Bulk verifications', { exact: true })).toHaveCount(0);
  await page.goto('/emails-from-names');
  await expect(page.getByText('Bulk email searches', { exact: true })).toBeVisible();
  await expect(page.getByText('Bulk verifications', { exact: true })).toHaveCount(0);
  await page.goto('/bulk-email-verification');
  await expect(page.getByText('Bulk verifications', { exact: true })).toBeVisible();
});
