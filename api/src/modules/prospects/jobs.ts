/** Background jobs of the prospects area, registered with the one durable queue. */
import type { JobRegistrar } from '../../jobs/registry';

export const registerProspectsJobs: JobRegistrar = async () => undefined;
