import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList, makeTeam } from './prospects-world';

test("a member limited to own records sees no phones of another member's prospect and cannot edit it", async ({ page, playwright }) => {
  const lead = await apiAs(playwright, undefined, 'Lead Person');
  const member = await apiAs(playwright, undefined, 'Member Person');
  await makeTeam(lead, member);
  const list = await createList(lead, 'Lead accounts');
  const prospect = await addProspect(lead, list.id, { name: 'Margaret Hamilton', email: 'margaret@example.com', phone: '+1 617 555 0100' });
  await lead.dispose();
  await member.dispose();

  await signIn(page, member.user);
  await page.goto(`/prospect?id=${prospect.id}`);
  await expect(page.getByRole('heading', { level: 3, name: 'Margaret Hamilton' })).toBeVisible();
  await expect(page.locator('[data-viewer-class="viewOnlyOwnRecordsOnTeam"]')).toBeVisible();
  // Phones are hidden: not rendered, and not sent by the API either.
  await expect(page.getByTestId('prospect-phones')).toHaveCount(0);
  await expect(page.getByText('+1 617 555 0100')).toHaveCount(0);
  // Nothing to edit: no inputs for the names and no save.
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByText('You can view this prospect but not change it.')).toBeVisible();
});
