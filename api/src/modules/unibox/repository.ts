/**
 * The SQL of the unibox. Every function over mail takes the owner whose mailboxes it reads (the
 * caller, or the member a lead acts for, resolved by the service) right after the database and
 * puts both its user and account in its SQL: another tenant's thread or message id matches
 * nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/types';
import { idSet, textSet } from '../../db/sql-sets';
import { rowsOf } from '../prospects/sql-helpers';
import { linkedinFilteredSelect, linkedinNewestSelect, linkedinSummary, linkedinThreadConditions } from './linkedin-repository';

/** Whose mail a call reads or changes. */
export interface Owner {
  userId: number;
  accountId: number;
}

/** The account of a user; null when there is no such user. */
export async function accountOfUser(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await rowsOf<{ account_id: number }>(db, sql`select account_id from users where id = ${userId}`);
  return row ? Number(row.account_id) : null;
}

// ------------------------------------------------------------------ threading

export interface UnthreadedRow {
  id: number;
  email_account_id: number;
  message_id: string;
  in_reply_to: string | null;
  references: unknown;
  from_address: string;
  subject: string;
  received_at: Date | string;
  /** From the mailbox's own address: the user's copy in Sent. */
  is_own: boolean;
  /** Read in another mail client before the sync read it (\Seen on the server). */
  seen_on_server: boolean;
}

/**
 * Stored messages of the owner the unibox has not placed in a thread yet (unibox_unthreaded, kept
 * by a trigger on mail_inbound), oldest first. A mailbox
 * whose unibox sync is paused is left out: its new mail stays unthreaded (not shown, not counted)
 * until it is resumed. The mail engine itself keeps storing it (mail_inbound), since a campaign
 * must still stop for a prospect who replied while the unibox was paused.
 */
export function unthreaded(db: DbOrTx, owner: Owner, limit: number): Promise<UnthreadedRow[]> {
  return rowsOf<UnthreadedRow>(
    db,
    sql`select i.id, i.email_account_id, i.message_id, i.in_reply_to, i."references", i.from_address, i.subject, i.received_at,
               lower(i.from_address) = lower(ea.email) as is_own, i.seen_on_server
        from unibox_unthreaded u join mail_inbound i on i.id = u.inbound_id join email_accounts ea on ea.id = i.email_account_id
        where u.user_id = ${owner.userId} and u.account_id = ${owner.accountId}
          and not exists (select 1 from unibox_mailbox_settings ms where ms.email_account_id = i.email_account_id and ms.sync_paused)
        order by i.received_at, i.id
        limit ${limit}`,
  );
}

/**
 * Serialises threading of one owner's mailboxes: two requests placing the same new messages
 * would otherwise open two threads for one conversation.
 */
export async function lockOwnerMailboxes(db: DbOrTx, owner: Owner): Promise<void> {
  await db.execute(
    sql`select id from email_accounts where user_id = ${owner.userId} and account_id = ${owner.accountId} order by id for update`,
  );
}

export async function threadByRefs(
  db: DbOrTx,
  owner: Owner,
  emailAccountId: number,
  ids: readonly string[],
): Promise<number | null> {
  if (ids.length === 0) return null;
  const [row] = await rowsOf<{ thread_id: number }>(
    db,
    sql`select r.thread_id from unibox_thread_refs r join unibox_threads t on t.id = r.thread_id
        where r.email_account_id = ${emailAccountId} and t.user_id = ${owner.userId} and t.account_id = ${owner.accountId}
          and r.message_id in ${textSet(ids)}
        order by r.thread_id limit 1`,
  );
  return row ? Number(row.thread_id) : null;
}

export async function threadBySubject(
  db: DbOrTx,
  owner: Owner,
  key: { emailAccountId: number; counterpart: string; subjectKey: string },
): Promise<number | null> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select id from unibox_threads
        where user_id = ${owner.userId} and account_id = ${owner.accountId} and email_account_id = ${key.emailAccountId}
          and counterpart = ${key.counterpart} and subject_key = ${key.subjectKey}
        order by last_message_at desc, id desc limit 1`,
  );
  return row ? Number(row.id) : null;
}

export async function insertThread(
  db: DbOrTx,
  owner: Owner,
  thread: { emailAccountId: number; counterpart: string; subjectKey: string; lastMessageAt: Date },
): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into unibox_threads (account_id, user_id, email_account_id, counterpart, subject_key, last_message_at)
        values (${owner.accountId}, ${owner.userId}, ${thread.emailAccountId}, ${thread.counterpart}, ${thread.subjectKey}, ${thread.lastMessageAt.toISOString()})
        returning id`,
  );
  return Number(row!.id);
}

/** Files a message in its thread: the ids it carries and names, its state row, the thread's time. */
export async function placeMessage(
  db: DbOrTx,
  owner: Owner,
  message: { inboundId: number; emailAccountId: number; threadId: number; refs: readonly string[]; receivedAt: Date; isRead: boolean },
): Promise<void> {
  if (message.refs.length > 0)
    await db.execute(
      sql`insert into unibox_thread_refs (email_account_id, message_id, thread_id)
          select ${message.emailAccountId}, value, ${message.threadId} from ${textSet(message.refs)} as refs(value)
          on conflict do nothing`,
    );
  await db.execute(
    sql`insert into unibox_message_states (inbound_id, thread_id, account_id, user_id, email_account_id, is_read)
        values (${message.inboundId}, ${message.threadId}, ${owner.accountId}, ${owner.userId}, ${message.emailAccountId}, ${message.isRead})
        on conflict do nothing`,
  );
  await db.execute(sql`delete from unibox_unthreaded where inbound_id = ${message.inboundId}`);
  await db.execute(
    sql`update unibox_threads set last_message_at = greatest(last_message_at, ${message.receivedAt.toISOString()}::timestamptz)
        where id = ${message.threadId} and user_id = ${owner.userId}`,
  );
}

// ------------------------------------------------------------------ what a thread shows

/**
 * What a text filter searches in a message: sender name, address (its @ a space, so the domain
 * is a word of its own), subject and text, as the generated column `search_vector` holds it
 * (GIN-indexed as mail_inbound_search_idx, db/schema/mail.ts).
 */
