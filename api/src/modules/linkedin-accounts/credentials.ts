/**
 * What a LinkedIn account holds secret, as stored: the session (cookie or the provider's token),
 * the pending login's challenge and the custom proxy's password, each encrypted with the
 * credential cipher (engines/mail/secrets, the mailboxes' key) and bound to the row's id and
 * column, so a ciphertext copied onto another row or column does not decrypt. The runner reads
 * them through the same functions; nothing answers or logs them.
 */
import type { TwoFactorMethod } from '@leadforge/contracts';
import type { CredentialCipher } from '../../engines/mail/secrets/credentials';

export type SecretField = 'session' | 'challenge' | 'proxy-password';

/** The GCM additional data of one secret of one account. */
export function linkedinSecretContext(linkedinAccountId: number, field: SecretField): string {
  return `linkedin-account:${linkedinAccountId}:${field}`;
}

export function sealSecret(cipher: CredentialCipher, linkedinAccountId: number, field: SecretField, plaintext: string): string {
  return cipher.encrypt(plaintext, linkedinSecretContext(linkedinAccountId, field));
}

/** Throws CredentialDecryptError (the key changed, or the row was tampered with). */
export function openSecret(cipher: CredentialCipher, linkedinAccountId: number, field: SecretField, sealed: string): string {
  return cipher.decrypt(sealed, linkedinSecretContext(linkedinAccountId, field));
}

/** A pending login as the `challenge` column keeps it (encrypted whole). */
export interface StoredChallenge {
  /** The provider's opaque state of the login page. */
  state: string;
  method: TwoFactorMethod | null;
  /** Sandbox only: the code its network "sent" (shown labelled as sandbox data). */
  sandboxCode: string | null;
  /** When the last code was sent (epoch ms): resends are spaced. */
  sentAt: number;
  /** Codes sent for this login so far (the first one included). */
  sends: number;
}

export function sealChallenge(cipher: CredentialCipher, linkedinAccountId: number, challenge: StoredChallenge): string {
  return sealSecret(cipher, linkedinAccountId, 'challenge', JSON.stringify(challenge));
}

export function openChallenge(cipher: CredentialCipher, linkedinAccountId: number, sealed: string): StoredChallenge {
  return JSON.parse(openSecret(cipher, linkedinAccountId, 'challenge', sealed)) as StoredChallenge;
}
