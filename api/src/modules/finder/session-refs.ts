/**
 * The finder's way to a LinkedIn account's session: the sealed session and proxy password of an
 * account the caller may use (read through the caller's scope), opened with the credential
 * cipher the linkedin-accounts area sealed them with. Opened for one provider call at a time and
 * never stored, answered or logged.
 */
import type { AppConfig } from '../../config';
import type { Db } from '../../db/types';
import type { CredentialCipher } from '../../engines/mail/secrets/credentials';
import type { ProxyTarget } from '../../engines/social/provider';
import { credentialCipherFor } from '../email-accounts/credentials';
import { openSecret } from '../linkedin-accounts/credentials';
import * as repo from './repository';
import type { LinkedinSessionSource } from './social-url-imports';

export function createSessionSource(db: Db, config: Pick<AppConfig, 'dataDir' | 'emailAccounts'>): LinkedinSessionSource {
  // The key file is read on the first run that needs it, not when the API starts.
  let cipher: CredentialCipher | undefined;
  const cipherOf = () => (cipher ??= credentialCipherFor(config));
  return {
    async refOf(scope, linkedinAccountId) {
      const row = await repo.linkedinSessionOf(db, scope, linkedinAccountId);
      if (!row?.session) return undefined;
      const proxy: ProxyTarget =
        row.proxyKind === 'custom' && row.proxyHost && row.proxyPort
          ? {
              kind: 'custom',
              host: row.proxyHost,
              port: row.proxyPort,
              username: row.proxyUsername ?? '',
              password: row.proxyPassword ? openSecret(cipherOf(), row.id, 'proxy-password', row.proxyPassword) : '',
            }
          : { kind: 'builtin', countryId: row.proxyCountryId ?? 0 };
      return { linkedinAccountId: row.id, session: openSecret(cipherOf(), row.id, 'session', row.session), proxy };
    },
  };
}
