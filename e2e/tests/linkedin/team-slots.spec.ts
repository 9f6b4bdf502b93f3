import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { createUser, expect, signIn, test } from '../../support/fixtures';
import { connectByCookie, joinTeam, pageOf, pick } from './linkedin-world';

// Team slots (document 1 §6) between two people at their own desks: the lead's page and the
// member's page are open side by side, and each sees the other's decisions arrive through the
// `account.changed` pushes, without a reload. A new user's plan (the trial) holds two slots.
const PAGE = '/account/linkedin-accounts';

const teamSlots = (page: Page) => page.getByTestId('team-section').locator('.ant-card').filter({ hasText: 'Team slots' });
const requests = (page: Page) => page.getByTestId('team-section').locator('.ant-card').filter({ has: page.getByText(/slot requests$/i) });
/** The table rows (of the whole page or of one card) showing `name` in a cell of their own. */
function accountRow(scope: Page | Locator, name: string): Locator {
  const page = 'goto' in scope ? scope : scope.page();
  return scope.locator('tr').filter({ has: page.getByText(name, { exact: true }) });
}

async function requestSlot(member: Page, note: string): Promise<void> {
  await member.getByRole('button', { name: 'Request a slot' }).click();
  const dialog = member.getByRole('dialog', { name: 'Ask your team lead for a LinkedIn slot' });
  await dialog.getByLabel('Note for your lead').fill(note);
  await dialog.getByRole('button', { name: 'Send the request' }).click();
  await expect(dialog).toBeHidden();
  await expect(accountRow(member, note).locator('[data-status]')).toHaveText('Waiting for the lead');
  // One request at a time: the button waits for the lead's answer.
  await expect(member.getByRole('button', { name: 'Request a slot' })).toBeDisabled();
}

