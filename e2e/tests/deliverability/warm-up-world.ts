/**
 * The warm-up journeys' world: three mailboxes at warm-pool.test on one loopback Dovecot, and the
 * loopback SMTP server they all submit to, which files each message it accepts into the
 * recipient's Dovecot mailbox before it answers 250, as a receiving provider would: in INBOX, or
 * in the special-use Junk folder for the addresses its spam filter dislikes (`junkFor`). The app's
 * IMAP sync then finds each warm-up mail where it landed, as it does at a real provider.
 *
 * The journeys' DNS publishes warm-pool.test with a broken SPF record (domain-health-world.ts).
 */
import { startSmtpSubmissionPeer, type SmtpSubmissionPeer } from '../../../api/src/modules/email-accounts/test-peers';
import { startImapPeer, type ImapPeer } from '../../../api/src/test-support/imap-peer';
import { WARM_POOL_DOMAIN } from '../../support/domain-health-world';

export const WARM_PASSWORD = 'Warm-Pool-Password-61';
export const WARM_MAILBOXES = ['ana', 'ben', 'cai'].map((name) => `${name}@${WARM_POOL_DOMAIN}`);

export interface WarmPoolWorld {
  smtp: SmtpSubmissionPeer;
  imap: ImapPeer;
  /** Where a message to the address was filed, in order of arrival. */
  filed: { to: string; folder: 'INBOX' | 'Junk' }[];
  close(): Promise<void>;
}

export async function startWarmPoolWorld(options: { junkFor: readonly string[] }): Promise<WarmPoolWorld> {
  const imap = await startImapPeer({ users: WARM_MAILBOXES.map((user) => ({ user, password: WARM_PASSWORD })), folders: ['Junk'] });
  const smtp = await startSmtpSubmissionPeer(Object.fromEntries(WARM_MAILBOXES.map((address) => [address, WARM_PASSWORD])));
  const filed: WarmPoolWorld['filed'] = [];
  const junk = new Set(options.junkFor.map((address) => address.toLowerCase()));
  smtp.deliver = async (mail) => {
    for (const address of mail.to) {
      const to = address.toLowerCase();
      // Mail for anyone else (there is nobody else here) is accepted and dropped, as an open relay would not be.
      if (!WARM_MAILBOXES.includes(to)) continue;
      const folder = junk.has(to) ? 'Junk' : 'INBOX';
      await imap.append(to, folder, mail.raw);
      filed.push({ to, folder });
    }
  };
  return {
    smtp,
    imap,
    filed,
    async close() {
      await smtp.close().catch(() => undefined);
      await imap.stop().catch(() => undefined);
    },
  };
}
