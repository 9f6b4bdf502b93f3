/**
 * The SQL of the unibox's LinkedIn conversations: `unibox_linkedin_threads` (one per account and
 * network thread, kept by a trigger on linkedin_messages, migration 0021) over the messages the
 * action runner stores (read from the inbox, or sent). Like repository.ts, every function takes
 * the owner whose unibox it reads and puts both their user and account in its SQL. A LinkedIn
 * account's conversations belong to whoever uses the slot: its assignee, else its owner.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { idSet } from '../../db/sql-sets';
import { rowsOf } from '../prospects/sql-helpers';
import type { Mark, Owner, TextStrategy, ThreadFilters } from './repository';

/** The slot is the owner's to use (not deleted). `la` is linkedin_accounts. */
function usedBy(owner: Owner): SQL {
  return sql`la.account_id = ${owner.accountId} and coalesce(la.assigned_user_id, la.user_id) = ${owner.userId} and la.deleted_at is null`;
}

/** The conversation is shown to the owner: their slot's, and the other side wrote in it. `lt` is the thread. */
export function visibleLinkedinThreads(owner: Owner): SQL {
  return sql`lt.account_id = ${owner.accountId} and lt.has_incoming
    and exists (select 1 from linkedin_accounts la where la.id = lt.linkedin_account_id and ${usedBy(owner)})`;
}

/** The thread's messages (`m`), by the conversation `lt`. */
const ofThread = sql`m.linkedin_account_id = lt.linkedin_account_id and m.thread_key = lt.thread_key`;

/**
 * What a text filter searches in a LinkedIn message: the person's name, subject (InMail) and
 * text, as the generated column `search_vector` holds it (GIN-indexed, db/schema/social.ts).
 */
const linkedinSearchDocument = sql`m.search_vector`;

/** A profile address as prospects.social_norm holds it (prospects/normalise.ts normaliseSocial). */
export const socialNormOf = (column: SQL) =>
  sql`nullif(regexp_replace(regexp_replace(regexp_replace(regexp_replace(lower(trim(${column})), '^https?://', ''), '^(www|[a-z]{2})\\.', ''), '[?#].*$', ''), '/+$', ''), '')`;

/**
 * The LinkedIn side of the thread list's filters, or null when the filters leave LinkedIn out:
 * only mailboxes named, or a mail folder. `tsquery`: the text filter's query (searchQuery), in the
 * form of the list's strategy (repository.ts TextStrategy), as for mail.
 */
export function linkedinThreadConditions(
  owner: Owner,
  filters: ThreadFilters,
  tsquery: string | null,
  strategy: TextStrategy = 'index',
): SQL[] | null {
  if ((filters.emailAccountIds && !filters.linkedinAccountIds) || filters.directory !== undefined) return null;
  const conditions: SQL[] = [
    visibleLinkedinThreads(owner),
    filters.trash ? sql`lt.deleted_at is not null` : sql`lt.deleted_at is null`,
  ];
  if (filters.linkedinAccountIds) conditions.push(sql`lt.linkedin_account_id in ${idSet(filters.linkedinAccountIds)}`);
  if (filters.threadIds) conditions.push(sql`lt.id in ${idSet(filters.threadIds)}`);
  if (filters.campaignIds)
    conditions.push(sql`exists (select 1 from linkedin_messages m where ${ofThread} and m.campaign_id in ${idSet(filters.campaignIds)})`);
  if (filters.leads)
    conditions.push(
      sql`(exists (select 1 from linkedin_messages m where ${ofThread} and m.recipient_id is not null)
           or exists (select 1 from prospects p where p.account_id = lt.account_id and p.social_norm = ${socialNormOf(sql`lt.profile_url`)}))`,
    );
  if (filters.isStarred !== undefined) conditions.push(filters.isStarred ? sql`lt.is_starred` : sql`not lt.is_starred`);
  // `scan`: each conversation checked as the walk reaches it (OFFSET 0 keeps it so, as for mail).
  if (tsquery !== null && strategy === 'scan')
    conditions.push(
      sql`exists (select 1 from linkedin_messages m
                  where ${ofThread} and m.account_id = ${owner.accountId}
                    and ${linkedinSearchDocument} @@ to_tsquery('simple'::regconfig, ${tsquery}) offset 0)`,
    );
  // `index`: the matching messages found once through the GIN index, not a text search per conversation.
  else if (tsquery !== null)
    conditions.push(
      sql`(lt.linkedin_account_id, lt.thread_key) in (
            select m.linkedin_account_id, m.thread_key from linkedin_messages m
            where m.account_id = ${owner.accountId} and ${linkedinSearchDocument} @@ to_tsquery('simple'::regconfig, ${tsquery}))`,
    );
  return conditions;
}

/** The rows of the thread list (repository.ts listSource) for LinkedIn conversations. */
export function linkedinFilteredSelect(conditions: readonly SQL[]): SQL {
  return sql`select 'linkedin'::text as channel, lt.id, null::int as email_account_id, lt.linkedin_account_id, lt.account_id,
                    lt.profile_url as counterpart, lt.last_message_at
             from unibox_linkedin_threads lt where ${sql.join([...conditions], sql` and `)}`;
}

