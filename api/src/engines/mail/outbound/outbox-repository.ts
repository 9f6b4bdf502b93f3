/**
 * The SQL of the outbox: rows of `mail_outbound` through their state machine
 * (queued → claimed → sending → sent | retry | failed | unknown), the per-mailbox counters the
 * scheduler reads, the no-send list and the tracking ids written with a message. Every state
 * change is a conditional update on the state it leaves and the worker that holds the row, so a
 * worker that lost its lease changes nothing. Instants are passed in (the engine's clock), never
 * read from the database's own now(), so a test can move time.
 */
import { sql, type SQL } from 'drizzle-orm';
import { idSet } from '../../../db/sql-sets';
import type { DbOrTx } from '../../../db/types';
import { MAILBOX_COLUMNS, type MailboxRow } from './mailbox';

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** bigserial ids come back as text from node-postgres: rows leave here with numbers. */
function withNumericIds<T extends { id: number | string }>(rows: T[]): T[] {
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

export type OutboundKind = 'campaign' | 'test' | 'single' | 'warmup';
export type OutboundState = 'queued' | 'claimed' | 'sending' | 'sent' | 'retry' | 'failed' | 'unknown';

export interface NewOutboundRow {
  accountId: number;
  userId: number;
  emailAccountId: number;
  kind: OutboundKind;
  campaignId: number | null;
  recipientId: number | null;
  step: number | null;
  idempotencyKey: string | null;
  isFirstEmail: boolean;
  /** Claim order among due messages, higher first. */
  priority: number;
  toAddress: string;
  subject: string;
  html: string | null;
  text: string | null;
  headers: Record<string, unknown>;
  /** Files by reference; the bytes are read when the message is sent. */
  attachments: readonly AttachmentReference[];
  messageId: string;
  state: 'queued' | 'claimed';
  notBefore: Date;
  claimedBy: string | null;
  leaseUntil: Date | null;
  now: Date;
}

export interface OutboundSummary {
  id: number;
  state: OutboundState;
  message_id: string;
}

/** Inserts a message; null when its unique key (campaign step or idempotency key) is taken. */
export async function insertOutbound(db: DbOrTx, row: NewOutboundRow): Promise<OutboundSummary | null> {
  const [inserted] = withNumericIds(await rowsOf<OutboundSummary>(
    db,
    sql`insert into mail_outbound (account_id, user_id, email_account_id, kind, campaign_id, recipient_id, step,
          idempotency_key, is_first_email, priority, to_address, subject, html, text, headers, attachments, message_id, state, not_before,
          claimed_by, lease_until, created_at, updated_at)
        values (${row.accountId}, ${row.userId}, ${row.emailAccountId}, ${row.kind}, ${row.campaignId}, ${row.recipientId},
          ${row.step}, ${row.idempotencyKey}, ${row.isFirstEmail}, ${row.priority}, ${row.toAddress}, ${row.subject}, ${row.html}, ${row.text},
          ${JSON.stringify(row.headers)}::jsonb, ${JSON.stringify(row.attachments)}::jsonb, ${row.messageId}, ${row.state}, ${at(row.notBefore)}, ${row.claimedBy},
          ${row.leaseUntil ? at(row.leaseUntil) : null}, ${at(row.now)}, ${at(row.now)})
        on conflict do nothing
        returning id, state, message_id`,
  ));
  return inserted ?? null;
}

/** The message already written under a unique key (a repeated enqueue answers it). */
export async function outboundByKey(
  db: DbOrTx,
  key: { idempotencyKey: string } | { campaignId: number; recipientId: number; step: number },
): Promise<OutboundSummary | undefined> {
  const where =
    'idempotencyKey' in key
      ? sql`idempotency_key = ${key.idempotencyKey}`
      : sql`campaign_id = ${key.campaignId} and recipient_id = ${key.recipientId} and step = ${key.step}`;
  const [row] = withNumericIds(await rowsOf<OutboundSummary>(db, sql`select id, state, message_id from mail_outbound where ${where}`));
  return row;
}

export interface TrackingLinkRow {
  id: string;
  kind: 'open' | 'click' | 'unsubscribe';
  url: string | null;
}

export async function insertTrackingLinks(db: DbOrTx, outboundId: number, links: readonly TrackingLinkRow[], now: Date): Promise<void> {
  if (links.length === 0) return;
  await db.execute(
    sql`insert into mail_tracking_links (id, outbound_id, kind, url, created_at)
        select l.id, ${outboundId}, l.kind, l.url, ${at(now)}
        from json_to_recordset(${JSON.stringify(links)}::json) as l(id text, kind text, url text)`,
  );
}

/** Whether the address is on the account's no-send list (case-insensitive, as the unique index). */
export async function isSuppressed(db: DbOrTx, accountId: number, email: string): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from mail_suppressions where account_id = ${accountId} and lower(email) = lower(${email})) as found`,
  );
  return row?.found ?? false;
}

export async function addSuppression(
  db: DbOrTx,
  entry: { accountId: number; email: string; reason: 'unsubscribe' | 'hard_bounce' | 'complaint' | 'manual'; outboundId: number | null; now: Date },
): Promise<void> {
  await db.execute(
    sql`insert into mail_suppressions (account_id, email, reason, outbound_id, created_at)
        values (${entry.accountId}, ${entry.email}, ${entry.reason}, ${entry.outboundId}, ${at(entry.now)})
        on conflict do nothing`,
  );
}

export async function mailboxById(db: DbOrTx, id: number): Promise<MailboxRow | undefined> {
  const [row] = await rowsOf<MailboxRow>(db, sql`select ${sql.raw(MAILBOX_COLUMNS)} from email_accounts m where m.id = ${id}`);
  return row;
}

// ─── Claiming ─────────────────────────────────────────────────────────────────────────────────

export interface DueRow {
  id: number;
  email_account_id: number;
  kind: OutboundKind;
  is_first_email: boolean;
}

/**
 * Due messages of mailboxes that may send, the highest priority first and then the oldest, locked for this transaction; rows another
 * claimer holds are skipped rather than waited for.
 */
export async function lockDueRows(tx: DbOrTx, now: Date, limit: number): Promise<DueRow[]> {
  return withNumericIds(await rowsOf<DueRow>(
    tx,
    sql`select o.id, o.email_account_id, o.kind, o.is_first_email
        from mail_outbound o
        join email_accounts m on m.id = o.email_account_id and m.status = 'active' and m.deleted_at is null
        where o.state in ('queued', 'retry') and o.not_before <= ${at(now)} and o.kind <> 'test'
        order by o.priority desc, o.not_before, o.id
        limit ${limit}
        for update of o skip locked`,
  ));
}

export interface LockedMailbox extends MailboxRow {
  /** Raw SQL answers timestamps as text on node-postgres, as Date on PGlite. */
  last_sent_at: Date | string | null;
  /** The owner's plan (a team member's is the team's), for the plan's daily maximum. */
  plan_name: string;
  plan_expired: boolean;
}

/**
 * The mailboxes' rows, locked so one claimer at a time decides for a mailbox (in id order: no
 * deadlock), with their owner's plan as the caller's plan is read (caller.ts: the team's account
 * for a member, FREE without a subscription).
 */
export async function lockMailboxes(tx: DbOrTx, ids: readonly number[], now: Date): Promise<LockedMailbox[]> {
  if (ids.length === 0) return [];
  return rowsOf<LockedMailbox>(
    tx,
    sql`select ${sql.raw(MAILBOX_COLUMNS)}, m.last_sent_at, coalesce(s.plan_name, 'FREE') as plan_name,
          coalesce(s.ends_at <= ${at(now)}, false) as plan_expired
        from email_accounts m
        join users u on u.id = m.user_id
        left join team_members tm on tm.user_id = m.user_id
        left join teams t on t.id = tm.team_id
        left join subscriptions s on s.account_id = coalesce(t.account_id, u.account_id)
        where m.id in ${idSet(ids)} order by m.id for update of m skip locked`,
  );
}

export interface UsageRow {
  email_account_id: number;
  sent: number;
  first_emails: number;
}

/** Today's counters of each mailbox (each on its own day, in its window's time zone). */
export async function usageOn(tx: DbOrTx, days: readonly { mailboxId: number; day: string }[]): Promise<UsageRow[]> {
  if (days.length === 0) return [];
  return rowsOf<UsageRow>(
    tx,
    sql`select u.email_account_id, u.sent, u.first_emails
        from mailbox_daily_usage u
        join json_to_recordset(${JSON.stringify(days)}::json) as d("mailboxId" int, day date)
          on d."mailboxId" = u.email_account_id and d.day = u.day`,
  );
}

export interface InFlightRow {
  email_account_id: number;
  messages: number;
  first_emails: number;
}

/**
 * Messages claimed or being sent now (by any worker): not in the counters yet, but they will be,
 * so the caps count them already.
 */
export async function inFlight(tx: DbOrTx, mailboxIds: readonly number[]): Promise<InFlightRow[]> {
  if (mailboxIds.length === 0) return [];
  return rowsOf<InFlightRow>(
    tx,
    sql`select email_account_id, count(*)::int as messages, count(*) filter (where is_first_email)::int as first_emails
        from mail_outbound
        where email_account_id in ${idSet(mailboxIds)} and state in ('claimed', 'sending') and kind <> 'warmup'
        group by email_account_id`,
  );
}

export async function markClaimed(tx: DbOrTx, ids: readonly number[], workerId: string, leaseUntil: Date, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`update mail_outbound set state = 'claimed', claimed_by = ${workerId}, lease_until = ${at(leaseUntil)}, updated_at = ${at(now)}
        where id in ${idSet(ids)}`,
  );
}

/** Messages the limits hold back: due again at their own instant, with the reason kept for the screens. */
export async function deferRows(tx: DbOrTx, deferred: readonly { id: number; notBefore: Date; reason: string }[], now: Date): Promise<void> {
  if (deferred.length === 0) return;
  await tx.execute(
    sql`update mail_outbound o set not_before = d."notBefore", last_error = d.reason, updated_at = ${at(now)}
        from json_to_recordset(${JSON.stringify(deferred.map((d) => ({ ...d, notBefore: d.notBefore.toISOString() })))}::json)
          as d(id bigint, "notBefore" timestamptz, reason text)
        where o.id = d.id`,
  );
}

/** A mailbox's last send is its last attempt: the gap is kept from the moment a message was taken. */
export async function setLastSentAt(tx: DbOrTx, mailboxId: number, instant: Date): Promise<void> {
  await tx.execute(
    sql`update email_accounts set last_sent_at = greatest(coalesce(last_sent_at, ${at(instant)}), ${at(instant)}) where id = ${mailboxId}`,
  );
}

/** A file a message carries: a campaign attachment (campaign_attachments) and the account it was checked against. */
export interface AttachmentReference {
  id: number;
  accountId: number;
}

export interface AttachmentFile {
  id: number;
  file_name: string;
  content_type: string;
  bytes: Buffer;
}

/**
 * The bytes of a message's attachments, read when it is sent; removed attachments keep them while
 * unsent mail refers to them. A file gone for good (its campaign deleted) is absent.
 */
export async function attachmentFiles(db: DbOrTx, refs: readonly AttachmentReference[]): Promise<AttachmentFile[]> {
  if (refs.length === 0) return [];
  const rows = await rowsOf<{ id: number; file_name: string; content_type: string; bytes: Buffer | Uint8Array }>(
    db,
    sql`select a.id, a.file_name, a.content_type, a.bytes from campaign_attachments a
        join json_to_recordset(${JSON.stringify(refs.map((ref) => ({ id: ref.id, account_id: ref.accountId })))}::json) as r(id int, account_id int)
          on r.id = a.id and r.account_id = a.account_id
        where a.bytes is not null`,
  );
  return rows.map((row) => ({ id: Number(row.id), file_name: row.file_name, content_type: row.content_type, bytes: Buffer.from(row.bytes) }));
}

export interface ClaimedRow {
  id: number;
  account_id: number;
  user_id: number;
  email_account_id: number;
  kind: OutboundKind;
  is_first_email: boolean;
  to_address: string;
  subject: string;
  html: string | null;
  text: string | null;
  headers: Record<string, unknown>;
  attachments: AttachmentReference[] | null;
  message_id: string;
  attempts: number;
  first_attempt_at: Date | string | null;
}

export async function claimedRows(db: DbOrTx, ids: readonly number[]): Promise<ClaimedRow[]> {
  if (ids.length === 0) return [];
  return withNumericIds(
    await rowsOf<ClaimedRow>(
      db,
      sql`select id, account_id, user_id, email_account_id, kind, is_first_email, to_address, subject, html, text, headers,
            attachments, message_id, attempts, first_attempt_at
          from mail_outbound where id in ${idSet(ids)} order by not_before, id`,
    ),
  );
}

// ─── Sending and its outcome ──────────────────────────────────────────────────────────────────

export type SendingCheck = 'sending' | 'suppressed' | 'mailbox_unavailable' | 'lost';

export interface MarkRequest {
  id: number;
  workerId: string;
  leaseUntil: Date;
  now: Date;
}

/** What the server's answer makes of a row. */
export type Answer =
  /** Accepted: counted on the day of the mailbox's window. */
  | { state: 'sent'; providerMessageId: string | null; day: string }
  /** The body left and no answer came: never sent again, and counted as a send would be. */
  | { state: 'unknown'; reason: string; smtpCode: number | null; enhancedCode: string | null; day: string }
  /**
   * retry (due again at notBefore), failed (for good), or queued (a mailbox fault: the message
   * waits for its mailbox to be repaired). Nothing was delivered, so nothing is counted.
   */
  | { state: 'retry' | 'failed' | 'queued'; reason: string; smtpCode: number | null; enhancedCode: string | null; notBefore: Date | null };

export interface AnswerRecord {
  id: number;
  workerId: string;
  now: Date;
  answer: Answer;
}

export interface SettleResult {
  /** Ids of the records written (a row this worker no longer holds is not). */
  recorded: Set<number>;
  /** The outcome of each mark, by row id; a row this worker no longer holds is absent (`lost`). */
  marked: Map<number, Exclude<SendingCheck, 'lost'>>;
}

/**
 * Records answers and marks rows `sending`, many rows in one statement:
 *
 * - an answer is written only on a row this worker holds (`sending`, or `unknown` when the
 *   sweep got there first: a late answer is the better fact), and `sent` and `unknown` count on
 *   the day of the mailbox's window (warm-up in its own column);
 * - a mark is the last step before a message's body may leave, committed before it does: the
 *   row becomes `sending` with a fresh lease — unless the address joined the no-send list
 *   meanwhile (failed, never sent), or the mailbox was paused or deleted (back to the queue; a
 *   test, answered at once, fails instead).
 *
 * Set-based, so the engine can write the answers and marks of all its mailboxes that fall due
 * together in one round trip and one commit (SettleBatcher).
 */
export async function settleMany(db: DbOrTx, records: readonly AnswerRecord[], marks: readonly MarkRequest[]): Promise<SettleResult> {
  const result: SettleResult = { recorded: new Set(), marked: new Map() };
  if (records.length === 0 && marks.length === 0) return result;
  const answers = records.map(({ id, workerId, now, answer }) => ({
    id,
    worker: workerId,
    at: now.toISOString(),
    state: answer.state,
    provider: answer.state === 'sent' ? answer.providerMessageId : null,
    reason: answer.state === 'sent' ? null : answer.reason,
    smtp_code: answer.state === 'sent' ? 250 : answer.smtpCode,
    enhanced: answer.state === 'sent' ? null : answer.enhancedCode,
    not_before: answer.state === 'sent' || answer.state === 'unknown' ? null : (answer.notBefore?.toISOString() ?? null),
    day: answer.state === 'sent' || answer.state === 'unknown' ? answer.day : null,
  }));
  const requests = marks.map(({ id, workerId, leaseUntil, now }) => ({ id, worker: workerId, lease_until: leaseUntil.toISOString(), at: now.toISOString() }));
  const skip = sql`t.suppressed or not t.mailbox_ok`;
  const [row] = await rowsOf<{ recorded: number[] | null; marked: { id: number; outcome: Exclude<SendingCheck, 'lost'> }[] | null }>(
    db,
    sql`with answers as (
          select * from json_to_recordset(${JSON.stringify(answers)}::json) as a(id bigint, worker text, at timestamptz, state text,
            provider text, reason text, smtp_code int, enhanced text, not_before timestamptz, day date)
        ),
        rec as (
          update mail_outbound o set
            state = a.state,
            sent_at = case when a.state = 'sent' then a.at else o.sent_at end,
            provider_message_id = case when a.state = 'sent' then a.provider else o.provider_message_id end,
            lease_until = null,
            claimed_by = case when a.state in ('retry', 'queued') then null else o.claimed_by end,
            not_before = coalesce(a.not_before, o.not_before),
            last_error = a.reason, smtp_code = a.smtp_code, enhanced_code = a.enhanced, updated_at = a.at
          from answers a
          where o.id = a.id and o.claimed_by = a.worker and o.state in ('sending', 'unknown')
          returning o.id, o.email_account_id, o.kind, o.is_first_email, a.state, a.day
        ),
        usage as (
          insert into mailbox_daily_usage (email_account_id, day, sent, first_emails, warmup)
          select email_account_id, day, count(*) filter (where kind <> 'warmup'), count(*) filter (where is_first_email and kind <> 'warmup'),
            count(*) filter (where kind = 'warmup')
          from rec where state in ('sent', 'unknown')
          group by email_account_id, day
          on conflict (email_account_id, day) do update set
            sent = mailbox_daily_usage.sent + excluded.sent,
            first_emails = mailbox_daily_usage.first_emails + excluded.first_emails,
            warmup = mailbox_daily_usage.warmup + excluded.warmup
        ),
        requests as (
          select * from json_to_recordset(${JSON.stringify(requests)}::json) as r(id bigint, worker text, lease_until timestamptz, at timestamptz)
        ),
        target as (
          select o.id, r.lease_until, r.at,
            exists (select 1 from mail_suppressions s where s.account_id = o.account_id and lower(s.email) = lower(o.to_address)) as suppressed,
            (m.status = 'active' and m.deleted_at is null) as mailbox_ok
          from requests r
          join mail_outbound o on o.id = r.id and o.state = 'claimed' and o.claimed_by = r.worker
          join email_accounts m on m.id = o.email_account_id
          for update of o
        ),
        marked as (
          update mail_outbound o set
            state = case when t.suppressed then 'failed' when not t.mailbox_ok then (case when o.kind = 'test' then 'failed' else 'queued' end) else 'sending' end,
            attempts = case when ${skip} then o.attempts else o.attempts + 1 end,
            first_attempt_at = case when ${skip} then o.first_attempt_at else coalesce(o.first_attempt_at, t.at) end,
            lease_until = case when ${skip} then null else t.lease_until end,
            claimed_by = case when ${skip} then null else o.claimed_by end,
            last_error = case when t.suppressed then 'suppressed: the address is on the no-send list'
              when not t.mailbox_ok then 'the mailbox is paused, deleted or needs reconnecting' else o.last_error end,
            updated_at = t.at
          from target t where o.id = t.id
          returning o.id, case when t.suppressed then 'suppressed' when not t.mailbox_ok then 'mailbox_unavailable' else 'sending' end as outcome
        )
        select (select json_agg(id) from rec) as recorded, (select json_agg(json_build_object('id', id, 'outcome', outcome)) from marked) as marked`,
  );
  for (const id of row?.recorded ?? []) result.recorded.add(Number(id));
  for (const entry of row?.marked ?? []) result.marked.set(Number(entry.id), entry.outcome);
  return result;
}

export async function markSending(db: DbOrTx, mark: MarkRequest): Promise<SendingCheck> {
  return (await settleMany(db, [], [mark])).marked.get(mark.id) ?? 'lost';
}

export async function recordAnswer(db: DbOrTx, record: AnswerRecord): Promise<boolean> {
  return (await settleMany(db, [record], [])).recorded.has(record.id);
}

/** Claimed messages this worker will not send now go back to the queue (nothing was attempted). */
export async function releaseClaimed(db: DbOrTx, ids: readonly number[], workerId: string, notBefore: Date, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update mail_outbound set state = 'queued', claimed_by = null, lease_until = null,
          not_before = greatest(not_before, ${at(notBefore)}), updated_at = ${at(now)}
        where id in ${idSet(ids)} and state = 'claimed' and claimed_by = ${workerId}`,
  );
}

