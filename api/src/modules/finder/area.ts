/** The finder area (remote finder-verifier): email and domain search, bulk searches, LinkedIn search tasks. */
import { finderRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import * as schema from '../../db/schema/finder';
import { registerFinderJobs } from './jobs';
import { createFinderModule, type FinderModule } from './module';
import { finderHandlers } from './routes';

declare module '../../services' {
  interface Services {
    finder: FinderModule;
  }
}

export const finderArea = defineArea({
  name: 'finder',
  routes: finderRoutes,
  // After verification and prospects: it verifies what it finds and saves it into prospect lists.
  services: (deps, built) => ({ finder: createFinderModule({ ...deps, verification: built.verification, prospects: built.prospects }) }),
  handlers: finderHandlers,
  queueUsers: (services) => [services.finder],
  jobs: registerFinderJobs,
  schema,
});