const searchDocument = sql`i.search_vector`;

/**
 * The thread is shown: its mailbox is the owner's, not deleted, in the unibox, and — when the
 * mailbox reads leads only — its counterpart is a lead.
 */
const isLead = sql`(exists (select 1 from campaign_recipients cr where cr.account_id = t.account_id and lower(cr.email) = t.counterpart)
  or exists (select 1 from prospect_emails pe where pe.account_id = t.account_id and lower(pe.email) = t.counterpart))`;

function visibleThreads(owner: Owner): SQL {
  return sql`t.user_id = ${owner.userId} and t.account_id = ${owner.accountId}
    and exists (select 1 from email_accounts ea left join unibox_mailbox_settings ms on ms.email_account_id = ea.id
                where ea.id = t.email_account_id and ea.deleted_at is null and coalesce(ms.unibox, true)
                  and (not coalesce(ms.leads_parsing_only, false) or ${isLead}))`;
}

export interface ThreadFilters {
  text?: string | undefined;
  emailAccountIds?: number[] | undefined;
  linkedinAccountIds?: number[] | undefined;
  campaignIds?: number[] | undefined;
  leads?: boolean | undefined;
  isStarred?: boolean | undefined;
  directory?: string | undefined;
  trash?: boolean | undefined;
  /** Internal: the rows of these threads only (a row answered after a change to it). */
  threadIds?: readonly number[] | undefined;
}

export interface ThreadRow {
  channel: 'email' | 'linkedin';
  id: number;
  /** The mailbox of an email thread; null for a LinkedIn conversation. */
  email_account_id: number | null;
  /** The LinkedIn account of a LinkedIn conversation; null for mail. */
  linkedin_account_id: number | null;
  message_count: number;
  unread_count: number;
  is_starred: boolean;
  last_at: Date | string;
  from_name: string | null;
  from_address: string;
  subject: string;
  preview: string;
  campaign_id: number | null;
  campaign_title: string | null;
  lead_status: string | null;
  recipient_id: number | null;
  interest_level: string | null;
  prospect_id: number | null;
  /** The prospect with the counterpart's address, campaign recipient or not. */
  counterpart_prospect_id: number | null;
  /** threadPage's `countUpTo` count, when its strategy found every match anyway; else null. */
  counted: number | null;
}

/**
 * The words a text filter looks for, as a tsquery of prefixes that must all occur ("quart" finds
 * "quarterly", "company42" finds "ada@company42.test"); null when it holds no word. Each word is
 * quoted for to_tsquery and tsquery's operators split words, so nothing the user types is read as
 * tsquery syntax.
 */
