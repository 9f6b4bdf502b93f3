import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCREEN_WIDTHS, describeFinding, overflowingElements, reportShellFindings, seriousViolations } from '../../support/accessibility';
import { expect, navigateInApp, signIn, test } from '../../support/fixtures';

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

/** Where the remote's own markup sits (the shell's header and menu are outside it). */
const REMOTE_ROOT = 'section[data-screen]';
/** Set to a folder to keep a screenshot of every page at every width (for a person to look at). */
const SHOTS = process.env.FINDER_SCREENSHOTS_DIR;


test('every finder-verifier page is accessible and fits a phone and a tablet', async ({ page, user }) => {
  test.setTimeout(300_000);
  await signIn(page, user, PAGES[0]!.path);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const shellFindings = new Set<string>();
  for (const size of SCREEN_WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const target of PAGES) {
      // From page to page as the menu goes (each page's own heading tells it is shown): a full
      // load of every page at every width would measure the cold start 33 times, not the pages.
      await navigateInApp(page, target.path);
      await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
      // Loading spinners settle into content or empty states before the page is judged.
      await expect(page.locator(`${REMOTE_ROOT} .ant-spin-spinning`)).toHaveCount(0);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `${size.name}${target.path.replaceAll('/', '_')}.png`), fullPage: true });

      // Soft: one run reports every page and width that fails, not just the first.
      expect.soft(await overflowingElements(page, REMOTE_ROOT), `${target.path} at ${size.width}px`).toEqual([]);
      const { remote, shell } = await seriousViolations(page, REMOTE_ROOT);
      expect.soft(remote, `${target.path} at ${size.width}px`).toEqual([]);
      for (const finding of shell) shellFindings.add(describeFinding(finding));
    }
  }
  reportShellFindings(test.info(), shellFindings);
});

test('the sandbox social network is labelled, and each bulk page names its own jobs', async ({ page, user }) => {
  await signIn(page, user, '/linkedin-search');
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
