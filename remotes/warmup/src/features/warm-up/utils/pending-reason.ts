import { EMAIL_ACCOUNT_REASON_KEYS, mailboxReasonErrorKey, type ErrorKey } from '@leadforge/contracts';

/** A pending warm-up's reason as a text key: the warm-up's own, or the mailbox's connection problem from the catalogue. */
export type PendingReasonText = { ownKey: 'warmUp.pending.mailboxPaused' } | { errorKey: ErrorKey } | null;

/**
 * Why a warm-up waits (`statusReason`): its owner paused the mailbox (`mailbox_paused`), the
 * mailbox needs reconnecting, or one of the connection reasons the mailbox itself shows.
 */
export function pendingReasonText(reason: string | null): PendingReasonText {
  if (!reason) return null;
  if (reason === 'mailbox_paused') return { ownKey: 'warmUp.pending.mailboxPaused' };
  if (reason === 'reconnect') return { errorKey: 'email_account_needs_reconnect' };
  if (reason in EMAIL_ACCOUNT_REASON_KEYS) return { errorKey: mailboxReasonErrorKey(reason)! };
  return { errorKey: 'mail_server_error' };
}
