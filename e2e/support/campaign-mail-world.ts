/**
 * The journeys' handle on campaign-mail-server.mts: a second instance of the composed app where
 * campaign mail can be sent (no screen sends campaigns yet), with its own SMTP, IMAP and DNS
 * peers on loopback. Everything but the send itself is done against `url` like any journey does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { EnqueueResult } from '../../api/src/engines/mail/outbound/outbox';
import type { CampaignMailReply, CampaignMailRequest, CampaignMailWorld } from './campaign-mail-protocol';
import { repoRoot } from './remotes';

export interface CampaignMailWorldOptions {
  /** The mailbox the SMTP and IMAP peers accept, and its password. */
  mailbox: { email: string; password: string };
  /** A domain whose CNAME the world's DNS points at the app (the mailbox's tracking domain). */
  trackingDomain: string;
}

export interface CampaignEmail {
  /** The sending mailbox; the message is its owner's. */
  mailboxId: number;
  to: string;
  subject: string;
  html: string;
  campaign: { campaignId: number; recipientId: number; step: number };
}

export interface CampaignMail extends CampaignMailWorld {
  /** Queues one campaign step as the sequencer would; answers once the SMTP server has it (raw is null when nothing was sent). */
  sendCampaignEmail(email: CampaignEmail): Promise<{ enqueued: EnqueueResult; raw: string | null }>;
  close(): Promise<void>;
}

export async function startCampaignMailWorld(options: CampaignMailWorldOptions): Promise<CampaignMail> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'e2e', 'support', 'campaign-mail-server.mts')], {
    cwd: join(repoRoot, 'api'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      CAMPAIGN_MAILBOX: options.mailbox.email,
      CAMPAIGN_MAILBOX_PASSWORD: options.mailbox.password,
      CAMPAIGN_TRACKING_DOMAIN: options.trackingDomain,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const world = await new Promise<CampaignMailWorld>((resolve, reject) => {
    child.once('message', (message: { type: 'ready' } & CampaignMailWorld) => resolve(message));
    void exited.then((code) => reject(new Error(`the campaign mail server exited (${code}) before it was ready`)));
  });

  let next = 0;
  const pending = new Map<number, { resolve: (reply: CampaignMailReply) => void; reject: (error: Error) => void }>();
  child.on('message', (reply: CampaignMailReply) => {
    pending.get(reply.id)?.resolve(reply);
    pending.delete(reply.id);
  });
  void exited.then((code) => {
    for (const { reject } of pending.values()) reject(new Error(`the campaign mail server exited (${code})`));
    pending.clear();
  });
  const request = (message: CampaignMailRequest) => child.send(message);

  return {
    ...world,
    async sendCampaignEmail(email) {
      const id = (next += 1);
      const reply = await new Promise<CampaignMailReply>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        request({ type: 'campaign-email', id, ...email });
      });
      if ('error' in reply) throw new Error(reply.error);
      return { enqueued: reply.enqueued, raw: reply.raw };
    },
    async close() {
      if (child.exitCode !== null) return;
      request({ type: 'close' });
      await exited;
    },
  };
}
