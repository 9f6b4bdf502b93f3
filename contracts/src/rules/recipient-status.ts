/**
 * The campaign recipient's state machine (document 1 §3 "Recipient" statuses), in one place for
 * the executor (what an event or a move may do to a recipient) and the recipients' set-status
 * call (what a user may set). Statuses fall in three groups:
 *
 *   running   active, processing (a message or action in flight; shown as active)
 *   waiting   pause, tocheck, limit, locked — kept out of the sequence until someone (the user,
 *             a check, a limit's reset) lets them go on
 *   stopped   done, reply, oreply, areply, bounce, unsubscribe, nosend, moved, deleted
 *
 *   active ⇄ processing ─▶ done | reply | oreply | bounce | unsubscribe | nosend | limit | locked
 *   pause/tocheck/limit/locked ─▶ active (user)          any ─▶ reply | bounce | unsubscribe (mail)
 *
 * Outcomes of mail already sent (a reply, a bounce, an unsubscribe) still land on a recipient the
 * sequence has left (done, paused), so the table tells what happened; nothing leaves deleted or
 * moved.
 */
import type { RecipientStatus } from '../recipients';

/** The executor moves these recipients through the flowchart. */
export const RUNNING_RECIPIENT_STATUSES = ['active', 'processing'] as const satisfies readonly RecipientStatus[];

/** Out of the sequence for now; a user (or a limit's reset) lets them go on. */
export const WAITING_RECIPIENT_STATUSES = ['pause', 'tocheck', 'limit', 'locked'] as const satisfies readonly RecipientStatus[];

/** Out of the sequence for good (unless a user sets them active again). */
export const STOPPED_RECIPIENT_STATUSES = [
  'done',
  'reply',
  'oreply',
  'areply',
  'bounce',
  'unsubscribe',
  'nosend',
  'moved',
  'deleted',
] as const satisfies readonly RecipientStatus[];

/**
 * Statuses that keep a campaign from completing on its own (automaticallyComplete): someone may
 * still be sent something.
 */
export const OPEN_RECIPIENT_STATUSES = ['active', 'processing', 'pause', 'tocheck'] as const satisfies readonly RecipientStatus[];

/** What the recipients table's set-status offers. */
export const USER_SETTABLE_RECIPIENT_STATUSES = [
  'active',
  'pause',
  'done',
  'reply',
  'unsubscribe',
  'bounce',
  'nosend',
] as const satisfies readonly RecipientStatus[];
export type UserSettableRecipientStatus = (typeof USER_SETTABLE_RECIPIENT_STATUSES)[number];

/** Statuses nobody moves a recipient out of: the row stays for history. */
const FINAL_FOR_GOOD: readonly RecipientStatus[] = ['deleted', 'moved'];

/** Results of mail already sent, recorded whatever the sequence is doing. */
const MAIL_OUTCOMES: readonly RecipientStatus[] = ['reply', 'oreply', 'bounce', 'unsubscribe'];

/** The executor's moves, by status it starts from (besides MAIL_OUTCOMES from most statuses). */
const EXECUTOR_MOVES: Partial<Record<RecipientStatus, readonly RecipientStatus[]>> = {
  active: ['processing', 'done', 'nosend', 'limit', 'locked', ...MAIL_OUTCOMES],
  processing: ['active', 'done', 'nosend', 'limit', 'locked', ...MAIL_OUTCOMES],
  pause: MAIL_OUTCOMES,
  tocheck: ['nosend', ...MAIL_OUTCOMES],
  limit: ['active', ...MAIL_OUTCOMES],
  locked: ['active', ...MAIL_OUTCOMES],
  done: MAIL_OUTCOMES,
  // A later reply is a reply; a reply's sender may still unsubscribe.
  oreply: ['reply', 'unsubscribe'],
  areply: ['active', ...MAIL_OUTCOMES],
  reply: ['unsubscribe'],
};

export type RecipientStatusActor = 'executor' | 'user';

function includes(list: readonly string[], status: string): boolean {
  return list.includes(status);
}

export function isRunningRecipientStatus(status: RecipientStatus): boolean {
  return includes(RUNNING_RECIPIENT_STATUSES, status);
}

export function isStoppedRecipientStatus(status: RecipientStatus): boolean {
  return includes(STOPPED_RECIPIENT_STATUSES, status);
}

/** Whether a status takes the recipient out of the sequence (their queued mail and actions are cancelled). */
export function stopsRecipient(status: RecipientStatus): boolean {
  return !isRunningRecipientStatus(status);
}

export function isUserSettableRecipientStatus(status: RecipientStatus): status is UserSettableRecipientStatus {
  return includes(USER_SETTABLE_RECIPIENT_STATUSES, status);
}

/**
 * Whether `actor` may move a recipient from `from` to `to`. The same status is no move. A user
 * sets any settable status on anyone but a deleted or moved recipient (active again lets a
 * stopped one go on from where it was); the executor follows EXECUTOR_MOVES.
 */
export function canMoveRecipient(from: RecipientStatus, to: RecipientStatus, actor: RecipientStatusActor): boolean {
  if (from === to || includes(FINAL_FOR_GOOD, from)) return false;
  if (actor === 'user') return isUserSettableRecipientStatus(to);
  return includes(EXECUTOR_MOVES[from] ?? [], to);
}

/** The statuses `actor` may move a recipient in `from` to (set-status menus, SQL filters). */
export function recipientMovesFrom(
  from: RecipientStatus,
  actor: RecipientStatusActor,
  all: readonly RecipientStatus[],
): RecipientStatus[] {
  return all.filter((to) => canMoveRecipient(from, to, actor));
}

/** The statuses from which `actor` may move a recipient to `to` (the executor's SQL `where status in …`). */
export function recipientMovesTo(
  to: RecipientStatus,
  actor: RecipientStatusActor,
  all: readonly RecipientStatus[],
): RecipientStatus[] {
  return all.filter((from) => canMoveRecipient(from, to, actor));
}
