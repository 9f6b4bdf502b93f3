import { expect, signInThroughForm, test } from '../../support/fixtures';
import { apiSession, totp } from './api-session';

test('with 2FA on, a sign-in is held on /2fa/login until a valid code, then goes where the user was heading', async ({ page, user }) => {
  const session = await apiSession(user);
  const { secret } = (await session.post('/auth/2fa/setup')) as { secret: string };
  await session.post('/auth/2fa/enable', { code: totp(secret) });
  await session.dispose();

  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/2fa\/login$/);

  // Still waiting for the second factor: the signed-in pages send it back here.
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/2fa\/login$/);

  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/2fa\/login$/);

  // The enabling code's period is spent; the next period's code is accepted (the server allows ±1).
  await page.getByLabel('Verification code').fill(totp(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
});
