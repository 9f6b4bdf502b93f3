/**
 * Email verification of prospects (`/prospects/updateCheckEmails`): the first call for an email
 * that was never verified queues it (status `in_progress`) on the durable queue; every call
 * answers the newest statuses, which the client re-polls every 10 s while any is in_progress or
 * greylist (document 1 §4, document 2 §7.11). The verification itself, its credits and its
 * greylist re-checks belong to the verification area.
 */
import { isVerificationResolved, type EmailVerificationStatus } from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import { DomainError } from '../../../http/domain-error';
import { callerForUser, scopeOf, type Caller } from '../../account/caller';
import type { VerificationActor, VerificationModule } from '../../verification/module';
import { emailsOf, teamProspectIds } from '../prospect/repository';
import type { SelectionIds } from '../table/repository';
import * as repo from './repository';

export const VERIFY_EMAILS_JOB = 'prospects.verify-emails';

export interface VerifyEmailsJobData extends VerificationActor {
  emailIds: number[];
}

type Enqueue = (name: string, data: unknown, idempotencyKey: string) => Promise<void>;

export interface EmailCheckAnswer {
  prospects: { id: number; emails: { email_id: number; email: string; status: EmailVerificationStatus; statusVerifyText: string }[] }[];
  unresolved: number;
}

/** Emails queued per verification job for a selection by filter. */
const SELECTION_JOB_EMAILS = 1_000;

/** Who pays and whose history the results join: the caller's user and account, nothing more (it goes into job data). */
const actorOf = (caller: VerificationActor): VerificationActor => ({ userId: caller.userId, accountId: caller.accountId });

const unique = (rows: { email: string }[]) => [...new Set(rows.map((r) => r.email.toLowerCase()))];

export class EmailChecksService {
  constructor(
    private readonly db: Db,
    private readonly verification: VerificationModule,
    private readonly enqueue: Enqueue,
  ) {}

  /** The statuses of these prospects' emails (those of the caller's team), queueing the never-verified ones. */
  async check(caller: Caller, prospectIds: number[]): Promise<EmailCheckAnswer> {
    const scope = scopeOf(caller);
    const actor = actorOf(caller);
    const ids = await teamProspectIds(this.db, scope, prospectIds);
    const emails = await emailsOf(this.db, scope, ids);
    const status = new Map<number, EmailVerificationStatus>(emails.map((e) => [e.id, e.status as EmailVerificationStatus]));

    const toQueue = emails.filter((e) => e.status === 'not_verified');
    if (toQueue.length > 0) {
      // Charged when the job runs; refused up front only when the balance cannot cover them.
      if ((await this.verification.balance(actor)) < 1) throw new DomainError('billing_source');
      const emailIds = toQueue.map((e) => e.id);
      await repo.saveEmailStatuses(this.db, scope, emailIds.map((id) => ({ id, status: 'in_progress' })));
      for (const id of emailIds) status.set(id, 'in_progress');
      await this.enqueue(VERIFY_EMAILS_JOB, { ...actor, emailIds } satisfies VerifyEmailsJobData, `verify-emails:${emailIds.join(',')}:${Date.now()}`);
    }

    const pending = emails.filter((e) => !isVerificationResolved(status.get(e.id)!) && e.status !== 'not_verified');
    if (pending.length > 0) {
      const latest = await this.verification.latest(actor, unique(pending));
      const changed = pending.flatMap((e) => {
        const next = latest.get(e.email.toLowerCase())?.status;
        return next && next !== e.status ? [{ id: e.id, status: next }] : [];
      });
      await repo.saveEmailStatuses(this.db, scope, changed);
      for (const { id, status: next } of changed) status.set(id, next);
    }

    const answer = ids.map((id) => ({
      id,
      emails: emails
        .filter((e) => e.prospectId === id)
        .map((e) => ({ email_id: e.id, email: e.email, status: status.get(e.id)!, statusVerifyText: status.get(e.id)! })),
    }));
    const unresolved = answer.flatMap((p) => p.emails).filter((e) => !isVerificationResolved(e.status)).length;
    return { prospects: answer, unresolved };
  }

  /**
   * Verification of an "all matching" selection: every never-verified email of those prospects
   * is marked in_progress and queued in one statement, in jobs of SELECTION_JOB_EMAILS. The
   * answer lists no prospects (the client polls its page's rows by id) and counts the
   * selection's emails still waiting for a result.
   */
  async checkSelection(caller: Caller, chosen: SelectionIds): Promise<EmailCheckAnswer> {
    const scope = scopeOf(caller);
    const actor = actorOf(caller);
    if ((await repo.selectionHasUnverified(this.db, scope, chosen)) && (await this.verification.balance(actor)) < 1) throw new DomainError('billing_source');
    const queued = await repo.markSelectionInProgress(this.db, scope, chosen);
    const stamp = Date.now();
    for (let at = 0; at < queued.length; at += SELECTION_JOB_EMAILS) {
      const emailIds = queued.slice(at, at + SELECTION_JOB_EMAILS);
      await this.enqueue(VERIFY_EMAILS_JOB, { ...actor, emailIds } satisfies VerifyEmailsJobData, `verify-emails:selection:${emailIds[0]}-${emailIds[emailIds.length - 1]}:${stamp}`);
    }
    return { prospects: [], unresolved: await repo.selectionUnresolvedCount(this.db, scope, chosen) };
  }
}

/**
 * The job: verify the queued emails and store what came back (greylisted ones resolve later). It
 * acts as the user who queued them, in their scope as of now: a forged payload cannot reach
 * another tenant's rows, and a user who no longer exists leaves nothing to do.
 */
export async function runEmailVerification(db: Db, verification: VerificationModule, data: VerifyEmailsJobData, signal?: AbortSignal) {
  const caller = await callerForUser(db, data.userId).catch((error: unknown) => {
    if (error instanceof DomainError) return null;
    throw error;
  });
  if (!caller) return;
  const scope = scopeOf(caller);
  const actor = actorOf(caller);
  const rows = await repo.emailsByIds(db, scope, data.emailIds);
  if (rows.length === 0) return;
  try {
    const outcomes = await verification.verify(actor, unique(rows), { source: 'prospects', ...(signal ? { signal } : {}) });
    const byEmail = new Map(outcomes.map((o) => [o.email.toLowerCase(), o.status]));
    await repo.saveEmailStatuses(
      db,
      scope,
      rows.map((row) => ({ id: row.id, status: byEmail.get(row.email.toLowerCase()) ?? 'unknown' })),
    );
  } catch (error) {
    // Out of credits: the emails go back to "not verified" so the user can retry after a top-up.
    if (error instanceof DomainError) {
      await repo.saveEmailStatuses(db, scope, rows.map((row) => ({ id: row.id, status: 'not_verified' })));
      return;
    }
    throw error;
  }
}
