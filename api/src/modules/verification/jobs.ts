/** Background jobs of the verification area, registered with the one durable queue. */
import type { JobRegistrar } from '../../jobs/registry';

export const registerVerificationJobs: JobRegistrar = async () => undefined;
