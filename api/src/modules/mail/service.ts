/**
 * The API's way to send mail: through the durable `mail.send` job when the queue runs (retries
 * with back-off survive an SMTP outage or a restart), straight to the mailer otherwise.
 */
import type { JobQueue } from '../../jobs/queue';
import type { Mailer, OutgoingMail } from './mailer';

export const MAIL_JOB = 'mail.send';

export class MailService {
  constructor(
    private readonly mailer: Mailer,
    private queue: JobQueue | undefined,
  ) {}

  useQueue(queue: JobQueue | undefined) {
    this.queue = queue;
  }

  async send(mail: OutgoingMail, idempotencyKey?: string): Promise<void> {
    if (this.queue) {
      await this.queue.enqueue(MAIL_JOB, mail, idempotencyKey ? { idempotencyKey } : undefined);
      return;
    }
    await this.mailer.deliver(mail);
  }
}
