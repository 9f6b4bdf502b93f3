/**
 * The finder area's composition: its repositories and services, built once per process by
 * `createServices`. Routes (routes.ts) and jobs (jobs.ts) reach the area only through this.
 */
import { createSocialNetworkProvider } from '../../engines/social';
import { createWebFetcher } from '../../engines/web-fetch/fetcher';
import type { JobQueue } from '../../jobs/queue';
import type { AreaDeps } from '../../platform';
import type { ProspectsModule } from '../prospects/module';
import type { VerificationModule } from '../verification/module';
import { BulkSearches } from './bulk';
import { LinkedinTasks } from './linkedin-tasks';
import { FinderService } from './service';
import { createSessionSource } from './session-refs';
import { SocialUrlImports } from './social-url-imports';

export interface FinderModule {
  /** Called once the durable job queue has started (absent in tests that run without jobs). */
  useQueue(queue: JobQueue | undefined): void;
  /** Single and domain searches, suggestions, technology checks, history. */
  search: FinderService;
  /** Bulk email search from names and bulk domain search. */
  bulk: BulkSearches;
  /** LinkedIn search tasks through the social-network adapter. */
  linkedin: LinkedinTasks;
  /** Social-url imports: files of profile links read on a connected LinkedIn account. */
  socialUrl: SocialUrlImports;
}

export function createFinderModule(deps: AreaDeps & { verification: VerificationModule; prospects: ProspectsModule }): FinderModule {
  const search = new FinderService({
    db: deps.db,
    config: deps.config,
    verification: deps.verification,
    prospects: deps.prospects,
    fetcher: createWebFetcher(deps.config),
  });
  const bulk = new BulkSearches(search, deps.db, deps.push);
  // The sandbox network remembers what each member did (its database) to answer profile reads.
  const network = createSocialNetworkProvider(deps.config.socialNetworkProvider, { db: deps.db, config: deps.config });
  const linkedin = new LinkedinTasks(search, deps.db, deps.push, network);
  const socialUrl = new SocialUrlImports(search, deps.db, deps.push, network, createSessionSource(deps.db, deps.config));
  return {
    useQueue(queue) {
      bulk.useQueue(queue);
      linkedin.useQueue(queue);
      socialUrl.useQueue(queue);
    },
    search,
    bulk,
    linkedin,
    socialUrl,
  };
}