test('a lead gives slots to a member and decides on requests; the member connects, asks and withdraws', async ({ page: lead, browser, playwright }) => {
  // Two people's pages side by side, two accounts connected and three requests decided.
  test.setTimeout(120_000);
  const request = await playwright.request.newContext();
  const leadUser = await createUser(request, { name: 'Lena Lead' });
  const memberUser = await createUser(request, { name: 'Milo Member' });
  await request.dispose();
  await joinTeam(leadUser, memberUser);
  const run = randomUUID().slice(0, 8);

  // The lead adds a slot by connecting an account, then gives it to Milo.
  await signIn(lead, leadUser, PAGE);
  await expect(lead.getByText('No member has asked for a slot')).toBeVisible();
  await lead.getByRole('button', { name: 'Connect an account' }).first().click();
  await connectByCookie(lead, `AQEDAR-team-seat-${run}`, 'Team seat');
  const seat = accountRow(teamSlots(lead), 'Team seat');
  await expect(seat).toContainText('The owner');
  await seat.getByRole('button', { name: 'Assign Team seat' }).click();
  const assign = lead.getByRole('dialog', { name: 'Assign Team seat to a member' });
  await pick(lead, 'Team member', 'Milo Member');
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(assign).toBeHidden();
  await expect(seat).toContainText('Milo Member');
  await expect(accountRow(lead, 'Team seat').first()).toContainText('Used by Milo Member');

  // Milo sees the seat among his accounts, active and ready, and who it belongs to.
  const member = await pageOf(browser, memberUser, PAGE);
  await expect(member.getByRole('heading', { level: 1, name: 'LinkedIn accounts' })).toBeVisible();
  await expect(accountRow(member, 'Team seat').first().locator('[data-state="active"]')).toHaveText('Active');
  await expect(accountRow(teamSlots(member), 'Team seat')).toContainText('Lena Lead');
  // A member cannot add slots: he asks for one.
  await expect(member.getByText('You have not asked for a slot')).toBeVisible();
  await requestSlot(member, `Berlin outreach ${run}`);

  // The lead sees the request arrive and approves it with a new slot of the plan.
  const berlin = accountRow(requests(lead), `Berlin outreach ${run}`);
  await expect(berlin.locator('[data-status]')).toHaveText('Waiting for the lead');
  await berlin.getByRole('button', { name: 'Approve the request of Milo Member' }).click();
  const approve = lead.getByRole('dialog', { name: 'Give Milo Member a LinkedIn slot' });
  await expect(approve).toContainText(`Their note: “Berlin outreach ${run}”`);
  await expect(approve.getByLabel('Slot to give')).toBeVisible();
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await expect(berlin.locator('[data-status]')).toHaveText('Approved');
  await expect(lead.getByTestId('slots')).toHaveText('LinkedIn slots in use: 2 of 2');

  // Milo finds the empty slot waiting for him and connects his own account to it.
  await expect(accountRow(member, `Berlin outreach ${run}`).locator('[data-status]')).toHaveText('Approved');
  const empty = accountRow(member, 'Empty slot').first();
  await expect(empty.locator('[data-state="pending_connection"]')).toHaveText('Waiting to be connected');
  await expect(empty).toContainText('Used by Milo Member');
  await empty.getByRole('button', { name: 'Connect an account to Empty slot' }).click();
  await connectByCookie(member, `AQEDAR-milo-own-${run}`, 'Milo — Berlin');
  await expect(accountRow(member, 'Milo — Berlin').first().locator('[data-state="active"]')).toHaveText('Active');
  await expect(accountRow(member, 'Milo — Berlin').first().locator('[data-provider="sandbox"]')).toHaveText('Sandbox network');
  await expect(accountRow(teamSlots(lead), 'Milo — Berlin')).toContainText('Milo Member');

  // A second request: the lead rejects it, and Milo sees the answer.
  await requestSlot(member, `Paris outreach ${run}`);
  const paris = accountRow(requests(lead), `Paris outreach ${run}`);
  await paris.getByRole('button', { name: 'Reject the request of Milo Member' }).click();
  await lead.getByRole('tooltip').getByRole('button', { name: 'Reject' }).click();
  await expect(paris.locator('[data-status]')).toHaveText('Rejected');
  await expect(accountRow(member, `Paris outreach ${run}`).locator('[data-status]')).toHaveText('Rejected');

  // A third one Milo takes back himself before the lead answers.
  await requestSlot(member, `Madrid outreach ${run}`);
  await expect(accountRow(requests(lead), `Madrid outreach ${run}`).locator('[data-status]')).toHaveText('Waiting for the lead');
  await accountRow(requests(member), `Madrid outreach ${run}`).getByRole('button', { name: 'Withdraw' }).click();
  await member.getByRole('tooltip').getByRole('button', { name: 'Withdraw' }).click();
  await expect(accountRow(member, `Madrid outreach ${run}`).locator('[data-status]')).toHaveText('Withdrawn');
  await expect(member.getByRole('button', { name: 'Request a slot' })).toBeEnabled();
  await expect(accountRow(requests(lead), `Madrid outreach ${run}`).locator('[data-status]')).toHaveText('Withdrawn');
  await expect(accountRow(requests(lead), `Madrid outreach ${run}`).getByRole('button')).toHaveCount(0);

  // The lead takes the first seat back: it leaves Milo's accounts, his own slot stays.
  await seat.getByRole('button', { name: 'Take back Team seat' }).click();
  await lead.getByRole('tooltip').getByRole('button', { name: 'Take back' }).click();
  await expect(seat).toContainText('The owner');
  await expect(accountRow(teamSlots(member), 'Team seat')).toContainText('The owner');
  await expect(member.locator('tbody').first().getByText('Team seat', { exact: true })).toHaveCount(0);
  await expect(accountRow(member, 'Milo — Berlin').first()).toBeVisible();

  // What the screens show is what the API holds: a reload shows the same.
  await member.reload();
  await expect(accountRow(member, 'Milo — Berlin').first().locator('[data-state="active"]')).toHaveText('Active');
  await expect(member.locator('tbody').first().getByText('Team seat', { exact: true })).toHaveCount(0);
  await member.context().close();
});