export function searchQuery(text: string): string | null {
  const words = text
    .replace(/@/g, ' ')
    .split(/[\s,;:!?()<>"'`[\]{}|&\\/*+=~^%$#]+/u)
    .map((word) => word.replace(/^[.\-_]+|[.\-_]+$/g, ''))
    .filter((word) => word.length > 0)
    .slice(0, 16);
  if (words.length === 0) return null;
  // Quotes and backslashes split words above, so a quoted word cannot end its quotes early.
  return words.map((word) => `'${word}':*`).join(' & ');
}

/**
 * How the list finds the mail threads a text filter selects; both find the same threads.
 * - `index`: every matching message of the owner through mail_inbound's full-text index, then
 *   their threads. Its cost grows with the matching messages: right for a rare word.
 * - `scan`: the owner's threads newest first along their (owner, last message) index, each checked
 *   against its own messages, stopping once the page, or the count at its cap, is full. Its cost
 *   grows with the threads it passes: right for a common word, whose first page lies among the
 *   newest few dozen threads.
 * PostgreSQL cannot choose between them itself: it estimates every prefix search (`word:*`) alike
 * (2,000 of 100,000 messages, whatever the word), so it always built the whole match set — all
 * 10,000 conversations of a word in a tenth of the mail — and sorted it to show twenty.
 */
export type TextStrategy = 'index' | 'scan';

/**
 * textStrategy looks at this many of the newest threads (the other filters applied) and takes
 * `scan` when at least TEXT_SCAN_MIN_HITS of them match. One in five or more: if the newest
 * threads are a guide, the count's walk to its cap passes at most five times the cap. On the
 * bench's database (bench/unibox.ts, 22,000 conversations), a word in half of them paged 20 times
 * and counted 3 times faster by `scan`; a word in one of a hundred (company42.) counted 10 times
 * faster by `index`. Fewer threads than the sample: the walk cannot be long either, so `scan`.
 */
const TEXT_SAMPLE = 50;
const TEXT_SCAN_MIN_HITS = 10;

/**
 * Where a page or a count of the list finds its rows: per channel the filters leave in, its rows
 * (`select`) and its first `upTo` newest first (`newest`); `fenced` under a text filter's index
 * strategy.
 */
interface ListSource {
  channels: { select: SQL; newest: (upTo: number) => SQL }[];
  inView: SQL;
  fenced: boolean;
}

/**
 * The rows of `source` as a FROM item, `f`, and the WITH clause it needs. In list order, at most
 * `upTo` of each channel when `ordered` (the union of each channel's first rows holds the list's
 * first rows), so each channel is read along its index and stops there. Behind a MATERIALIZED
 * fence, `matched`, when `fenced`: PostgreSQL then plans the selects for all their rows and builds
 * the text filter's matches from the full-text index; given the page's limit it would walk the
 * threads instead, checking each, taking a rare word for a common one (its one estimate for every
 * word). The fence is read once by both the page and the count.
 */
function listRows(source: ListSource, upTo: number, ordered: boolean): { withClause: SQL; from: SQL } {
  const union = sql.join(
    source.channels.map(({ select, newest }) => (ordered && !source.fenced ? newest(upTo) : select)),
    sql` union all `,
  );
  return source.fenced
    ? { withClause: sql`with matched as materialized (${union})`, from: sql`matched f` }
    : { withClause: sql``, from: sql`(${union}) f` };
}

/**
 * The list's order on rows of `alias`, NULLS LAST as the (owner, last message) index is built (and
 * the LinkedIn one, linkedinNewestSelect): DESC alone means NULLS FIRST, an order the index does
 * not give, so every list was sorted in full instead of read along its index.
 */
const newestFirst = (alias: 't' | 'f') => sql.raw(`${alias}.last_message_at desc nulls last, ${alias}.id desc nulls last`);

/**
 * visibleThreads as the list needs it: the same threads, in a form PostgreSQL estimates well. The
 * owner's shown mailboxes, and their leads-only ones with the lead test, are two small id sets
 * probed per thread. visibleThreads' EXISTS, which it turns into a join, looked to the planner
 * as if it kept one thread in thirteen (it cannot see through the leads-only OR), so it read and
 * sorted every thread instead of the newest along the index. A thread is always in a mailbox of
 * its owner (mail is threaded per mailbox owner, and mailboxes never change hands), so the sets
 * read the owner's mailboxes only.
 */
function listedThreads(owner: Owner): SQL {
  const mailboxes = (leadsOnly: boolean) =>
    sql`(select ea.id from email_accounts ea left join unibox_mailbox_settings ms on ms.email_account_id = ea.id
         where ea.user_id = ${owner.userId} and ea.account_id = ${owner.accountId} and ea.deleted_at is null
           and coalesce(ms.unibox, true) and ${leadsOnly ? sql`` : sql`not`} coalesce(ms.leads_parsing_only, false))`;
  return sql`t.user_id = ${owner.userId} and t.account_id = ${owner.accountId}
    and (t.email_account_id in ${mailboxes(false)} or (t.email_account_id in ${mailboxes(true)} and ${isLead}))`;
}

/** Naming accounts but no mailbox leaves mail out (and naming only mailboxes, LinkedIn). */
const mailLeftOut = (filters: ThreadFilters) =>
  Boolean(filters.emailAccountIds || filters.linkedinAccountIds) && (filters.emailAccountIds ?? []).length === 0;

/** The mail side's filters but the text, the trash view they read, and the text's words (null: no text filter; '' none in it). */
function mailConditions(owner: Owner, filters: ThreadFilters): { conditions: SQL[]; inView: SQL; tsquery: string | null } {
  const inView = filters.trash ? sql`s.deleted_at is not null` : sql`s.deleted_at is null`;
  const conditions: SQL[] = [
    listedThreads(owner),
    sql`exists (select 1 from unibox_message_states s where s.thread_id = t.id and ${inView})`,
  ];
  if (filters.emailAccountIds) conditions.push(sql`t.email_account_id in ${idSet(filters.emailAccountIds)}`);
  if (filters.campaignIds)
    conditions.push(
      sql`exists (select 1 from campaign_recipients cr where cr.account_id = t.account_id and lower(cr.email) = t.counterpart
                  and cr.campaign_id in ${idSet(filters.campaignIds)})`,
    );
  if (filters.threadIds) conditions.push(sql`t.id in ${idSet(filters.threadIds)}`);
  if (filters.leads) conditions.push(isLead);
  if (filters.isStarred !== undefined)
    conditions.push(
      sql`${filters.isStarred ? sql`` : sql`not`} exists (select 1 from unibox_message_states s where s.thread_id = t.id and ${inView} and s.is_starred)`,
    );
  if (filters.directory !== undefined)
    conditions.push(
      sql`exists (select 1 from unibox_message_states s join mail_inbound i on i.id = s.inbound_id
                  where s.thread_id = t.id and ${inView} and i.folder = ${filters.directory})`,
    );
  // Words only from punctuation: nothing can match, as a search for it in a mail client finds nothing.
  const tsquery = filters.text ? (searchQuery(filters.text) ?? '') : null;
  return { conditions, inView, tsquery };
}

/** The text filter on thread `t`, in the strategy's form. */
function mailTextCondition(owner: Owner, tsquery: string, inView: SQL, strategy: TextStrategy): SQL {
  const matches = sql`${searchDocument} @@ to_tsquery('simple'::regconfig, ${tsquery})`;
  // The matching messages' ids as one array, their states read by key: joined instead, PostgreSQL
  // (expecting 2,000 matches whatever the word) hashed them against every state of every message,
  // twice as long for a word in a hundred messages.
  if (strategy === 'index')
    return sql`t.id in (select s.thread_id from unibox_message_states s
                        where s.inbound_id = any(array(select i.id from mail_inbound i
                                                       where i.user_id = ${owner.userId} and i.account_id = ${owner.accountId} and ${matches}))
                          and ${inView})`;
  // OFFSET 0 keeps this a check of each thread as the walk reaches it: without it PostgreSQL turns
  // the EXISTS into a join, which it plans as the index strategy.
  return sql`exists (select 1 from unibox_message_states s join mail_inbound i on i.id = s.inbound_id
                     where s.thread_id = t.id and ${inView} and ${matches} offset 0)`;
}

/** The list's selects for the filters; null when nothing can match (a text of punctuation only). */
function listSource(owner: Owner, filters: ThreadFilters, strategy: TextStrategy): ListSource | null {
  const { conditions, inView, tsquery } = mailConditions(owner, filters);
  if (tsquery === '') return null;
  if (tsquery !== null) conditions.push(mailTextCondition(owner, tsquery, inView, strategy));
  const channels: ListSource['channels'] = [];
  // Left out, not a walk through every thread finding none.
  if (!mailLeftOut(filters)) {
    const select = sql`select 'email'::text as channel, t.id, t.email_account_id, null::int as linkedin_account_id, t.account_id,
                              t.counterpart, t.last_message_at
                       from unibox_threads t where ${sql.join(conditions, sql` and `)}`;
    channels.push({ select, newest: (upTo) => sql`(${select} order by ${newestFirst('t')} limit ${upTo})` });
  }
  const linkedin = linkedinThreadConditions(owner, filters, tsquery, strategy);
  if (linkedin)
    channels.push({ select: linkedinFilteredSelect(linkedin), newest: (upTo) => linkedinNewestSelect(owner, linkedin, upTo) });
  return channels.length > 0 ? { channels, inView, fenced: tsquery !== null && strategy === 'index' } : null;
}

/**
 * Runs the thread list's reads (textStrategy, threadPage, countThreads) in one transaction without
 * JIT compilation. PostgreSQL prices each thread a walk checks as disk reads of its messages, so
 * a count that reads 2,000 cached threads in tens of milliseconds is estimated above
 * jit_above_cost, and compiling it took 150–400 ms more than running it (EXPLAIN ANALYZE on the
 * bench's database); these are short reads, which JIT never pays off for.
 */
export function readThreadList<T>(db: Db, read: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return read(tx);
  });
}

