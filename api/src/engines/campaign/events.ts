/**
 * What happened to a recipient, written once: the event row (a repeated source adds nothing),
 * the daily counters the statistics read (one row for the block, one for the campaign as a
 * whole), and the recipient's own figures and LinkedIn value sets the recipients table shows.
 * Called inside the caller's transaction, so the three never disagree.
 */
import type { CampaignEventKind } from '@leadforge/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';

export interface CampaignEventInput {
  campaignId: number;
  recipientId: number;
  /** The block the event belongs to (the email that was opened); null for the campaign as a whole. */
  nodeId: string | null;
  kind: CampaignEventKind;
  at: Date;
  outboundId?: number | null;
  /** Unique per campaign: a tracking event, an inbound message, a send (`sent:<outboundId>`), … */
  sourceKey?: string | null;
  detail?: Record<string, unknown> | null;
}

export interface RecordedEvent {
  /** False when the source was recorded before (nothing changed). */
  recorded: boolean;
  /** The recipient's first event of this kind in the campaign. */
  first: boolean;
}

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The recipient's columns an event changes (counters, value sets, the goal list). */
function recipientChange(event: CampaignEventInput): SQL | null {
  switch (event.kind) {
    case 'sent':
      return sql`sent = sent + 1, contacted = true`;
    case 'opened':
      return sql`open = open + 1`;
    case 'clicked':
      return sql`click = click + 1`;
    case 'replied':
      return sql`reply = reply + 1`;
    case 'goal':
      return sql`goals = case when goals @> ${JSON.stringify([event.detail?.goalName ?? ''])}::jsonb then goals
                   else goals || ${JSON.stringify([event.detail?.goalName ?? ''])}::jsonb end`;
    case 'linkedin_visit':
      return sql`linkedin_visit = linkedin_visit + 1, contacted = true`;
    case 'linkedin_like':
      return sql`linkedin_like = 'liked', contacted = true`;
    case 'linkedin_follow':
      return sql`linkedin_follow = 'followed', contacted = true`;
    case 'linkedin_invite':
      return sql`linkedin_invite = case when linkedin_invite = 'accepted' then linkedin_invite else 'sent' end,
                 linkedin_invite_reply = case when ${Boolean(event.detail?.withNote)} and linkedin_invite_reply = 'no_message' then 'not_replied' else linkedin_invite_reply end,
                 contacted = true`;
    case 'linkedin_invite_accepted':
      return sql`linkedin_invite = 'accepted'`;
    case 'linkedin_message':
      return sql`linkedin_message = linkedin_message + 1, contacted = true`;
    case 'linkedin_in_mail':
      return sql`linkedin_in_mail = 'sent', contacted = true`;
    case 'linkedin_replied':
      // A reply answers the latest thing we sent on the network: an InMail, else a message or an invitation's note.
      return sql`linkedin_in_mail_reply = case when linkedin_in_mail = 'sent' then 'replied' else linkedin_in_mail_reply end,
                 linkedin_message_reply = case when linkedin_message > 0 then 'replied' else linkedin_message_reply end,
                 linkedin_invite_reply = case when linkedin_invite_reply = 'not_replied' then 'replied' else linkedin_invite_reply end`;
    default:
      return null;
  }
}

/**
 * Records one event. The recipient row is locked first, so "first of its kind" is decided once
 * per recipient even when two processes record events for them at the same time.
 */
export async function recordEvent(tx: DbOrTx, event: CampaignEventInput): Promise<RecordedEvent> {
  const at = event.at.toISOString();
  await tx.execute(sql`select id from campaign_recipients where id = ${event.recipientId} for update`);
  const [prior] = await rowsOf<{ in_campaign: boolean; at_node: boolean }>(
    tx,
    sql`select exists (select 1 from campaign_events where recipient_id = ${event.recipientId} and kind = ${event.kind}) as in_campaign,
               exists (select 1 from campaign_events where recipient_id = ${event.recipientId} and kind = ${event.kind}
                         and node_id is not distinct from ${event.nodeId}) as at_node`,
  );
  const first = !prior?.in_campaign;
  const firstAtNode = !prior?.at_node;
  const inserted = await rowsOf<{ id: string }>(
    tx,
    sql`insert into campaign_events (campaign_id, recipient_id, node_id, kind, first, outbound_id, source_key, detail, at)
        values (${event.campaignId}, ${event.recipientId}, ${event.nodeId}, ${event.kind}, ${first}, ${event.outboundId ?? null},
          ${event.sourceKey ?? null}, ${event.detail ? JSON.stringify(event.detail) : null}::jsonb, ${at}::timestamptz)
        on conflict (campaign_id, source_key) where source_key is not null do nothing
        returning id`,
  );
  if (inserted.length === 0) return { recorded: false, first: false };

  const day = at.slice(0, 10);
  // The block's row counts recipients first at that block (its funnel); the campaign's row ('') recipients first anywhere.
  const rows: { nodeId: string; unique: boolean }[] = [{ nodeId: '', unique: first }];
  if (event.nodeId) rows.push({ nodeId: event.nodeId, unique: firstAtNode });
  for (const row of rows) {
    await tx.execute(
      sql`insert into campaign_daily_stats (campaign_id, day, node_id, kind, count, unique_count)
          values (${event.campaignId}, ${day}::date, ${row.nodeId}, ${event.kind}, 1, ${row.unique ? 1 : 0})
          on conflict (campaign_id, day, node_id, kind)
          do update set count = campaign_daily_stats.count + 1, unique_count = campaign_daily_stats.unique_count + excluded.unique_count`,
    );
  }
  const change = recipientChange(event);
  if (change)
    await tx.execute(
      sql`update campaign_recipients set ${change}, updated_at = ${at}::timestamptz where id = ${event.recipientId}`,
    );
  return { recorded: true, first };
}
