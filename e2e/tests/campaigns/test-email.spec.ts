import { readMail } from '../../../api/src/test-support/received-mail';
import { expect, signIn, test } from '../../support/fixtures';
import { addProspect, apiAs, createList } from '../prospects/prospects-world';
import { PAGE_LOAD, connectMailbox, oneEmailSequence, pick, saveCampaign, startMailboxPeers, type MailboxPeers } from './campaigns-world';

// Before launching, the user sends themselves the first email as one prospect will read it. The
// campaign, its list and its mailbox (on loopback SMTP and IMAP servers) are seeded through the
// same calls the wizard makes; the test is sent from the review step, and the mailbox's SMTP
// server shows what left: the placeholders filled from the chosen prospect.
const MAILBOX = 'tess@test-email.test';
const PASSWORD = 'Mailbox-App-Password-61';
const TESTER = 'me@inbox.test';

let peers: MailboxPeers;

test.beforeAll(async () => {
  peers = await startMailboxPeers(MAILBOX, PASSWORD);
});

test.afterAll(async () => {
  await peers?.close();
});

test('a user sends a test of the first email to their own address, filled in for the prospect they chose', async ({ page, playwright, user }) => {
  // A mailbox connection test against real servers and a remote build's first load.
  test.setTimeout(120_000);
  const api = await apiAs(playwright, user);
  const list = await createList(api, 'Test prospects');
  await addProspect(api, list.id, { name: 'Ada Lovelace', email: 'ada@people.test', company: 'Analytical Engines' });
  await addProspect(api, list.id, { name: 'Alan Turing', email: 'alan@people.test', company: 'Bletchley Park' });
  const noSend = await createList(api, 'Test no-send');
  const mailboxId = await connectMailbox(api, peers, 'Tess');
  const campaignId = await saveCampaign(api, {
    title: 'Test before launch',
    listId: list.id,
    blacklist: noSend.id,
    senderEmailAccounts: [mailboxId],
    flowchart: oneEmailSequence('Hello {{firstName}}', '<p>Hi {{firstName}}, how are things at {{companyName}}?</p>'),
  });
  await api.dispose();

  await signIn(page, user, `/campaigns/create/review?id=${campaignId}`);
  const review = page.getByTestId('review-step');
  await expect(review.getByTestId('launch-ready')).toBeVisible(PAGE_LOAD);

  // The preview follows the prospect chosen for it; so does the test.
  await pick(page, review, 'Preview for', 'Alan Turing');
  await expect(review.getByTestId('preview-subject').first()).toHaveText('Hello Alan');
  await review.getByRole('textbox', { name: 'Send the test to' }).fill(TESTER);
  await review.getByRole('button', { name: `Send test from ${MAILBOX}` }).click();
  await expect(page.getByText(`Test email sent to ${TESTER}.`)).toBeVisible();

  // The mailbox's server has it (the call answers once the server has answered), filled in for Alan.
  const sent = peers.smtp.received.filter((mail) => mail.to.includes(TESTER));
  expect(sent).toHaveLength(1);
  const mail = await readMail(sent[0]!.raw);
  expect(mail.subject).toBe('Hello Alan');
  expect(mail.html).toContain('Hi Alan, how are things at Bletchley Park?');
  expect(mail.html).not.toContain('{{');
  // A test goes only to the address typed, never to the prospect.
  expect(peers.smtp.received.some((received) => received.to.includes('alan@people.test'))).toBe(false);
  // The campaign is still a draft: a test launches nothing.
  await page.goto('/campaigns');
  await expect(page.getByRole('row').filter({ hasText: 'Test before launch' }).getByTestId('campaign-status')).toHaveAttribute('data-status', 'new', PAGE_LOAD);
});