/**
 * The strategy for the filters' text (textStrategy's sample): `scan` when the newest threads match
 * often. Without a text filter it does not matter (`index`, reading nothing).
 */
export async function textStrategy(db: DbOrTx, owner: Owner, filters: ThreadFilters): Promise<TextStrategy> {
  const { conditions, inView, tsquery } = mailConditions(owner, filters);
  if (!tsquery || mailLeftOut(filters)) return 'index';
  const [row] = await rowsOf<{ sampled: number; hits: number }>(
    db,
    sql`select count(*)::int as sampled, (count(*) filter (where hit))::int as hits
        from (select ${mailTextCondition(owner, tsquery, inView, 'scan')} as hit
              from unibox_threads t where ${sql.join(conditions, sql` and `)}
              order by ${newestFirst('t')} limit ${TEXT_SAMPLE}) sample`,
  );
  return !row || row.sampled < TEXT_SAMPLE || row.hits >= TEXT_SCAN_MIN_HITS ? 'scan' : 'index';
}

/**
 * Threads of both channels newest first (by their latest message), each summarised over its
 * messages in the trash or out of it. Mail threads are chosen on unibox_threads alone (the
 * filters as semi-joins, the text in the strategy's form), LinkedIn conversations on
 * unibox_linkedin_threads (linkedin-repository.ts). Each channel gives at most the rows up to the
 * page's end, read along its index where the filters allow (so the first page of a large mailbox
 * reads about twenty threads, not all of them), and only the page's rows are summarised.
 */
export async function threadPage(
  db: DbOrTx,
  owner: Owner,
  filters: ThreadFilters,
  page: { limit: number; offset: number },
  strategy: TextStrategy = 'index',
  countUpTo?: number,
): Promise<ThreadRow[]> {
  const source = listSource(owner, filters, strategy);
  if (!source) return [];
  const { inView } = source;
  const rows = listRows(source, page.offset + page.limit, true);
  const isEmail = sql`t.channel = 'email'`;
  // Built anyway behind the fence: counting up to countUpTo of it costs next to nothing.
  const counted =
    source.fenced && countUpTo !== undefined
      ? sql`(select count(*)::int from (select 1 from matched limit ${countUpTo}) c)`
      : sql`null::int`;
  // Thread ids of both channels come from one sequence, so (last message, id) orders them without ties.
  return rowsOf<ThreadRow>(
    db,
    sql`${rows.withClause}
        select t.channel, t.id, t.email_account_id, t.linkedin_account_id, ${counted} as counted,
               case when ${isEmail} then agg.message_count else lagg.message_count end as message_count,
               case when ${isEmail} then agg.unread_count else lagg.unread_count end as unread_count,
               case when ${isEmail} then agg.is_starred else lt.is_starred end as is_starred,
               coalesce(agg.last_at, lagg.last_at, t.last_message_at) as last_at,
               case when ${isEmail} then latest.from_name else coalesce(lt.profile_name, llatest.profile_name) end as from_name,
               case when ${isEmail} then latest.from_address else lt.profile_url end as from_address,
               coalesce(latest.subject, llatest.subject, '') as subject,
               coalesce(latest.preview, llatest.body, '') as preview,
               coalesce(camp.campaign_id, lcamp.campaign_id) as campaign_id, coalesce(camp.campaign_title, lcamp.campaign_title) as campaign_title,
               coalesce(camp.lead_status, lcamp.lead_status) as lead_status, coalesce(camp.recipient_id, lcamp.recipient_id) as recipient_id,
               coalesce(camp.interest_level, lcamp.interest_level) as interest_level, coalesce(camp.prospect_id, lcamp.prospect_id) as prospect_id,
               coalesce(pros.prospect_id, lcamp.prospect_id, lpros.prospect_id) as counterpart_prospect_id
        from (select * from ${rows.from} order by ${newestFirst('f')} limit ${page.limit} offset ${page.offset}) t
        left join lateral (
          select count(*)::int as message_count,
                 (count(*) filter (where not s.is_read))::int as unread_count,
                 coalesce(bool_or(s.is_starred), false) as is_starred,
                 max(i.received_at) as last_at
          from unibox_message_states s join mail_inbound i on i.id = s.inbound_id
          where ${isEmail} and s.thread_id = t.id and ${inView}) agg on true
        left join lateral (
          select i.from_name, i.from_address, i.subject, i.preview
          from unibox_message_states s join mail_inbound i on i.id = s.inbound_id
          where ${isEmail} and s.thread_id = t.id and ${inView}
          order by i.received_at desc, i.id desc limit 1) latest on true
        left join lateral (
          select cr.campaign_id, c.title as campaign_title, cr.status as lead_status, cr.id as recipient_id, cr.interest_level, cr.prospect_id
          from campaign_recipients cr join campaigns c on c.id = cr.campaign_id
          where ${isEmail} and cr.account_id = t.account_id and lower(cr.email) = t.counterpart
          order by cr.id desc limit 1) camp on true
        left join lateral (
          select pe.prospect_id from prospect_emails pe
          where ${isEmail} and pe.account_id = t.account_id and lower(pe.email) = t.counterpart
          order by pe.prospect_id desc limit 1) pros on true
        ${linkedinSummary}
        order by ${newestFirst('t')}`,
  );
}

/**
 * How many threads of both channels the filters select, counted up to `upTo` and no further: the
 * count stops as soon as it has that many (in whatever order the plan reads them), where counting
 * them all read every match.
 */
export async function countThreads(
  db: DbOrTx,
  owner: Owner,
  filters: ThreadFilters,
  upTo: number,
  strategy: TextStrategy = 'index',
): Promise<number> {
  const source = listSource(owner, filters, strategy);
  if (!source) return 0;
  const rows = listRows(source, upTo, false);
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`${rows.withClause} select count(*)::int as n from (select 1 from ${rows.from} limit ${upTo}) counted`,
  );
  return row?.n ?? 0;
}