/** A message marked `sending` ahead of its turn that never started (its mailbox was halted): back to the queue. */
export async function unmarkUnsent(db: DbOrTx, id: number, workerId: string, now: Date): Promise<void> {
  await db.execute(
    sql`update mail_outbound set state = 'queued', claimed_by = null, lease_until = null, attempts = greatest(attempts - 1, 0), updated_at = ${at(now)}
        where id = ${id} and state = 'sending' and claimed_by = ${workerId}`,
  );
}

/** A claimed message that will not be attempted at all (a test whose mailbox cannot connect). */
export async function failClaimed(db: DbOrTx, id: number, workerId: string, reason: string, now: Date): Promise<void> {
  await db.execute(
    sql`update mail_outbound set state = 'failed', lease_until = null, last_error = ${reason}, updated_at = ${at(now)}
        where id = ${id} and state = 'claimed' and claimed_by = ${workerId}`,
  );
}

/** The mailbox cannot send (refused login, unreadable credentials): the screens show why. */
export async function setMailboxFault(db: DbOrTx, mailboxId: number, status: 'error' | 'reconnect', reason: string, now: Date): Promise<void> {
  await db.execute(
    sql`update email_accounts set status = ${status}, status_reason = ${reason}, status_changed_at = ${at(now)}, updated_at = ${at(now)}
        where id = ${mailboxId} and status = 'active'`,
  );
}

