import { expect, signIn, test } from '../../support/fixtures';

test('a toast shows, can be closed, and disappears by itself after 5 seconds', async ({ page, user }) => {
  await signIn(page, user, '/ui-components');

  await page.getByRole('button', { name: 'Success', exact: true }).click();
  const toast = page.locator('.ant-notification-notice').filter({ hasText: 'The list was saved' });
  await expect(toast).toBeVisible();
  const shownAt = Date.now();
  await expect(toast).toBeHidden({ timeout: 10_000 });
  // It stayed for its 5 seconds (less a margin for the fade-out), and no longer than needed.
  expect(Date.now() - shownAt).toBeGreaterThan(4_000);

  await page.getByRole('button', { name: 'Success', exact: true }).click();
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: /close/i }).click();
  await expect(toast).toBeHidden({ timeout: 2_000 });
});
