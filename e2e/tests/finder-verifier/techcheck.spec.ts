import { expect, signIn, test } from '../../support/fixtures';
import { SITE } from '../../support/finder-world';

test('checks the technologies of a website', async ({ page, user }) => {
  test.setTimeout(90_000);
  await signIn(page, user, '/techcheck');
  await expect(page.getByRole('heading', { level: 1, name: 'Technology checker' })).toBeVisible();

  await page.getByPlaceholder('https://acme.com').fill(`http://${SITE.domain}`);
  await page.getByRole('button', { name: 'Check', exact: true }).click();

  const result = page.getByTestId('techcheck-result');
  for (const technology of SITE.technologies) await expect(result.getByRole('link', { name: technology }).or(result.getByText(technology, { exact: true })).first()).toBeVisible({ timeout: 60_000 });
});
