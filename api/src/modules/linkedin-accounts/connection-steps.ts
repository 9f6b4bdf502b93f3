/**
 * Connecting an account into a slot (document 1 §3, §4): by session cookie or e-mail + password
 * through a proxy, the verification and two-factor code steps (resend, change method), signing in
 * again, and disconnecting. Sessions and pending logins are stored encrypted (credentials.ts).
 *
 * States: a slot starts `pending_connection`; a login answers `active` or asks for a code
 * (`verification_code`, `two_factor_code`); a code step voided (expired, too many wrong codes)
 * falls back to `pending_connection` (`expired` for a slot that had been connected); a reconnect
 * brings an expired or lost account back; deletion makes it `deleted` and frees the slot.
 */
import {
  LINKEDIN_ACCOUNT_DEFAULTS,
  accountKind,
  defaultLinkedinActionLimits,
  type ConnectLinkedinAccountBody,
  type LinkedinAccount,
  type LinkedinLoginBody,
  type SocialAccountState,
  type TwoFactorMethod,
} from '@leadforge/contracts';
import { CredentialDecryptError } from '../../engines/mail/secrets/credentials';
import type { CodeResult, LoginResult, SocialProviderName } from '../../engines/social/provider';
import { DomainError } from '../../http/domain-error';
import { scopeOf, type Caller } from '../account/caller';
import { CHALLENGE_STATES, iso, newSlotColumns } from './accounts-core';
import { AccountSettings } from './account-settings';
import { openChallenge, sealChallenge, sealSecret, type StoredChallenge } from './credentials';
import { storedLimits } from './limits';
import * as repo from './repository';

/** Wrong codes a pending login takes before it is void (linkedin_code_expired). */
export const LINKEDIN_CODE_ATTEMPTS = 5;
/** A code is sent again at most this often… */
export const LINKEDIN_RESEND_GAP_MS = 30_000;
/** …and at most this many times for one login (the first one included; changing method counts). */
export const LINKEDIN_CODE_SENDS = 6;

const REFUSAL_FIELD: Record<Extract<LoginResult, { kind: 'refused' }>['reason'], string> = {
  linkedin_session_invalid: 'login.sessionCookie',
  linkedin_login_failed: 'login.password',
  linkedin_proxy_unreachable: 'proxy',
};

export class ConnectionSteps extends AccountSettings {
  // ---------------------------------------------------------------- connecting

  /** The columns a login's (or a code's) outcome leaves on the account. */
  protected outcomeColumns(id: number, result: Exclude<LoginResult, { kind: 'refused' }>, now: Date, sends = 1): repo.LinkedinAccountChanges {
    if (result.kind === 'connected') {
      return {
        state: 'active',
        stateReason: null,
        stateChangedAt: now,
        memberKey: result.member.key,
        profileUrl: result.member.profileUrl,
        profileName: result.member.name,
        session: sealSecret(this.cipher, id, 'session', result.session),
        sessionCheckedAt: now,
        twoFactorMethod: null,
        challenge: null,
        challengeExpiresAt: null,
        challengeAttempts: 0,
      };
    }
    const stored: StoredChallenge = { state: result.state, method: result.method, sandboxCode: result.sandboxCode ?? null, sentAt: now.getTime(), sends };
    return {
      state: result.challenge,
      stateReason: null,
      stateChangedAt: now,
      session: null,
      twoFactorMethod: result.challenge === 'two_factor_code' ? result.method : null,
      challenge: sealChallenge(this.cipher, id, stored),
      challengeExpiresAt: result.expiresAt,
      challengeAttempts: 0,
    };
  }

  protected refusal(result: Extract<LoginResult, { kind: 'refused' }>, proxyField: string): DomainError {
    const field = result.reason === 'linkedin_proxy_unreachable' ? proxyField : REFUSAL_FIELD[result.reason];
    return new DomainError(result.reason, { field });
  }

