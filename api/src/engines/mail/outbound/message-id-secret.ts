/**
 * The key of the Message-ID HMAC (message-id.ts). `MAIL_MESSAGE_ID_SECRET` when it is set;
 * otherwise derived with HKDF-SHA256 from the mail credential key (`MAIL_SECRET_KEY`, or the key
 * generated into DATA_DIR on first start, see secrets/credentials.ts), so the zero-setup default
 * needs no second secret and every process that can read the mailboxes' credentials makes the
 * same ids.
 *
 * Rotating the credential key changes the derived secret; that is harmless, because a
 * Message-ID is computed once, when its outbound row is written, and read back from the row for
 * every attempt — never computed again.
 */
import { hkdfSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_SECRET_KEY_FILE, createCredentialCipher } from '../secrets/credentials';
import { MESSAGE_ID_SECRET_MIN_BYTES } from './message-id';

export interface MessageIdSecretOptions {
  /** MAIL_MESSAGE_ID_SECRET (config.mailMessageIdSecret). */
  configured: string | undefined;
  dataDir: string;
  /** Where MAIL_SECRET_KEY is read from (the credential cipher's own source). */
  env: Readonly<Record<string, string | undefined>>;
}

export function messageIdSecret({ configured, dataDir, env }: MessageIdSecretOptions): Buffer {
  if (configured) {
    const secret = Buffer.from(configured, 'utf8');
    if (secret.length < MESSAGE_ID_SECRET_MIN_BYTES)
      throw new RangeError(`MAIL_MESSAGE_ID_SECRET must have at least ${MESSAGE_ID_SECRET_MIN_BYTES} bytes`);
    return secret;
  }
  // The cipher validates MAIL_SECRET_KEY or creates the key file on first start; the key itself
  // is then read from the same place the cipher took it.
  createCredentialCipher({ dataDir, env });
  const keyText = env.MAIL_SECRET_KEY?.trim() || readFileSync(path.join(dataDir, MAIL_SECRET_KEY_FILE), 'utf8').trim();
  const key = Buffer.from(keyText.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return Buffer.from(hkdfSync('sha256', key, 'leadforge', 'outbound message-id v1', 32));
}
