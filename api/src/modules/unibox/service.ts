/**
 * The rules of the unibox: whose mail a call may read (the caller's, or a member's for a lead or
 * view-all member), how synced messages fall into threads, and what the account list shows.
 * Threads are assigned here, when mail is read, rather than in the sync: the sync's storage path
 * stays as it is, and messages stored before the unibox existed are threaded the same way.
 */
import {
  DEFAULT_UNIBOX_ACCOUNT_STATUS,
  uniboxDisplayStatus,
  type FirstParsingPeriod,
  type UniboxAccountStatus,
  type UniboxEmailAccount,
  type UniboxMessageItem,
  type UniboxThreadRow,
} from '@leadforge/contracts';
import type { Db } from '../../db/types';
import { normaliseMessageId, normaliseSubject } from '../../engines/mail/inbound/normalise';
import { DomainError } from '../../http/domain-error';
import type { Caller } from '../account/caller';
import * as repo from './repository';

/** Messages threaded per transaction: a first visit after a 180-day sync catches up in slices. */
const THREAD_BATCH = 500;
const SNIPPET_LIMIT = 500;

const iso = (value: Date | string) => new Date(value).toISOString();

export interface Targets {
  threadIds: number[];
  messageIds: number[];
}

/** What the account list shows for a mailbox (document 1 §4 statuses). */
export function uniboxStatusOf(
  row: Pick<repo.MailboxRow, 'unibox' | 'sync_paused' | 'status' | 'imap_host' | 'synced'>,
): UniboxAccountStatus {
  if (!row.unibox) return DEFAULT_UNIBOX_ACCOUNT_STATUS;
  if (row.sync_paused || row.status === 'paused') return 'paused';
  if (row.status === 'error' || row.status === 'reconnect') return 'error';
  // Without IMAP nothing can be read: the mailbox waits, as a new one does.
  if (!row.imap_host) return DEFAULT_UNIBOX_ACCOUNT_STATUS;
  return row.synced ? 'active' : 'initiation';
}

function asFirstParsingPeriod(days: number): FirstParsingPeriod {
  return days === 3 || days === 90 || days === 180 ? days : 30;
}

export class UniboxService {
  constructor(private readonly deps: { db: Db }) {}

  /**
   * The mailboxes' owner for this call. A teammate's id needs a lead or view-all member
   * (forbidden otherwise); an id outside the caller's team is not_found, as any other tenant's
   * record is.
   */
  async ownerFor(caller: Caller, forUserId: number | undefined): Promise<repo.Owner> {
    if (forUserId === undefined || forUserId === caller.userId) return { userId: caller.userId, accountId: caller.accountId };
    if (!caller.teamUserIds.includes(forUserId)) throw new DomainError('not_found');
    if (caller.mode !== 'viewAll') throw new DomainError('forbidden');
    const accountId = await repo.accountOfUser(this.deps.db, forUserId);
    if (accountId === null) throw new DomainError('not_found');
    return { userId: forUserId, accountId };
  }

  /** Places the owner's newly synced messages in threads: reply chain first, then sender + subject. */
  async threadNewMail(owner: repo.Owner): Promise<void> {
    // Most reads find nothing new: they skip the lock on the owner's mailbox rows.
    if ((await repo.unthreaded(this.deps.db, owner, 1)).length === 0) return;
    for (;;) {
      const placed = await this.deps.db.transaction(async (tx) => {
        await repo.lockOwnerMailboxes(tx, owner);
        const rows = await repo.unthreaded(tx, owner, THREAD_BATCH);
        for (const row of rows) {
          const own = normaliseMessageId(row.message_id) ?? row.message_id;
          const named = [row.in_reply_to, ...(Array.isArray(row.references) ? (row.references as unknown[]) : [])]
            .map((value) => (typeof value === 'string' ? normaliseMessageId(value) : null))
            .filter((value): value is string => value !== null);
          const refs = [...new Set([own, ...named])];
          const counterpart = row.from_address.toLowerCase();
          const subjectKey = normaliseSubject(row.subject);
          const receivedAt = new Date(row.received_at);
          const threadId =
            (await repo.threadByRefs(tx, owner, row.email_account_id, refs)) ??
            // A message without matching threading headers joins the sender's conversation of the same subject; an empty subject groups nothing.
            (subjectKey
              ? await repo.threadBySubject(tx, owner, { emailAccountId: row.email_account_id, counterpart, subjectKey })
              : null) ??
            (await repo.insertThread(tx, owner, {
              emailAccountId: row.email_account_id,
              counterpart,
              subjectKey,
              lastMessageAt: receivedAt,
            }));
          await repo.placeMessage(tx, owner, {
            inboundId: Number(row.id),
            emailAccountId: row.email_account_id,
            threadId,
            refs,
            receivedAt,
          });
        }
        return rows.length;
      });
      if (placed < THREAD_BATCH) return;
    }
  }

  async accounts(caller: Caller, forUserId: number | undefined): Promise<UniboxEmailAccount[]> {
    const owner = await this.ownerFor(caller, forUserId);
    await this.threadNewMail(owner);
    const [rows, unread] = [await repo.mailboxes(this.deps.db, owner), await repo.unreadByMailbox(this.deps.db, owner)];
    const unreadOf = new Map(unread.map((row) => [Number(row.email_account_id), row.unread]));
    return rows.map((row) => this.accountOf(row, unreadOf.get(Number(row.id)) ?? 0));
  }

