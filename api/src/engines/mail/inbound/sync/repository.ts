/**
 * SQL of the IMAP sync. Every function over a mailbox's data takes its scope (the account and the
 * mailbox) right after the database and puts it in its SQL: a message read from one account's
 * mailbox never matches, suppresses or updates anything of another account.
 */
import { and, desc, eq, gte, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/types';
import { emailAccounts, mailInbound, mailOutbound, mailSuppressions, mailSyncCursors } from '../../../../db/schema';
import type { SyncMailbox } from './types';

export interface MailboxScope {
  accountId: number;
  emailAccountId: number;
}

export const scopeOf = (mailbox: Pick<SyncMailbox, 'accountId' | 'id'>): MailboxScope => ({
  accountId: mailbox.accountId,
  emailAccountId: mailbox.id,
});

/** Statuses whose mailboxes are read: an error may be the sync's own and clears when a pass succeeds. */
const SYNCED_STATUSES = ['active', 'error'];

const mailboxColumns = {
  id: emailAccounts.id,
  accountId: emailAccounts.accountId,
  userId: emailAccounts.userId,
  email: emailAccounts.email,
  provider: emailAccounts.provider,
  status: emailAccounts.status,
  statusReason: emailAccounts.statusReason,
  imapHost: emailAccounts.imapHost,
  imapPort: emailAccounts.imapPort,
  imapSecurity: emailAccounts.imapSecurity,
  imapUser: emailAccounts.imapUser,
  credentials: emailAccounts.credentials,
  firstSyncDays: emailAccounts.firstSyncDays,
  deletedAt: emailAccounts.deletedAt,
};

// ------------------------------------------------------------------ mailboxes (engine-wide: the sync serves every account)

/** A mailbox by id, whatever its state; the engine decides whether to read it. */
export async function mailboxById(db: DbOrTx, emailAccountId: number): Promise<SyncMailbox | null> {
  const [row] = await db.select(mailboxColumns).from(emailAccounts).where(eq(emailAccounts.id, emailAccountId)).limit(1);
  return row ?? null;
}

export function isSyncable(mailbox: SyncMailbox | null): mailbox is SyncMailbox {
  return !!mailbox && mailbox.deletedAt === null && !!mailbox.imapHost && SYNCED_STATUSES.includes(mailbox.status);
}

/** Ids of the mailboxes one session serves: IMAP configured, not deleted, not paused or waiting for new credentials. */
export async function syncableMailboxIds(db: DbOrTx, shard: { index: number; of: number }): Promise<number[]> {
  const rows = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(
      and(
        isNull(emailAccounts.deletedAt),
        sql`${emailAccounts.imapHost} is not null`,
        inArray(emailAccounts.status, SYNCED_STATUSES),
        sql`${emailAccounts.id} % ${shard.of} = ${shard.index}`,
      ),
    )
    .orderBy(emailAccounts.id);
  return rows.map((row) => row.id);
}

/**
 * Shows why the mailbox cannot be read; true when the row changed. An error goes only onto an
 * active mailbox (an error already shown, say the SMTP server's, stays as it is), `reconnect`
 * onto an active or failing one (only the user can help, which outranks a retried error); paused
 * and deleted mailboxes are left alone.
 */
export async function setMailboxProblem(
  db: DbOrTx,
  scope: MailboxScope,
  status: 'error' | 'reconnect',
  reason: string,
): Promise<boolean> {
  const changed = await db
    .update(emailAccounts)
    .set({ status, statusReason: reason, statusChangedAt: new Date() })
    .where(
      and(
        eq(emailAccounts.id, scope.emailAccountId),
        eq(emailAccounts.accountId, scope.accountId),
        isNull(emailAccounts.deletedAt),
        inArray(emailAccounts.status, status === 'reconnect' ? ['active', 'error'] : ['active']),
      ),
    )
    .returning({ id: emailAccounts.id });
  return changed.length > 0;
}

/**
 * A pass succeeded: the mailbox's error is over if it is one the sync recorded on its cursors
 * (`reasons`, read before the pass), never an error another part of the engine set.
 */
export async function clearMailboxProblem(db: DbOrTx, scope: MailboxScope, reasons: readonly string[]): Promise<void> {
  if (reasons.length === 0) return;
  await db
    .update(emailAccounts)
    .set({ status: 'active', statusReason: null, statusChangedAt: new Date() })
    .where(
      and(
        eq(emailAccounts.id, scope.emailAccountId),
        eq(emailAccounts.accountId, scope.accountId),
        eq(emailAccounts.status, 'error'),
        inArray(emailAccounts.statusReason, [...reasons]),
      ),
    );
}

// ------------------------------------------------------------------ cursors

export type CursorRow = typeof mailSyncCursors.$inferSelect;

export function cursorsOf(db: DbOrTx, scope: MailboxScope): Promise<CursorRow[]> {
  return db
    .select()
    .from(mailSyncCursors)
    .innerJoin(emailAccounts, eq(emailAccounts.id, mailSyncCursors.emailAccountId))
    .where(and(eq(mailSyncCursors.emailAccountId, scope.emailAccountId), eq(emailAccounts.accountId, scope.accountId)))
    .then((rows) => rows.map((row) => row.mail_sync_cursors));
}

export async function saveCursor(
  db: DbOrTx,
  scope: MailboxScope,
  cursor: { folder: string; uidValidity: bigint; lastUid: number; highestModseq: bigint | null },
): Promise<void> {
  const values = {
    emailAccountId: scope.emailAccountId,
    folder: cursor.folder,
    uidValidity: cursor.uidValidity,
    lastUid: cursor.lastUid,
    highestModseq: cursor.highestModseq,
    syncedAt: new Date(),
    error: null,
  };
  await db
    .insert(mailSyncCursors)
    .values(values)
    .onConflictDoUpdate({
      target: [mailSyncCursors.emailAccountId, mailSyncCursors.folder],
      set: { uidValidity: values.uidValidity, lastUid: values.lastUid, highestModseq: values.highestModseq, syncedAt: values.syncedAt, error: null },
    });
}

export async function setCursorError(db: DbOrTx, scope: MailboxScope, folder: string, error: string): Promise<void> {
  await db
    .update(mailSyncCursors)
    .set({ error })
    .where(and(eq(mailSyncCursors.emailAccountId, scope.emailAccountId), eq(mailSyncCursors.folder, folder)));
}

/**
 * Why the last sync of the mailbox stopped before reading anything (its connection failed),
 * written on its INBOX cursor: the record that lets a later pass clear the error it caused. A
 * mailbox never read has no cursor yet, so a placeholder is made with UIDVALIDITY 0, which no
 * server uses (RFC 3501: a non-zero number) and which therefore starts the first sync as usual.
 */
export async function recordSyncFailure(db: DbOrTx, scope: MailboxScope, inbox: string, error: string): Promise<void> {
  await db
    .insert(mailSyncCursors)
    .values({ emailAccountId: scope.emailAccountId, folder: inbox, uidValidity: 0n, lastUid: 0, error })
    .onConflictDoUpdate({ target: [mailSyncCursors.emailAccountId, mailSyncCursors.folder], set: { error } });
}

export async function deleteCursor(db: DbOrTx, scope: MailboxScope, folder: string): Promise<void> {
  await db
    .delete(mailSyncCursors)
    .where(and(eq(mailSyncCursors.emailAccountId, scope.emailAccountId), eq(mailSyncCursors.folder, folder)));
}

// ------------------------------------------------------------------ what we sent

export interface SentRow {
  id: number;
  toAddress: string;
  messageId: string;
  providerMessageId: string | null;
  subject: string;
  campaignId: number | null;
  recipientId: number | null;
  step: number | null;
}

const sentColumns = {
  id: mailOutbound.id,
  toAddress: mailOutbound.toAddress,
  messageId: mailOutbound.messageId,
  providerMessageId: mailOutbound.providerMessageId,
  subject: mailOutbound.subject,
  campaignId: mailOutbound.campaignId,
  recipientId: mailOutbound.recipientId,
  step: mailOutbound.step,
};

/** The account's sent messages whose Message-ID, or the id their provider gave them, is one of `ids` (bare). */
export async function sentByMessageIds(db: DbOrTx, scope: MailboxScope, ids: readonly string[]): Promise<SentRow[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  return db
    .select(sentColumns)
    .from(mailOutbound)
    .where(and(eq(mailOutbound.accountId, scope.accountId), or(inArray(mailOutbound.messageId, list), inArray(mailOutbound.providerMessageId, list))));
}

/**
 * Candidates for the sender + subject heuristic, newest first: what the account sent to the
 * sender's address or, for a company domain, to anyone at it (the caller compares subjects).
 */
export async function sentToSender(
  db: DbOrTx,
  scope: MailboxScope,
  query: { sender: string; companyDomain: string | null; since: Date; limit: number },
): Promise<SentRow[]> {
  const recipient = query.companyDomain
    ? or(
        eq(sql`lower(${mailOutbound.toAddress})`, query.sender),
        like(sql`lower(${mailOutbound.toAddress})`, `%@${escapeLike(query.companyDomain)}`),
        like(sql`lower(${mailOutbound.toAddress})`, `%.${escapeLike(query.companyDomain)}`),
      )
    : eq(sql`lower(${mailOutbound.toAddress})`, query.sender);
  return db
    .select(sentColumns)
    .from(mailOutbound)
    .where(and(eq(mailOutbound.accountId, scope.accountId), eq(mailOutbound.state, 'sent'), gte(mailOutbound.sentAt, query.since), recipient))
    .orderBy(desc(mailOutbound.sentAt))
    .limit(query.limit);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

// ------------------------------------------------------------------ inbound messages

export type InboundInsert = Omit<typeof mailInbound.$inferInsert, 'id' | 'accountId' | 'userId' | 'emailAccountId' | 'createdAt'>;

/** Message-IDs among `ids` this mailbox already stored (a resync downloads only the others). */
export async function storedMessageIds(db: DbOrTx, scope: MailboxScope, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ messageId: mailInbound.messageId })
    .from(mailInbound)
    .where(and(eq(mailInbound.emailAccountId, scope.emailAccountId), eq(mailInbound.accountId, scope.accountId), inArray(mailInbound.messageId, [...ids])));
  return new Set(rows.map((row) => row.messageId));
}

