import { expect, signInThroughForm, test } from '../../support/fixtures';

test('an anonymous visitor of /home is sent to /login and comes back to /home after signing in', async ({ page, user }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Leadforge' })).toBeVisible();

  await signInThroughForm(page, user);

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(page.getByText(`Welcome, ${user.name}!`)).toBeVisible();
});

test('a deep link opened while signed out is restored after signing in', async ({ page, user }) => {
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/account\/profile$/);
});
