/** Why the sync cannot sign in to a mailbox: the user's problem or the operator's. */

/**
 * The credentials are missing, altered, unreadable as stored, or the OAuth grant was revoked:
 * only the user can fix that (status `reconnect`).
 */
export class MissingCredentialsError extends Error {
  constructor(
    readonly reason: 'credentials_unreadable' | 'oauth_revoked' = 'credentials_unreadable',
    cause?: unknown,
  ) {
    super(`The mailbox has no usable IMAP credentials (${reason})`, { cause });
    this.name = 'MissingCredentialsError';
  }
}

/**
 * The server cannot read any credential (its key is missing or was rotated away): the operator's
 * problem, not the user's, so the mailbox is retried and shown in error rather than sent to
 * "reconnect", which would make every user enter their password again once the key is back.
 */
export class CredentialKeyUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The mail credential key cannot decrypt this mailbox (MAIL_SECRET_KEY, MAIL_SECRET_KEYS_OLD)', { cause });
    this.name = 'CredentialKeyUnavailableError';
  }
}

/** The IMAP host resolves to an address the server may not reach for a user (private, loopback, metadata …). */
export class HostNotAllowedError extends Error {
  constructor(host: string, address: string, range: string) {
    super(`${host} resolves to ${address} (${range}), which mail servers may not use (MAIL_ALLOW_PRIVATE)`);
    this.name = 'HostNotAllowedError';
  }
}
