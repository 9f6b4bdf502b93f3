/**
 * One pass over one folder of a mailbox, by UID. The cursor (mailbox, folder) holds the folder's
 * UIDVALIDITY and the last UID read: a pass reads the UIDs after it, however long the sync was
 * away (an outage of days catches up by UID, not by date). Without a cursor, or when UIDVALIDITY
 * changed (the folder was recreated, the server rebuilt its index), the pass reads back the
 * mailbox's first-sync period by SEARCH SINCE and continues by UID from there; messages it already
 * holds are recognised by Message-ID before they are downloaded.
 */
import type { ImapFlow, ImapFlowError, MailboxObject } from 'imapflow';
import type { Db } from '../../../../db/types';
import { normaliseMessageId } from '../normalise';
import { CURSOR_SAVE_EVERY, DEFAULT_FIRST_SYNC_DAYS, FETCH_BATCH, FIRST_SYNC_DAYS } from './constants';
import * as repo from './repository';
import { storeMessage } from './store-message';
import type { InboundMailEvent, SyncMailbox } from './types';

const DAY_MS = 86_400_000;
/** Large messages come in fewer round trips than imapflow's default 64 KB. */
const DOWNLOAD_CHUNK = 1024 * 1024;

export interface FolderPass {
  folder: string;
  stored: number;
  skipped: number;
  error: 'folder_missing' | null;
  /** False when the pass stopped early (deadline, shutdown); the cursor marks where. */
  complete: boolean;
}

export interface FolderSyncOptions {
  db: Db;
  mailbox: SyncMailbox;
  folder: string;
  cursor: repo.CursorRow | null;
  /** Asked between messages: true ends the pass early, with the cursor saved. */
  shouldStop(): boolean;
  onStored(event: InboundMailEvent): Promise<void>;
  /** Recognises warm-up mail (store-message.ts StoreOptions). */
  isWarmupMark?: ((value: string) => boolean) | undefined;
}

export function firstSyncDaysOf(mailbox: Pick<SyncMailbox, 'firstSyncDays'>): number {
  return (FIRST_SYNC_DAYS as readonly number[]).includes(mailbox.firstSyncDays) ? mailbox.firstSyncDays : DEFAULT_FIRST_SYNC_DAYS;
}

function isMissingFolder(error: unknown): boolean {
  const fields = error as ImapFlowError;
  return fields?.mailboxMissing === true || fields?.serverResponseCode?.toUpperCase() === 'NONEXISTENT';
}

async function searchUids(client: ImapFlow, query: Parameters<ImapFlow['search']>[0]): Promise<number[]> {
  const found = await client.search(query, { uid: true });
  if (found === false || found === undefined) throw new Error('The IMAP server refused the search');
  return [...found].sort((a, b) => a - b);
}

export async function syncFolder(client: ImapFlow, options: FolderSyncOptions): Promise<FolderPass> {
  const { db, mailbox, folder, cursor } = options;
  const scope = repo.scopeOf(mailbox);
  const pass: FolderPass = { folder, stored: 0, skipped: 0, error: null, complete: false };

  let lock;
  try {
    // EXAMINE: the sync never changes the user's mailbox (no \Seen on what it reads).
    lock = await client.getMailboxLock(folder, { readOnly: true, description: 'inbound sync' });
  } catch (error) {
    if (!isMissingFolder(error)) throw error;
    pass.error = 'folder_missing';
    if (cursor) await repo.setCursorError(db, scope, folder, 'folder_missing');
    return pass;
  }

  try {
    const box = client.mailbox as MailboxObject;
    const continuing = cursor !== null && cursor.uidValidity === box.uidValidity;
    // Every UID up to here existed when the folder was selected. A folder that stays selected
    // (IDLE) keeps the UIDNEXT of its SELECT, so this only ever lags: new UIDs are found by the
    // search below, never skipped because of it.
    const top = Math.max(0, box.uidNext - 1);
    let lastUid = continuing ? cursor.lastUid : 0;
    const save = () => repo.saveCursor(db, scope, { folder, uidValidity: box.uidValidity, lastUid, highestModseq: box.highestModseq ?? null });

    const uids = continuing
      ? (await searchUids(client, { uid: `${lastUid + 1}:*` })).filter((uid) => uid > lastUid)
      : await searchUids(client, { since: new Date(Date.now() - firstSyncDaysOf(mailbox) * DAY_MS) });

    let unsaved = 0;
    for (let start = 0; start < uids.length; start += FETCH_BATCH) {
      const batch = uids.slice(start, start + FETCH_BATCH);
      const metas = (await client.fetchAll(batch, { uid: true, internalDate: true, envelope: true, flags: true }, { uid: true })).sort(
        (a, b) => a.uid - b.uid,
      );
      const known = await repo.storedMessageIds(
        db,
        scope,
        metas.map((meta) => normaliseMessageId(meta.envelope?.messageId)).filter((id): id is string => id !== null),
      );
      for (const meta of metas) {
        if (options.shouldStop()) {
          await save();
          return pass;
        }
        const envelopeId = normaliseMessageId(meta.envelope?.messageId);
        if (envelopeId && known.has(envelopeId)) {
          pass.skipped += 1;
        } else {
          const download = await client.download(String(meta.uid), undefined, { uid: true, chunkSize: DOWNLOAD_CHUNK });
          // Expunged between the search and the download: nothing to read.
          if (download.content) {
            const internalDate = meta.internalDate ? new Date(meta.internalDate) : null;
            const seen = meta.flags?.has('\\Seen') === true;
            const result = await storeMessage(db, mailbox, { folder, uid: meta.uid, internalDate, seen }, download.content, {
              isWarmupMark: options.isWarmupMark,
            });
            if (result.event) {
              pass.stored += 1;
              await options.onStored(result.event);
            } else {
              pass.skipped += 1;
            }
          }
        }
        lastUid = Math.max(lastUid, meta.uid);
        unsaved += 1;
        if (unsaved >= CURSOR_SAVE_EVERY) {
          await save();
          unsaved = 0;
        }
      }
    }
    lastUid = Math.max(lastUid, top);
    await save();
    pass.complete = true;
    return pass;
  } finally {
    lock.release();
  }
}
