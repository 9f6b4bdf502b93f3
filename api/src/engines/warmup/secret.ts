/**
 * The key of the warm-up mark (token.ts): derived with HKDF-SHA256 from the outbound Message-ID
 * secret (itself MAIL_MESSAGE_ID_SECRET or derived from the mail credential key), so every process
 * that sends mail recognises the same marks with no further setting, and the two keys are
 * independent of each other.
 */
import { hkdfSync } from 'node:crypto';
import type { AppConfig } from '../../config';
import { messageIdSecret } from '../mail/outbound/message-id-secret';
import { readWarmupToken } from './token';

export function warmupSecret(config: Pick<AppConfig, 'mailMessageIdSecret' | 'dataDir' | 'emailAccounts'>): Buffer {
  const base = messageIdSecret({ configured: config.mailMessageIdSecret, dataDir: config.dataDir, env: { MAIL_SECRET_KEY: config.emailAccounts.secretKey } });
  return Buffer.from(hkdfSync('sha256', base, 'leadforge', 'warm-up mark v1', 32));
}

/**
 * "Is this header value a genuine mark of ours", for the IMAP sync. The secret is derived on the
 * first marked message, so a process that never meets warm-up mail never reads the key.
 */
export function warmupMarkReader(config: Pick<AppConfig, 'mailMessageIdSecret' | 'dataDir' | 'emailAccounts'>): (value: string) => boolean {
  let secret: Buffer | undefined;
  return (value) => readWarmupToken(value, (secret ??= warmupSecret(config))) !== null;
}
