/** The IPC messages between campaign-mail-world.ts (a journey) and campaign-mail-server.mts. */
import type { EnqueueResult } from '../../api/src/engines/mail/outbound/outbox';

/** Where the second app and its mail peers listen. */
export interface CampaignMailWorld {
  url: string;
  smtp: { host: string; port: number };
  imap: { host: string; port: number };
}

export type CampaignMailRequest =
  | {
      type: 'campaign-email';
      id: number;
      /** The sending mailbox (its owner is the message's owner, as for a campaign). */
      mailboxId: number;
      to: string;
      subject: string;
      html: string;
      campaign: { campaignId: number; recipientId: number; step: number };
    }
  | { type: 'close' };

export type CampaignMailReply =
  | { id: number; enqueued: EnqueueResult; /** The message as the SMTP server received it; null when nothing was sent. */ raw: string | null }
  | { id: number; error: string };
