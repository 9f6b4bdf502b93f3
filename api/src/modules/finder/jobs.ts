/** Background jobs of the finder area, registered with the one durable queue. */
import type { JobRegistrar } from '../../jobs/registry';

export const registerFinderJobs: JobRegistrar = async () => undefined;
