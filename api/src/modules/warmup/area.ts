/**
 * The warm-up area (remote warmup, `/deliverability/warm-up/{id?}`; issue 17, document 2 §7.8):
 * per-mailbox warm-up settings and status, the list with health and rates, statistics, the
 * plan's limits. Its tables are `warmup_mailboxes` and `warmup_sends`; the pool's rules are in
 * contracts (rules/warmup.ts) and its daily plan, texts and mark in `engines/warmup`; the jobs
 * that plan each day and queue its mail through the mail engine are in jobs.ts.
 */
import { warmupRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import * as schema from '../../db/schema/warmup';
import type { JobQueue } from '../../jobs/queue';
import { kickWarmup, registerWarmupJobs } from './jobs';
import { warmupHandlers } from './routes';
import { WarmupService } from './service';

declare module '../../services' {
  interface Services {
    warmup: WarmupService;
  }
}

export const warmupArea = defineArea({
  name: 'warmup',
  routes: warmupRoutes,
  services: (deps) => ({ warmup: new WarmupService({ db: deps.db, gamification: deps.gamification }) }),
  handlers: warmupHandlers,
  queueUsers: (services) => [
    services.warmup,
    {
      useQueue(queue: JobQueue | undefined) {
        // Today's plan, unless another process (or an earlier start today) already queued it.
        if (queue) void kickWarmup(queue).catch(() => undefined);
      },
    },
  ],
  jobs: registerWarmupJobs,
  schema,
});
