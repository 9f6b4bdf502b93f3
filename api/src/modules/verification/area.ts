/** The verification area (remote finder-verifier): single and bulk checks, credits, history. */
import { verificationRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import * as schema from '../../db/schema/verification';
import { registerVerificationJobs } from './jobs';
import { createVerificationModule, type VerificationModule } from './module';
import { verificationHandlers } from './routes';

declare module '../../services' {
  interface Services {
    verification: VerificationModule;
  }
}

export const verificationArea = defineArea({
  name: 'verification',
  routes: verificationRoutes,
  services: (deps) => ({ verification: createVerificationModule(deps) }),
  handlers: verificationHandlers,
  queueUsers: (services) => [services.verification],
  jobs: registerVerificationJobs,
  schema,
});
