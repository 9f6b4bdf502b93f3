import { expect, navigateInApp, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList } from '../prospects/prospects-world';
import { PAGE_LOAD, connectMailbox, oneEmailSequence, pick, saveCampaign, startMailboxPeers, type MailboxPeers } from './campaigns-world';

// A campaign that cannot be launched yet: its review step names every reason in words, with the
// step that fixes it; a launch the server refuses (its mailbox was paused after the checks ran)
// leaves it a draft and says why. Fixing each reason where the review points lets it launch. The
// draft, its lists and its mailbox (on loopback SMTP and IMAP servers) are seeded through the
// same calls the wizard makes; every fix goes through the screens.
const MAILBOX = 'lena@refused-launch.test';
const PASSWORD = 'Mailbox-App-Password-52';
const TITLE = 'Not quite ready';

let peers: MailboxPeers;

test.beforeAll(async () => {
  peers = await startMailboxPeers(MAILBOX, PASSWORD);
});

test.afterAll(async () => {
  await peers?.close();
});

test('a campaign with launch issues stays a draft, its review names each issue, and once they are fixed it launches', async ({ page, playwright, user }) => {
  // A mailbox connection test against real servers, two remotes' first loads and a launch.
  test.setTimeout(150_000);
  const api = await apiAs(playwright, user);
  const list = await createList(api, 'Launch prospects');
  await addProspect(api, list.id, { name: 'Ada Lovelace', email: 'ada@people.test' });
  await addProspect(api, list.id, { name: 'Alan Turing', email: 'alan@people.test' });
  await createList(api, 'Never mail');
  const mailboxId = await connectMailbox(api, peers, 'Lena');
  // No no-send list chosen, and the first email has no subject.
  const campaignId = await saveCampaign(api, {
    title: TITLE,
    listId: list.id,
    senderEmailAccounts: [mailboxId],
    flowchart: oneEmailSequence('', '<p>Hi {{firstName}}, a short note.</p>'),
  });

  await signIn(page, user, `/campaigns/create/review?id=${campaignId}`);
  const review = page.getByTestId('review-step');
  const issue = (key: string) => review.locator(`[data-testid="launch-issue"][data-key="${key}"]`);
  await expect(review.getByTestId('launch-issue')).toHaveCount(2, PAGE_LOAD);
  await expect(issue('launch_choose_not_send_list')).toContainText('No do-not-send list');
  await expect(issue('launch_choose_not_send_list')).toContainText('Choose a do-not-send list or turn the option off.');
  await expect(issue('email_no_subject')).toContainText('No subject');
  await expect(issue('email_no_subject')).toContainText('An email step has no subject.');
  await expect(review.getByTestId('launch-campaign')).toBeDisabled();

  // Each issue leads to the step that fixes it: the subject in the sequence…
  await issue('email_no_subject').getByRole('button', { name: 'Fix in Sequence' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/create/sequence\\?id=${campaignId}$`));
  const canvas = page.getByTestId('sequence-step');
  const drawer = page.locator('.ant-drawer-open');
  await expect(canvas.getByTestId('block-email-1')).toContainText('No subject');
  await canvas.getByTestId('block-email-1').click();
  await drawer.getByPlaceholder('Subject line').fill('Hello {{firstName}}');
  await drawer.locator('.ant-drawer-close').click();
  await expect(canvas.getByTestId('block-email-1')).not.toContainText('No subject');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
  await page.getByTestId('wizard-next').click();

  // …and the no-send list among the prospects.
  const prospects = page.getByTestId('prospects-step');
  const savedLists = page.waitForResponse((response) => response.url().endsWith(`/campaign/${campaignId}/common-settings`) && response.request().method() === 'PUT');
  await pick(page, prospects, 'No-send list', 'Never mail');
  expect((await savedLists).ok()).toBe(true);
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('sending-options-step')).toBeVisible();
  await page.getByTestId('wizard-next').click();
  await expect(review.getByTestId('launch-ready')).toBeVisible();

  // Meanwhile the mailbox is paused (from its screen in another tab; the same call): the
  // server refuses the launch and the review says why. Nothing was launched.
  await api.call('PUT', `/email-account/${mailboxId}/status`, { status: 'paused' });
  await api.dispose();
  await review.getByTestId('launch-campaign').click();
  await expect(review.getByText('The campaign was not launched. Fix these and try again:')).toBeVisible();
  await expect(review.getByTestId('launch-issue')).toHaveCount(1);
  await expect(issue('launch_invalid_email_accounts')).toContainText(`Email accounts need attention — ${MAILBOX}`);
  await expect(issue('launch_invalid_email_accounts')).toContainText('Some sender email accounts are not working. Fix or remove them.');
  await expect(review.getByTestId('launch-campaign')).toBeDisabled();
  await expect(page).toHaveURL(new RegExp(`/campaigns/create/review\\?id=${campaignId}$`));
  await navigateInApp(page, '/campaigns');
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await expect(row.getByTestId('campaign-status')).toHaveAttribute('data-status', 'new');
  await expect(row.getByTestId('campaign-status')).toHaveText('Draft');

  // The user resumes the mailbox on its screen and comes back: the campaign launches.
  await navigateInApp(page, '/account/email-accounts');
  const mailboxRow = page.getByRole('row', { name: new RegExp(MAILBOX.replace(/\./g, '\\.')) });
  await mailboxRow.getByRole('button', { name: 'Resume' }).click();
  await expect(mailboxRow.locator('[data-status="active"]')).toHaveText('Active');
  await navigateInApp(page, `/campaigns/create/review?id=${campaignId}`);
  await expect(review.getByTestId('launch-ready')).toBeVisible();
  await review.getByTestId('launch-campaign').click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(row.getByTestId('campaign-status')).toHaveAttribute('data-status', 'active');
});
