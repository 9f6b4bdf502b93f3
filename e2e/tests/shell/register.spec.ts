import { randomUUID } from 'node:crypto';
import { expect, test } from '../../support/fixtures';

test('a newcomer registers and lands on the home page with a running trial', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Name').fill('Katherine Johnson');
  await page.getByLabel('Email').fill(`kj-${randomUUID().slice(0, 8)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('orbital mechanics 1962');
  await page.getByRole('button', { name: 'Create the account' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Welcome, Katherine Johnson!')).toBeVisible();
  await expect(page.getByText(/Your free trial ends in 14 days/)).toBeVisible();
});
