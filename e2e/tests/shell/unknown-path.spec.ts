import { expect, signIn, test } from '../../support/fixtures';

test('an unknown path leads to the root, which sends an anonymous visitor to /login', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path leads a signed-in user through the root to /home', async ({ page, user }) => {
  await signIn(page, user, '/definitely-not-a-route/42');
  await expect(page).toHaveURL(/\/home$/);
});
