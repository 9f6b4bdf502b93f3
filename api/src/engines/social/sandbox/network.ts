/**
 * The sandbox network's people and what they do, offline: deterministic per (member, profile)
 * with a seeded hash, so the same account and the same person always behave the same way.
 *
 * - Profiles are the search generator's (search.ts); a link it cannot read (a removed or private
 *   profile, the search's "bad link") fails every action with linkedin_profile_unavailable.
 * - Degree: about one person in five is already a 1st-degree connection of a member; the rest are
 *   2nd or 3rd degree until they accept an invitation.
 * - Visiting, liking and following always work. An invitation is pending until accepted, which a
 *   share of people (SOCIAL_SANDBOX_ACCEPT_RATE, default 0.6) do after a delay spread evenly over
 *   SOCIAL_SANDBOX_ACCEPT_HOURS; the others never answer. Inviting a connection is done at once.
 * - A message reaches only a connection (else linkedin_not_connected_to_profile); an InMail always
 *   does. A share of people (SOCIAL_SANDBOX_REPLY_RATE, default 0.3) answer — a message, an InMail,
 *   or an invitation once accepted — once, after a delay spread over SOCIAL_SANDBOX_REPLY_HOURS.
 *
 * What the people will do is decided when something is sent and kept in the network's own table
 * (`linkedin_sandbox_events`, unique per account and event, so a repeat decides nothing new); the
 * inbox reads what has fallen due by the caller's `now`, so a fake clock drives everything. On a
 * test server's fast clock (CAMPAIGN_TIME_SCALE) the provider hands these functions the hours
 * already divided by the scale (../time-scale.ts): the same people decide the same way, sooner.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { linkedinProfileHandle, type LinkedinActionType } from '@leadforge/contracts';
import type { DbOrTx } from '../../../db/types';
import type { ActionOutcome, InboxPage, SocialProfile } from '../provider';
import { sandboxProfileOf } from './search';

export interface SandboxNetworkSettings {
  /** Share of invitations accepted, 0…1. */
  acceptRate: number;
  acceptHours: { min: number; max: number };
  /** Share of people who answer, 0…1. */
  replyRate: number;
  replyHours: { min: number; max: number };
}

export const SANDBOX_NETWORK_DEFAULTS: SandboxNetworkSettings = {
  acceptRate: 0.6,
  acceptHours: { min: 1, max: 48 },
  replyRate: 0.3,
  replyHours: { min: 1, max: 24 },
};

/** One person in this many is a 1st-degree connection of a member from the start. */
const FIRST_DEGREE_SHARE = 0.2;
/** Of the others, this share is 2nd degree, the rest 3rd. */
const SECOND_DEGREE_SHARE = 0.55;
/**
 * The inbox re-reads this much before its cursor: an event written by a send that committed
 * while the previous read ran is not missed (the caller stores each one once anyway).
 */
const INBOX_LOOKBACK_MS = 60 * 60_000;
const HOUR = 3_600_000;

const REPLIES = [
  'Thanks for reaching out! Happy to have a quick call next week.',
  'Hi, thanks for the note. Could you send me a few more details?',
  'Appreciate the message. Not a priority for us right now, but let us keep in touch.',
  'Thanks! I am not the right person for this, but I will pass it on to our team.',
  'Sounds interesting. What would the next step look like?',
  'Thanks for connecting! What made you reach out?',
];

/** A number in [0, 1) fixed by its parts. */
function chance(...parts: string[]): number {
  return createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0) / 2 ** 32;
}

function spread(hours: { min: number; max: number }, fraction: number): number {
  return Math.round((hours.min + fraction * (hours.max - hours.min)) * HOUR);
}

/** Degree of a person to a member before any invitation (1, 2 or 3). */
export function sandboxBaseDegree(memberKey: string, handle: string): 1 | 2 | 3 {
  const roll = chance('degree', memberKey, handle);
  if (roll < FIRST_DEGREE_SHARE) return 1;
  return roll < FIRST_DEGREE_SHARE + (1 - FIRST_DEGREE_SHARE) * SECOND_DEGREE_SHARE ? 2 : 3;
}

/** When the person accepts an invitation sent at `sentAt`, or null when they never do. */
export function invitationAcceptedAt(memberKey: string, handle: string, sentAt: Date, settings: SandboxNetworkSettings): Date | null {
  if (chance('accepts', memberKey, handle) >= settings.acceptRate) return null;
  return new Date(sentAt.getTime() + spread(settings.acceptHours, chance('accept-delay', memberKey, handle)));
}

