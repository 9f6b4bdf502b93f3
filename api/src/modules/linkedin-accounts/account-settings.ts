/**
 * The settings of an account (document 1 §3): daily limits within the safe maxima, working hours,
 * gaps between actions, the connect limit, warm-up, the proxy (built-in by country, or a custom
 * one tried for real, its password stored encrypted and never answered) and the time zone.
 */
import {
  unsafeLinkedinLimits,
  type LinkedinAccount,
  type LinkedinAccountSettings,
  type LinkedinActionLimits,
  type LinkedinActionType,
  type LinkedinProxyBody,
} from '@leadforge/contracts';
import { CredentialDecryptError } from '../../engines/mail/secrets/credentials';
import type { ProxyTarget, SocialProviderName } from '../../engines/social/provider';
import { DomainError } from '../../http/domain-error';
import { scopeOf, type Caller } from '../account/caller';
import { AccountsCore, proxyCountriesOf } from './accounts-core';
import { openSecret, sealSecret } from './credentials';
import { storedLimits } from './limits';
import * as repo from './repository';

export interface VettedProxy {
  target: ProxyTarget;
  columns(linkedinAccountId: number): repo.LinkedinAccountChanges;
}

export class AccountSettings extends AccountsCore {
  // ---------------------------------------------------------------- settings and proxies

  /** The columns of settings, refused with the field when a limit passes its safe maximum or the gaps cross. */
  protected settingsColumns(settings: LinkedinAccountSettings, current: { limits: LinkedinActionLimits; minGapSeconds: number; maxGapSeconds: number }): repo.LinkedinAccountChanges {
    if (settings.limits) {
      const unsafe = unsafeLinkedinLimits(settings.limits);
      if (unsafe.length > 0) {
        throw new DomainError('linkedin_limit_above_safe', { items: unsafe.map((action: LinkedinActionType) => ({ key: 'linkedin_limit_above_safe' as const, field: `limits.${action}` })) });
      }
    }
    const min = settings.minGapSeconds ?? current.minGapSeconds;
    const max = settings.maxGapSeconds ?? current.maxGapSeconds;
    if (min > max) throw new DomainError('field_invalid', { field: settings.maxGapSeconds !== undefined ? 'maxGapSeconds' : 'minGapSeconds' });
    const changes: repo.LinkedinAccountChanges = {};
    if (settings.name !== undefined) changes.name = settings.name;
    if (settings.limits !== undefined) changes.limits = { ...current.limits, ...settings.limits };
    if (settings.workingHours !== undefined) changes.workingHours = settings.workingHours;
    if (settings.connectLimit !== undefined) changes.connectLimit = settings.connectLimit;
    if (settings.minGapSeconds !== undefined) changes.minGapSeconds = settings.minGapSeconds;
    if (settings.maxGapSeconds !== undefined) changes.maxGapSeconds = settings.maxGapSeconds;
    return changes;
  }

  /**
   * A proxy checked before it is used: a built-in one must serve its country, a custom one must
   * answer (a real connection). `fieldPrefix` points the refusal at the form's field. A custom
   * proxy sent without a password keeps the stored one when it is the same proxy (the password
   * is write-only: the form cannot send it back).
   */
  protected async vetProxy(provider: SocialProviderName, body: LinkedinProxyBody, fieldPrefix: string, current?: repo.LinkedinAccountRow): Promise<VettedProxy> {
    if (body.kind === 'builtin') {
      if (!proxyCountriesOf(provider).includes(body.countryId)) throw new DomainError('linkedin_proxy_country_unavailable', { field: `${fieldPrefix}countryId` });
      return {
        target: { kind: 'builtin', countryId: body.countryId },
        columns: () => ({ proxyKind: 'builtin', proxyCountryId: body.countryId, proxyHost: null, proxyPort: null, proxyUsername: null, proxyPassword: null }),
      };
    }
    const { host, port, username } = body.proxy;
    const keepsPassword =
      body.proxy.password === '' &&
      current?.proxyKind === 'custom' &&
      current.proxyPassword !== null &&
      current.proxyHost === host &&
      current.proxyPort === port &&
      (current.proxyUsername ?? '') === username;
    const password = keepsPassword ? this.proxyPasswordOf(current!) : body.proxy.password;
    const target: ProxyTarget = { kind: 'custom', host, port, username, password };
    if (!(await this.sessionsOf(provider).testProxy(target))) throw new DomainError('linkedin_proxy_unreachable', { field: `${fieldPrefix}proxy.host` });
    return {
      target,
      columns: (id) => ({
        proxyKind: 'custom',
        proxyCountryId: null,
        proxyHost: host,
        proxyPort: port,
        proxyUsername: username,
        proxyPassword: keepsPassword ? current!.proxyPassword : password === '' ? null : sealSecret(this.cipher, id, 'proxy-password', password),
      }),
    };
  }

  protected proxyPasswordOf(row: repo.LinkedinAccountRow): string {
    if (!row.proxyPassword) return '';
    try {
      return openSecret(this.cipher, row.id, 'proxy-password', row.proxyPassword);
    } catch (error) {
      if (error instanceof CredentialDecryptError) throw new DomainError('linkedin_proxy_unreachable', { field: 'proxy' });
      throw error;
    }
  }

  /** The stored proxy of an account, as the network's session operations take it. */
  protected proxyTargetOf(row: repo.LinkedinAccountRow): ProxyTarget {
    if (row.proxyKind === 'custom' && row.proxyHost && row.proxyPort) {
      return { kind: 'custom', host: row.proxyHost, port: row.proxyPort, username: row.proxyUsername ?? '', password: this.proxyPasswordOf(row) };
    }
    if (row.proxyCountryId) return { kind: 'builtin', countryId: row.proxyCountryId };
    // An empty slot without a proxy: it is connected with POST …/linkedin-accounts and its slotId.
    throw new DomainError('field_required', { field: 'proxy' });
  }

  async update(caller: Caller, id: number, settings: LinkedinAccountSettings): Promise<LinkedinAccount> {
    const { account: row } = await this.usable(caller, id);
    const changes = this.settingsColumns(settings, { limits: storedLimits(row.limits), minGapSeconds: row.minGapSeconds, maxGapSeconds: row.maxGapSeconds });
    if (Object.keys(changes).length > 0 && !(await repo.updateUsable(this.db, scopeOf(caller), row.id, changes))) throw new DomainError('not_found');
    return this.view(caller, id);
  }

  async setWarmUp(caller: Caller, id: number, enabled: boolean): Promise<LinkedinAccount> {
    const { account: row } = await this.usable(caller, id);
    if (row.warmUp !== enabled) {
      // Turning it on starts the ramp at day 1; turning it off drops the ramp.
      await repo.updateUsable(this.db, scopeOf(caller), row.id, { warmUp: enabled, warmUpStartedAt: enabled ? this.now() : null });
    }
    return this.view(caller, id);
  }

  async setTimeZone(caller: Caller, id: number, timezone: string): Promise<LinkedinAccount> {
    const { account: row } = await this.usable(caller, id);
    if (row.timezone !== timezone) await repo.updateUsable(this.db, scopeOf(caller), row.id, { timezone });
    return this.view(caller, id);
  }

  async setProxy(caller: Caller, id: number, body: LinkedinProxyBody): Promise<LinkedinAccount> {
    const { account: row } = await this.usable(caller, id);
    const proxy = await this.vetProxy(row.provider as SocialProviderName, body, '', row);
    await repo.updateUsable(this.db, scopeOf(caller), row.id, proxy.columns(row.id));
    return this.view(caller, id);
  }
}
