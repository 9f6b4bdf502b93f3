/**
 * What a mailbox signs in with, as stored: one JSON object encrypted with the credential cipher
 * (engines/mail/secrets) into `email_accounts.credentials`, bound to the mailbox's id, so a
 * ciphertext copied onto another mailbox's row does not decrypt. The sending engine and the IMAP
 * sync read it through `openCredentials` with the same context; nothing else ever sees it.
 */
import type { AppConfig } from '../../config';
import { createCredentialCipher, type CredentialCipher } from '../../engines/mail/secrets/credentials';

export interface MailboxCredentials {
  smtpPassword?: string;
  imapPassword?: string;
  /** XOAUTH2 (google, microsoft, sandbox). */
  accessToken?: string;
  refreshToken?: string;
  /** When the access token expires, epoch milliseconds. */
  expiresAt?: number;
}

/** The GCM additional data of a mailbox's credentials. */
export function credentialContext(mailboxId: number): string {
  return `email-account:${mailboxId}:credentials`;
}

export function sealCredentials(cipher: CredentialCipher, mailboxId: number, credentials: MailboxCredentials): string {
  return cipher.encrypt(JSON.stringify(credentials), credentialContext(mailboxId));
}

/** Throws CredentialDecryptError (the key changed, or the row was tampered with). */
export function openCredentials(cipher: CredentialCipher, mailboxId: number, sealed: string): MailboxCredentials {
  const parsed = JSON.parse(cipher.decrypt(sealed, credentialContext(mailboxId))) as unknown;
  return parsed && typeof parsed === 'object' ? (parsed as MailboxCredentials) : {};
}

/**
 * The cipher of this configuration (reads or, on first start, generates DATA_DIR/mail-secret.key).
 * Throws CredentialKeyError for a malformed key or a key file others can read.
 */
export function credentialCipherFor(config: Pick<AppConfig, 'dataDir' | 'emailAccounts'>): CredentialCipher {
  return createCredentialCipher({
    dataDir: config.dataDir,
    env: { MAIL_SECRET_KEY: config.emailAccounts.secretKey, MAIL_SECRET_KEYS_OLD: config.emailAccounts.oldSecretKeys.join(',') },
  });
}
