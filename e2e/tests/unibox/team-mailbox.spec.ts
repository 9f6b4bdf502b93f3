import { startSmtpSubmissionPeer, type SmtpSubmissionPeer } from '../../../api/src/modules/email-accounts/test-peers';
import { startImapPeer, type ImapPeer } from '../../../api/src/test-support/imap-peer';
import { expect, signIn, test } from '../../support/fixtures';
import { apiAs, makeTeam, pickOption } from '../prospects/prospects-world';
import { appendMail, connectMailbox, minutesAgo, syncedInbox, text } from './unibox-world';

// A member's mailbox, on loopback servers; the lead reads it through "Mailbox of", the member
// (limited to own records) may not read the lead's.
const MAILBOX = 'member@unibox-team.test';
const PASSWORD = 'Mailbox-App-Password-85';

let smtp: SmtpSubmissionPeer;
let imap: ImapPeer;

test.beforeAll(async () => {
  smtp = await startSmtpSubmissionPeer({ [MAILBOX]: PASSWORD });
  imap = await startImapPeer({ users: { [MAILBOX]: { password: PASSWORD } } });
  await appendMail(imap, MAILBOX, PASSWORD, 'INBOX', [
    { from: 'carla@people.test', fromName: 'Carla Client', to: MAILBOX, subject: 'Renewal next month', messageId: 'team-renewal@people.test', at: minutesAgo(20) },
  ]);
});

test.afterAll(async () => {
  await imap?.stop();
  await smtp?.close();
});

test("a team lead reads a member's unibox through “Mailbox of”; the member gets no such choice", async ({ page, playwright }) => {
  // The first sync of a new mailbox may take up to the world's wait (unibox-world.ts) on shared cores.
  test.setTimeout(150_000);
  const lead = await apiAs(playwright, undefined, 'Lead Person');
  const member = await apiAs(playwright, undefined, 'Member Person');
  await makeTeam(lead, member);
  const team = await lead.call<{ members: { id: number; email: string }[] }>('GET', '/team-info');
  const leadId = team.members.find((entry) => entry.email === lead.user.email)!.id;
  const memberId = team.members.find((entry) => entry.email === member.user.email)!.id;
  const mailboxId = await connectMailbox(member, { smtp, imap }, MAILBOX, PASSWORD, 'Member Person');
  await syncedInbox(member, mailboxId, 1);
  await lead.dispose();
  await member.dispose();

  // The lead's own unibox is empty; the member's shows Carla's message.
  await signIn(page, lead.user, '/unibox');
  await expect(page.getByText(text('list.empty.title'))).toBeVisible();
  const owner = page.getByRole('combobox', { name: text('owner.label') });
  await expect(async () => {
    await owner.click();
    await pickOption(page, text('owner.member', { name: 'Member Person', email: member.user.email }), { timeout: 2_000 });
    await expect(page).toHaveURL(new RegExp(`[?&]forUserId=${memberId}(&|$)`), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const list = page.getByRole('list', { name: text('list.label') });
  await expect(list.getByRole('link', { name: text('thread.openUnread', { who: 'Carla Client', count: 1 }) })).toBeVisible();
  await expect(page.getByRole('navigation', { name: text('folders.label') })).toContainText(MAILBOX);
  await list.getByRole('link', { name: text('thread.openUnread', { who: 'Carla Client', count: 1 }) }).click();
  await expect(page.getByTestId('conversation-pane').getByRole('heading', { level: 2 })).toHaveText('Renewal next month');

  // The member sees their own unibox, with no "Mailbox of", and may not ask for the lead's.
  await page.context().clearCookies();
  await signIn(page, member.user, '/unibox');
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 1 }));
  await expect(page.getByRole('combobox', { name: text('owner.label') })).toHaveCount(0);
  await expect(page.getByTestId('mailbox-owner-select')).toHaveCount(0);
  const refused = await page.request.get(`/pipelines/api/unibox/accounts?forUserId=${leadId}`, { headers: { accept: 'application/json' } });
  expect(refused.status()).toBe(403);
});
