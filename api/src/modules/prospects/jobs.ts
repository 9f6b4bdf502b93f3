/** Background jobs of the prospects area, registered with the one durable queue. */
import type { JobRegistrar } from '../../jobs/registry';
import { createVerificationModule } from '../verification/module';
import { VERIFY_EMAILS_JOB, runEmailVerification, type VerifyEmailsJobData } from './emails/service';
import { IMPORT_CLEANUP_JOB, IMPORT_JOB } from './import/csv';
import { failImport, removeUnstartedImport, runImport } from './import/run-import';
import { TAG_JOB, runTagging, type TagJobData } from './tags/tagging';

const IMPORT_RETRY_LIMIT = 3;

export const registerProspectsJobs: JobRegistrar = async (queue, deps) => {
  // One import at a time per worker: each batch is a large write; retries resume from progress.
  await queue.register<{ importId: string }>(
    IMPORT_JOB,
    async (job) => {
      try {
        await runImport({ db: deps.database.db, importId: job.data.importId, push: deps.push, signal: job.signal });
      } catch (error) {
        // The last attempt: the import is failed for good and its upload (personal data) deleted.
        if (job.retryCount >= IMPORT_RETRY_LIMIT) await failImport(deps.database.db, job.data.importId);
        throw error;
      }
    },
    { retryLimit: IMPORT_RETRY_LIMIT, expireInSeconds: 30 * 60 },
  );
  await queue.register<{ importId: string }>(IMPORT_CLEANUP_JOB, async (job) => removeUnstartedImport(deps.database.db, job.data.importId), { retryLimit: 5 });
  await queue.register<TagJobData>(TAG_JOB, async (job) => runTagging(deps.database.db, job.data), { retryLimit: 3 });
  const verification = createVerificationModule({ db: deps.database.db, config: deps.config, push: deps.push });
  verification.useQueue(queue);
  await queue.register<VerifyEmailsJobData>(
    VERIFY_EMAILS_JOB,
    async (job) => runEmailVerification(deps.database.db, verification, job.data, job.signal),
    { retryLimit: 3, expireInSeconds: 30 * 60 },
  );
};