/** When the person answers something of `kind` that reached them at `at`, or null when they do not. */
export function replyAt(memberKey: string, handle: string, kind: 'message' | 'in_mail' | 'invite', at: Date, settings: SandboxNetworkSettings): Date | null {
  if (chance('replies', memberKey, handle, kind) >= settings.replyRate) return null;
  return new Date(at.getTime() + spread(settings.replyHours, chance('reply-delay', memberKey, handle, kind)));
}

export function sandboxThreadKey(memberKey: string, handle: string, kind: 'message' | 'in_mail'): string {
  const hash = createHash('sha256').update(`${memberKey}\u0000${handle}`).digest('hex').slice(0, 20);
  return `sandbox-${kind === 'in_mail' ? 'inmail' : 'thread'}-${hash}`;
}

function replyBody(memberKey: string, handle: string, kind: string): string {
  return REPLIES[Math.floor(chance('reply-text', memberKey, handle, kind) * REPLIES.length)]!;
}

// ─── The network's memory ───────────────────────────────────────────────────────────────────

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
const toDate = (value: Date | string) => new Date(value);

interface EventRow {
  linkedinAccountId: number;
  eventKey: string;
  kind: 'invitation' | 'reply';
  profileUrl: string;
  profileName: string | null;
  sentAt: Date;
  dueAt: Date | null;
  networkMessageId?: string | null;
  threadKey?: string | null;
  messageKind?: 'message' | 'in_mail' | null;
  subject?: string | null;
  body?: string | null;
}

async function remember(db: DbOrTx, row: EventRow): Promise<void> {
  await db.execute(
    sql`insert into linkedin_sandbox_events (linkedin_account_id, event_key, kind, profile_url, profile_name, sent_at, due_at,
          network_message_id, thread_key, message_kind, subject, body, created_at)
        values (${row.linkedinAccountId}, ${row.eventKey}, ${row.kind}, ${row.profileUrl}, ${row.profileName}, ${at(row.sentAt)},
          ${row.dueAt ? at(row.dueAt) : null}, ${row.networkMessageId ?? null}, ${row.threadKey ?? null}, ${row.messageKind ?? null},
          ${row.subject ?? null}, ${row.body ?? null}, ${at(row.sentAt)})
        on conflict (linkedin_account_id, event_key) do nothing`,
  );
}

