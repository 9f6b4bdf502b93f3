/**
 * A mailbox row written straight into `email_accounts` for API tests that need one to exist (a
 * warm-up to start, a schedule to hold) without connecting to mail servers: SMTP and IMAP hosts
 * that are never dialled.
 */
import { emailAccounts } from '../db/schema';
import type { Db } from '../db/types';

export async function insertMailboxRow(
  db: Db,
  owner: { id: number; accountId: number },
  email: string,
  values: Partial<typeof emailAccounts.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(emailAccounts)
    .values({
      userId: owner.id,
      accountId: owner.accountId,
      email,
      senderName: email.split('@')[0]!,
      smtpHost: 'smtp.warm.test',
      smtpPort: 587,
      smtpSecurity: 'starttls',
      smtpUser: email,
      imapHost: 'imap.warm.test',
      imapPort: 993,
      imapSecurity: 'tls',
      imapUser: email,
      ...values,
    })
    .returning({ id: emailAccounts.id });
  return row!.id;
}