// ─── Leases ───────────────────────────────────────────────────────────────────────────────────

/**
 * Rows whose worker stopped answering: a `sending` one may have reached the server, so it becomes
 * `unknown` (shown, never sent again); a `claimed` one was never attempted and goes back to the queue.
 */
export async function sweepExpiredLeases(db: DbOrTx, now: Date): Promise<{ unknown: number; requeued: number }> {
  const [row] = await rowsOf<{ unknown: number; requeued: number }>(
    db,
    sql`with lost as (
          update mail_outbound set state = 'unknown', lease_until = null,
            last_error = 'the worker stopped while the server had the message: it may have been delivered', updated_at = ${at(now)}
          where state = 'sending' and lease_until < ${at(now)}
          returning 1
        ), requeued as (
          -- A test whose request died before it was tried is not sent later behind the user's back.
          update mail_outbound set state = case when kind = 'test' then 'failed' else 'queued' end, claimed_by = null, lease_until = null,
            last_error = case when kind = 'test' then 'the test was not sent: its request ended first' else last_error end,
            updated_at = ${at(now)}
          where state = 'claimed' and lease_until < ${at(now)}
          returning 1
        )
        select (select count(*) from lost)::int as unknown, (select count(*) from requeued)::int as requeued`,
  );
  return row ?? { unknown: 0, requeued: 0 };
}

/** The next instant something needs the dispatcher: a message due, or a lease to sweep. */
export async function nextDueAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await rowsOf<{ next: Date | string | null }>(
    db,
    sql`select least(
          (select min(o.not_before) from mail_outbound o
             join email_accounts m on m.id = o.email_account_id and m.status = 'active' and m.deleted_at is null
           where o.state in ('queued', 'retry')),
          (select min(lease_until) from mail_outbound where state in ('claimed', 'sending'))
        ) as next`,
  );
  return row?.next ? new Date(row.next) : null;
}

export interface OutboundStateRow {
  id: number;
  state: OutboundState;
  attempts: number;
  last_error: string | null;
  smtp_code: number | null;
  enhanced_code: string | null;
  provider_message_id: string | null;
  message_id: string;
  sent_at: Date | string | null;
  not_before: Date | string;
}

export async function outboundState(db: DbOrTx, id: number): Promise<OutboundStateRow | undefined> {
  const [row] = withNumericIds(
    await rowsOf<OutboundStateRow>(
      db,
      sql`select id, state, attempts, last_error, smtp_code, enhanced_code, provider_message_id, message_id, sent_at, not_before
          from mail_outbound where id = ${id}`,
    ),
  );
  return row;
}