/** Whether the person has accepted an invitation of the account by `now`. */
async function acceptedBy(db: DbOrTx, linkedinAccountId: number, handle: string, now: Date): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (
          select 1 from linkedin_sandbox_events
          where linkedin_account_id = ${linkedinAccountId} and event_key = ${`invitation:${handle}`} and due_at <= ${at(now)}
        ) as found`,
  );
  return row?.found ?? false;
}

export interface SandboxActor {
  linkedinAccountId: number;
  /** The member's stable key (the session's), seeding every decision. */
  memberKey: string;
}

/** A profile of the sandbox network with its degree to the member (null when it cannot be read). */
export async function readSandboxProfile(db: DbOrTx, actor: SandboxActor, profileUrl: string, now: Date): Promise<(SocialProfile & { degree: 1 | 2 | 3 }) | null> {
  const profile = sandboxProfileOf(profileUrl);
  const handle = linkedinProfileHandle(profileUrl);
  if (!profile || !handle) return null;
  const base = sandboxBaseDegree(actor.memberKey, handle);
  const degree = base === 1 || (await acceptedBy(db, actor.linkedinAccountId, handle, now)) ? 1 : base;
  return { ...profile, degree };
}

/** Performs an action on the sandbox network (the session was checked by the caller). */
export async function performOnSandbox(
  db: DbOrTx,
  actor: SandboxActor,
  request: { action: LinkedinActionType; profileUrl: string; subject?: string | null; content?: string | null },
  now: Date,
  settings: SandboxNetworkSettings,
): Promise<ActionOutcome> {
  // Visits, likes and follows need only a readable profile; the degree matters to the rest.
  if (request.action === 'visit' || request.action === 'like' || request.action === 'follow') {
    return sandboxProfileOf(request.profileUrl) ? { kind: 'done' } : { kind: 'failed', reason: 'linkedin_profile_unavailable' };
  }
  const profile = await readSandboxProfile(db, actor, request.profileUrl, now);
  const handle = linkedinProfileHandle(request.profileUrl);
  if (!profile || !handle) return { kind: 'failed', reason: 'linkedin_profile_unavailable' };
  const base = { linkedinAccountId: actor.linkedinAccountId, profileUrl: profile.profileUrl, profileName: profile.fullName, sentAt: now };
  const content = request.content?.trim() ? request.content : null;
  const sent = (kind: 'message' | 'in_mail') => ({ networkMessageId: `sandbox-msg-${randomUUID()}`, threadKey: sandboxThreadKey(actor.memberKey, handle, kind), sentAt: now });

  switch (request.action) {
    case 'invite': {
      // A connection already: nothing to wait for, the network reports it accepted at once.
      const acceptAt = profile.degree === 1 ? now : invitationAcceptedAt(actor.memberKey, handle, now, settings);
      await remember(db, { ...base, eventKey: `invitation:${handle}`, kind: 'invitation', dueAt: acceptAt });
      if (acceptAt && profile.degree !== 1) {
        const answerAt = replyAt(actor.memberKey, handle, 'invite', acceptAt, settings);
        if (answerAt) await remember(db, replyEvent(actor, handle, base, 'message', 'invite', answerAt, null));
      }
      return content ? { kind: 'done', message: sent('message') } : { kind: 'done' };
    }
    case 'message':
    case 'in_mail': {
      if (request.action === 'message' && profile.degree !== 1) return { kind: 'failed', reason: 'linkedin_not_connected_to_profile' };
      const message = sent(request.action);
      const answerAt = replyAt(actor.memberKey, handle, request.action, now, settings);
      if (answerAt) await remember(db, replyEvent(actor, handle, base, request.action, request.action, answerAt, request.action === 'in_mail' ? (request.subject ?? null) : null));
      return { kind: 'done', message };
    }
  }
}

function replyEvent(
  actor: SandboxActor,
  handle: string,
  base: { linkedinAccountId: number; profileUrl: string; profileName: string; sentAt: Date },
  messageKind: 'message' | 'in_mail',
  answering: 'message' | 'in_mail' | 'invite',
  dueAt: Date,
  subject: string | null,
): EventRow {
  // One answer per person and kind: the first message that reaches them decides it.
  const eventKey = `reply:${answering}:${handle}`;
  return {
    ...base,
    eventKey,
    kind: 'reply',
    dueAt,
    networkMessageId: `sandbox-reply-${createHash('sha256').update(`${actor.linkedinAccountId}\u0000${eventKey}`).digest('hex').slice(0, 24)}`,
    threadKey: sandboxThreadKey(actor.memberKey, handle, messageKind),
    messageKind,
    subject: subject ? `Re: ${subject}` : null,
    body: replyBody(actor.memberKey, handle, answering),
  };
}

/**
 * The inbox: replies and accepted invitations due by `now` since the cursor (an ISO instant: the
 * `now` of the previous read), re-reading INBOX_LOOKBACK_MS before it.
 */
export async function readSandboxInbox(db: DbOrTx, actor: SandboxActor, cursor: string | null, now: Date): Promise<InboxPage> {
  const since = cursor && !Number.isNaN(Date.parse(cursor)) ? new Date(Date.parse(cursor) - INBOX_LOOKBACK_MS) : new Date(0);
  const rows = await rowsOf<{
    kind: 'invitation' | 'reply';
    profile_url: string;
    profile_name: string | null;
    due_at: Date | string;
    network_message_id: string | null;
    thread_key: string | null;
    message_kind: 'message' | 'in_mail' | null;
    subject: string | null;
    body: string | null;
  }>(
    db,
    sql`select kind, profile_url, profile_name, due_at, network_message_id, thread_key, message_kind, subject, body
        from linkedin_sandbox_events
        where linkedin_account_id = ${actor.linkedinAccountId} and due_at is not null
          and due_at > ${at(since)} and due_at <= ${at(now)}
        order by due_at, id`,
  );
  const page: InboxPage = { messages: [], acceptedInvitations: [], cursor: now.toISOString() };
  for (const row of rows) {
    if (row.kind === 'invitation') {
      page.acceptedInvitations.push({ profileUrl: row.profile_url, acceptedAt: toDate(row.due_at) });
    } else {
      page.messages.push({
        networkMessageId: row.network_message_id!,
        threadKey: row.thread_key!,
        profileUrl: row.profile_url,
        profileName: row.profile_name,
        kind: row.message_kind ?? 'message',
        subject: row.subject,
        body: row.body ?? '',
        sentAt: toDate(row.due_at),
      });
    }
  }
  return page;
}
