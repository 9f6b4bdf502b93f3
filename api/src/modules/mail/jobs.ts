/** The `mail.send` job, registered through api/src/jobs/registry.ts (API process and worker alike). */
import { z } from 'zod';
import type { JobQueue } from '../../jobs/queue';
import type { JobDeps } from '../../jobs/registry';
import { createMailer } from './mailer';
import { MAIL_JOB } from './service';

const mailJobSchema = z.object({ to: z.string().min(3).max(320), subject: z.string().max(998), text: z.string() });

export async function registerMailJobs(queue: JobQueue, deps: JobDeps): Promise<void> {
  const mailer = createMailer(deps.config, deps.logger);
  await queue.register(
    MAIL_JOB,
    async (job) => {
      await mailer.deliver(mailJobSchema.parse(job.data));
    },
    { retryLimit: 8, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 120 },
  );
}
