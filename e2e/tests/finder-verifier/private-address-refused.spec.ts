import { expect, signIn, test } from '../../support/fixtures';
import { REFUSED } from '../../support/finder-world';

// The loopback DNS answers metadata.test with 169.254.169.254; only 127.0.0.0/8 is allowed for the
// e2e peers (FETCH_ALLOW_PRIVATE), so every fetch there must be refused before it is made.
test('refuses a site whose domain resolves to a private address', async ({ page, user }) => {
  await signIn(page, user, '/techcheck');
  await page.getByPlaceholder('https://acme.com').fill(`http://${REFUSED.domain}/latest/meta-data/`);
  await page.getByRole('button', { name: 'Check', exact: true }).click();

  await expect(page.getByRole('alert').getByText('Address not allowed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('techcheck-result')).toHaveCount(0);
});

test('refuses a domain search of a domain that resolves to a private address', async ({ page, user }) => {
  await signIn(page, user, '/domain-search');
  await page.getByPlaceholder('acme.com').fill(REFUSED.domain);
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  // The error modal (document 2 §8): its title comes from the server's error list.
  const modal = page.getByRole('dialog', { name: 'Address not allowed' });
  await expect(modal).toBeVisible({ timeout: 30_000 });
  await expect(modal.getByText('This address cannot be used.')).toBeVisible();
  await expect(page.getByTestId('company-card')).toHaveCount(0);
});
