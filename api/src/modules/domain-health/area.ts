/**
 * The domain-health area (remote warmup, `/deliverability/domain-health`; issue 17): DNS checks
 * of the caller's sending domains (MX, SPF, DKIM, DMARC, reverse DNS, blocklists), re-checked on
 * demand and by a daily durable job, announced by the `domain.healthChecked` push. Its table is
 * `domain_health_checks`; the domains come from the email-accounts area's `email_accounts`.
 */
import { domainHealthRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import * as schema from '../../db/schema/domain-health';
import type { JobQueue } from '../../jobs/queue';
import { kickDailyRun, registerDomainHealthJobs } from './jobs';
import { domainHealthHandlers } from './routes';
import { DomainHealthService } from './service';

declare module '../../services' {
  interface Services {
    domainHealth: DomainHealthService;
  }
}

export const domainHealthArea = defineArea({
  name: 'domain-health',
  routes: domainHealthRoutes,
  services: (deps) => ({ domainHealth: new DomainHealthService({ db: deps.db, config: deps.config, push: deps.push }) }),
  handlers: domainHealthHandlers,
  queueUsers: () => [
    {
      useQueue(queue: JobQueue | undefined) {
        // Today's re-check, unless another process (or an earlier start today) already queued it.
        if (queue) void kickDailyRun(queue).catch(() => undefined);
      },
    },
  ],
  jobs: registerDomainHealthJobs,
  schema,
});
