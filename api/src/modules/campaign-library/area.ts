/**
 * The campaign-library area (issue 15; the templates and schedules pages of the campaigns remote,
 * `/pipelines/api/templates*`, `/templates/*`, `/schedules/*`): email templates with their
 * categories, and named sending schedules. Its tables are db/schema/library.ts. The sequence
 * editor reads templates through the same calls; campaigns point at a schedule by id.
 */
import { schedulesRoutes, templatesRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import * as librarySchema from '../../db/schema/library';
import { campaignLibraryHandlers } from './routes';
import { CampaignLibraryService } from './service';

declare module '../../services' {
  interface Services {
    campaignLibrary: CampaignLibraryService;
  }
}

export const campaignLibraryArea = defineArea({
  name: 'campaign-library',
  routes: { ...templatesRoutes, ...schedulesRoutes },
  services: (deps) => ({ campaignLibrary: new CampaignLibraryService({ db: deps.db }) }),
  handlers: campaignLibraryHandlers,
  schema: librarySchema,
});
