/**
 * Factories for the unibox tests: people and campaigns from the campaigns test world, mailboxes
 * written directly, and inbound mail stored through the IMAP sync's own `storeMessage`, so the
 * tests read what the real storage path writes. Only test files import this module.
 */
import assert from 'node:assert/strict';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { storeMessage } from '../../engines/mail/inbound/sync/store-message';
import type { SyncMailbox } from '../../engines/mail/inbound/sync/types';
import { campaignWorld, type Person } from '../campaigns/test-world';

export const U = '/pipelines/api/unibox';

export interface MailSpec {
  from: string;
  fromName?: string;
  to?: string;
  subject: string;
  body?: string;
  html?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  date: string;
  folder?: string;
  attachment?: { filename: string; content: string };
  /** A picture the HTML shows by `cid:<contentId>` (an inline part). */
  inlineImage?: { filename: string; contentId: string; content: Buffer };
  /** \Seen on the IMAP server when the sync read it. */
  seen?: boolean;
  /** More header lines, as `Name: value`. */
  headers?: string[];
}

let counter = 0;

function rfc822(spec: MailSpec, messageId: string): Buffer {
  const headers = [
    `From: ${spec.fromName ? `${spec.fromName} ` : ''}<${spec.from}>`,
    `To: <${spec.to ?? 'me@unibox.test'}>`,
    `Subject: ${spec.subject}`,
    `Message-ID: <${messageId}>`,
    `Date: ${new Date(spec.date).toUTCString()}`,
    ...(spec.inReplyTo ? [`In-Reply-To: <${spec.inReplyTo}>`] : []),
    ...(spec.references ? [`References: ${spec.references.map((id) => `<${id}>`).join(' ')}`] : []),
    ...(spec.headers ?? []),
    'MIME-Version: 1.0',
  ];
  const text = spec.body ?? `${spec.subject}, in plain words.`;
  if (!spec.html && !spec.attachment && !spec.inlineImage)
    return Buffer.from([...headers, 'Content-Type: text/plain; charset=utf-8', '', text, ''].join('\r\n'));
  // Text and HTML are alternatives of one body (multipart/alternative) beside the attachment.
  const body = spec.html
    ? [
        'Content-Type: multipart/alternative; boundary="b2"',
        '',
        '--b2',
        'Content-Type: text/plain; charset=utf-8',
        '',
        text,
        '--b2',
        'Content-Type: text/html; charset=utf-8',
        '',
        spec.html,
        '--b2--',
      ]
    : ['Content-Type: text/plain; charset=utf-8', '', text];
  const parts = [
    '--b1',
    ...body,
    ...(spec.attachment
      ? [
          '--b1',
          `Content-Type: application/pdf; name="${spec.attachment.filename}"`,
          `Content-Disposition: attachment; filename="${spec.attachment.filename}"`,
          'Content-Transfer-Encoding: base64',
          '',
          Buffer.from(spec.attachment.content).toString('base64'),
        ]
      : []),
    ...(spec.inlineImage
      ? [
          '--b1',
          `Content-Type: image/png; name="${spec.inlineImage.filename}"`,
          `Content-Disposition: inline; filename="${spec.inlineImage.filename}"`,
          `Content-ID: <${spec.inlineImage.contentId}>`,
          'Content-Transfer-Encoding: base64',
          '',
          spec.inlineImage.content.toString('base64'),
        ]
      : []),
    '--b1--',
    '',
  ];
  return Buffer.from([...headers, 'Content-Type: multipart/mixed; boundary="b1"', '', ...parts].join('\r\n'));
}

export function uniboxWorld(t: TestApp) {
  const w = campaignWorld(t);

  async function mailbox(person: Person, email: string): Promise<SyncMailbox> {
    const id = await w.mailbox(person, email);
    return {
      id,
      accountId: person.user.accountId,
      userId: person.user.id,
      email,
      provider: 'sandbox',
      status: 'active',
      statusReason: null,
      imapHost: null,
      imapPort: null,
      imapSecurity: null,
      imapUser: null,
      credentials: null,
      firstSyncDays: 30,
      deletedAt: null,
    };
  }

  /**
   * Stores one inbound message the way the sync does; answers its Message-ID. `options` as the
   * sync gives them (its warm-up mark check); the message must then announce an event unless it
   * is warm-up mail.
   */
  async function receive(box: SyncMailbox, spec: MailSpec, options?: Parameters<typeof storeMessage>[4]): Promise<string> {
    counter += 1;
    const messageId = spec.messageId ?? `m${counter}.${process.pid}.${Date.now()}@sender.test`;
    const uid = counter;
    const stored = await storeMessage(
      t.database.db,
      box,
      { folder: spec.folder ?? 'INBOX', uid, internalDate: new Date(spec.date), seen: spec.seen ?? false },
      rfc822(spec, messageId),
      options,
    );
    if (!options?.isWarmupMark) assert.ok(stored.event, `stored ${messageId}`);
    return messageId;
  }

  async function threads(person: Person, body: object = {}) {
    const response = await person.client.post(`${U}/thread-groups`, body);
    assert.equal(response.status, 200, response.text);
    return response.body as {
      items: {
        id: number;
        subject: string;
        snippet: string;
        messageCount: number;
        unreadCount: number;
        isStarred: boolean;
        counterpart: { name: string | null; address: string };
        campaign: { id: number; title: string } | null;
        leadStatus: string | null;
        channel: 'email' | 'linkedin';
        emailAccountId: number | null;
        linkedinAccountId: number | null;
        prospectId: number | null;
      }[];
      total: number;
    };
  }

  async function unread(person: Person): Promise<number> {
    const response = await person.client.get(`${U}/unread-count`);
    assert.equal(response.status, 200, response.text);
    return response.body.unreadMessages as number;
  }

  return { ...w, mailbox, receive, threads, unread };
}

export type UniboxWorld = ReturnType<typeof uniboxWorld>;

/** A test app without background jobs and its unibox world: what most unibox test files start with. */
export async function startUniboxWorld(options: Parameters<typeof startTestApp>[0] = { jobs: false }): Promise<{ t: TestApp; w: UniboxWorld }> {
  const t = await startTestApp(options);
  return { t, w: uniboxWorld(t) };
}

/** The error key of a refused call's answer. */
export const errorKeyOf = (response: { body: { errors?: { key: string }[] } }) => response.body.errors?.[0]?.key;
