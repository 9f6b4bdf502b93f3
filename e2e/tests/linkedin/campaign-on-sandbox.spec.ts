import { randomUUID } from 'node:crypto';
import { expect, signIn, test } from '../../support/fixtures';
import { apiAs, createList, type ApiSession } from '../prospects/prospects-world';
import { connectByCookie, workAroundTheClock } from './linkedin-world';

// A LinkedIn sequence running its course on the offline sandbox network, on the journeys'
// server's fast clock (CAMPAIGN_TIME_SCALE=1440 — the LinkedIn runner and the sandbox's people
// keep it too: a day is a minute). There every sandbox person accepts an invitation within 1–2
// hours (2.5–5 s) and answers a message 12–16 hours after it (30–40 s): e2e/support/start-server.mjs.
//
// The user connects an account and opens its working hours to every day, all day (a journey may
// run at night or on a weekend); the people come from a LinkedIn search on that account; the
// campaign visit → invite → "invitation accepted within 3 days?" → message is saved through the
// same calls the wizard makes (the wizard's screens have their own journey) and launched from
// its review step. The recipients table then shows each invitation accepted, the message sent and
// the person's reply; the unibox shows each reply as a LinkedIn conversation, answered from there
// through the account.
const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=revops%20lead';

const at = (x: number, y: number) => ({ x, y });
const flowchart = {
  operators: [
    { block: { id: 'start', type: 'start' }, position: at(0, 0) },
    { block: { id: 'visit', type: 'linkedin', actionType: 'visit', subject: '', content: '' }, position: at(0, 120) },
    { block: { id: 'invite', type: 'linkedin', actionType: 'invite', subject: '', content: 'Hi {{firstName}}, glad to connect.' }, position: at(0, 240) },
    { block: { id: 'accepted', type: 'trigger', triggerType: 'invite_accepted', time: 3 * 24 * 60, degreeLevels: [] }, position: at(0, 360) },
    { block: { id: 'message', type: 'linkedin', actionType: 'message', subject: '', content: 'Thanks for connecting, {{firstName}}! Shall we talk this week?' }, position: at(-160, 480) },
    { block: { id: 'not-accepted', type: 'goal', goal_name: 'Not connected' }, position: at(160, 480) },
  ],
  links: [
    { from: 'start', to: 'visit', output: 'next' },
    { from: 'visit', to: 'invite', output: 'next' },
    { from: 'invite', to: 'accepted', output: 'next' },
    { from: 'accepted', to: 'message', output: 'yes' },
    { from: 'accepted', to: 'not-accepted', output: 'no' },
  ],
};

interface RecipientRow {
  id: number;
  name: string;
  status: string;
  linkedin_invite: string;
  linkedin_message: number;
  linkedin_message_reply: string;
}

/** People of a LinkedIn search on the account, saved into a new list; answers the list and how many. */
async function searchedPeople(api: ApiSession, accountId: number, listName: string): Promise<{ listId: number; saved: number }> {
  const list = await createList(api, listName);
  const task = await api.call<{ id: number }>('POST', '/linkedin-search/tasks', {
    url: SEARCH,
    accountId,
    prospectsListId: list.id,
    prospectsTotal: 3,
    isSkipSaved: false,
    isSaveWithoutEmail: true,
  });
  const status = () => api.call<{ status: string; prospectsSaved: number }>('GET', `/linkedin-search/tasks/${task.id}`);
  await expect.poll(async () => (await status()).status, { timeout: 60_000 }).toBe('completed');
  return { listId: list.id, saved: (await status()).prospectsSaved };
}

