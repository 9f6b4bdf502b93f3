/** Background jobs of the verification area, registered with the one durable queue. */
import type { JobRegistrar } from '../../jobs/registry';
import { BULK_JOB, GREYLIST_JOB, VerificationService, type BulkJobData, type GreylistJobData } from './service';

/** A bulk run may take long on slow servers; it re-reads its state per chunk, so a re-run resumes. */
const BULK_EXPIRE_SECONDS = 6 * 60 * 60;

export const registerVerificationJobs: JobRegistrar = async (queue, deps) => {
  const service = new VerificationService({ db: deps.database.db, config: deps.config, push: deps.push });
  service.useQueue(queue);
  await queue.register<BulkJobData>(BULK_JOB, ({ data, signal }) => service.runBulk(data, signal), {
    expireInSeconds: BULK_EXPIRE_SECONDS,
    concurrency: 2,
    retryLimit: 3,
  });
  await queue.register<GreylistJobData>(GREYLIST_JOB, ({ data, signal }) => service.recheckGreylisted(data, signal), {
    concurrency: 5,
    retryLimit: 3,
  });
};
