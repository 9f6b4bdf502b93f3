import { expect, signIn, test } from '../../support/fixtures';
import { ADDRESSES } from '../../support/finder-world';

// Loopback mail servers answer each address as scripted (e2e/support/finder-peers.ts); the
// greylisting one refuses the first try with 450 and the engine retries after 2 s.
test('verifies a valid, an invalid, a catch-all and a greylisted address and sees each status', async ({ page, user }) => {
  test.setTimeout(120_000);
  await signIn(page, user, '/verify/individual-emails');
  await expect(page.getByRole('heading', { level: 1, name: 'Email verification' })).toBeVisible();

  const result = page.getByTestId('verification-result');
  const verify = async (email: string) => {
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(result.getByText(email, { exact: true })).toBeVisible();
  };

  await verify(ADDRESSES.valid);
  await expect(result.locator('[data-status="valid"]')).toBeVisible();
  await expect(result.getByText('Mailbox accepted')).toBeVisible();

  await verify(ADDRESSES.invalid);
  await expect(result.locator('[data-status="not_valid"]')).toBeVisible();
  await expect(result.getByText('Mailbox not found')).toBeVisible();
  await expect(result.getByText(/^550/)).toBeVisible();
  await expect(result.getByText('High risk')).toBeVisible();

  await verify(ADDRESSES.catchAll);
  await expect(result.locator('[data-status="catch_all"]')).toBeVisible();

  await verify(ADDRESSES.greylisted);
  await expect(result.locator('[data-status="greylist"]')).toBeVisible();
  await expect(result.getByText(/We retry automatically/)).toBeVisible();
  // The page re-polls every 10 s (document 2 §7.11) until the retried check answers.
  await expect(result.locator('[data-status="valid"]')).toBeVisible({ timeout: 60_000 });

  // All four are in the last-verified history.
  await page.reload();
  for (const email of Object.values(ADDRESSES)) await expect(page.getByRole('cell', { name: email }).first()).toBeVisible();
});

// A history that fails to load is not something the real API does on demand: that one answer is
// given at the network edge.
test('shows the server’s error, with a retry, when the history cannot be loaded', async ({ page, user }) => {
  let refused = false;
  await page.route(
    (url) => url.pathname === '/verify/last-verified',
    async (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({
        status: 422,
        json: { errors: [{ key: 'something_went_wrong', title: 'Warning', description: 'History is unavailable' }] },
      });
    },
  );
  await signIn(page, user, '/verify/individual-emails');
  await expect(page.getByText('History is unavailable')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No addresses verified yet')).toBeVisible();
});
