/**
 * Email verification of prospects (`/prospects/updateCheckEmails`): the first call for an email
 * that was never verified queues it (status `in_progress`) on the durable queue; every call
 * answers the newest statuses, which the client re-polls every 10 s while any is in_progress or
 * greylist (document 1 §4, document 2 §7.11). The verification itself, its credits and its
 * greylist re-checks belong to the verification area.
 */
import { isVerificationResolved, type EmailVerificationStatus } from '@leadforge/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { prospectEmails } from '../../db/schema';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import type { VerificationActor, VerificationModule } from '../verification/module';
import * as repo from './repository';

export const VERIFY_EMAILS_JOB = 'prospects.verify-emails';

export interface VerifyEmailsJobData extends VerificationActor {
  emailIds: number[];
}

type Enqueue = (name: string, data: unknown, idempotencyKey: string) => Promise<void>;

type EmailRow = Awaited<ReturnType<typeof repo.emailsOf>>[number];

export interface EmailCheckAnswer {
  prospects: { id: number; emails: { email_id: number; email: string; status: EmailVerificationStatus; statusVerifyText: string }[] }[];
  unresolved: number;
}

/** `ids` must already be the prospects the actor may read. */
export async function checkProspectEmails(
  db: Db,
  verification: VerificationModule,
  enqueue: Enqueue,
  actor: VerificationActor,
  ids: number[],
): Promise<EmailCheckAnswer> {
  const emails = await repo.emailsOf(db, ids);
  const status = new Map<number, EmailVerificationStatus>(emails.map((e) => [e.id, e.status as EmailVerificationStatus]));

  const toQueue = emails.filter((e) => e.status === 'not_verified');
  if (toQueue.length > 0) {
    // Charged when the job runs; refused up front only when the balance cannot cover them.
    if ((await verification.balance(actor)) < 1) throw new DomainError('billing_source');
    const emailIds = toQueue.map((e) => e.id);
    await repo.saveEmailStatuses(db, emailIds.map((id) => ({ id, status: 'in_progress' })));
    for (const id of emailIds) status.set(id, 'in_progress');
    await enqueue(VERIFY_EMAILS_JOB, { ...actor, emailIds } satisfies VerifyEmailsJobData, `verify-emails:${emailIds.join(',')}:${Date.now()}`);
  }

  const pending = emails.filter((e) => !isVerificationResolved(status.get(e.id)!) && e.status !== 'not_verified');
  if (pending.length > 0) {
    const latest = await verification.latest(actor, unique(pending));
    const changed = pending.flatMap((e) => {
      const next = latest.get(e.email.toLowerCase())?.status;
      return next && next !== e.status ? [{ id: e.id, status: next }] : [];
    });
    await repo.saveEmailStatuses(db, changed);
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

/** The job: verify the queued emails and store what came back (greylisted ones resolve later). */
export async function runEmailVerification(db: Db, verification: VerificationModule, data: VerifyEmailsJobData, signal?: AbortSignal) {
  const actor = { userId: data.userId, accountId: data.accountId };
  // Scoped to the account: a forged job payload cannot touch another tenant's rows.
  const rows: EmailRow[] = await db
    .select()
    .from(prospectEmails)
    .where(and(inArray(prospectEmails.id, data.emailIds), eq(prospectEmails.accountId, data.accountId)));
  if (rows.length === 0) return;
  try {
    const outcomes = await verification.verify(actor, unique(rows), { source: 'prospects', ...(signal ? { signal } : {}) });
    const byEmail = new Map(outcomes.map((o) => [o.email.toLowerCase(), o.status]));
    await repo.saveEmailStatuses(
      db,
      rows.map((row) => ({ id: row.id, status: byEmail.get(row.email.toLowerCase()) ?? 'unknown' })),
    );
  } catch (error) {
    // Out of credits: the emails go back to "not verified" so the user can retry after a top-up.
    if (error instanceof DomainError) {
      await repo.saveEmailStatuses(db, rows.map((row) => ({ id: row.id, status: 'not_verified' })));
      return;
    }
    throw error;
  }
}

/** Emails queued per verification job for a selection by filter. */
const SELECTION_JOB_EMAILS = 1_000;

/**
 * Verification of an "all matching" selection (`chosen`: its ids as a subquery): every
 * never-verified email of those prospects is marked in_progress and queued in one statement, in
 * jobs of SELECTION_JOB_EMAILS. The answer lists no prospects (the client polls its page's rows
 * by id) and counts the selection's emails still waiting for a result.
 */
export async function queueSelectionEmails(db: Db, verification: VerificationModule, enqueue: Enqueue, actor: VerificationActor, chosen: SQL): Promise<EmailCheckAnswer> {
  const [waiting] = await repo.rowsOf<{ any: boolean }>(db, sql`select exists (select 1 from ${prospectEmails} e where e.status = 'not_verified' and e.prospect_id in (${chosen})) as any`);
  if (waiting?.any && (await verification.balance(actor)) < 1) throw new DomainError('billing_source');
  const queued = (
    await repo.rowsOf<{ id: number }>(db, sql`update ${prospectEmails} e set status = 'in_progress' where e.status = 'not_verified' and e.prospect_id in (${chosen}) returning e.id`)
  ).map((row) => row.id);
  const stamp = Date.now();
  for (let at = 0; at < queued.length; at += SELECTION_JOB_EMAILS) {
    const emailIds = queued.slice(at, at + SELECTION_JOB_EMAILS);
    await enqueue(VERIFY_EMAILS_JOB, { ...actor, emailIds } satisfies VerifyEmailsJobData, `verify-emails:selection:${emailIds[0]}-${emailIds[emailIds.length - 1]}:${stamp}`);
  }
  const [unresolved] = await repo.rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${prospectEmails} e where e.status in ('in_progress', 'greylist') and e.prospect_id in (${chosen})`,
  );
  return { prospects: [], unresolved: unresolved?.n ?? 0 };
}

const unique = (rows: { email: string }[]) => [...new Set(rows.map((r) => r.email.toLowerCase()))];