  private accountOf(row: repo.MailboxRow, unreadCount: number): UniboxEmailAccount {
    const status = uniboxStatusOf(row);
    return {
      id: Number(row.id),
      channel: 'email',
      name: row.email,
      unibox: row.unibox,
      uniboxStatus: status,
      displayStatus: uniboxDisplayStatus(status),
      errorReason: status === 'error' ? row.status_reason : null,
      firstParsingPeriod: asFirstParsingPeriod(row.first_sync_days),
      leadsParsingOnly: row.leads_parsing_only,
      unreadCount,
    };
  }

  async updateAccount(
    caller: Caller,
    id: number,
    changes: {
      forUserId?: number | undefined;
      unibox?: boolean | undefined;
      firstParsingPeriod?: FirstParsingPeriod | undefined;
      leadsParsingOnly?: boolean | undefined;
      syncPaused?: boolean | undefined;
    },
  ): Promise<UniboxEmailAccount> {
    const owner = await this.ownerFor(caller, changes.forUserId);
    const [before] = await repo.mailboxes(this.deps.db, owner, id);
    if (!before) throw new DomainError('not_found');
    await repo.updateMailboxSettings(this.deps.db, owner, id, {
      unibox: changes.unibox,
      syncPaused: changes.syncPaused,
      leadsParsingOnly: changes.leadsParsingOnly,
      firstSyncDays: changes.firstParsingPeriod,
    });
    const [after] = await repo.mailboxes(this.deps.db, owner, id);
    const unread = await repo.unreadByMailbox(this.deps.db, owner);
    return this.accountOf(after!, unread.find((row) => Number(row.email_account_id) === id)?.unread ?? 0);
  }

  async directories(caller: Caller, forUserId: number | undefined) {
    const owner = await this.ownerFor(caller, forUserId);
    await this.threadNewMail(owner);
    return (await repo.directories(this.deps.db, owner)).map((row) => ({
      emailAccountId: Number(row.email_account_id),
      name: row.folder,
      total: row.total,
      unread: row.unread,
    }));
  }

  async threads(
    caller: Caller,
    query: repo.ThreadFilters & { forUserId?: number | undefined; page: number; pageSize: number },
  ): Promise<{ items: UniboxThreadRow[]; total: number; page: number; pageSize: number }> {
    const owner = await this.ownerFor(caller, query.forUserId);
    await this.threadNewMail(owner);
    const rows = await repo.threadPage(this.deps.db, owner, query, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        emailAccountId: Number(row.email_account_id),
        channel: 'email' as const,
        counterpart: { name: row.from_name, address: row.from_address },
        subject: row.subject,
        snippet: row.preview.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LIMIT),
        lastMessageAt: iso(row.last_at),
        unreadCount: row.unread_count,
        isStarred: row.is_starred,
        messageCount: row.message_count,
        campaign: row.campaign_id === null ? null : { id: Number(row.campaign_id), title: row.campaign_title ?? '' },
        leadStatus: row.lead_status,
      })),
      // An empty page past the end still knows nothing of the total: count(*) over () has no row to ride on.
      total: rows[0]?.total ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async messages(caller: Caller, threadId: number, forUserId: number | undefined): Promise<UniboxMessageItem[]> {
    const owner = await this.ownerFor(caller, forUserId);
    if (!(await repo.ownsThread(this.deps.db, owner, threadId))) throw new DomainError('not_found');
    const rows = await repo.threadMessages(this.deps.db, owner, threadId);
    return rows.map((row) => ({
      id: Number(row.id),
      threadId: Number(row.thread_id),
      emailAccountId: Number(row.email_account_id),
      folder: row.folder,
      messageId: row.message_id,
      inReplyTo: row.in_reply_to,
      from: { name: row.from_name, address: row.from_address },
      to: Array.isArray(row.to_addresses) ? row.to_addresses.filter((value): value is string => typeof value === 'string') : [],
      subject: row.subject,
      receivedAt: iso(row.received_at),
      kind: row.class,
      html: row.html,
      text: row.text,
      attachments: (Array.isArray(row.attachments) ? (row.attachments as Record<string, unknown>[]) : []).map((item) => ({
        filename: typeof item.filename === 'string' ? item.filename : null,
        contentType: typeof item.contentType === 'string' ? item.contentType : 'application/octet-stream',
        size: typeof item.size === 'number' ? item.size : 0,
        disposition: item.disposition === 'inline' ? ('inline' as const) : ('attachment' as const),
      })),
      isRead: row.is_read,
      isStarred: row.is_starred,
      isDeleted: row.deleted_at !== null,
    }));
  }

  /** Applies a mark to owned threads and messages only: one foreign or unknown id answers not_found and changes nothing. */
  async mark(caller: Caller, targets: Targets & { forUserId?: number | undefined }, mark: repo.Mark) {
    const owner = await this.ownerFor(caller, targets.forUserId);
    const ids = { threadIds: [...new Set(targets.threadIds)], messageIds: [...new Set(targets.messageIds)] };
    const changed = await this.deps.db.transaction(async (tx) => {
      const owned = await repo.countOwned(tx, owner, ids);
      if (owned.threads !== ids.threadIds.length || owned.messages !== ids.messageIds.length) throw new DomainError('not_found');
      return repo.setMark(tx, owner, ids, mark);
    });
    return { changed, unreadMessages: await this.unreadOf(owner) };
  }

  async unreadCount(caller: Caller, forUserId: number | undefined): Promise<number> {
    const owner = await this.ownerFor(caller, forUserId);
    await this.threadNewMail(owner);
    return this.unreadOf(owner);
  }

  private async unreadOf(owner: repo.Owner): Promise<number> {
    return (await repo.unreadByMailbox(this.deps.db, owner)).reduce((sum, row) => sum + row.unread, 0);
  }
}