/** Stores one message; null when the mailbox already holds its Message-ID (nothing is changed then). */
export async function insertInbound(
  db: DbOrTx,
  scope: MailboxScope & { userId: number },
  row: InboundInsert,
): Promise<number | null> {
  const [inserted] = await db
    .insert(mailInbound)
    .values({ ...row, accountId: scope.accountId, userId: scope.userId, emailAccountId: scope.emailAccountId })
    .onConflictDoNothing({ target: [mailInbound.emailAccountId, mailInbound.messageId] })
    .returning({ id: mailInbound.id });
  return inserted?.id ?? null;
}

/** Soft bounces of `address` the account recorded since `since` (the history three soft = hard counts on). */
export async function softBouncesOf(db: DbOrTx, scope: MailboxScope, address: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailInbound)
    .where(
      and(
        eq(mailInbound.accountId, scope.accountId),
        eq(mailInbound.class, 'bounce'),
        gte(mailInbound.receivedAt, since),
        sql`${mailInbound.bounce} ->> 'severity' = 'soft'`,
        sql`${mailInbound.bounce} -> 'addresses' @> jsonb_build_array(${address}::text)`,
      ),
    );
  return row?.count ?? 0;
}

/** Adds an address to the account's no-send list; true when it was not on it. */
export async function suppress(
  db: DbOrTx,
  scope: MailboxScope,
  entry: { email: string; reason: 'hard_bounce' | 'unsubscribe' | 'complaint'; outboundId: number | null },
): Promise<boolean> {
  const inserted = await db
    .insert(mailSuppressions)
    .values({ accountId: scope.accountId, email: entry.email, reason: entry.reason, outboundId: entry.outboundId })
    .onConflictDoNothing()
    .returning({ id: mailSuppressions.id });
  return inserted.length > 0;
}