  /**
   * Connects an account: into a new slot (the lead's or a solo user's, within the plan's slots),
   * or into an empty slot the caller owns or was given. The proxy is checked first, then the
   * network is asked; the answer is the account, active or waiting for a code.
   */
  async connect(caller: Caller, body: ConnectLinkedinAccountBody): Promise<LinkedinAccount> {
    const scope = scopeOf(caller);
    const now = this.now();
    let slot: repo.LinkedinAccountRow | undefined;
    if (body.slotId !== undefined) {
      slot = (await repo.findUsable(this.db, scope, body.slotId))?.account;
      // Only an empty slot: a connected one is signed in again with reconnect.
      if (!slot || slot.memberKey !== null) throw new DomainError('not_found', { field: 'slotId' });
    } else {
      // Slots are the lead's to add; a member asks for one (slot requests).
      if (accountKind(caller.team) === 'teamMember') throw new DomainError('linkedin_lead_only');
      await this.assertFreeSlot(caller);
    }
    const { login, proxy: proxyBody, timezone, warmUp, slotId: _slotId, ...settings } = body;
    const settingColumns = this.settingsColumns(settings, {
      limits: slot ? storedLimits(slot.limits) : defaultLinkedinActionLimits(),
      minGapSeconds: slot?.minGapSeconds ?? LINKEDIN_ACCOUNT_DEFAULTS.minGapSeconds,
      maxGapSeconds: slot?.maxGapSeconds ?? LINKEDIN_ACCOUNT_DEFAULTS.maxGapSeconds,
    });
    const provider = this.provider;
    const proxy = await this.vetProxy(provider, proxyBody, 'proxy.', slot);
    const result = await this.sessionsOf(provider).login({ login, proxy: proxy.target, now });
    if (result.kind === 'refused') throw this.refusal(result, 'proxy');

    const planAccountId = slot?.accountId ?? caller.planAccountId;
    const row = await this.db.transaction(async (tx) => {
      await repo.lockSlots(tx, planAccountId);
      if (result.kind === 'connected' && (await repo.memberTaken(tx, scope, planAccountId, provider, result.member.key, slot?.id ?? null))) {
        throw new DomainError('linkedin_account_exists');
      }
      let target = slot;
      if (!target) {
        // Counted again under the lock: two connections at once cannot both take the last slot.
        await this.assertFreeSlot(caller, tx);
        target = await repo.insertOwned(tx, scope, newSlotColumns(caller, provider, ''));
      }
      const name = settings.name ?? (target.name || (result.kind === 'connected' ? result.member.name : login.method === 'credentials' ? login.email : ''));
      const updated = await repo.updateUsable(tx, scope, target.id, {
        ...settingColumns,
        name,
        provider,
        timezone,
        warmUp,
        warmUpStartedAt: warmUp ? (target.warmUp && target.warmUpStartedAt ? target.warmUpStartedAt : now) : null,
        ...proxy.columns(target.id),
        ...this.outcomeColumns(target.id, result, now),
      });
      if (!updated) throw new DomainError('not_found');
      return updated;
    });
    this.announce(row);
    return this.view(caller, row.id);
  }

  /** Signs an account in again (a new cookie or password) through its stored proxy. */
  async reconnect(caller: Caller, id: number, login: LinkedinLoginBody): Promise<LinkedinAccount> {
    const { account: row } = await this.usable(caller, id);
    const now = this.now();
    const result = await this.sessionsOf(row.provider as SocialProviderName).login({ login, proxy: this.proxyTargetOf(row), now });
    if (result.kind === 'refused') throw this.refusal(result, 'proxy');
    await this.settle(caller, row, result, now);
    return this.view(caller, id);
  }

  /**
   * Writes a login's or a code's outcome. A member connected in another slot of the plan account
   * is refused (linkedin_account_exists), checked under the slots' lock.
   */
  protected async settle(caller: Caller, row: repo.LinkedinAccountRow, result: Exclude<LoginResult, { kind: 'refused' }>, now: Date, sends = 1): Promise<repo.LinkedinAccountRow> {
    const scope = scopeOf(caller);
    const updated = await this.db.transaction(async (tx) => {
      await repo.lockSlots(tx, row.accountId);
      if (result.kind === 'connected' && (await repo.memberTaken(tx, scope, row.accountId, row.provider, result.member.key, row.id))) {
        throw new DomainError('linkedin_account_exists');
      }
      const changes = this.outcomeColumns(row.id, result, now, sends);
      if (result.kind === 'connected' && !row.name) changes.name = result.member.name;
      return repo.updateUsable(tx, scope, row.id, changes);
    });
    if (!updated) throw new DomainError('not_found');
    if (updated.state !== row.state) this.announce(updated);
    return updated;
  }

  protected pendingChallenge(row: repo.LinkedinAccountRow): StoredChallenge {
    if (!CHALLENGE_STATES.includes(row.state as SocialAccountState) || !row.challenge) throw new DomainError('linkedin_code_not_expected');
    try {
      return openChallenge(this.cipher, row.id, row.challenge);
    } catch (error) {
      if (error instanceof CredentialDecryptError) throw new DomainError('linkedin_code_expired');
      throw error;
    }
  }

