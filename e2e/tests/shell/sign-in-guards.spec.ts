import { expect, signIn, signInThroughForm, test } from '../../support/fixtures';

test('a deep link with its query, opened while signed out, is restored exactly after signing in', async ({ page, user }) => {
  await page.goto('/request-feature?from=mail');
  await expect(page).toHaveURL(/\/login$/);
  const login = page.waitForRequest((request) => new URL(request.url()).pathname === '/auth/login');
  await signInThroughForm(page, user);
  expect((await login).postDataJSON()).toEqual({ email: user.email, password: user.password });
  await expect(page).toHaveURL(/\/request-feature\?from=mail$/);
  await expect(page.getByRole('heading', { name: 'Request a feature', level: 1 })).toBeVisible();
});

test('wrong credentials are answered beside the form, and the visitor stays on /login', async ({ page, user }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in user opening /login or /register is sent to /home', async ({ page, user }) => {
  await signIn(page, user);
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  }
});

test('a Google sign-in that must complete registration lands on /register', async ({ page }) => {
  await page.goto('/?redirect=complete-user-registration');
  await expect(page).toHaveURL(/\/register\?from=google$/);
  await expect(page.getByRole('button', { name: 'Create the account' })).toBeVisible();
});

test('a user whose plan expired is sent to /home, except on the pages an expired plan keeps', async ({ page, user }) => {
  // The plan's end is the server's clock; the shell only reads `pricingPlan.expired` from user-info.
  await page.route('**/user-info', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { pricingPlan: Record<string, unknown> | null };
    if (body.pricingPlan) body.pricingPlan = { ...body.pricingPlan, expired: true, willExpireDays: 0 };
    await route.fulfill({ response, json: body });
  });
  await signIn(page, user, '/rewards');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('alert').filter({ hasText: 'expired' }).first()).toBeVisible();
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
});

test.describe('tab titles', () => {
  for (const { path, title } of [
    { path: '/login', title: 'Sign in · Leadforge' },
    { path: '/forgot', title: 'Restore password · Leadforge' },
    { path: '/error/500', title: 'Server error · Leadforge' },
  ]) {
    test(`${path} is titled "${title}"`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    });
  }

  test('/home is titled "Home · Leadforge"', async ({ page, user }) => {
    await signIn(page, user);
    await expect(page).toHaveTitle('Home · Leadforge');
  });
});
