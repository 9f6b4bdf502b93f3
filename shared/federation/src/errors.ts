import type { RemoteName } from './remote-names';

/**
 * Why an area shows its fallback instead of its screens. Each reason has its own text
 * (`federation:fallback.<reason>`) so a user and a support engineer can tell them apart.
 */
export const REMOTE_FAILURE_REASONS = [
  'not-configured',
  'missing',
  'incompatible',
  'timeout',
  'load-failed',
  'invalid-module',
  'render-failed',
] as const;

export type RemoteFailureReason = (typeof REMOTE_FAILURE_REASONS)[number];

export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';

  constructor(
    readonly remote: RemoteName,
    readonly reason: RemoteFailureReason,
    /** Technical details for the log and the fallback's detail line. */
    readonly details: string[],
    options?: { cause?: unknown },
  ) {
    super(`${remote}: ${reason}${details.length ? ` — ${details.join('; ')}` : ''}`, options);
  }
}

export function failureReasonOf(error: unknown): RemoteFailureReason {
  return error instanceof RemoteUnavailableError ? error.reason : 'render-failed';
}
