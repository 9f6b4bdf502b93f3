import { expect, expectNoHorizontalOverflow, signIn, test } from '../../support/fixtures';

test.describe('at phone width (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the pages fit the screen and the menu opens from the header', async ({ page, user }) => {
    await signIn(page, user);
    for (const path of ['/home', '/rewards', '/account/profile']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoHorizontalOverflow(page);
    }

    await page.goto('/home');
    // The trial banner wraps as text does: its title fits on a line or two, not one letter per line.
    const banner = page.getByRole('alert').filter({ hasText: /free trial/ });
    await expect(banner).toBeVisible();
    expect((await banner.getByText(/Your free trial ends/).boundingBox())?.height ?? 0).toBeLessThan(60);

    await page.getByRole('button', { name: 'Open the menu' }).click();
    const menu = page.getByRole('menu', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Rewards' }).click();
    await expect(page).toHaveURL(/\/rewards$/);
    await expect(menu).toBeHidden();
  });
});

test('at 1024 px the shell fits the window with the sidebar beside the page', async ({ page, user }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, user);
  for (const path of ['/home', '/rewards', '/account/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
  await expect(page.getByRole('menu', { name: 'Main menu' })).toBeVisible();
});

test('menu entries are links that open in a new tab, with client-side navigation on a plain click', async ({ page, user }) => {
  await signIn(page, user);
  const menu = page.getByRole('menu', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Request a feature' })).toHaveAttribute('href', '/request-feature');
  // A plain click keeps the page: the marker set on window survives client-side navigation.
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));
  await menu.getByRole('link', { name: 'Request a feature' }).click();
  await expect(page).toHaveURL(/\/request-feature$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('kept');
  // Ctrl+click opens the entry in a new tab, as a link does.
  const [opened] = await Promise.all([page.context().waitForEvent('page'), menu.getByRole('link', { name: 'Home' }).click({ modifiers: ['Control'] })]);
  await opened.waitForLoadState();
  expect(new URL(opened.url()).pathname).toBe('/home');
  await opened.close();
});

test('the profile page opens at the top with no field focused', async ({ page, user }) => {
  await signIn(page, user, '/account/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByLabel('Current password')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('INPUT');
});

test('the header shows the credit balance of the verification ledger', async ({ page, user }) => {
  await signIn(page, user);
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveAccessibleName(/^Balance: \d+ credits?$/);
  const figure = Number(await balance.innerText());
  const csrf = (await (await page.request.get('/auth/csrf')).json()) as { token: string };
  const answer = await page.request.post('/user-balance/check-balance', { headers: { 'x-csrf-token': csrf.token }, data: { minBalance: 0 } });
  expect(((await answer.json()) as { balance: number }).balance).toBe(figure);
});

test('the rewards congratulation closes on Esc', async ({ page, user }) => {
  await signIn(page, user, '/rewards');
  const dialog = page.getByRole('dialog', { name: 'Step complete!' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
