import { startSmtpSubmissionPeer, type SmtpSubmissionPeer } from '../../../api/src/modules/email-accounts/test-peers';
import { startImapPeer, type ImapPeer } from '../../../api/src/test-support/imap-peer';
import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList } from '../prospects/prospects-world';
import { linkBlocks, pick } from './campaigns-world';

// Creating a campaign in the four steps and launching it, on the composed app. The data the
// journey is not about (a prospect list, a no-send list, a mailbox on loopback SMTP and IMAP
// servers) is seeded through the same public calls the app makes; everything about the campaign
// goes through its screens.
const MAILBOX = 'grace@campaign-mail.test';
const PASSWORD = 'Mailbox-App-Password-15';

let smtp: SmtpSubmissionPeer;
let imap: ImapPeer;

test.beforeAll(async () => {
  smtp = await startSmtpSubmissionPeer({ [MAILBOX]: PASSWORD });
  imap = await startImapPeer({ users: { [MAILBOX]: { password: PASSWORD } } });
});

test.afterAll(async () => {
  await imap?.stop();
  await smtp?.close();
});


test('a user builds a sequence, picks the lists and a mailbox, reviews and launches the campaign', async ({ page, playwright, user }) => {
  // A mailbox connection test against real servers, a remote build's first load and four saves.
  test.setTimeout(180_000);
  const api = await apiAs(playwright, user);
  const list = await createList(api, 'Spring prospects');
  for (const [name, email] of [
    ['Ada Lovelace', 'ada@prospects.test'],
    ['Alan Turing', 'alan@prospects.test'],
    ['Edsger Dijkstra', 'edsger@prospects.test'],
  ] as const) {
    await addProspect(api, list.id, { name, email });
  }
  await createList(api, 'Do not send');
  await api.call('POST', '/email-account/create', {
    email: MAILBOX,
    senderName: 'Grace',
    smtp: { host: '127.0.0.1', port: smtp.port, security: 'none', password: PASSWORD },
    imap: { host: '127.0.0.1', port: imap.port, security: 'none' },
  });
  await api.dispose();

  await signIn(page, user, '/campaigns');
  // Nothing yet: the empty state offers the first campaign.
  await expect(page.getByText('No campaigns yet')).toBeVisible();
  await page.getByTestId('new-campaign').first().click();
  const create = page.getByRole('dialog', { name: 'New campaign' });
  await create.getByLabel('Campaign title').fill('Spring outreach');
  await create.getByRole('button', { name: 'Create and continue' }).click();

  // Step 1: the sequence opens with the start and one email. The user builds email → delay 1 day
  // → "opened within 2 days?" → yes: email 2, no: email 3, each block edited in its drawer.
  await expect(page).toHaveURL(/\/campaigns\/create\/sequence\?id=\d+$/);
  const campaignId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByTestId('wizard-title')).toHaveText('Spring outreach');
  const canvas = page.getByTestId('sequence-step');
  // The block drawer (antd marks the open one).
  const drawer = page.locator('.ant-drawer-open');
  const block = (id: string) => canvas.getByTestId(`block-${id}`);
  const closeDrawer = async () => {
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toHaveCount(0);
  };
  // A block's drawer is open (a new block opens its own): its email gets a subject and a body.
  const writeEmail = async (id: string, subject: string, text: string) => {
    await drawer.getByPlaceholder('Subject line').fill(subject);
    await drawer.locator('[contenteditable="true"]').click();
    await page.keyboard.type(text);
    await closeDrawer();
    await expect(block(id)).toContainText(subject);
    await expect(block(id)).not.toContainText('No subject');
  };
  await block('email-1').click();
  await writeEmail('email-1', 'Hello {{firstName}}', 'We build sequences that respect your time.');

  // Blocks are numbered across types; each added block opens its drawer and the next one is
  // added below the open block.
  await canvas.getByRole('button', { name: 'Add a Delay block' }).click();
  await expect(block('delay-2')).toBeAttached();
  await drawer.getByLabel('Waiting time').fill('1');
  await canvas.getByRole('button', { name: 'Add a Trigger block' }).click();
  await expect(block('trigger-3')).toBeAttached();
  await pick(page, drawer, 'Condition', 'Email opened');
  await drawer.getByLabel('Window length').fill('2');
  await pick(page, drawer, 'Window unit', 'days');
  // Below the trigger, the email goes on its first free branch: yes.
  await canvas.getByRole('button', { name: 'Add a Email block' }).click();
  await expect(block('email-4')).toBeAttached();
  await writeEmail('email-4', 'Glad it was useful, {{firstName}}', 'Shall we talk this week?');

  // Dropped on the canvas, the next email is connected to nothing: the block says so.
  const region = canvas.getByRole('region', { name: 'Sequence canvas' });
  await canvas.getByRole('button', { name: 'Add a Email block' }).dragTo(region, { targetPosition: { x: 40, y: 60 } });
  await expect(block('email-5')).toContainText('Unconnected step');
  await writeEmail('email-5', 'In case you missed it', 'A short note again.');
  await expect(block('email-5')).toContainText('Unconnected step');
  // Connecting the trigger's "no" output to it fixes that (laid out first, so both are in view).
  await canvas.getByRole('button', { name: 'Auto-layout' }).click();
  await linkBlocks(page, canvas, 'trigger-3', 'no', 'email-5');
  await expect(block('email-5')).not.toContainText('Unconnected step');
  await expect(canvas.getByText('The sequence is ready to launch.')).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');

  // Step 2: the prospect list and the no-send list; the server counts who will be added.
  await page.getByTestId('wizard-next').click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/create/prospects\\?id=${campaignId}$`));
  const prospects = page.getByTestId('prospects-step');
  await pick(page, prospects, 'Prospect list', 'Spring prospects');
  await pick(page, prospects, 'No-send list', 'Do not send');
  await expect(prospects.getByTestId('will-add')).toContainText('3');
  // Skipping prospects used in other campaigns may count the team's campaigns too.
  const teamCampaigns = prospects.getByRole('checkbox', { name: "Also count my team's campaigns" });
  await expect(teamCampaigns).toBeDisabled();
  await prospects.getByRole('switch', { name: 'Skip prospects used in other campaigns' }).click();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith(`/campaign/${campaignId}/common-settings`) && response.request().postDataJSON()?.includeTeamCampaigns === true,
  );
  await teamCampaigns.check();
  expect((await saved).ok()).toBe(true);

  // The wizard saved on the server: a reload resumes at this step with the lists chosen.
  await page.goto(`/campaigns/create?id=${campaignId}`);
  await expect(page).toHaveURL(new RegExp(`/campaigns/create/prospects\\?id=${campaignId}$`));
  await expect(page.getByTestId('prospects-step')).toContainText('Spring prospects');
  await expect(page.getByTestId('prospects-step').getByRole('checkbox', { name: "Also count my team's campaigns" })).toBeChecked();

  // Step 3: the mailbox to send from.
  await page.getByTestId('wizard-next').click();
  const sending = page.getByTestId('sending-options-step');
  await pick(page, sending, 'Email accounts', MAILBOX);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');

  // Step 4: the plan in words, the email as Ada reads it, every check passed; launch.
  await page.getByTestId('wizard-next').click();
  const review = page.getByTestId('review-step');
  await expect(review.getByTestId('launch-ready')).toBeVisible();
  const plan = review.getByTestId('plan-sequence');
  await expect(plan).toContainText('1. Send the email “Hello {{firstName}}”.');
  await expect(plan).toContainText('2. Wait 1 day.');
  await expect(plan).toContainText('3. Wait up to 2 days to see whether the email is opened.');
  await expect(plan).toContainText('4. Send the email “Glad it was useful, {{firstName}}”.');
  await expect(plan).toContainText('5. Send the email “In case you missed it”.');
  await expect(review.getByTestId('review-recipients')).toHaveText('3');
  await expect(review.getByTestId('email-preview')).toHaveCount(3);
  await expect(review.getByTestId('preview-subject').first()).toHaveText(/^Hello (Ada|Alan|Edsger)$/);
  await review.getByTestId('launch-campaign').click();

  // Back on the list, the campaign is active.
  await expect(page).toHaveURL(/\/campaigns$/);
  const row = page.getByRole('row').filter({ hasText: 'Spring outreach' });
  await expect(row.getByTestId('campaign-status')).toHaveAttribute('data-status', 'active');
});