export async function ownsThread(db: DbOrTx, owner: Owner, threadId: number): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select t.id from unibox_threads t where t.id = ${threadId} and ${visibleThreads(owner)}`,
  );
  return rows.length > 0;
}

/** The counterpart address of one of the owner's shown threads; null when it is not theirs. */
export async function threadCounterpart(db: DbOrTx, owner: Owner, threadId: number): Promise<string | null> {
  const [row] = await rowsOf<{ counterpart: string }>(
    db,
    sql`select t.counterpart from unibox_threads t where t.id = ${threadId} and ${visibleThreads(owner)}`,
  );
  return row?.counterpart ?? null;
}

/**
 * Sets the interest of every campaign recipient of the owner's account with the address (the same
 * scope as the thread row's `campaign`) or named by a LinkedIn conversation's messages, and the
 * matching mood on their prospects. Answers how many recipients changed.
 */
export async function setLeadInterest(
  db: DbOrTx,
  owner: Owner,
  who: string | { linkedinThreadId: number },
  change: { interestLevel: string | null; moodPoint: number; moodType: string },
): Promise<number> {
  // A LinkedIn conversation's recipients are those its messages name (the caller checked it is the owner's).
  const recipients =
    typeof who === 'string'
      ? sql`lower(email) = ${who}`
      : sql`id in (select m.recipient_id from unibox_linkedin_threads lt join linkedin_messages m
                     on m.linkedin_account_id = lt.linkedin_account_id and m.thread_key = lt.thread_key
                   where lt.id = ${who.linkedinThreadId} and lt.account_id = ${owner.accountId} and m.recipient_id is not null)`;
  const rows = await rowsOf<{ prospect_id: number }>(
    db,
    sql`update campaign_recipients set interest_level = ${change.interestLevel}, updated_at = now()
        where account_id = ${owner.accountId} and ${recipients}
        returning prospect_id`,
  );
  const prospectIds = [...new Set(rows.map((row) => Number(row.prospect_id)))];
  if (prospectIds.length > 0)
    await db.execute(
      sql`update prospects set mood_point = ${change.moodPoint}, mood_type = ${change.moodType}, updated_at = now()
          where id in ${idSet(prospectIds)} and account_id = ${owner.accountId}`,
    );
  return rows.length;
}

export interface MessageRow {
  id: number;
  thread_id: number;
  email_account_id: number;
  folder: string;
  message_id: string;
  in_reply_to: string | null;
  from_name: string | null;
  from_address: string;
  to_addresses: unknown;
  subject: string;
  received_at: Date | string;
  class: string;
  html: string | null;
  text: string | null;
  attachments: unknown;
  is_read: boolean;
  is_starred: boolean;
  deleted_at: Date | string | null;
  is_own: boolean;
}

export function threadMessages(db: DbOrTx, owner: Owner, threadId: number): Promise<MessageRow[]> {
  return rowsOf<MessageRow>(
    db,
    sql`select i.id, s.thread_id, i.email_account_id, i.folder, i.message_id, i.in_reply_to, i.from_name, i.from_address,
               i.to_addresses, i.subject, i.received_at, i.class, i.html, i.text, i.attachments, s.is_read, s.is_starred, s.deleted_at,
               lower(i.from_address) = lower(ea.email) as is_own
        from unibox_message_states s join mail_inbound i on i.id = s.inbound_id join email_accounts ea on ea.id = i.email_account_id
        where s.thread_id = ${threadId} and s.user_id = ${owner.userId} and s.account_id = ${owner.accountId}
        order by i.received_at, i.id`,
  );
}

// ------------------------------------------------------------------ marks

/**
 * How many of the given threads and messages are the owner's (shown in the unibox). The service
 * compares with what was asked so a foreign id changes nothing.
 */
export async function countOwned(db: DbOrTx, owner: Owner, ids: { threadIds: readonly number[]; messageIds: readonly number[] }) {
  const [threads] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from unibox_threads t where t.id in ${idSet(ids.threadIds)} and ${visibleThreads(owner)}`,
  );
  const [messages] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from unibox_message_states s join unibox_threads t on t.id = s.thread_id
        where s.inbound_id in ${idSet(ids.messageIds)} and s.user_id = ${owner.userId} and s.account_id = ${owner.accountId}
          and ${visibleThreads(owner)}`,
  );
  return { threads: threads?.n ?? 0, messages: messages?.n ?? 0 };
}

export type Mark = { kind: 'read'; value: boolean } | { kind: 'star'; value: boolean } | { kind: 'delete' };

/**
 * Sets a mark on the owner's messages among the targets; answers how many changed and in which
 * mailboxes. Each change flags the row for the IMAP mirror (`mirrorMarks` in the service).
 */
export async function setMark(
  db: DbOrTx,
  owner: Owner,
  ids: { threadIds: readonly number[]; messageIds: readonly number[] },
  mark: Mark,
): Promise<{ changed: number; mailboxIds: number[] }> {
  const change =
    mark.kind === 'read'
      ? { set: sql`is_read = ${mark.value}`, when: sql`is_read <> ${mark.value}` }
      : mark.kind === 'star'
        ? { set: sql`is_starred = ${mark.value}`, when: sql`is_starred <> ${mark.value}` }
        : { set: sql`deleted_at = now()`, when: sql`deleted_at is null` };
  const rows = await rowsOf<{ inbound_id: number; email_account_id: number }>(
    db,
    sql`update unibox_message_states set ${change.set}, mirror_pending = true
        where user_id = ${owner.userId} and account_id = ${owner.accountId} and ${change.when}
          and (thread_id in ${idSet(ids.threadIds)} or inbound_id in ${idSet(ids.messageIds)})
        returning inbound_id, email_account_id`,
  );
  return { changed: rows.length, mailboxIds: [...new Set(rows.map((row) => Number(row.email_account_id)))] };
}

// ------------------------------------------------------------------ the IMAP mirror of marks

export interface MirrorMailboxRow {
  id: number;
  status: string;
  imap_host: string | null;
  deleted_at: Date | string | null;
  sync_paused: boolean;
}

/** Private to the mirror job: it acts for the mailbox's owner, by the mailbox it was given. */
export async function mirrorMailbox(db: DbOrTx, emailAccountId: number): Promise<MirrorMailboxRow | null> {
  const [row] = await rowsOf<MirrorMailboxRow>(
    db,
    sql`select ea.id, ea.status, ea.imap_host, ea.deleted_at, coalesce(ms.sync_paused, false) as sync_paused
        from email_accounts ea left join unibox_mailbox_settings ms on ms.email_account_id = ea.id
        where ea.id = ${emailAccountId}`,
  );
  return row ?? null;
}

export interface PendingMarkRow {
  inbound_id: number;
  folder: string;
  uid: number;
  message_id: string;
  is_read: boolean;
  is_starred: boolean;
  deleted: boolean;
}

/** The mailbox's marks waiting for the IMAP server, after `afterId`, by id. */
export function pendingMarks(db: DbOrTx, emailAccountId: number, afterId: number, limit: number): Promise<PendingMarkRow[]> {
  return rowsOf<PendingMarkRow>(
    db,
    sql`select s.inbound_id, i.folder, i.uid, i.message_id, s.is_read, s.is_starred, s.deleted_at is not null as deleted
        from unibox_message_states s join mail_inbound i on i.id = s.inbound_id
        where s.email_account_id = ${emailAccountId} and s.mirror_pending and s.inbound_id > ${afterId}
        order by s.inbound_id
        limit ${limit}`,
  );
}

/**
 * Clears mirror_pending of the marks written to the server, each only while it still holds what
 * was written: a mark changed again in the meantime stays pending for the next run.
 */
export async function clearMirrored(
  db: DbOrTx,
  emailAccountId: number,
  written: readonly Pick<PendingMarkRow, 'inbound_id' | 'is_read' | 'is_starred' | 'deleted'>[],
): Promise<number> {
  if (written.length === 0) return 0;
  const values = JSON.stringify(
    written.map((row) => ({ inbound_id: Number(row.inbound_id), is_read: row.is_read, is_starred: row.is_starred, deleted: row.deleted })),
  );
  const rows = await rowsOf<{ inbound_id: number }>(
    db,
    sql`update unibox_message_states s set mirror_pending = false
        from json_to_recordset(${values}::json) as m(inbound_id bigint, is_read boolean, is_starred boolean, deleted boolean)
        where s.inbound_id = m.inbound_id and s.email_account_id = ${emailAccountId} and s.mirror_pending
          and s.is_read = m.is_read and s.is_starred = m.is_starred and (s.deleted_at is not null) = m.deleted
        returning s.inbound_id`,
  );
  return rows.length;
}

/** A mailbox without an IMAP server has nothing to mirror to: its marks are simply no longer pending. */
export async function clearAllMirrored(db: DbOrTx, emailAccountId: number): Promise<void> {
  await db.execute(sql`update unibox_message_states set mirror_pending = false where email_account_id = ${emailAccountId} and mirror_pending`);
}

export async function hasPendingMarks(db: DbOrTx, emailAccountId: number): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one from unibox_message_states where email_account_id = ${emailAccountId} and mirror_pending limit 1`,
  );
  return rows.length > 0;
}

