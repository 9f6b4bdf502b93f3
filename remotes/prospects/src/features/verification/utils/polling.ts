/**
 * Polling rules of document 2 §7.11 as react-query `refetchInterval` values: a number keeps
 * polling, `false` stops once the server has an answer.
 */
import { POLLING, UNRESOLVED_VERIFICATION_STATUSES } from '@leadforge/contracts';

export function isPendingVerification(status: string | null | undefined): boolean {
  return (UNRESOLVED_VERIFICATION_STATUSES as readonly string[]).includes(status ?? '');
}

/** Every 10 s while any email shown is in_progress or greylisted. */
export function verificationRefetchInterval(statuses: readonly (string | null | undefined)[]): number | false {
  return statuses.some(isPendingVerification) ? POLLING.verificationMs : false;
}

/** Every 8 s while the server still counts (-1). */
export function withoutEmailRefetchInterval(count: number | null | undefined): number | false {
  return count === -1 ? POLLING.withoutEmailCountMs : false;
}

/** Every 10 s while a tag creation runs; the caller reloads the tags when it reports done. */
export function tagCreationRefetchInterval(status: 'in_progress' | 'done' | null | undefined): number | false {
  return status === 'in_progress' ? POLLING.tagCreationMs : false;
}
