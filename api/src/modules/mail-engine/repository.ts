/**
 * SQL of the mail engine's public side: tracking ids and their events, unsubscribe tokens and the
 * no-send list, the mailboxes a caller may send a test from, and the engagement figures other
 * areas read. Tokens are bearer capabilities (whoever holds the message holds them), so their
 * lookups are by token alone; everything a caller reads is scoped.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { MAILBOX_COLUMNS, type MailboxRow } from '../../engines/mail/outbound/mailbox';
import type { Scope } from '../account/caller';
import { idSet } from '../../db/sql-sets';

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface TrackedLink {
  id: string;
  outbound_id: number;
  url: string | null;
  /** When the message was accepted by the server (null: not sent yet). */
  sent_at: Date | string | null;
}

export async function trackingLink(db: DbOrTx, token: string, kind: 'open' | 'click'): Promise<TrackedLink | undefined> {
  const [row] = await rowsOf<TrackedLink>(
    db,
    sql`select l.id, l.outbound_id, l.url, o.sent_at
        from mail_tracking_links l join mail_outbound o on o.id = l.outbound_id
        where l.id = ${token} and l.kind = ${kind}`,
  );
  return row;
}

export interface NewTrackingEvent {
  outboundId: number;
  linkId: string | null;
  kind: 'open' | 'click' | 'unsubscribe';
  machine: boolean;
  reason: string | null;
  userAgent: string | null;
  ip: string | null;
  at: Date;
}

export async function insertTrackingEvent(db: DbOrTx, event: NewTrackingEvent): Promise<void> {
  await db.execute(
    sql`insert into mail_tracking_events (outbound_id, link_id, kind, machine, reason, user_agent, ip, created_at)
        values (${event.outboundId}, ${event.linkId}, ${event.kind}, ${event.machine}, ${event.reason},
          ${event.userAgent}, ${event.ip}, ${event.at.toISOString()}::timestamptz)`,
  );
}

export interface UnsubscribeTarget {
  outbound_id: number;
  account_id: number;
  to_address: string;
  sender_name: string;
  sender_email: string;
  unsubscribed: boolean;
}

export async function unsubscribeTarget(db: DbOrTx, token: string): Promise<UnsubscribeTarget | undefined> {
  const [row] = await rowsOf<UnsubscribeTarget>(
    db,
    sql`select o.id as outbound_id, o.account_id, o.to_address, m.sender_name, m.email as sender_email,
          exists (select 1 from mail_suppressions s where s.account_id = o.account_id and lower(s.email) = lower(o.to_address)) as unsubscribed
        from mail_tracking_links l
        join mail_outbound o on o.id = l.outbound_id
        join email_accounts m on m.id = o.email_account_id
        where l.id = ${token} and l.kind = 'unsubscribe'`,
  );
  return row;
}

/** Adds the address to the account's no-send list; false when it was there already. */
export async function suppressForUnsubscribe(db: DbOrTx, target: UnsubscribeTarget, now: Date): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`insert into mail_suppressions (account_id, email, reason, outbound_id, created_at)
        values (${target.account_id}, ${target.to_address}, 'unsubscribe', ${target.outbound_id}, ${now.toISOString()}::timestamptz)
        on conflict do nothing
        returning id`,
  );
  return rows.length > 0;
}

/**
 * A mailbox the caller may send from: their own, or one a teammate shares with the team
 * (document 1 §4, teamwork status). Another account's mailbox is simply not found.
 */
export async function sendableMailbox(db: DbOrTx, scope: Scope, mailboxId: number): Promise<MailboxRow | undefined> {
  const [row] = await rowsOf<MailboxRow>(
    db,
    sql`select ${sql.raw(MAILBOX_COLUMNS)} from email_accounts m
        where m.id = ${mailboxId} and m.deleted_at is null
          and (m.user_id = ${scope.userId}
               or (m.shared_with_team and m.user_id in ${idSet(scope.teamUserIds)}))`,
  );
  return row;
}

/** What recipients did with a message, machines left out (CONVENTIONS "Machine events are not people"). */
export interface Engagement {
  outboundId: number;
  /** A person opened it at least once (unique open). */
  opened: boolean;
  firstOpenedAt: Date | null;
  /** A person followed one of its links at least once (unique click). */
  clicked: boolean;
  firstClickedAt: Date | null;
  /** Machine events, kept apart: proxies, privacy relays, scanners. */
  machineOpens: number;
  machineClicks: number;
}

/**
 * Unique human opens and clicks of the caller's messages: each message counts once however
 * often it is opened, and only for events not flagged as a machine. For the campaigns' rates and
 * triggers.
 */
export async function engagementOf(db: DbOrTx, scope: Scope, outboundIds: readonly number[]): Promise<Engagement[]> {
  if (outboundIds.length === 0) return [];
  const rows = await rowsOf<{
    outbound_id: number;
    first_open: Date | string | null;
    first_click: Date | string | null;
    machine_opens: number;
    machine_clicks: number;
  }>(
    db,
    sql`select o.id as outbound_id,
          min(e.created_at) filter (where e.kind = 'open' and not e.machine) as first_open,
          min(e.created_at) filter (where e.kind = 'click' and not e.machine) as first_click,
          count(e.id) filter (where e.kind = 'open' and e.machine)::int as machine_opens,
          count(e.id) filter (where e.kind = 'click' and e.machine)::int as machine_clicks
        from mail_outbound o
        left join mail_tracking_events e on e.outbound_id = o.id
        where o.id in ${idSet(outboundIds)} and o.user_id in ${idSet(scope.readableUserIds)}
        group by o.id`,
  );
  return rows.map((row) => ({
    outboundId: Number(row.outbound_id),
    opened: row.first_open !== null,
    firstOpenedAt: row.first_open ? new Date(row.first_open) : null,
    clicked: row.first_click !== null,
    firstClickedAt: row.first_click ? new Date(row.first_click) : null,
    machineOpens: row.machine_opens,
    machineClicks: row.machine_clicks,
  }));
}