  /** Ends a login that can no longer finish: the account waits for a new sign-in. */
  protected async voidChallenge(caller: Caller, row: repo.LinkedinAccountRow, now: Date): Promise<void> {
    const updated = await repo.updateUsable(this.db, scopeOf(caller), row.id, {
      state: row.memberKey ? 'expired' : 'pending_connection',
      stateReason: 'linkedin_code_expired',
      stateChangedAt: now,
      twoFactorMethod: null,
      challenge: null,
      challengeExpiresAt: null,
      challengeAttempts: 0,
    });
    if (updated) this.announce(updated);
  }

  async submitCode(caller: Caller, id: number, code: string): Promise<LinkedinAccount> {
    const { account: row } = await this.usable(caller, id);
    const stored = this.pendingChallenge(row);
    const now = this.now();
    if (row.challengeExpiresAt && now.getTime() >= row.challengeExpiresAt.getTime()) throw new DomainError('linkedin_code_expired', { field: 'code' });
    // Counted before the network is asked, in one statement: parallel guesses share the budget.
    const attempts = await repo.countCodeAttempt(this.db, scopeOf(caller), row.id, row.challenge!);
    if (attempts === undefined) throw new DomainError('linkedin_code_not_expected');
    if (attempts > LINKEDIN_CODE_ATTEMPTS) {
      await this.voidChallenge(caller, row, now);
      throw new DomainError('linkedin_code_expired', { field: 'code' });
    }
    const result: CodeResult = await this.sessionsOf(row.provider as SocialProviderName).submitCode({ state: stored.state, code, proxy: this.proxyTargetOf(row), now });
    if (result.kind === 'code_invalid') {
      if (attempts >= LINKEDIN_CODE_ATTEMPTS) {
        await this.voidChallenge(caller, row, now);
        throw new DomainError('linkedin_code_expired', { field: 'code' });
      }
      throw new DomainError('linkedin_code_invalid', { field: 'code' });
    }
    if (result.kind === 'code_expired') throw new DomainError('linkedin_code_expired', { field: 'code' });
    if (result.kind === 'refused') throw this.refusal(result, 'proxy');
    await this.settle(caller, row, result, now);
    return this.view(caller, id);
  }

  /** A new code (by another method for a two-factor code), spaced and limited in number. */
  protected async sendAgain(caller: Caller, id: number, method: TwoFactorMethod | undefined): Promise<LinkedinAccount> {
    const { account: row } = await this.usable(caller, id);
    const stored = this.pendingChallenge(row);
    if (method !== undefined && row.state !== 'two_factor_code') throw new DomainError('linkedin_code_not_expected');
    const now = this.now();
    const wait = stored.sentAt + LINKEDIN_RESEND_GAP_MS - now.getTime();
    if (method === undefined && wait > 0) throw new DomainError('rate_limited', { retryAfter: Math.ceil(wait / 1000) });
    if (stored.sends >= LINKEDIN_CODE_SENDS) throw new DomainError('rate_limited');
    const challenge = await this.sessionsOf(row.provider as SocialProviderName).resendCode({ state: stored.state, ...(method ? { method } : {}), now });
    await this.settle(caller, row, challenge, now, stored.sends + 1);
    return this.view(caller, id);
  }

  resendCode(caller: Caller, id: number): Promise<LinkedinAccount> {
    return this.sendAgain(caller, id, undefined);
  }

  changeTwoFactorMethod(caller: Caller, id: number, method: TwoFactorMethod): Promise<LinkedinAccount> {
    return this.sendAgain(caller, id, method);
  }

  /**
   * Disconnects the account (state deleted) and frees its slot: the session and secrets are
   * dropped, the actions still to do are cancelled (by the runner when it is there).
   */
  async remove(caller: Caller, id: number): Promise<LinkedinAccount> {
    const scope = scopeOf(caller);
    const slot = await this.usable(caller, id);
    const now = this.now();
    const [view] = await this.views([slot]);
    const removed = await repo.updateUsable(this.db, scope, id, {
      state: 'deleted',
      stateReason: null,
      stateChangedAt: now,
      deletedAt: now,
      session: null,
      challenge: null,
      challengeExpiresAt: null,
      proxyPassword: null,
    });
    if (!removed) throw new DomainError('not_found');
    const runner = this.deps.runner?.();
    if (runner?.cancelForAccount) await runner.cancelForAccount(id);
    else await repo.cancelQueuedActions(this.db, scope, id, 'linkedin_account_not_active');
    this.announce(removed);
    return { ...view!, state: 'deleted', stateReason: null, stateChangedAt: iso(now), proxy: this.proxyView(removed), sandboxCode: undefined };
  }
}
