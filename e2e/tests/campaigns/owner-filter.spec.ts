import { expect, signIn, test } from '../../support/fixtures';
import { apiAs, makeTeam } from '../prospects/prospects-world';

// Who sees whose campaigns on the list (document 1 §6): a team lead reads the team's campaigns and
// filters them by owner; a member limited to own records sees only their own, and no owner filter.
test('a team lead filters the campaigns by owner; a member limited to own records has no owner filter', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const lead = await apiAs(playwright, undefined, 'Lead Person');
  const member = await apiAs(playwright, undefined, 'Member Person');
  await makeTeam(lead, member);
  await lead.call('POST', '/pipelines/api/campaign/save', { title: 'Lead campaign' });
  await member.call('POST', '/pipelines/api/campaign/save', { title: 'Member campaign' });
  await lead.dispose();
  await member.dispose();

  await signIn(page, lead.user, '/campaigns');
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'Lead campaign' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Member campaign' })).toBeVisible();
  const owner = page.getByTestId('owner-filter');
  await expect(owner).toBeVisible();
  await owner.click();
  await page.locator('.ant-select-dropdown:visible:not([class*="-leave"])').last().locator('.ant-select-item-option').filter({ hasText: 'Member Person' }).click();
  await expect(rows.filter({ hasText: 'Lead campaign' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Member campaign' })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, member.user, '/campaigns');
  await expect(rows.filter({ hasText: 'Member campaign' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Lead campaign' })).toHaveCount(0);
  await expect(page.getByTestId('owner-filter')).toHaveCount(0);
});