// ------------------------------------------------------------------ counts and mailboxes

/** Unread messages out of the trash in the owner's shown threads, per mailbox. */
export function unreadByMailbox(db: DbOrTx, owner: Owner): Promise<{ email_account_id: number; unread: number }[]> {
  return rowsOf(
    db,
    sql`select t.email_account_id, count(*)::int as unread
        from unibox_message_states s join unibox_threads t on t.id = s.thread_id
        where s.user_id = ${owner.userId} and s.account_id = ${owner.accountId} and not s.is_read and s.deleted_at is null
          and ${visibleThreads(owner)}
        group by t.email_account_id`,
  );
}

export function directories(
  db: DbOrTx,
  owner: Owner,
): Promise<{ email_account_id: number; folder: string; total: number; unread: number }[]> {
  return rowsOf(
    db,
    sql`select t.email_account_id, i.folder, count(*)::int as total, (count(*) filter (where not s.is_read))::int as unread
        from unibox_message_states s join unibox_threads t on t.id = s.thread_id join mail_inbound i on i.id = s.inbound_id
        where s.user_id = ${owner.userId} and s.account_id = ${owner.accountId} and s.deleted_at is null and ${visibleThreads(owner)}
        group by t.email_account_id, i.folder
        order by t.email_account_id, i.folder`,
  );
}

export interface MailboxRow {
  id: number;
  email: string;
  status: string;
  status_reason: string | null;
  imap_host: string | null;
  first_sync_days: number;
  unibox: boolean;
  sync_paused: boolean;
  leads_parsing_only: boolean;
  synced: boolean;
}

/** The owner's mailboxes (not deleted) with their unibox settings; one when `id` is given. */
export function mailboxes(db: DbOrTx, owner: Owner, id?: number): Promise<MailboxRow[]> {
  return rowsOf<MailboxRow>(
    db,
    sql`select ea.id, ea.email, ea.status, ea.status_reason, ea.imap_host, ea.first_sync_days,
               coalesce(ms.unibox, true) as unibox, coalesce(ms.sync_paused, false) as sync_paused,
               coalesce(ms.leads_parsing_only, false) as leads_parsing_only,
               exists (select 1 from mail_sync_cursors c where c.email_account_id = ea.id and c.synced_at is not null) as synced
        from email_accounts ea left join unibox_mailbox_settings ms on ms.email_account_id = ea.id
        where ea.user_id = ${owner.userId} and ea.account_id = ${owner.accountId} and ea.deleted_at is null
          ${id === undefined ? sql`` : sql`and ea.id = ${id}`}
        order by ea.id`,
  );
}

