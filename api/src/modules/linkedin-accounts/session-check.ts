/**
 * The periodic session check: every active account's session is tried with its network (cheap on
 * the sandbox) and an account whose session is gone becomes `expired` or `lost_connection`, with
 * an `account.changed` push to its owner and the member using it (its campaigns' LinkedIn steps
 * wait; the runner only acts for active accounts).
 *
 * It runs on the durable queue without a timer outside a job: one job per slot of
 * SESSION_CHECK_SECONDS, whose idempotency key is the slot, so the start-up kick of every API
 * instance and the chain itself converge on one job per slot; each job queues the next slot's
 * before it does anything else, so a failing pass does not end the chain. A job with `slot: null`
 * is a one-off pass (an operator's or a test's), which queues nothing.
 */
import type { PushEvent, SocialAccountState } from '@leadforge/contracts';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/types';
import { CredentialDecryptError, type CredentialCipher } from '../../engines/mail/secrets/credentials';
import type { ProxyTarget, SessionState, SocialProviderName } from '../../engines/social/provider';
import type { SessionOperations } from '../../engines/social/sandbox/session';
import { isDomainError } from '../../http/domain-error';
import type { JobLogger, JobQueue, RegisterOptions } from '../../jobs/queue';
import type { JobRegistrar, PushTarget } from '../../jobs/registry';
import { credentialCipherFor } from '../email-accounts/credentials';
import { openSecret } from './credentials';
import * as repo from './repository';

export const LINKEDIN_SESSION_CHECK_JOB = 'linkedin.sessions.check';
/** How often every active session is checked. */
export const SESSION_CHECK_SECONDS = 30 * 60;
const PAGE = 200;

export interface SessionCheckJobData {
  /** The slot of SESSION_CHECK_SECONDS this pass belongs to; null: a one-off pass. */
  slot: number | null;
}

const JOB_OPTIONS: RegisterOptions = { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 15 * 60, concurrency: 1 };

export function sessionCheckSlotAt(at: number): number {
  return Math.floor(at / (SESSION_CHECK_SECONDS * 1000));
}

const slotKey = (slot: number) => `slot:${slot}`;

/** Queues the current slot's pass unless it exists (any state). */
export async function ensureSessionCheckJob(queue: JobQueue, now = Date.now()): Promise<void> {
  const slot = sessionCheckSlotAt(now);
  await queue.enqueue<SessionCheckJobData>(LINKEDIN_SESSION_CHECK_JOB, { slot }, { idempotencyKey: slotKey(slot) });
}

export interface SessionCheckDeps {
  db: Db;
  cipher: CredentialCipher;
  sessionsOf: (provider: SocialProviderName) => SessionOperations;
  push: Pick<PushTarget, 'emitToUser'>;
  logger?: Pick<JobLogger, 'warn'>;
}

/** Why an account stopped being active, as the view's `stateReason` (an error key). */
const REASON: Record<Exclude<SessionState, 'active'>, string | null> = {
  expired: 'linkedin_session_invalid',
  lost_connection: null,
};

function proxyOf(cipher: CredentialCipher, row: repo.LinkedinAccountRow): ProxyTarget {
  if (row.proxyKind === 'custom' && row.proxyHost && row.proxyPort) {
    const password = row.proxyPassword ? openSecret(cipher, row.id, 'proxy-password', row.proxyPassword) : '';
    return { kind: 'custom', host: row.proxyHost, port: row.proxyPort, username: row.proxyUsername ?? '', password };
  }
  return { kind: 'builtin', countryId: row.proxyCountryId ?? 0 };
}

/** One pass over every active account; answers how many changed state. */
export async function checkLinkedinSessions(deps: SessionCheckDeps, now = new Date(), signal?: AbortSignal): Promise<number> {
  let after = 0;
  let changed = 0;
  for (;;) {
    const rows = await repo.activeSessionsAfter(deps.db, after, PAGE);
    for (const row of rows) {
      if (signal?.aborted) return changed;
      let state: SessionState;
      try {
        state = await deps.sessionsOf(row.provider as SocialProviderName).checkSession(
          { linkedinAccountId: row.id, session: openSecret(deps.cipher, row.id, 'session', row.session!), proxy: proxyOf(deps.cipher, row) },
          now,
        );
      } catch (error) {
        if (error instanceof CredentialDecryptError) {
          // A session nobody can read any more (the key changed): only a new sign-in helps.
          state = 'expired';
        } else if (isDomainError(error)) {
          // The network's boundary is not available (the real one, unconfigured): nothing is known.
          deps.logger?.warn({ linkedinAccountId: row.id, key: error.items[0]?.key }, 'LinkedIn session check not possible');
          continue;
        } else {
          throw error;
        }
      }
      const updated = await repo.settleSessionCheck(deps.db, row.id, row.session!, {
        state,
        reason: state === 'active' ? null : REASON[state],
        at: now,
      });
      if (updated) {
        changed += 1;
        const event: PushEvent = {
          type: 'account.changed',
          payload: { what: 'linkedinAccount', linkedinAccountId: updated.id, state: updated.state as SocialAccountState },
        };
        for (const userId of new Set([updated.userId, updated.assignedUserId])) if (userId !== null) deps.push.emitToUser(userId, event);
      }
    }
    if (rows.length < PAGE) return changed;
    after = rows.at(-1)!.id;
  }
}

/** Registers the pass with the session operations the configuration gives (tests pass their own). */
export function sessionCheckJobsFor(sessionsOf: (config: AppConfig) => (provider: SocialProviderName) => SessionOperations): JobRegistrar {
  return async (queue, deps) => {
    let checker: SessionCheckDeps | undefined;
    const checkerOf = () =>
      (checker ??= {
        db: deps.database.db,
        cipher: credentialCipherFor(deps.config),
        sessionsOf: sessionsOf(deps.config),
        push: deps.push,
        logger: deps.logger,
      });
    await queue.register<SessionCheckJobData>(
      LINKEDIN_SESSION_CHECK_JOB,
      async (job) => {
        const { slot } = job.data;
        if (slot !== null) {
          const current = sessionCheckSlotAt(Date.now());
          // Late (a backlog, an outage): the current slot's pass takes over.
          if (current > slot) {
            await queue.enqueue<SessionCheckJobData>(LINKEDIN_SESSION_CHECK_JOB, { slot: current }, { idempotencyKey: slotKey(current) });
            return;
          }
          const startAfterSeconds = Math.max(0, Math.ceil(((slot + 1) * SESSION_CHECK_SECONDS * 1000 - Date.now()) / 1000));
          await queue.enqueue<SessionCheckJobData>(LINKEDIN_SESSION_CHECK_JOB, { slot: slot + 1 }, { idempotencyKey: slotKey(slot + 1), startAfterSeconds });
        }
        await checkLinkedinSessions(checkerOf(), new Date(), job.signal);
      },
      JOB_OPTIONS,
    );
  };
}
