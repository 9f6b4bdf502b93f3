import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../../support/fixtures';
import { REMOTE_PAGES } from '../../support/remotes';
import { settleAnimations } from '../../support/accessibility';

/**
 * axe-core (WCAG 2 A and AA rules) on every page the shell builds and one page of each
 * placeholder area: no serious or critical violation. The finder-verifier and prospects pages
 * have their own checks beside their journeys.
 */
const PLACEHOLDER_PAGES = REMOTE_PAGES.filter(({ remote }) => remote !== 'finder_verifier' && remote !== 'prospects');

async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes.map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`).join(' | ')}`,
    );
}

async function checkPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  // The page's data has arrived (the realtime socket does not count as network activity).
  await page.waitForLoadState('networkidle');
  await settleAnimations(page);
  expect(await seriousViolations(page), `axe on ${path}`).toEqual([]);
}

test('the signed-out pages have no serious or critical accessibility violation', async ({ page }) => {
  for (const path of ['/login', '/register', '/forgot']) await checkPage(page, path);
});

test('the shell pages have no serious or critical accessibility violation', async ({ page, user }) => {
  await signIn(page, user);
  for (const path of ['/home', '/request-feature', '/account/profile', '/account/team', '/ui-components', '/error/500']) {
    await checkPage(page, path);
  }
  // A new account has a congratulation waiting on the rewards page: the dialog is checked, then
  // the page under it (behind the dialog's mask every colour is dimmed on purpose).
  await page.goto('/rewards');
  const dialog = page.getByRole('dialog', { name: 'Step complete!' });
  await expect(dialog).toBeVisible();
  await settleAnimations(page);
  expect(await seriousViolations(page, '.ant-modal'), 'axe on the rewards dialog').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-modal-mask:visible')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await settleAnimations(page);
  expect(await seriousViolations(page), 'axe on /rewards').toEqual([]);
});

test('one page of each placeholder area has no serious or critical accessibility violation', async ({ page, user }) => {
  await signIn(page, user);
  for (const { path, title } of PLACEHOLDER_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    expect(await seriousViolations(page), `axe on ${path}`).toEqual([]);
  }
});

test('icons do not read out their English names: each is hidden or labelled in the page language', async ({ page, user }) => {
  await signIn(page, user);
  for (const path of ['/home', '/account/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const exposed = await page.evaluate(() =>
      [...document.querySelectorAll('.anticon[role="img"]')]
        .filter((icon) => !icon.closest('[aria-hidden="true"]') && icon.getAttribute('aria-label') === [...icon.classList].find((name) => name.startsWith('anticon-'))?.slice('anticon-'.length))
        .map((icon) => icon.getAttribute('aria-label')),
    );
    expect(exposed, `icons named in English on ${path}`).toEqual([]);
  }
});
