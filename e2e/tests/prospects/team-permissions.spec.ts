import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList, makeTeam } from './prospects-world';

test("a member limited to own records sees no phones of another member's prospect and cannot edit it", async ({ page, playwright }) => {
  const lead = await apiAs(playwright, undefined, 'Lead Person');
  const member = await apiAs(playwright, undefined, 'Member Person');
  await makeTeam(lead, member);
  const list = await createList(lead, 'Lead accounts');
  const prospect = await addProspect(lead, list.id, { name: 'Margaret Hamilton', email: 'margaret@example.com', phone: '+1 617 555 0100' });
  const memberList = await createList(member, 'Member accounts');
  const membersProspect = await addProspect(member, memberList.id, { name: 'Annie Easley', email: 'annie@example.com', phone: '+1 216 555 0199' });
  await lead.dispose();
  await member.dispose();

  await signIn(page, member.user, `/prospect?id=${prospect.id}`);
  await expect(page.getByRole('heading', { level: 3, name: 'Margaret Hamilton' })).toBeVisible();
  await expect(page.locator('[data-viewer-class="viewOnlyOwnRecordsOnTeam"]')).toBeVisible();
  // Phones are hidden: not rendered, and not sent by the API either.
  await expect(page.getByTestId('prospect-phones')).toHaveCount(0);
  await expect(page.getByText('+1 617 555 0100')).toHaveCount(0);
  // Nothing to edit: no inputs for the names and no save.
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByText('You can view this prospect but not change it.')).toBeVisible();

  // The team lead sees the member's phones, read-only.
  await page.context().clearCookies();
  await signIn(page, lead.user, `/prospect?id=${membersProspect.id}`);
  await expect(page.getByRole('heading', { level: 3, name: 'Annie Easley' })).toBeVisible();
  await expect(page.locator('[data-viewer-class="teamLead"]')).toBeVisible();
  await expect(page.getByTestId('prospect-phones').getByText('+1 216 555 0199')).toBeVisible();
  await expect(page.getByLabel('Phone 1')).toHaveCount(0);

  // The lead sees the member's list among the team's, but files only their own (no drag handle, no actions);
  // "Mine" leaves the member's list out.
  await page.goto('/prospects/all');
  const sidebar = page.getByRole('navigation', { name: 'Prospect lists' });
  await expect(sidebar.getByText('Member accounts')).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Drag list Lead accounts' })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Drag list Member accounts' })).toHaveCount(0);
  await expect(sidebar.getByRole('button', { name: 'Actions for Member accounts' })).toHaveCount(0);
  await sidebar.getByText('Mine', { exact: true }).click();
  await expect(sidebar.getByText('Member accounts')).toHaveCount(0);
  await expect(sidebar.getByText('Lead accounts')).toBeVisible();
});
