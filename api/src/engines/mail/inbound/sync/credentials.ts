/**
 * Where the sync gets a mailbox's IMAP secret. `credentialReader` decrypts
 * `email_accounts.credentials` itself: one AES-256-GCM ciphertext (engines/mail/secrets) of the
 * JSON {smtpPassword?, imapPassword?, accessToken?, …} under the context the email-accounts module
 * seals it with. `emailAccountsReader` asks that module, which also refreshes OAuth tokens.
 * Failures are sorted by who can fix them.
 */
import { credentialContext } from '../../../../modules/email-accounts/credentials';
import { MailboxUnavailableError, type EmailAccountsService } from '../../../../modules/email-accounts/service';
import { CredentialDecryptError, CredentialKeyError, type CredentialCipher } from '../../secrets/credentials';
import { CredentialKeyUnavailableError, MissingCredentialsError } from './errors';
import type { CredentialReader, ImapSecrets } from './types';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

export function credentialReader(cipher: () => CredentialCipher): CredentialReader {
  return (mailbox) => {
    if (!mailbox.credentials) throw new MissingCredentialsError();
    let plaintext: string;
    try {
      plaintext = cipher().decrypt(mailbox.credentials, credentialContext(mailbox.id));
    } catch (error) {
      if (error instanceof CredentialKeyError || (error instanceof CredentialDecryptError && error.reason === 'unknown_key')) {
        throw new CredentialKeyUnavailableError(error);
      }
      throw new MissingCredentialsError('credentials_unreadable', error);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(plaintext);
    } catch (error) {
      throw new MissingCredentialsError('credentials_unreadable', error);
    }
    const fields = (parsed ?? {}) as Record<string, unknown>;
    const secrets: ImapSecrets = { imapPassword: text(fields.imapPassword), accessToken: text(fields.accessToken) };
    if (!secrets.imapPassword && !secrets.accessToken) throw new MissingCredentialsError();
    return secrets;
  };
}

/**
 * The secrets as the email-accounts module hands them to the engines: the password, or an OAuth
 * access token it refreshes (and stores) when it is about to expire. Used wherever the service
 * container exists; `credentialReader` alone cannot refresh a token.
 */
export function emailAccountsReader(service: () => Pick<EmailAccountsService, 'connection'>): CredentialReader {
  return async (mailbox) => {
    let connection;
    try {
      connection = await service().connection(mailbox.id);
    } catch (error) {
      if (error instanceof MailboxUnavailableError && error.reason !== 'not_found') throw new MissingCredentialsError(error.reason, error);
      throw error;
    }
    const auth = connection.imap?.auth;
    if (!auth) throw new MissingCredentialsError();
    return 'accessToken' in auth ? { accessToken: auth.accessToken } : { imapPassword: auth.pass };
  };
}
