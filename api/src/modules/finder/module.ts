/**
 * The finder area's composition: its repositories and services, built once per process by
 * `createServices`. Routes (routes.ts) and jobs (jobs.ts) reach the area only through this.
 */
import type { JobQueue } from '../../jobs/queue';
import type { AreaDeps } from '../../platform';
import type { ProspectsModule } from '../prospects/module';
import type { VerificationModule } from '../verification/module';

export interface FinderModule {
  /** Called once the durable job queue has started (absent in tests that run without jobs). */
  useQueue(queue: JobQueue | undefined): void;
}

export function createFinderModule(_deps: AreaDeps & { verification: VerificationModule; prospects: ProspectsModule }): FinderModule {
  return { useQueue: () => undefined };
}
