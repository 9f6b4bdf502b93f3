import { expect, signIn, test } from '../../support/fixtures';
import { SITE } from '../../support/finder-world';

test('searches a company domain: addresses from its public pages and the company details', async ({ page, user }) => {
  test.setTimeout(90_000);
  await signIn(page, user);
  await page.goto('/domain-search');
  await expect(page.getByRole('heading', { level: 1, name: 'Domain search' })).toBeVisible();

  await page.getByPlaceholder('acme.com').fill(SITE.domain);
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page.getByTestId('company-card').getByText('Acme Rockets').first()).toBeVisible({ timeout: 60_000 });
  for (const email of SITE.emails) await expect(page.getByRole('cell', { name: email }).first()).toBeVisible();
  // robots.txt disallows /private/: what is only there is never shown.
  await expect(page.getByText(SITE.hiddenEmail)).toHaveCount(0);
});
