/**
 * What the unibox asks of a mailbox's IMAP server beyond the sync: one part of a synced message
 * (the sync keeps attachment metadata only, so the bytes are fetched again by folder and UID),
 * and the APPEND of a message sent from the unibox to the Sent folder. It uses the sync's own
 * client (imap-client.ts: vetted address, credentials from the email-accounts area).
 */
import type { Readable } from 'node:stream';
import type { ImapFlow } from 'imapflow';
import { MailParser, type AttachmentStream, type MessageText } from 'mailparser';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/types';
import { normaliseMessageId } from '../../engines/mail/inbound/normalise';
import { emailAccountsReader } from '../../engines/mail/inbound/sync/credentials';
import { closeClient, openClient } from '../../engines/mail/inbound/sync/imap-client';
import { mailboxById } from '../../engines/mail/inbound/sync/repository';
import type { EmailAccountsService } from '../email-accounts/service';

/** A part served to the browser is read whole; a bigger one is refused rather than held in memory. */
export const ATTACHMENT_BYTES_MAX = 50 * 1024 * 1024;

export interface FetchedPart {
  bytes: Buffer;
  filename: string | null;
  contentType: string;
}

export interface UniboxImap {
  /**
   * The `index`-th attachment (in the order the sync's parser met them, which is how the stored
   * metadata is ordered) of the message at `uid` in `folder`; null when the message there is no
   * longer the one stored (moved, UIDVALIDITY changed) or has no such part.
   */
  fetchAttachment(emailAccountId: number, at: { folder: string; uid: number; messageId: string; index: number }): Promise<FetchedPart | null>;
  /** APPENDs `raw` with \Seen to the Sent folder (special-use \Sent, else one named Sent); answers the folder. */
  appendSent(emailAccountId: number, raw: Buffer): Promise<string>;
  /**
   * One IMAP session for writing the user's marks back: `run` gets `apply`, which writes one batch
   * of marks (it may be called for several batches while the connection stays open).
   */
  mirrorSession<T>(emailAccountId: number, run: (apply: (marks: readonly MarkToMirror[]) => Promise<void>) => Promise<T>): Promise<T>;
}

/** A message's marks as the unibox holds them, and where the sync found it. */
export interface MarkToMirror {
  folder: string;
  uid: number;
  messageId: string;
  isRead: boolean;
  isStarred: boolean;
  deleted: boolean;
}

export class ImapUnavailableError extends Error {}

export function createUniboxImap(deps: {
  db: Db;
  config: AppConfig;
  emailAccounts: () => Pick<EmailAccountsService, 'connection'> | undefined;
}): UniboxImap {
  const credentials = emailAccountsReader(() => {
    const service = deps.emailAccounts();
    if (!service) throw new ImapUnavailableError('the email-accounts area is not built');
    return service;
  });

  async function withClient<T>(emailAccountId: number, run: (client: ImapFlow) => Promise<T>): Promise<T> {
    const mailbox = await mailboxById(deps.db, emailAccountId);
    if (!mailbox || !mailbox.imapHost || mailbox.deletedAt) throw new ImapUnavailableError('the mailbox has no IMAP server');
    const client = await openClient(mailbox, await credentials(mailbox), { allowPrivate: deps.config.emailAccounts.allowPrivate });
    try {
      return await run(client);
    } finally {
      await closeClient(client);
    }
  }

  return {
    fetchAttachment: (emailAccountId, at) =>
      withClient(emailAccountId, async (client) => {
        const lock = await client.getMailboxLock(at.folder, { readOnly: true });
        try {
          const message = await client.fetchOne(String(at.uid), { source: true }, { uid: true });
          if (!message || !message.source) return null;
          return await partOf(message.source, at.messageId, at.index);
        } finally {
          lock.release();
        }
      }),
    appendSent: (emailAccountId, raw) =>
      withClient(emailAccountId, async (client) => {
        const folders = await client.list();
        const sent =
          folders.find((folder) => folder.specialUse === '\\Sent') ??
          folders.find((folder) => folder.path.toLowerCase() === 'sent' || folder.name.toLowerCase() === 'sent');
        let path = sent?.path;
        if (!path) {
          // No Sent folder at all: one is made, as a mail client would.
          await client.mailboxCreate('Sent');
          path = 'Sent';
        }
        const appended = await client.append(path, raw, ['\\Seen']);
        if (!appended) throw new Error(`APPEND to ${path} was refused`);
        return path;
      }),
    mirrorSession: (emailAccountId, run) =>
      withClient(emailAccountId, async (client) => {
        let folders: Awaited<ReturnType<ImapFlow['list']>> | undefined;
        return run(async (marks) => {
          folders ??= await client.list();
          await applyMarks(client, folders, marks);
        });
      }),
  };
}