/** Writes a mailbox's unibox settings; the first sync period goes where the sync reads it. */
export async function updateMailboxSettings(
  db: DbOrTx,
  owner: Owner,
  id: number,
  changes: {
    unibox?: boolean | undefined;
    syncPaused?: boolean | undefined;
    leadsParsingOnly?: boolean | undefined;
    firstSyncDays?: number | undefined;
  },
): Promise<void> {
  if (changes.firstSyncDays !== undefined)
    await db.execute(
      sql`update email_accounts set first_sync_days = ${changes.firstSyncDays}, updated_at = now()
          where id = ${id} and user_id = ${owner.userId} and account_id = ${owner.accountId} and deleted_at is null`,
    );
  const { unibox, syncPaused, leadsParsingOnly } = changes;
  if (unibox === undefined && syncPaused === undefined && leadsParsingOnly === undefined) return;
  await db.execute(
    sql`insert into unibox_mailbox_settings (email_account_id, unibox, sync_paused, leads_parsing_only, updated_at)
        select ea.id, ${unibox ?? true}, ${syncPaused ?? false}, ${leadsParsingOnly ?? false}, now()
        from email_accounts ea where ea.id = ${id} and ea.user_id = ${owner.userId} and ea.account_id = ${owner.accountId}
        on conflict (email_account_id) do update set
          unibox = ${unibox === undefined ? sql`unibox_mailbox_settings.unibox` : sql`${unibox}`},
          sync_paused = ${syncPaused === undefined ? sql`unibox_mailbox_settings.sync_paused` : sql`${syncPaused}`},
          leads_parsing_only = ${leadsParsingOnly === undefined ? sql`unibox_mailbox_settings.leads_parsing_only` : sql`${leadsParsingOnly}`},
          updated_at = now()`,
  );
}

// ------------------------------------------------------------------ sending from the unibox

export interface AnsweredRow {
  id: number;
  email_account_id: number;
  folder: string;
  uid: number;
  message_id: string;
  references: unknown;
  from_name: string | null;
  from_address: string;
  reply_to_addresses: unknown;
  to_addresses: unknown;
  subject: string;
  received_at: Date | string;
  html: string | null;
  text: string | null;
  attachments: unknown;
}

const answeredColumns = sql`i.id, i.email_account_id, i.folder, i.uid, i.message_id, i."references", i.from_name, i.from_address,
  i.reply_to_addresses, i.to_addresses, i.subject, i.received_at, i.html, i.text, i.attachments`;

/**
 * The message a send answers: the given one of the thread, else the thread's latest message not
 * from the mailbox itself (the latest of all when every message is the user's own).
 */
export async function answeredMessage(
  db: DbOrTx,
  owner: Owner,
  threadId: number,
  messageId: number | undefined,
): Promise<AnsweredRow | null> {
  const [row] = await rowsOf<AnsweredRow>(
    db,
    sql`select ${answeredColumns}
        from unibox_message_states s join mail_inbound i on i.id = s.inbound_id
        join email_accounts ea on ea.id = i.email_account_id
        where s.thread_id = ${threadId} and s.user_id = ${owner.userId} and s.account_id = ${owner.accountId}
          ${messageId === undefined ? sql`` : sql`and i.id = ${messageId}`}
        order by (lower(i.from_address) = lower(ea.email)), i.received_at desc, i.id desc
        limit 1`,
  );
  return row ?? null;
}

/** One synced message of the owner, shown in the unibox (for its attachments). */
export async function ownedMessage(db: DbOrTx, owner: Owner, inboundId: number): Promise<AnsweredRow | null> {
  const [row] = await rowsOf<AnsweredRow>(
    db,
    sql`select ${answeredColumns}
        from unibox_message_states s join unibox_threads t on t.id = s.thread_id join mail_inbound i on i.id = s.inbound_id
        where s.inbound_id = ${inboundId} and s.user_id = ${owner.userId} and s.account_id = ${owner.accountId}
          and ${visibleThreads(owner)}`,
  );
  return row ?? null;
}

/** The mailbox a thread lives in, as sending needs it. */
export interface SendingMailboxRow {
  id: number;
  email: string;
  provider: string;
  status: string;
  status_reason: string | null;
  smtp_host: string | null;
  imap_host: string | null;
  daily_limit: number;
  sending_window: unknown;
  sync_paused: boolean;
}

export async function threadMailbox(db: DbOrTx, owner: Owner, threadId: number): Promise<SendingMailboxRow | null> {
  const [row] = await rowsOf<SendingMailboxRow>(
    db,
    sql`select ea.id, ea.email, ea.provider, ea.status, ea.status_reason, ea.smtp_host, ea.imap_host, ea.daily_limit, ea.sending_window,
               coalesce(ms.sync_paused, false) as sync_paused
        from unibox_threads t join email_accounts ea on ea.id = t.email_account_id
        left join unibox_mailbox_settings ms on ms.email_account_id = ea.id
        where t.id = ${threadId} and ${visibleThreads(owner)}`,
  );
  return row ?? null;
}

/** Addresses among `emails` on the account's no-send list. */
export async function suppressedAmong(db: DbOrTx, accountId: number, emails: readonly string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await rowsOf<{ email: string }>(
    db,
    sql`select distinct lower(email) as email from mail_suppressions
        where account_id = ${accountId} and lower(email) in (select lower(value) from json_array_elements_text(${JSON.stringify(emails)}::json))`,
  );
  return rows.map((row) => row.email);
}

