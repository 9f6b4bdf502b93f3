import { startSmtpSubmissionPeer, type SmtpSubmissionPeer } from '../../../api/src/modules/email-accounts/test-peers';
import { startImapPeer, type ImapPeer } from '../../../api/src/test-support/imap-peer';
import { expect, signIn, test } from '../../support/fixtures';
import { apiAs } from '../prospects/prospects-world';
import { appendMail, connectMailbox, minutesAgo, rfc822, syncedInbox, text, type Mail } from './unibox-world';

// The unibox is open when a new message reaches the mailbox: the sync hears it over IMAP IDLE and
// the page is told (mail.inbound, unibox.unread), with no reload.
const MAILBOX = 'ada@unibox-live.test';
const PASSWORD = 'Mailbox-App-Password-83';
const earlier: Mail[] = [1, 2, 3].map((n) => ({
  from: `earlier${n}@people.test`,
  fromName: `Earlier Sender${n}`,
  to: MAILBOX,
  subject: `Earlier note ${n}`,
  messageId: `earlier-${n}@people.test`,
  at: minutesAgo(60 - n),
}));

let smtp: SmtpSubmissionPeer;
let imap: ImapPeer;

test.beforeAll(async () => {
  smtp = await startSmtpSubmissionPeer({ [MAILBOX]: PASSWORD });
  imap = await startImapPeer({ users: { [MAILBOX]: { password: PASSWORD } } });
  await appendMail(imap, MAILBOX, PASSWORD, 'INBOX', earlier);
});

test.afterAll(async () => {
  await imap?.stop();
  await smtp?.close();
});

test('a message delivered while the unibox is open shows up with the unread counts, without a reload', async ({ page, playwright, user }) => {
  // A new mailbox joins the running IMAP sync within a minute (the sync's mailbox check).
  test.setTimeout(240_000);
  const api = await apiAs(playwright, user);
  const mailboxId = await connectMailbox(api, { smtp, imap }, MAILBOX, PASSWORD, 'Ada Lovelace');
  await syncedInbox(api, mailboxId, earlier.length);
  await api.dispose();

  await signIn(page, user, '/unibox');
  const folders = page.getByRole('navigation', { name: text('folders.label') });
  const all = folders.getByRole('menuitem').filter({ hasText: /^All/ });
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 3 }));
  await expect(all.getByLabel(text('folders.unread', { count: 3 }))).toBeVisible();
  await expect(page.getByTestId('header-unread')).toHaveAttribute('aria-label', '3 unread replies');
  // A reload would forget this mark on the window.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await imap.append(
    MAILBOX,
    'INBOX',
    rfc822({ from: 'newcomer@people.test', fromName: 'Nina Newcomer', to: MAILBOX, subject: 'Just arrived', messageId: 'just-arrived@people.test', at: new Date() }),
  );

  const list = page.getByRole('list', { name: text('list.label') });
  await expect(list.getByTestId('thread-row').first().getByRole('link', { name: text('thread.openUnread', { who: 'Nina Newcomer', count: 1 }) })).toBeVisible();
  await expect(list.getByTestId('thread-row').first()).toContainText('Just arrived');
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 4 }));
  await expect(all.getByLabel(text('folders.unread', { count: 4 }))).toBeVisible();
  await expect(folders.getByRole('menuitem').filter({ hasText: MAILBOX }).getByLabel(text('folders.unread', { count: 4 }))).toBeVisible();
  await expect(page.getByTestId('header-unread')).toHaveAttribute('aria-label', '4 unread replies');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
