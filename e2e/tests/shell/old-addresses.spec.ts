import { expect, signIn, test } from '../../support/fixtures';

test('old and shortened addresses lead to the pages that replaced them', async ({ page, user }) => {
  await signIn(page, user);
  for (const [from, to] of [
    ['/social-url', '/linkedin-search'],
    ['/company-profile-search', '/prospects/companies/search'],
    ['/warm-up/123', '/deliverability/warm-up/123'],
    ['/warm-up/campaign/77', '/deliverability/warm-up/77'],
    ['/warm-up', '/deliverability/warm-up'],
    ['/team-info', '/account/team'],
  ] as const) {
    await page.goto(from);
    await expect(page, `${from} should lead to ${to}`).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`));
  }
});

test('/forgot/reset without a token goes back to /forgot; with one it asks for the new password', async ({ page }) => {
  await page.goto('/forgot/reset');
  await expect(page).toHaveURL(/\/forgot$/);
  await page.goto('/forgot/reset?token=abcdefghijklmnopqrstuvwxyz');
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/forgot\/reset\?token=/);
});
