import { expect, signIn, test } from '../../support/fixtures';
import { FINDER_PERSON } from '../../support/finder-world';

test('finds a person’s email address from their name and company domain', async ({ page, user }) => {
  test.setTimeout(90_000);
  await signIn(page, user, '/search/single-email');
  await expect(page.getByRole('heading', { level: 1, name: 'Email search' })).toBeVisible();

  await page.getByLabel('First name').fill(FINDER_PERSON.firstName);
  await page.getByLabel('Last name').fill(FINDER_PERSON.lastName);
  await page.getByPlaceholder('acme.com').fill(FINDER_PERSON.domain);
  await page.getByRole('button', { name: 'Find email' }).click();

  const result = page.getByTestId('single-search-result');
  await expect(result.getByText(FINDER_PERSON.email, { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(result.locator('[data-status="valid"]')).toBeVisible();
  await expect(result.getByRole('cell', { name: 'first.last' }).first()).toBeVisible();
});
