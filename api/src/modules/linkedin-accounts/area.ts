/**
 * The linkedin-accounts area (issue 14; the accounts page of the campaigns remote,
 * `/pipelines/api/linkedin-accounts/*` and `/pipelines/api/li-touch/inline-message`): slots and
 * the accounts connected to them, their connection steps, settings, team slots and requests, the
 * periodic session check (this folder), and the action runner with its calls (actions/). Its
 * tables are db/schema/social.ts. Other areas reach an account's state through
 * `services.linkedinAccounts` and queue actions through `services.linkedinRunner`.
 */
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import * as socialSchema from '../../db/schema/social';
import { linkedinActionHandlers, linkedinRunnerJobs, linkedinRunnerQueueUsers, linkedinRunnerServices } from './actions/area-part';
import { linkedinAccountsHandlers } from './routes';
import { LinkedinAccountsService, sessionOperationsFor, type LinkedinRunnerHooks } from './service';
import { sessionCheckJobsFor } from './session-check';

declare module '../../services' {
  interface Services {
    linkedinAccounts: LinkedinAccountsService;
  }
}

const registerSessionCheckJobs = sessionCheckJobsFor(sessionOperationsFor);

export const linkedinAccountsArea = defineArea({
  name: 'linkedin-accounts',
  routes: linkedinAccountsRoutes,
  // After email-accounts: one credential cipher (the same key) for mailboxes and LinkedIn secrets.
  services: (deps, built) => {
    const runner = linkedinRunnerServices(deps, built);
    const linkedinAccounts = new LinkedinAccountsService({
      db: deps.db,
      config: deps.config,
      push: deps.push,
      cipher: built.emailAccounts.cipher,
      runner: () => runner.linkedinRunner as LinkedinRunnerHooks | undefined,
    });
    return { ...runner, linkedinAccounts };
  },
  handlers: (services) => ({ ...linkedinAccountsHandlers(services), ...linkedinActionHandlers(services) }),
  queueUsers: (services) => [services.linkedinAccounts, ...linkedinRunnerQueueUsers(services)],
  jobs: async (queue, deps) => {
    await registerSessionCheckJobs(queue, deps);
    await linkedinRunnerJobs(queue, deps);
  },
  schema: socialSchema,
});