/**
 * linkedinFilteredSelect's first `upTo` conversations of each of the owner's LinkedIn accounts,
 * newest first: each account's read along its (account, last message) index and stopping there,
 * where one ordered read of all accounts' conversations would have to find and sort them all
 * (every conversation of a common word checked, to show twenty).
 */
export function linkedinNewestSelect(owner: Owner, conditions: readonly SQL[], upTo: number): SQL {
  return sql`select newest.* from linkedin_accounts la cross join lateral (
               ${linkedinFilteredSelect([...conditions, sql`lt.linkedin_account_id = la.id`])}
               order by lt.last_message_at desc nulls last, lt.id desc nulls last limit ${upTo}) newest
             where ${usedBy(owner)}`;
}

/**
 * The page's LinkedIn rows summarised (the columns of repository.ThreadRow); `t` is the page row
 * of `filtered`. Left-joined by the list, so an email row gets nulls.
 */
export const linkedinSummary = sql`
  left join unibox_linkedin_threads lt on t.channel = 'linkedin' and lt.id = t.id
  left join lateral (
    select count(*)::int as message_count,
           (count(*) filter (where m.direction = 'in' and m.read_at is null))::int as unread_count,
           max(m.sent_at) as last_at
    from linkedin_messages m where lt.id is not null and ${ofThread}) lagg on true
  left join lateral (
    select m.profile_name, m.subject, m.body
    from linkedin_messages m where lt.id is not null and ${ofThread}
    order by m.sent_at desc, m.id desc limit 1) llatest on true
  left join lateral (
    select cr.campaign_id, c.title as campaign_title, cr.status as lead_status, cr.id as recipient_id, cr.interest_level, cr.prospect_id
    from linkedin_messages m join campaign_recipients cr on cr.id = m.recipient_id and cr.account_id = lt.account_id
    join campaigns c on c.id = cr.campaign_id
    where lt.id is not null and ${ofThread}
    order by m.sent_at desc, m.id desc limit 1) lcamp on true
  left join lateral (
    select p.id as prospect_id from prospects p
    where lt.id is not null and p.account_id = lt.account_id and p.social_norm = ${socialNormOf(sql`lt.profile_url`)}
    order by p.id desc limit 1) lpros on true`;

export interface LinkedinThreadRow {
  id: number;
  linkedin_account_id: number;
  thread_key: string;
  profile_url: string;
}

/** One of the owner's shown LinkedIn conversations (in the trash or not); null when it is not theirs. */
export async function ownedLinkedinThread(db: DbOrTx, owner: Owner, threadId: number): Promise<LinkedinThreadRow | null> {
  const [row] = await rowsOf<LinkedinThreadRow>(
    db,
    sql`select lt.id, lt.linkedin_account_id, lt.thread_key, lt.profile_url from unibox_linkedin_threads lt
        where lt.id = ${threadId} and ${visibleLinkedinThreads(owner)}`,
  );
  return row ?? null;
}

export interface LinkedinMessageRow {
  id: number;
  linkedin_account_id: number;
  network_message_id: string;
  profile_url: string;
  profile_name: string | null;
  direction: string;
  kind: string;
  subject: string | null;
  body: string;
  sent_at: Date | string;
  read_at: Date | string | null;
  account_name: string;
  account_profile_url: string | null;
  is_starred: boolean;
  deleted: boolean;
}

/** A conversation's messages in order, with the slot's own name for what it sent. */
export function linkedinThreadMessages(db: DbOrTx, owner: Owner, threadId: number): Promise<LinkedinMessageRow[]> {
  return rowsOf<LinkedinMessageRow>(
    db,
    sql`select m.id, m.linkedin_account_id, m.network_message_id, m.profile_url, m.profile_name, m.direction, m.kind, m.subject, m.body,
               m.sent_at, m.read_at, coalesce(nullif(la.profile_name, ''), nullif(la.name, ''), 'LinkedIn') as account_name,
               la.profile_url as account_profile_url, lt.is_starred, lt.deleted_at is not null as deleted
        from unibox_linkedin_threads lt join linkedin_accounts la on la.id = lt.linkedin_account_id
        join linkedin_messages m on ${ofThread}
        where lt.id = ${threadId} and ${visibleLinkedinThreads(owner)}
        order by m.sent_at, m.id`,
  );
}

export interface PendingLinkedinAnswerRow {
  id: number;
  linkedin_account_id: number;
  content: string | null;
  state: string;
  created_at: Date | string;
  account_name: string;
  account_profile_url: string | null;
}

/**
 * Answers written to the conversation's person from the unibox (li-touch inline messages) that the
 * runner has not sent: queued, being sent, or given up on. A sent one is a stored message of the
 * thread, so it is not here. `thread` is one the owner may see (ownedLinkedinThread).
 */
