/** The prospects area: lists, folders, prospects, companies, tags, custom fields, notes, imports. */
import { prospectsRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import * as schema from '../../db/schema/prospects';
import { registerProspectsJobs } from './jobs';
import { createProspectsModule, type ProspectsModule } from './module';
import { prospectsHandlers } from './routes';

declare module '../../services' {
  interface Services {
    prospects: ProspectsModule;
  }
}

export const prospectsArea = defineArea({
  name: 'prospects',
  routes: prospectsRoutes,
  // After verification: prospect emails are verified through it.
  services: (deps, built) => ({ prospects: createProspectsModule({ ...deps, verification: built.verification }) }),
  handlers: prospectsHandlers,
  queueUsers: (services) => [services.prospects],
  jobs: registerProspectsJobs,
  schema,
});
