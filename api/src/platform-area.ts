/**
 * The platform as an area: sign-in, sessions, accounts, teams, plans, onboarding rewards and the
 * general calls of document 2 §7.1, with the mail jobs. Its services are the core the product
 * areas are built from (`createServices`), so it contributes none of its own here.
 */
import { authRoutes, generalRoutes, teamRoutes } from '@leadforge/contracts';
import { defineArea } from './area';
import * as identitySchema from './db/schema/identity';
import * as mailSchema from './db/schema/mail';
import * as platformSchema from './db/schema/platform';
import { accountHandlers } from './modules/account/routes';
import { authHandlers } from './modules/auth/routes';
import { gamificationHandlers } from './modules/gamification/routes';
import { generalHandlers } from './modules/general/routes';
import { registerMailJobs } from './modules/mail/jobs';
import { teamHandlers } from './modules/team/routes';

export const platformArea = defineArea({
  name: 'platform',
  routes: { ...generalRoutes, ...authRoutes, ...teamRoutes },
  handlers: (services) => ({
    ...accountHandlers(services),
    ...authHandlers(services),
    ...teamHandlers(services),
    ...gamificationHandlers(services),
    ...generalHandlers(services),
  }),
  queueUsers: (services) => [services.mail],
  jobs: registerMailJobs,
  // The mail engine's tables serve every outreach area (campaigns, unibox, warm-up).
  schema: { ...platformSchema, ...identitySchema, ...mailSchema },
});
