/**
 * SQL of the email-accounts area. Every function over a tenant's mailboxes takes the caller's
 * scope right after the database and puts it in its SQL: a mailbox is its owner's (user and
 * account), the team list reads the caller's team's shared ones. Another account's id therefore
 * finds and changes nothing. Deleted mailboxes (deletedAt) are invisible to all of them.
 */
import { and, asc, count, countDistinct, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { emailAccounts, mailboxDailyUsage, mailOutbound, users } from '../../db/schema';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';

export type EmailAccountRow = typeof emailAccounts.$inferSelect;
export type NewEmailAccountValues = Omit<typeof emailAccounts.$inferInsert, 'id' | 'accountId' | 'userId' | 'createdAt' | 'deletedAt'>;
export type EmailAccountChanges = Partial<Omit<typeof emailAccounts.$inferInsert, 'id' | 'accountId' | 'userId' | 'createdAt'>>;

/**
 * Outbound states whose message has not left yet and can still be called off; `claimed` too: a
 * claim is marked `sending` only while it is still `claimed` by its worker (settleMany), so a
 * cancelled claim never leaves.
 */
export const CANCELLABLE_STATES = ['queued', 'claimed', 'retry'] as const;

const own = (scope: Scope) => and(eq(emailAccounts.userId, scope.userId), eq(emailAccounts.accountId, scope.accountId), isNull(emailAccounts.deletedAt));

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listOwn(
  db: DbOrTx,
  scope: Scope,
  options: { page: number; perPage: number; search?: string | undefined; status?: string | undefined },
): Promise<{ rows: EmailAccountRow[]; total: number }> {
  const search = options.search?.trim();
  const where = and(
    own(scope),
    search ? or(ilike(emailAccounts.email, `%${escapeLike(search)}%`), ilike(emailAccounts.senderName, `%${escapeLike(search)}%`)) : undefined,
    options.status ? eq(emailAccounts.status, options.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emailAccounts)
      .where(where)
      .orderBy(asc(emailAccounts.createdAt), asc(emailAccounts.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.select({ value: count() }).from(emailAccounts).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findOwn(db: DbOrTx, scope: Scope, id: number): Promise<EmailAccountRow | undefined> {
  const [row] = await db.select().from(emailAccounts).where(and(own(scope), eq(emailAccounts.id, id))).limit(1);
  return row;
}

/** The caller's live mailbox with this address (case-insensitive), if any. */
export async function findOwnByEmail(db: DbOrTx, scope: Scope, email: string): Promise<EmailAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(emailAccounts)
    .where(and(own(scope), sql`lower(${emailAccounts.email}) = lower(${email})`))
    .limit(1);
  return row;
}

/** The new row, or undefined when the caller already has a live mailbox with this address. */
export async function insertOwn(db: DbOrTx, scope: Scope, values: NewEmailAccountValues): Promise<EmailAccountRow | undefined> {
  const [row] = await db
    .insert(emailAccounts)
    .values({ ...values, userId: scope.userId, accountId: scope.accountId })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateOwn(db: DbOrTx, scope: Scope, id: number, changes: EmailAccountChanges): Promise<EmailAccountRow | undefined> {
  const [row] = await db
    .update(emailAccounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(own(scope), eq(emailAccounts.id, id)))
    .returning();
  return row;
}

/** Marks the mailbox deleted; false when it is not the caller's (or already deleted). */
export async function softDeleteOwn(db: DbOrTx, scope: Scope, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(emailAccounts)
    .set({ deletedAt: at, updatedAt: at, sharedWithTeam: false })
    .where(and(own(scope), eq(emailAccounts.id, id)))
    .returning({ id: emailAccounts.id });
  return rows.length > 0;
}

/**
 * Calls off the messages of the caller's mailbox that have not left: they become `failed` with the
 * reason given. Messages being sent (claimed, sending) are left to the engine, which finishes or
 * marks them itself. Returns how many were cancelled.
 */
export async function cancelQueuedOutbound(db: DbOrTx, scope: Scope, emailAccountId: number, reason: string, at: Date): Promise<number> {
  const rows = await db
    .update(mailOutbound)
    .set({ state: 'failed', lastError: reason, leaseUntil: null, updatedAt: at })
    .where(and(eq(mailOutbound.emailAccountId, emailAccountId), eq(mailOutbound.accountId, scope.accountId), inArray(mailOutbound.state, [...CANCELLABLE_STATES])))
    .returning({ id: mailOutbound.id });
  return rows.length;
}

/** Messages of the caller's mailbox waiting to leave, and the campaigns they belong to. */
export async function queuedOutbound(db: DbOrTx, scope: Scope, emailAccountId: number): Promise<{ messages: number; campaigns: number }> {
  const [row] = await db
    .select({ messages: count(), campaigns: countDistinct(mailOutbound.campaignId) })
    .from(mailOutbound)
    .where(and(eq(mailOutbound.emailAccountId, emailAccountId), eq(mailOutbound.accountId, scope.accountId), inArray(mailOutbound.state, [...CANCELLABLE_STATES])));
  return { messages: row?.messages ?? 0, campaigns: row?.campaigns ?? 0 };
}

/**
 * Sends per mailbox on the given day of each (the day of its own sending window's time zone).
 * The caller passes only mailboxes its scope already read.
 */
export async function sentOnDays(db: DbOrTx, days: { emailAccountId: number; day: string }[]): Promise<Map<number, number>> {
  const sent = new Map<number, number>();
  if (days.length === 0) return sent;
  const rows = await db
    .select({ emailAccountId: mailboxDailyUsage.emailAccountId, day: mailboxDailyUsage.day, sent: mailboxDailyUsage.sent })
    .from(mailboxDailyUsage)
    .where(
      and(
        inArray(mailboxDailyUsage.emailAccountId, [...new Set(days.map((entry) => entry.emailAccountId))]),
        inArray(mailboxDailyUsage.day, [...new Set(days.map((entry) => entry.day))]),
      ),
    );
  const wanted = new Map(days.map((entry) => [entry.emailAccountId, entry.day]));
  for (const row of rows) if (wanted.get(row.emailAccountId) === String(row.day)) sent.set(row.emailAccountId, row.sent);
  return sent;
}

/** The live mailboxes shared with the caller's team (the caller's own included), with their owners' names. */
export function sharedWithTeam(db: DbOrTx, scope: Scope) {
  return db
    .select({ account: emailAccounts, ownerName: users.name, ownerEmail: users.email })
    .from(emailAccounts)
    .innerJoin(users, eq(users.id, emailAccounts.userId))
    .where(and(inArray(emailAccounts.userId, [...scope.teamUserIds]), eq(emailAccounts.sharedWithTeam, true), isNull(emailAccounts.deletedAt)))
    .orderBy(asc(users.name), asc(emailAccounts.email));
}

/**
 * Records the DKIM check's finding for the key that was checked: a key replaced meanwhile (its
 * public key differs) keeps its own state. Answers the row, undefined when nothing matched.
 */
export async function setDkimVerifiedOwn(db: DbOrTx, scope: Scope, id: number, publicKey: string, verifiedAt: Date | null): Promise<EmailAccountRow | undefined> {
  const [row] = await db
    .update(emailAccounts)
    .set({ dkimVerifiedAt: verifiedAt, updatedAt: new Date() })
    .where(and(own(scope), eq(emailAccounts.id, id), eq(emailAccounts.dkimPublicKey, publicKey)))
    .returning();
  return row;
}

// ------------------------------------------------------------------ for the engines

/**
 * A live mailbox by id, for the sending engine and the IMAP sync, which act for its owner without
 * a request; never reachable from a call (those go through the scoped functions above).
 */
export async function findLiveForEngine(db: DbOrTx, id: number): Promise<EmailAccountRow | undefined> {
  const [row] = await db.select().from(emailAccounts).where(and(eq(emailAccounts.id, id), isNull(emailAccounts.deletedAt))).limit(1);
  return row;
}

export async function updateForEngine(db: DbOrTx, id: number, changes: EmailAccountChanges): Promise<void> {
  await db
    .update(emailAccounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(emailAccounts.id, id), isNull(emailAccounts.deletedAt)));
}
