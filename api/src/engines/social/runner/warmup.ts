/**
 * The warm-up's actions (a slow ramp of harmless actions for a new account): visits and likes of
 * the network's people, queued per local day.
 */
import { LINKEDIN_WARMUP } from '@leadforge/contracts';
import { sandboxSearchItem } from '../sandbox/search';
import * as repo from './repository';
import { localDayOf } from './schedule';
import type { EnqueueRequest, EnqueueResult, RunnerContext } from './types';

/**
 * Queues the day's harmless actions (visits and likes of the network's people) of every warming
 * account: LINKEDIN_WARMUP.dailyActions per local day, keyed by day and number so the job may
 * run as often as it likes. They keep the gap and the working hours but count apart from the
 * limits (origin `warmup`).
 */
export async function queueWarmup(ctx: RunnerContext, enqueue: (request: EnqueueRequest) => Promise<EnqueueResult>): Promise<number> {
  const now = ctx.now();
  let queued = 0;
  for (const id of await repo.activeAccountIds(ctx.db, { warmingOnly: true })) {
    const account = await repo.accountById(ctx.db, id);
    if (!account) continue;
    let day: string;
    try {
      day = localDayOf(account, now);
    } catch {
      continue;
    }
    const people = warmupPeople(account.id, day, LINKEDIN_WARMUP.dailyActions);
    for (const [index, profileUrl] of people.entries()) {
      const result = await enqueue({
        owner: { userId: account.assignedUserId ?? account.userId, accountId: account.accountId },
        linkedinAccountId: account.id,
        action: index % 2 === 0 ? 'visit' : 'like',
        profileUrl,
        origin: 'warmup',
        idempotencyKey: `warmup:${day}:${index}`,
      });
      if (!result.duplicate) queued += 1;
    }
  }
  return queued;
}

/** The people a warming account visits on a day: readable profiles of a search of its own. */
export function warmupPeople(linkedinAccountId: number, day: string, count: number): string[] {
  const url = `https://www.linkedin.com/search/results/people/?keywords=warmup-${linkedinAccountId}-${day}`;
  const people: string[] = [];
  for (let index = 0; people.length < count && index < count * 4; index += 1) {
    const item = sandboxSearchItem(url, index);
    if (item.kind === 'profile') people.push(item.profile.profileUrl);
  }
  return people;
}
