/**
 * Delivers one message: over SMTP when SMTP_HOST is set, else into DATA_DIR/outbox/*.eml with a
 * log line naming the file, so mail in the embedded default is never silently dropped.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface MailLogger {
  info(obj: object, msg?: string): void;
}

export interface Mailer {
  deliver(mail: OutgoingMail): Promise<{ messageId: string; outboxFile?: string }>;
  close(): void;
}

export function createMailer(config: Pick<AppConfig, 'smtp' | 'mailFrom' | 'outboxDir'>, logger: MailLogger): Mailer {
  if (config.smtp) {
    const transport: Transporter = nodemailer.createTransport({
      host: config.smtp.host,
      port: config.smtp.port,
      secure: config.smtp.secure,
      ...(config.smtp.user ? { auth: { user: config.smtp.user, pass: config.smtp.pass ?? '' } } : {}),
      // Loopback test servers and local relays use self-signed certificates.
      tls: { rejectUnauthorized: !['127.0.0.1', 'localhost', '::1'].includes(config.smtp.host) },
    });
    return {
      async deliver(mail) {
        const info = await transport.sendMail({ from: config.mailFrom, ...mail });
        logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'Mail sent over SMTP');
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      await mkdir(config.outboxDir, { recursive: true });
      const file = path.join(
        config.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '').slice(0, 24)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      logger.info({ to: mail.to, subject: mail.subject, file }, 'Mail written to the outbox (no SMTP_HOST configured)');
      return { messageId: info.messageId, outboxFile: file };
    },
    close: () => transport.close(),
  };
}