/** Messages the mailbox sent on `day` (its sending day) plus those being sent right now. */
export async function sentToday(db: DbOrTx, emailAccountId: number, day: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select (coalesce((select sent from mailbox_daily_usage where email_account_id = ${emailAccountId} and day = ${day}::date), 0)
             + (select count(*) from mail_outbound where email_account_id = ${emailAccountId} and state in ('claimed', 'sending') and kind <> 'warmup'))::int as n`,
  );
  return row?.n ?? 0;
}

export interface NewOutgoing {
  outboundId: number;
  threadId: number;
  emailAccountId: number;
  mode: string;
  messageId: string;
  inReplyTo: string | null;
  to: readonly string[];
  cc: readonly string[];
  sentCopy: 'none' | 'pending';
}

/**
 * Files a sent message in its thread and names its Message-ID in the thread's refs, so the synced
 * Sent copy and the answer to it join the thread. A repeat (same outbound row) changes nothing.
 */
export async function insertOutgoing(db: DbOrTx, owner: Owner, row: NewOutgoing): Promise<void> {
  await db.execute(
    sql`insert into unibox_outgoing (outbound_id, thread_id, account_id, user_id, email_account_id, mode, message_id, in_reply_to,
          to_addresses, cc_addresses, sent_copy)
        values (${row.outboundId}, ${row.threadId}, ${owner.accountId}, ${owner.userId}, ${row.emailAccountId}, ${row.mode}, ${row.messageId},
          ${row.inReplyTo}, ${JSON.stringify(row.to)}::jsonb, ${JSON.stringify(row.cc)}::jsonb, ${row.sentCopy})
        on conflict (outbound_id) do nothing`,
  );
  await db.execute(
    sql`insert into unibox_thread_refs (email_account_id, message_id, thread_id)
        values (${row.emailAccountId}, ${row.messageId}, ${row.threadId})
        on conflict do nothing`,
  );
}

export interface OutgoingRow {
  id: number;
  outbound_id: number;
  thread_id: number;
  email_account_id: number;
  mailbox_email: string;
  sender_name: string | null;
  message_id: string;
  in_reply_to: string | null;
  to_addresses: unknown;
  cc_addresses: unknown;
  subject: string;
  html: string | null;
  text: string | null;
  state: string;
  created_at: Date | string;
  sent_at: Date | string | null;
}

const outgoingColumns = sql`o.id, o.outbound_id, o.thread_id, o.email_account_id, ea.email as mailbox_email, ea.sender_name, o.message_id,
  o.in_reply_to, o.to_addresses, o.cc_addresses, mo.subject, mo.html, mo.text, mo.state, o.created_at, mo.sent_at`;

/** The thread's sent messages whose synced copy has not arrived yet (then only the copy is shown). */
export function pendingOutgoing(db: DbOrTx, owner: Owner, threadId: number): Promise<OutgoingRow[]> {
  return rowsOf<OutgoingRow>(
    db,
    sql`select ${outgoingColumns}
        from unibox_outgoing o join mail_outbound mo on mo.id = o.outbound_id join email_accounts ea on ea.id = o.email_account_id
        where o.thread_id = ${threadId} and o.user_id = ${owner.userId} and o.account_id = ${owner.accountId}
          and not exists (select 1 from mail_inbound i where i.email_account_id = o.email_account_id
                            and i.message_id in (o.message_id, '<' || o.message_id || '>'))
        order by o.created_at, o.id`,
  );
}

/** The owner's unibox message that matches `condition` (on `o` unibox_outgoing, `mo` mail_outbound). */
async function ownedOutgoing(db: DbOrTx, owner: Owner, condition: SQL): Promise<OutgoingRow | null> {
  const [row] = await rowsOf<OutgoingRow>(
    db,
    sql`select ${outgoingColumns}
        from unibox_outgoing o join mail_outbound mo on mo.id = o.outbound_id join email_accounts ea on ea.id = o.email_account_id
        where ${condition} and o.user_id = ${owner.userId} and o.account_id = ${owner.accountId}`,
  );
  return row ?? null;
}

export function outgoingByOutbound(db: DbOrTx, owner: Owner, outboundId: number): Promise<OutgoingRow | null> {
  return ownedOutgoing(db, owner, sql`o.outbound_id = ${outboundId}`);
}

/**
 * The unibox messages among mail the engine just answered, with their owner (private to the
 * engine's settled hook, which acts for whoever sent them).
 */
export function outgoingSettled(db: DbOrTx, outboundIds: readonly number[]): Promise<{ id: number; thread_id: number; user_id: number; state: string }[]> {
  if (outboundIds.length === 0) return Promise.resolve([]);
  return rowsOf(
    db,
    sql`select o.id, o.thread_id, o.user_id, mo.state
        from unibox_outgoing o join mail_outbound mo on mo.id = o.outbound_id
        where o.outbound_id in ${idSet(outboundIds)}`,
  );
}

// ------------------------------------------------------------------ the Sent copy (IMAP APPEND)

export interface SentCopyRow {
  id: number;
  outbound_id: number;
  email_account_id: number;
  sent_copy: string;
  sent_copy_attempts: number;
  state: string;
}

/** Private to the append job: it acts for whoever sent the message, by the row it was given. */
export async function sentCopyRow(db: DbOrTx, outgoingId: number): Promise<SentCopyRow | null> {
  const [row] = await rowsOf<SentCopyRow>(
    db,
    sql`select o.id, o.outbound_id, o.email_account_id, o.sent_copy, o.sent_copy_attempts, mo.state
        from unibox_outgoing o join mail_outbound mo on mo.id = o.outbound_id where o.id = ${outgoingId}`,
  );
  return row ?? null;
}

export async function setSentCopy(
  db: DbOrTx,
  outgoingId: number,
  change: { state: 'pending' | 'done' | 'skipped'; error: string | null; attempted: boolean },
): Promise<void> {
  await db.execute(
    sql`update unibox_outgoing set sent_copy = ${change.state}, sent_copy_error = ${change.error},
          sent_copy_attempts = sent_copy_attempts + ${change.attempted ? 1 : 0}
        where id = ${outgoingId} and sent_copy = 'pending'`,
  );
}

/** The outgoing rows of sent unibox messages still waiting for their Sent copy. */
export async function pendingSentCopies(db: DbOrTx, outboundIds: readonly number[]): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select id from unibox_outgoing where outbound_id in ${idSet(outboundIds)} and sent_copy = 'pending'`,
  );
  return rows.map((row) => Number(row.id));
}

// ------------------------------------------------------------------ who hears of a change

/** The owner of a mailbox (for pushes after a sync stored mail). */
export async function ownerOfMailbox(db: DbOrTx, emailAccountId: number): Promise<Owner | null> {
  const [row] = await rowsOf<{ user_id: number; account_id: number }>(
    db,
    sql`select user_id, account_id from email_accounts where id = ${emailAccountId}`,
  );
  return row ? { userId: Number(row.user_id), accountId: Number(row.account_id) } : null;
}

/** The unibox message a (scoped) idempotency key already queued. */
export function outgoingByKey(db: DbOrTx, owner: Owner, key: string): Promise<OutgoingRow | null> {
  return ownedOutgoing(db, owner, sql`mo.idempotency_key = ${key}`);
}
