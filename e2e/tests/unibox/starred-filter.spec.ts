import { startSmtpSubmissionPeer, type SmtpSubmissionPeer } from '../../../api/src/modules/email-accounts/test-peers';
import { startImapPeer, type ImapPeer } from '../../../api/src/test-support/imap-peer';
import { expect, signIn, test } from '../../support/fixtures';
import { apiAs } from '../prospects/prospects-world';
import { appendMail, connectMailbox, minutesAgo, syncedInbox, text, type Mail } from './unibox-world';

const MAILBOX = 'ada@unibox-starred.test';
const PASSWORD = 'Mailbox-App-Password-84';
const PEOPLE = ['Alma Archer', 'Boris Baker', 'Cleo Carter'];
const mail: Mail[] = PEOPLE.map((name, n) => ({
  from: `${name.split(' ')[0]!.toLowerCase()}@people.test`,
  fromName: name,
  to: MAILBOX,
  subject: `A note from ${name}`,
  messageId: `starred-${n}@people.test`,
  at: minutesAgo(30 - n),
}));

let smtp: SmtpSubmissionPeer;
let imap: ImapPeer;

test.beforeAll(async () => {
  smtp = await startSmtpSubmissionPeer({ [MAILBOX]: PASSWORD });
  imap = await startImapPeer({ users: { [MAILBOX]: { password: PASSWORD } } });
  await appendMail(imap, MAILBOX, PASSWORD, 'INBOX', mail);
});

test.afterAll(async () => {
  await imap?.stop();
  await smtp?.close();
});

test('a starred conversation is the only one under "Starred only", and the filter survives a reload', async ({ page, playwright, user }) => {
  // A new mailbox joins the running IMAP sync within a minute (the sync's mailbox check).
  test.setTimeout(240_000);
  const api = await apiAs(playwright, user);
  const mailboxId = await connectMailbox(api, { smtp, imap }, MAILBOX, PASSWORD, 'Ada Lovelace');
  await syncedInbox(api, mailboxId, mail.length);
  await api.dispose();

  await signIn(page, user, '/unibox');
  const list = page.getByRole('list', { name: text('list.label') });
  const rows = list.getByTestId('thread-row');
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 3 }));

  await list.getByRole('button', { name: text('thread.star', { who: 'Boris Baker' }) }).click();
  await expect(list.getByRole('button', { name: text('thread.unstar', { who: 'Boris Baker' }) })).toHaveAttribute('aria-pressed', 'true');

  // The box shows the address's state: it turns checked once the URL has the filter.
  await page.getByRole('checkbox', { name: text('filters.starred') }).click();
  await expect(page.getByRole('checkbox', { name: text('filters.starred') })).toBeChecked();
  await expect(page).toHaveURL(/[?&]isStarred=1(&|$)/);
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 1 }));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Boris Baker');

  await page.reload();
  await expect(page.getByRole('checkbox', { name: text('filters.starred') })).toBeChecked();
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 1 }));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Boris Baker');

  // Clearing the filters brings the other two back.
  await page.getByRole('button', { name: text('filters.clear') }).click();
  await expect(page).not.toHaveURL(/isStarred/);
  await expect(page.getByTestId('thread-total')).toHaveText(text('list.total', { count: 3 }));
});