export function pendingLinkedinAnswers(db: DbOrTx, owner: Owner, thread: LinkedinThreadRow): Promise<PendingLinkedinAnswerRow[]> {
  return rowsOf<PendingLinkedinAnswerRow>(
    db,
    sql`select a.id, a.linkedin_account_id, a.content, a.state, a.created_at,
               coalesce(nullif(la.profile_name, ''), nullif(la.name, ''), 'LinkedIn') as account_name, la.profile_url as account_profile_url
        from linkedin_actions a join linkedin_accounts la on la.id = a.linkedin_account_id
        where a.linkedin_account_id = ${thread.linkedin_account_id} and a.profile_url = ${thread.profile_url}
          and a.account_id = ${owner.accountId} and a.action = 'message' and a.origin = 'inline'
          and a.state in ('queued', 'running', 'failed')
        order by a.created_at, a.id`,
  );
}

/** The conversation an answer to `profileUrl` from the slot belongs to, and whose unibox shows it (for pushes). */
export async function threadOfLinkedinProfile(
  db: DbOrTx,
  linkedinAccountId: number,
  profileUrl: string,
): Promise<{ thread_id: number; user_id: number } | null> {
  const [row] = await rowsOf<{ thread_id: number; user_id: number }>(
    db,
    sql`select lt.id as thread_id, coalesce(la.assigned_user_id, la.user_id) as user_id
        from unibox_linkedin_threads lt join linkedin_accounts la on la.id = lt.linkedin_account_id
        where lt.linkedin_account_id = ${linkedinAccountId} and lt.profile_url = ${profileUrl}
        order by lt.id desc limit 1`,
  );
  return row ?? null;
}

/** How many of the ids are the owner's shown LinkedIn conversations. */
export async function countOwnedLinkedin(db: DbOrTx, owner: Owner, threadIds: readonly number[]): Promise<number> {
  if (threadIds.length === 0) return 0;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from unibox_linkedin_threads lt where lt.id in ${idSet(threadIds)} and ${visibleLinkedinThreads(owner)}`,
  );
  return row?.n ?? 0;
}

/**
 * A mark on the owner's LinkedIn conversations among `threadIds`: read is per message (the other
 * side's messages, `read_at`), star and trash per conversation. Answers how many changed.
 */
export async function setLinkedinMark(db: DbOrTx, owner: Owner, threadIds: readonly number[], mark: Mark): Promise<number> {
  if (threadIds.length === 0) return 0;
  const owned = sql`lt.id in ${idSet(threadIds)} and ${visibleLinkedinThreads(owner)}`;
  if (mark.kind === 'read') {
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`update linkedin_messages m set read_at = ${mark.value ? sql`now()` : sql`null`}
          from unibox_linkedin_threads lt
          where ${ofThread} and ${owned} and m.direction = 'in' and ${mark.value ? sql`m.read_at is null` : sql`m.read_at is not null`}
          returning m.id`,
    );
    return rows.length;
  }
  const change =
    mark.kind === 'star'
      ? { set: sql`is_starred = ${mark.value}`, when: sql`lt.is_starred <> ${mark.value}` }
      : { set: sql`deleted_at = now()`, when: sql`lt.deleted_at is null` };
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update unibox_linkedin_threads lt set ${change.set} where ${owned} and ${change.when} returning lt.id`,
  );
  return rows.length;
}

/** Unread messages of the other side in the owner's shown LinkedIn conversations out of the trash, per account. */
export function unreadByLinkedinAccount(db: DbOrTx, owner: Owner): Promise<{ linkedin_account_id: number; unread: number }[]> {
  return rowsOf(
    db,
    sql`select lt.linkedin_account_id, count(*)::int as unread
        from unibox_linkedin_threads lt join linkedin_messages m on ${ofThread} and m.direction = 'in' and m.read_at is null
        where ${visibleLinkedinThreads(owner)} and lt.deleted_at is null
        group by lt.linkedin_account_id`,
  );
}

export interface LinkedinAccountRow {
  id: number;
  name: string;
  profile_name: string | null;
  provider: string;
  state: string;
}

/** The LinkedIn accounts the owner uses (not deleted), for the unibox's account pane. */
export function linkedinAccountsOf(db: DbOrTx, owner: Owner): Promise<LinkedinAccountRow[]> {
  return rowsOf<LinkedinAccountRow>(
    db,
    sql`select la.id, la.name, la.profile_name, la.provider, la.state from linkedin_accounts la where ${usedBy(owner)} order by la.id`,
  );
}

/** The conversation of a stored LinkedIn message and whose unibox shows it (for pushes). */
export async function threadOfLinkedinMessage(
  db: DbOrTx,
  messageId: number,
): Promise<{ thread_id: number; user_id: number; account_id: number } | null> {
  const [row] = await rowsOf<{ thread_id: number; user_id: number; account_id: number }>(
    db,
    sql`select lt.id as thread_id, coalesce(la.assigned_user_id, la.user_id) as user_id, la.account_id
        from linkedin_messages m join unibox_linkedin_threads lt on ${ofThread} join linkedin_accounts la on la.id = lt.linkedin_account_id
        where m.id = ${messageId}`,
  );
  return row ?? null;
}