const uidSet = (marks: readonly MarkToMirror[]) => marks.map((mark) => mark.uid).join(',');

/**
 * Sets or clears \Seen and \Flagged, and moves deleted messages to the Trash folder (special-use
 * \Trash, else one named Trash). A message no longer where the sync found it (moved, expunged, its
 * folder gone, or another message under its UID after a UIDVALIDITY change) is left alone: there
 * is nothing of the user's left to mark, and that is no error.
 */
async function applyMarks(client: ImapFlow, folders: Awaited<ReturnType<ImapFlow['list']>>, marks: readonly MarkToMirror[]): Promise<void> {
  const trash =
    folders.find((folder) => folder.specialUse === '\\Trash')?.path ??
    folders.find((folder) => folder.path.toLowerCase() === 'trash' || folder.name.toLowerCase() === 'trash')?.path ??
    null;
  const byFolder = new Map<string, MarkToMirror[]>();
  for (const mark of marks) byFolder.set(mark.folder, [...(byFolder.get(mark.folder) ?? []), mark]);
  for (const [folder, list] of byFolder) {
    if (!folders.some((entry) => entry.path === folder)) continue;
    const lock = await client.getMailboxLock(folder, { description: 'unibox mirror' });
    try {
      const expected = new Map(list.map((mark) => [mark.uid, mark]));
      const here: MarkToMirror[] = [];
      for await (const message of client.fetch(uidSet(list), { uid: true, envelope: true }, { uid: true })) {
        const mark = expected.get(Number(message.uid));
        const found = message.envelope?.messageId ? normaliseMessageId(message.envelope.messageId) : null;
        // Only the very message the sync stored is marked. One without a Message-ID cannot be told
        // from another message under the same UID (the sync gave it a synthetic id), so it is skipped.
        if (mark && found !== null && found === (normaliseMessageId(mark.messageId) ?? mark.messageId)) here.push(mark);
      }
      const flag = async (name: string, on: MarkToMirror[], off: MarkToMirror[]) => {
        if (on.length > 0) await client.messageFlagsAdd(uidSet(on), [name], { uid: true });
        if (off.length > 0) await client.messageFlagsRemove(uidSet(off), [name], { uid: true });
      };
      // Flags first: a deleted message keeps its read and star marks in the Trash.
      await flag('\\Seen', here.filter((mark) => mark.isRead), here.filter((mark) => !mark.isRead));
      await flag('\\Flagged', here.filter((mark) => mark.isStarred), here.filter((mark) => !mark.isStarred));
      const deleted = here.filter((mark) => mark.deleted);
      if (deleted.length === 0 || folder === trash) continue;
      if (trash) await client.messageMove(uidSet(deleted), trash, { uid: true });
      // No Trash folder: the message is flagged \Deleted and NOT expunged, so the user's own client
      // still shows it as deleted (and can undo) rather than the unibox erasing mail for good.
      else await client.messageFlagsAdd(uidSet(deleted), ['\\Deleted'], { uid: true });
    } finally {
      lock.release();
    }
  }
}

/** Parses the message and keeps the bytes of its `index`-th attachment only. */
async function partOf(source: Buffer, messageId: string, index: number): Promise<FetchedPart | null> {
  const parser = new MailParser({ skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  let headersId: string | null = null;
  parser.on('headers', (headers: Map<string, unknown>) => {
    const value = headers.get('message-id');
    headersId = typeof value === 'string' ? normaliseMessageId(value) : null;
  });
  let found: FetchedPart | null = null;
  let seen = 0;
  parser.end(source);
  for await (const data of parser as unknown as AsyncIterable<AttachmentStream | MessageText>) {
    if (data.type === 'text') continue;
    const mine = seen === index;
    seen += 1;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of data.content as Readable) {
      if (!mine) continue;
      size += (chunk as Buffer).length;
      if (size > ATTACHMENT_BYTES_MAX) throw new Error('attachment too large');
      chunks.push(chunk as Buffer);
    }
    data.release?.();
    if (mine) found = { bytes: Buffer.concat(chunks), filename: data.filename ?? null, contentType: data.contentType.toLowerCase() };
  }
  const stored = normaliseMessageId(messageId) ?? messageId;
  // A UID names another message after a UIDVALIDITY change: never serve its parts.
  if (headersId !== null && headersId !== stored) return null;
  return found;
}
