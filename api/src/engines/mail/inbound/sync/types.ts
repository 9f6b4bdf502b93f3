/** What the IMAP sync hands to the rest of the API. */
import type { EMAIL_ACCOUNT_REASON_KEYS } from '@leadforge/contracts';
import type { AutoReplySignal, BounceSeverity, InboundKind, UnsubscribeLanguage } from '../types';

/**
 * One stored inbound message, as the areas that react to mail see it (the campaigns area stops a
 * sequence on `reply` when stopForReply, never on `areply`; the unibox refreshes). Named apart
 * from the classifier's `InboundEvent`, which describes a parsed message before it is stored.
 *
 * Raised once per stored message, after its row and its effects (suppressions) are committed.
 * Listeners run in the process that synced it; the `mail_inbound` row is the durable record a
 * consumer that must not miss one reads back.
 */
export interface InboundMailEvent {
  inboundId: number;
  accountId: number;
  /** The mailbox owner. */
  userId: number;
  emailAccountId: number;
  folder: string;
  class: InboundKind;
  /** Bare Message-ID (synthetic for a message that had none). */
  messageId: string;
  sender: string | null;
  receivedAt: Date;
  /** Our message this one answers or reports on, with where it came from. */
  outboundId: number | null;
  campaignId: number | null;
  recipientId: number | null;
  step: number | null;
  /** Matched by sender and subject rather than by threading headers. */
  heuristic: boolean;
  malformed: boolean;
  /** For `bounce`: the severity after the address's history (three soft bounces count as hard). */
  bounceSeverity: BounceSeverity | null;
  /** For `oreply`. */
  relation: 'same-company' | 'other-address' | null;
  /** For `areply`. */
  autoReplySignals: AutoReplySignal[];
  /** For `unsubscribe`. */
  unsubscribeLanguage: UnsubscribeLanguage | null;
  /** Addresses this message added to the account's no-send list, with why. */
  suppressed: { email: string; reason: 'hard_bounce' | 'unsubscribe' | 'complaint' }[];
}

export type InboundListener = (event: InboundMailEvent) => void | Promise<void>;

/** Mailbox secrets as stored (decrypted): a password or an OAuth access token. */
export interface ImapSecrets {
  imapPassword?: string | undefined;
  accessToken?: string | undefined;
}

/** The mailbox columns the sync reads. */
export interface SyncMailbox {
  id: number;
  accountId: number;
  userId: number;
  email: string;
  provider: string;
  status: string;
  statusReason: string | null;
  imapHost: string | null;
  imapPort: number | null;
  imapSecurity: string | null;
  imapUser: string | null;
  credentials: string | null;
  firstSyncDays: number;
  deletedAt: Date | null;
}

/** Decrypts a mailbox's stored credentials; throws when they cannot be read. */
export type CredentialReader = (mailbox: SyncMailbox) => ImapSecrets | Promise<ImapSecrets>;

/** The keys of `email_accounts.status_reason` the sync sets: the email-accounts catalogue's, shown in the user's language. */
export type ImapStatusReason = Extract<
  keyof typeof EMAIL_ACCOUNT_REASON_KEYS,
  'imap_login' | 'credentials_unreadable' | 'oauth_revoked' | 'host_not_allowed' | 'dns' | 'tls' | 'tcp' | 'timeout' | 'server_error' | 'folder_missing'
>;

/** What one pass over a mailbox did. */
export interface SyncReport {
  /** Messages stored (new to the mailbox). */
  stored: number;
  /** Messages read that were already stored (a resync, the same message in two folders). */
  skipped: number;
  folders: { folder: string; stored: number; skipped: number; error: 'folder_missing' | null; complete: boolean }[];
}