test('a campaign visits, invites, waits for the acceptance and writes on the sandbox network; the table and the unibox show the acceptance and the reply', async ({ page, playwright, user }) => {
  // The invitations are accepted within seconds; the answers come 30–40 s after each message.
  test.setTimeout(300_000);
  const run = randomUUID().slice(0, 8);
  const seller = `Sandbox seller ${run}`;

  // The user connects an account and lets it work around the clock.
  await signIn(page, user, '/account/linkedin-accounts');
  await expect(page.getByTestId('sandbox-banner')).toContainText('Sandbox network — not LinkedIn');
  await page.getByRole('button', { name: 'Connect an account' }).first().click();
  await connectByCookie(page, `AQEDAR-campaign-${run}`, seller);
  await workAroundTheClock(page, seller);

  const api = await apiAs(playwright, user);
  const accounts = await api.call<{ items: { id: number; name: string; workingHours: unknown[] }[] }>('GET', '/pipelines/api/linkedin-accounts/all');
  const account = accounts.items.find((item) => item.name === seller)!;
  expect(account.workingHours).toHaveLength(7);
  const { listId, saved } = await searchedPeople(api, account.id, `RevOps leads ${run}`);
  expect(saved).toBeGreaterThan(0);
  const noSend = await createList(api, `RevOps no-send ${run}`);
  const created = await api.call<{ campaign: { campaignId: number } }>('POST', '/pipelines/api/campaign/save', {
    title: `LinkedIn sequence ${run}`,
    flowchart,
    listId,
    blacklist: noSend.id,
    senderLinkedinAccounts: [account.id],
  });
  const campaignId = created.campaign.campaignId;

  // Launched from the review step, as the user does after the wizard.
  await page.goto(`/campaigns/create/review?id=${campaignId}`);
  const review = page.getByTestId('review-step');
  await expect(review.getByTestId('launch-ready')).toBeVisible({ timeout: 45_000 });
  await expect(review.getByTestId('review-recipients')).toHaveText(String(saved));
  await review.getByTestId('launch-campaign').click();
  await expect(page).toHaveURL(/\/campaigns$/);

  // Everyone is visited, invited, accepts, gets the message and answers it: the sequence stops
  // for the reply (the trigger never reaches its three "days", so nobody takes the "no" branch).
  const recipients = async () =>
    (await api.call<{ items: RecipientRow[] }>('GET', `/pipelines/api/recipients?campaignId=${campaignId}&perPage=50`)).items;
  await expect
    .poll(async () => (await recipients()).map((row) => [row.status, row.linkedin_invite, row.linkedin_message, row.linkedin_message_reply].join(' ')), {
      timeout: 300_000,
      intervals: [2_000],
    })
    .toEqual(Array.from({ length: saved }, () => 'reply accepted 1 replied'));
  const people = await recipients();
  await api.dispose();

  // The recipients table says so, once its LinkedIn columns are chosen (the email ones come first).
  await page.goto(`/campaigns/${campaignId}/recipients`);
  await expect(page.getByText(`Recipients: ${saved}`)).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: /^Columns/ }).click();
  const chooser = page.getByRole('group', { name: 'Columns shown' });
  for (const column of ['LinkedIn account', 'Invitation', 'Messages', 'Message reply']) await chooser.getByRole('checkbox', { name: column, exact: true }).check();
  await page.keyboard.press('Escape');
  const header = page.getByRole('columnheader');
  await expect(header.filter({ hasText: 'Message reply' })).toBeVisible();
  const columnIndex = async (name: string) => (await header.allInnerTexts()).findIndex((text) => text.trim() === name);
  for (const person of people) {
    const row = page.getByRole('row').filter({ has: page.getByTestId(`recipient-${person.id}`) });
    await expect(row.getByTestId(`recipient-status-${person.id}`)).toHaveText('Replied');
    const cells = row.getByRole('cell');
    await expect(cells.nth(await columnIndex('Invitation'))).toHaveText('Accepted');
    await expect(cells.nth(await columnIndex('Messages'))).toHaveText('1');
    await expect(cells.nth(await columnIndex('Message reply'))).toHaveText('Replied');
    await expect(cells.nth(await columnIndex('LinkedIn account'))).toHaveText(seller);
  }

  // Each reply is a LinkedIn conversation in the unibox, beside the account in the left pane.
  await page.goto('/unibox');
  const pane = page.getByRole('navigation', { name: 'Mailboxes and folders' });
  await expect(pane.getByText(seller)).toBeVisible({ timeout: 30_000 });
  const rows = page.getByTestId('thread-row');
  await expect(rows).toHaveCount(people.length);
  await expect(rows.first()).toContainText('LinkedIn');
  await pane.getByText(seller).click();
  await expect(page).toHaveURL(/linkedinAccountIds=\d+/);
  await expect(rows).toHaveCount(people.length);
  const [first] = people;
  await rows.filter({ hasText: first!.name }).click();
  const conversation = page.getByTestId('conversation-pane');
  await expect(conversation.getByRole('heading', { name: 'LinkedIn conversation' })).toBeVisible();
  const messages = conversation.getByTestId('unibox-message');
  // What the campaign wrote (the invitation's note, the message), then the answer.
  // (A sandbox answer may itself say "Thanks for connecting!": the message's own question tells it.)
  await expect(messages.filter({ hasText: 'Shall we talk this week?' })).toHaveCount(1);
  await expect(messages.last()).toContainText(first!.name);
  await expect(messages.last()).not.toContainText('Sent by you');
  const before = await messages.count();

  // Answered from the unibox: listed at once with its delivery state, sent by the account's runner,
  // then a message of the conversation like any other (the runner's answer reaches the open pane).
  await conversation.getByRole('textbox', { name: 'Your LinkedIn message' }).fill('Great — does Thursday at 10 suit you?');
  await conversation.getByRole('button', { name: 'Send on LinkedIn' }).click();
  await expect(conversation.getByText(/Queued: the account sends it/)).toBeVisible();
  await expect(messages).toHaveCount(before + 1);
  await expect(messages.last()).toContainText('does Thursday at 10 suit you?');
  await expect(messages.last()).not.toContainText(/Queued|Sending|Failed/, { timeout: 30_000 });
  await expect(messages).toHaveCount(before + 1);
  await expect(messages.last()).toContainText('Sent by you');
});
