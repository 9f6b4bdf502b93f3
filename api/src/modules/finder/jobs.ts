/**
 * Background jobs of the finder area, registered with the one durable queue: bulk searches,
 * LinkedIn search tasks and social-url imports. A job needs the verification and prospects areas too, so the handler
 * builds the same service composition as the API (once per process, on the first job).
 */
import type { JobRegistrar } from '../../jobs/registry';
import { servicesForJob } from '../../jobs/job-services';
import { BULK_JOB_NAME, type BulkJobData } from './bulk';
import { LINKEDIN_JOB_NAME, type LinkedinJobData } from './linkedin-tasks';
import type { FinderModule } from './module';
import { SOCIAL_URL_JOB_NAME, type SocialUrlJobData } from './social-url-imports';

/** One bulk row can crawl a whole site: give an attempt room before it counts as dead. */
const BULK_EXPIRE_SECONDS = 60 * 60;
/** Attempts after the first; the last failing one marks the run failed. */
const JOB_RETRY_LIMIT = 3;

export const registerFinderJobs: JobRegistrar = async (queue, deps) => {
  let finder: FinderModule | undefined;
  const finderOf = async (): Promise<FinderModule> => {
    if (!finder) {
      const services = await servicesForJob(deps);
      // Greylist re-checks, imports and resumes raised from inside a job use the same queue.
      for (const area of [services.verification, services.prospects, services.finder]) area.useQueue(queue);
      finder = services.finder;
    }
    return finder;
  };
  await queue.register<BulkJobData>(
    BULK_JOB_NAME,
    async (job) => {
      const finder = await finderOf();
      try {
        await finder.bulk.run(job.data.bulkId, job.signal);
      } catch (error) {
        if (job.retryCount >= JOB_RETRY_LIMIT) await finder.bulk.markFailed(job.data.bulkId);
        throw error;
      }
    },
    { retryLimit: JOB_RETRY_LIMIT, retryDelaySeconds: 10, expireInSeconds: BULK_EXPIRE_SECONDS, concurrency: 2 },
  );
  await queue.register<LinkedinJobData>(
    LINKEDIN_JOB_NAME,
    async (job) => {
      const finder = await finderOf();
      try {
        await finder.linkedin.run(job.data.taskId, job.signal);
      } catch (error) {
        if (job.retryCount >= JOB_RETRY_LIMIT) await finder.linkedin.markFailed(job.data.taskId);
        throw error;
      }
    },
    { retryLimit: JOB_RETRY_LIMIT, retryDelaySeconds: 10, expireInSeconds: BULK_EXPIRE_SECONDS, concurrency: 2 },
  );
  await queue.register<SocialUrlJobData>(
    SOCIAL_URL_JOB_NAME,
    async (job) => {
      const finder = await finderOf();
      try {
        await finder.socialUrl.run(job.data.importId, job.data.run, job.signal);
      } catch (error) {
        if (job.retryCount >= JOB_RETRY_LIMIT) await finder.socialUrl.markFailed(job.data.importId, job.data.run);
        throw error;
      }
    },
    { retryLimit: JOB_RETRY_LIMIT, retryDelaySeconds: 10, expireInSeconds: BULK_EXPIRE_SECONDS, concurrency: 2 },
  );
};
