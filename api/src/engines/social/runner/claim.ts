/**
 * Taking due actions (see runner.ts for the state machine): due actions are locked with FOR
 * UPDATE SKIP LOCKED, each account's row is locked, and the pacing (schedule.ts) is applied to
 * the counters kept in the database, so the limits hold across worker processes. An action the
 * pacing allows is claimed under a lease and reserved on its account's day counter; one it holds
 * back gets its new due time and the reason; a stale claim of a worker that stopped before
 * starting it has its reservation released.
 */
import * as repo from './repository';
import { decideAction, localDayOf, recheckMs } from './schedule';
import type { ClaimedGroup, RunnerContext } from './types';

/** Takes due actions the pacing allows and defers the others to the instant they will be allowed. */
export async function claimDue(ctx: RunnerContext): Promise<ClaimedGroup[]> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const due = await repo.lockDueActions(tx, now, ctx.limits.claimBatch);
    if (due.length === 0) return [];
    const accounts = new Map((await repo.lockAccounts(tx, [...new Set(due.map((row) => row.linkedinAccountId))])).map((account) => [account.id, account]));
    const days = new Map<number, string>();
    const unreadable = new Set<number>();
    for (const account of accounts.values()) {
      try {
        days.set(account.id, localDayOf(account, now));
      } catch {
        unreadable.add(account.id);
      }
    }
    const [usage, pending] = await Promise.all([
      repo.usageOn(
        tx,
        [...days].map(([linkedinAccountId, day]) => ({ linkedinAccountId, day })),
      ),
      repo.pendingOf(tx, [...accounts.keys()]),
    ]);
    const counters = new Map(
      [...accounts.values()].map((account) => [
        account.id,
        {
          used: new Map(usage.filter((row) => row.linkedinAccountId === account.id).map((row) => [row.action, row.count])),
          pending: pending.get(account.id) ?? 0,
          lastActionAt: account.lastActionAt,
          taken: false,
        },
      ]),
    );

    const claims: repo.Claim[] = [];
    const deferred: { id: number; dueAt: Date; reason: string | null }[] = [];
    const stale: repo.DueAction[] = [];
    for (const row of due) {
      const account = accounts.get(row.linkedinAccountId);
      const counter = counters.get(row.linkedinAccountId);
      // Another claimer is deciding for this account right now: its actions wait for the next claim.
      if (!account || !counter) continue;
      // A claim of a worker that stopped before starting it: its reservation is released here.
      if (row.countedOn !== null) stale.push(row);
      const day = days.get(account.id);
      if (!day || unreadable.has(account.id)) {
        ctx.logger.error({ linkedinAccountId: account.id }, 'LinkedIn runner: the account time zone cannot be read');
        deferred.push({ id: row.id, dueAt: new Date(now.getTime() + recheckMs(ctx.timeScale)), reason: 'linkedin_outside_working_hours' });
        continue;
      }
      let decision: ReturnType<typeof decideAction>;
      try {
        decision = decideAction({
          account,
          action: row.action,
          origin: row.origin,
          usedToday: counter.used.get(row.action) ?? 0,
          pending: counter.pending,
          lastActionAt: counter.lastActionAt,
          now,
          timeScale: ctx.timeScale,
        });
      } catch (error) {
        ctx.logger.error({ err: error, linkedinAccountId: account.id }, 'LinkedIn runner: the account limits or hours cannot be read');
        deferred.push({ id: row.id, dueAt: new Date(now.getTime() + recheckMs(ctx.timeScale)), reason: 'linkedin_outside_working_hours' });
        continue;
      }
      if (!decision.allowed) {
        deferred.push({ id: row.id, dueAt: decision.notBefore, reason: decision.reason });
        continue;
      }
      claims.push({ id: row.id, linkedinAccountId: account.id, action: row.action, origin: row.origin, day });
      if (row.origin !== 'warmup') {
        counter.used.set(row.action, (counter.used.get(row.action) ?? 0) + 1);
        if (row.action === 'invite') counter.pending += 1;
      }
      counter.lastActionAt = now;
      counter.taken = true;
    }
    await repo.markClaimed(tx, claims, stale, ctx.workerId, new Date(now.getTime() + ctx.limits.claimLeaseMs), now);
    await repo.deferActions(tx, deferred, now);
    for (const [accountId, counter] of counters) if (counter.taken) await repo.setLastActionAt(tx, accountId, now);

    const groups = new Map<number, ClaimedGroup>();
    for (const claim of claims) {
      const group = groups.get(claim.linkedinAccountId) ?? { account: accounts.get(claim.linkedinAccountId)!, ids: [] };
      group.ids.push(claim.id);
      groups.set(claim.linkedinAccountId, group);
    }
    return [...groups.values()];
  });
}

