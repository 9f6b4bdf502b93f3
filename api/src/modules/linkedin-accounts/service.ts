/**
 * The linkedin-accounts area's rules (document 1 §3 "Social-network accounts and tasks", §4
 * states, §6 slots): connecting an account into a slot by session cookie or e-mail + password
 * through a proxy, the verification and two-factor code steps (resend, change method), reconnect,
 * settings (limits within the safe maxima, working hours, gaps, connect limit), warm-up, proxy,
 * time zone, deletion, the team's slots (assign, retract) and slot requests (request, approve,
 * reject, withdraw), and the periodic session check. It never sees HTTP; its repository never
 * sees rules. Sessions, pending logins and proxy passwords are stored encrypted (credentials.ts)
 * and never answered or logged.
 *
 * States (document 1 §4): a slot starts `pending_connection`; a login answers `active` or asks
 * for a code (`verification_code`, `two_factor_code`); a code step voided (expired, too many
 * wrong codes) falls back to `pending_connection` (`expired` for a slot that had been connected);
 * the session check moves an active account to `expired` or `lost_connection`; a reconnect brings
 * it back; deletion makes it `deleted` and frees the slot.
 */
import {
  LINKEDIN_ACCOUNT_DEFAULTS,
  accountKind,
  defaultLinkedinActionLimits,
  linkedinAccountSchema,
  linkedinSlotsAllowed,
  linkedinWorkingHoursSchema,
  unsafeLinkedinLimits,
  type ConnectLinkedinAccountBody,
  type LinkedinAccount,
  type LinkedinAccountSettings,
  type LinkedinActionLimits,
  type LinkedinActionType,
  type LinkedinLoginBody,
  type LinkedinProxyBody,
  type LinkedinSlotRequest,
  type LinkedinWorkingHours,
  type Locale,
  type PushEvent,
  type SocialAccountState,
  type TwoFactorMethod,
  type teamLinkedinAccountSchema,
} from '@leadforge/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/types';
import type { QueueUser } from '../../area';
import type { JobQueue } from '../../jobs/queue';
import { CredentialDecryptError, type CredentialCipher } from '../../engines/mail/secrets/credentials';
import type { CodeResult, LoginResult, ProxyTarget, SocialProviderName } from '../../engines/social/provider';
import { LINKEDIN_PROXY_COUNTRY_IDS, LinkedinSessions } from '../../engines/social/linkedin/session';
import { SANDBOX_PROXY_COUNTRY_IDS, SandboxSessions, type SessionOperations } from '../../engines/social/sandbox/session';
import { DomainError } from '../../http/domain-error';
import type { PushSink } from '../../platform';
import { scopeOf, type Caller } from '../account/caller';
import { listCountries } from '../general/reference-data';
import { credentialCipherFor } from '../email-accounts/credentials';
import { openChallenge, openSecret, sealChallenge, sealSecret, type StoredChallenge } from './credentials';
import { effectiveLinkedinLimits, linkedinLocalDay, storedLimits, warmUpDayOf } from './limits';
import * as repo from './repository';
import { ensureSessionCheckJob } from './session-check';

type TeamLinkedinAccount = z.infer<typeof teamLinkedinAccountSchema>;

/** Wrong codes a pending login takes before it is void (linkedin_code_expired). */
export const LINKEDIN_CODE_ATTEMPTS = 5;
/** A code is sent again at most this often… */
export const LINKEDIN_RESEND_GAP_MS = 30_000;
/** …and at most this many times for one login (the first one included; changing method counts). */
export const LINKEDIN_CODE_SENDS = 6;

const CHALLENGE_STATES: readonly SocialAccountState[] = ['verification_code', 'two_factor_code'];

/** The runner's part the accounts call into, when it is there (modules/linkedin-accounts/actions). */
export interface LinkedinRunnerHooks {
  /** Cancels the account's actions still to do; answers how many. */
  cancelForAccount?(linkedinAccountId: number): Promise<unknown>;
}

export interface LinkedinAccountsDeps {
  db: Db;
  config: AppConfig;
  push: Pick<PushSink, 'emitToUser' | 'emitToTeam'>;
  /** The mailboxes' credential cipher (one key for every stored secret); from the configuration otherwise. */
  cipher?: CredentialCipher;
  /** Session operations per network; the configuration's sandbox and real boundary otherwise. */
  sessions?: (provider: SocialProviderName) => SessionOperations;
  /** The runner's service, read when needed (it is built next to this one). */
  runner?: () => LinkedinRunnerHooks | undefined;
  now?: () => Date;
}

/** The session operations of both networks, bound to the configuration. */
export function sessionOperationsFor(config: AppConfig): (provider: SocialProviderName) => SessionOperations {
  const sandbox = new SandboxSessions(config);
  const linkedin = new LinkedinSessions(config);
  return (provider) => (provider === 'linkedin' ? linkedin : sandbox);
}

/** Countries whose built-in proxies a network serves. */
function proxyCountriesOf(provider: SocialProviderName): readonly number[] {
  return provider === 'linkedin' ? LINKEDIN_PROXY_COUNTRY_IDS : SANDBOX_PROXY_COUNTRY_IDS;
}

const iso = (value: Date) => value.toISOString();

function defaultWorkingHours(): LinkedinWorkingHours {
  return LINKEDIN_ACCOUNT_DEFAULTS.workingDays.map((day) => ({ day, from: LINKEDIN_ACCOUNT_DEFAULTS.workingFrom, to: LINKEDIN_ACCOUNT_DEFAULTS.workingTo }));
}

function storedWorkingHours(value: unknown): LinkedinWorkingHours {
  const parsed = linkedinWorkingHoursSchema.safeParse(value);
  return parsed.success ? parsed.data : defaultWorkingHours();
}

/** The columns every new slot starts with (an empty slot: no member, no session, no proxy yet). */
function newSlotColumns(caller: Caller, provider: SocialProviderName, name: string): repo.NewLinkedinAccountValues {
  return {
    accountId: caller.planAccountId,
    teamId: caller.teamId,
    provider,
    name,
    state: 'pending_connection',
    workingHours: defaultWorkingHours(),
    limits: defaultLinkedinActionLimits(),
    minGapSeconds: LINKEDIN_ACCOUNT_DEFAULTS.minGapSeconds,
    maxGapSeconds: LINKEDIN_ACCOUNT_DEFAULTS.maxGapSeconds,
    connectLimit: LINKEDIN_ACCOUNT_DEFAULTS.connectLimit,
  };
}

const REFUSAL_FIELD: Record<Extract<LoginResult, { kind: 'refused' }>['reason'], string> = {
  linkedin_session_invalid: 'login.sessionCookie',
  linkedin_login_failed: 'login.password',
  linkedin_proxy_unreachable: 'proxy',
};

interface VettedProxy {
  target: ProxyTarget;
  columns(linkedinAccountId: number): repo.LinkedinAccountChanges;
}

export class LinkedinAccountsService implements QueueUser {
  readonly cipher: CredentialCipher;
  private readonly db: Db;
  private readonly sessionsOf: (provider: SocialProviderName) => SessionOperations;
  private readonly now: () => Date;

  constructor(private readonly deps: LinkedinAccountsDeps) {
    this.db = deps.db;
    this.cipher = deps.cipher ?? credentialCipherFor(deps.config);
    this.sessionsOf = deps.sessions ?? sessionOperationsFor(deps.config);
    this.now = deps.now ?? (() => new Date());
  }

  /** The network new accounts connect to. */
  get provider(): SocialProviderName {
    return this.deps.config.socialNetworkProvider;
  }

  useQueue(queue: JobQueue | undefined): void {
    if (queue) void ensureSessionCheckJob(queue).catch(() => undefined);
  }

  // ---------------------------------------------------------------- views

  private sandboxCodeOf(row: repo.LinkedinAccountRow): string | undefined {
    if (row.provider !== 'sandbox' || !row.challenge || !CHALLENGE_STATES.includes(row.state as SocialAccountState)) return undefined;
    try {
      return openChallenge(this.cipher, row.id, row.challenge).sandboxCode ?? undefined;
    } catch {
      return undefined;
    }
  }

  private proxyView(row: repo.LinkedinAccountRow): LinkedinAccount['proxy'] {
    if (row.proxyKind === 'custom' && row.proxyHost && row.proxyPort) {
      return { kind: 'custom', host: row.proxyHost, port: row.proxyPort, username: row.proxyUsername ?? '', hasPassword: row.proxyPassword !== null };
    }
    if (row.proxyKind === 'builtin' && row.proxyCountryId) {
      const country = listCountries('en').find((entry) => entry.id === row.proxyCountryId);
      return { kind: 'builtin', countryId: row.proxyCountryId, countryName: country?.name ?? String(row.proxyCountryId) };
    }
    return null;
  }

  private async views(slots: repo.SlotWithNames[]): Promise<LinkedinAccount[]> {
    const now = this.now();
    const ids = slots.map((slot) => slot.account.id);
    const [done, pending, campaigns] = await Promise.all([
      repo.doneOnDays(
        this.db,
        slots.map((slot) => ({ linkedinAccountId: slot.account.id, day: linkedinLocalDay(now, slot.account.timezone) })),
      ),
      repo.pendingInvitations(this.db, ids),
      repo.campaignsWaiting(this.db, ids),
    ]);
    return slots.map(({ account: row, assignedUserName }) => {
      const limits = storedLimits(row.limits);
      const warmUpDay = warmUpDayOf(row.warmUp, row.warmUpStartedAt, now);
      const doneToday = done.get(row.id);
      const sandboxCode = this.sandboxCodeOf(row);
      return linkedinAccountSchema.parse({
        id: row.id,
        provider: row.provider,
        name: row.name,
        profileUrl: row.profileUrl,
        profileName: row.profileName,
        state: row.state,
        stateReason: row.stateReason,
        stateChangedAt: iso(row.stateChangedAt),
        twoFactorMethod: row.state === 'two_factor_code' ? row.twoFactorMethod : null,
        ...(sandboxCode ? { sandboxCode } : {}),
        proxy: this.proxyView(row),
        timezone: row.timezone,
        workingHours: storedWorkingHours(row.workingHours),
        limits,
        effectiveLimits: effectiveLinkedinLimits(limits, warmUpDay),
        minGapSeconds: row.minGapSeconds,
        maxGapSeconds: row.maxGapSeconds,
        connectLimit: row.connectLimit,
        pendingInvitations: pending.get(row.id) ?? 0,
        doneToday: Object.fromEntries(Object.keys(limits).map((action) => [action, doneToday?.get(action) ?? 0])),
        warmUp: row.warmUp,
        warmUpDay,
        ownerId: row.userId,
        assignedUserId: row.assignedUserId,
        assignedUserName,
        campaignsCount: campaigns.get(row.id) ?? 0,
        createdAt: iso(row.createdAt),
      });
    });
  }

  private async view(caller: Caller, id: number): Promise<LinkedinAccount> {
    const slot = await this.usable(caller, id);
    return (await this.views([slot]))[0]!;
  }

  private async usable(caller: Caller, id: number): Promise<repo.SlotWithNames> {
    const slot = await repo.findUsable(this.db, scopeOf(caller), id);
    if (!slot) throw new DomainError('not_found');
    return slot;
  }

  async list(caller: Caller) {
    const scope = scopeOf(caller);
    const [slots, used] = await Promise.all([repo.listUsable(this.db, scope), repo.countSlots(this.db, scope, caller.planAccountId)]);
    return { items: await this.views(slots), provider: this.provider, slots: { used, allowed: linkedinSlotsAllowed(caller.plan) } };
  }

  async get(caller: Caller, id: number): Promise<LinkedinAccount> {
    return this.view(caller, id);
  }

  /** The team's slots and who uses each; a solo user has none. */
  async team(caller: Caller): Promise<TeamLinkedinAccount[]> {
    if (!caller.team.isTeam) return [];
    const slots = await repo.listTeam(this.db, scopeOf(caller));
    return slots.map(({ account, ownerName, assignedUserName }) => ({
      id: account.id,
      provider: account.provider as SocialProviderName,
      name: account.name,
      profileName: account.profileName,
      state: account.state as SocialAccountState,
      ownerId: account.userId,
      assignedUserId: account.assignedUserId,
      assignedUserName,
      ownerName,
      isOwn: account.userId === caller.userId,
    }));
  }

  /** Countries the built-in proxies of the network serve, named in the caller's language. */
  proxies(locale: Locale) {
    const served = new Set(proxyCountriesOf(this.provider));
    return {
      countries: listCountries(locale)
        .filter((country) => served.has(country.id))
        .map((country) => ({ countryId: country.id, name: country.name, available: true })),
    };
  }

  // ---------------------------------------------------------------- pushes

  /** `account.changed` to the slot's owner and the member using it, so their screens refetch. */
  private announce(row: Pick<repo.LinkedinAccountRow, 'id' | 'userId' | 'assignedUserId' | 'state'>, also: (number | null)[] = []): void {
    const event: PushEvent = { type: 'account.changed', payload: { what: 'linkedinAccount', linkedinAccountId: row.id, state: row.state as SocialAccountState } };
    for (const userId of new Set([row.userId, row.assignedUserId, ...also])) if (userId !== null) this.deps.push.emitToUser(userId, event);
  }

  // ---------------------------------------------------------------- settings and proxies

  /** The columns of settings, refused with the field when a limit passes its safe maximum or the gaps cross. */
  private settingsColumns(settings: LinkedinAccountSettings, current: { limits: LinkedinActionLimits; minGapSeconds: number; maxGapSeconds: number }): repo.LinkedinAccountChanges {
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
  private async vetProxy(provider: SocialProviderName, body: LinkedinProxyBody, fieldPrefix: string, current?: repo.LinkedinAccountRow): Promise<VettedProxy> {
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

  private proxyPasswordOf(row: repo.LinkedinAccountRow): string {
    if (!row.proxyPassword) return '';
    try {
      return openSecret(this.cipher, row.id, 'proxy-password', row.proxyPassword);
    } catch (error) {
      if (error instanceof CredentialDecryptError) throw new DomainError('linkedin_proxy_unreachable', { field: 'proxy' });
      throw error;
    }
  }

  /** The stored proxy of an account, as the network's session operations take it. */
  private proxyTargetOf(row: repo.LinkedinAccountRow): ProxyTarget {
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

  // ---------------------------------------------------------------- connecting

  /** The columns a login's (or a code's) outcome leaves on the account. */
  private outcomeColumns(id: number, result: Exclude<LoginResult, { kind: 'refused' }>, now: Date, sends = 1): repo.LinkedinAccountChanges {
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

  private refusal(result: Extract<LoginResult, { kind: 'refused' }>, proxyField: string): DomainError {
    const field = result.reason === 'linkedin_proxy_unreachable' ? proxyField : REFUSAL_FIELD[result.reason];
    return new DomainError(result.reason, { field });
  }

  /** Refuses when the plan account has no free slot. */
  private async assertFreeSlot(caller: Caller, db: Parameters<typeof repo.countSlots>[0] = this.db): Promise<void> {
    if ((await repo.countSlots(db, scopeOf(caller), caller.planAccountId)) >= linkedinSlotsAllowed(caller.plan)) throw new DomainError('linkedin_slots_exhausted');
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
  private async settle(caller: Caller, row: repo.LinkedinAccountRow, result: Exclude<LoginResult, { kind: 'refused' }>, now: Date, sends = 1): Promise<repo.LinkedinAccountRow> {
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

  private pendingChallenge(row: repo.LinkedinAccountRow): StoredChallenge {
    if (!CHALLENGE_STATES.includes(row.state as SocialAccountState) || !row.challenge) throw new DomainError('linkedin_code_not_expected');
    try {
      return openChallenge(this.cipher, row.id, row.challenge);
    } catch (error) {
      if (error instanceof CredentialDecryptError) throw new DomainError('linkedin_code_expired');
      throw error;
    }
  }

  /** Ends a login that can no longer finish: the account waits for a new sign-in. */
  private async voidChallenge(caller: Caller, row: repo.LinkedinAccountRow, now: Date): Promise<void> {
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
  private async sendAgain(caller: Caller, id: number, method: TwoFactorMethod | undefined): Promise<LinkedinAccount> {
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

  // ---------------------------------------------------------------- team slots

  private assertLead(caller: Caller): number {
    if (accountKind(caller.team) !== 'teamLead' || caller.teamId === null) throw new DomainError('linkedin_lead_only');
    return caller.teamId;
  }

  /** The lead gives one of their slots to a member of the team (or takes it back by naming themselves). */
  async assign(caller: Caller, body: { accountId: number; userId: number }): Promise<LinkedinAccount> {
    const teamId = this.assertLead(caller);
    const scope = scopeOf(caller);
    const row = await repo.findOwned(this.db, scope, body.accountId);
    if (!row) throw new DomainError('not_found', { field: 'accountId' });
    if (!caller.teamUserIds.includes(body.userId)) throw new DomainError('team_member_not_found', { field: 'userId' });
    const assignedUserId = body.userId === caller.userId ? null : body.userId;
    const now = this.now();
    const updated = await this.db.transaction(async (tx) => {
      if (row.assignedUserId !== null && row.assignedUserId !== assignedUserId) await repo.retractRequestsOfSlot(tx, scope, row.id, now);
      return repo.updateOwned(tx, scope, row.id, { assignedUserId, teamId });
    });
    if (!updated) throw new DomainError('not_found');
    this.announce(updated, [row.assignedUserId]);
    return this.view(caller, row.id);
  }

  async retract(caller: Caller, body: { accountId: number }): Promise<LinkedinAccount> {
    this.assertLead(caller);
    const scope = scopeOf(caller);
    const row = await repo.findOwned(this.db, scope, body.accountId);
    if (!row) throw new DomainError('not_found', { field: 'accountId' });
    const updated = await this.db.transaction(async (tx) => {
      await repo.retractRequestsOfSlot(tx, scope, row.id, this.now());
      return repo.updateOwned(tx, scope, row.id, { assignedUserId: null });
    });
    if (!updated) throw new DomainError('not_found');
    this.announce(updated, [row.assignedUserId]);
    return this.view(caller, row.id);
  }

  // ---------------------------------------------------------------- slot requests

  private requestView(entry: repo.SlotRequestWithName): LinkedinSlotRequest {
    const { request } = entry;
    return {
      id: request.id,
      requesterId: request.requesterId,
      requesterName: entry.requesterName,
      note: request.note,
      status: request.status as LinkedinSlotRequest['status'],
      slotId: request.slotId,
      createdAt: iso(request.createdAt),
      decidedAt: request.decidedAt ? iso(request.decidedAt) : null,
    };
  }

  private announceRequests(teamId: number): void {
    this.deps.push.emitToTeam(teamId, { type: 'account.changed', payload: { what: 'linkedinAccount' } });
  }

  /** The team's requests for its lead, the caller's own for a member; none for a solo user. */
  async requests(caller: Caller): Promise<LinkedinSlotRequest[]> {
    const scope = scopeOf(caller);
    const kind = accountKind(caller.team);
    if (kind === 'solo' || caller.teamId === null) return [];
    const rows = kind === 'teamLead' ? await repo.listTeamRequests(this.db, scope, caller.teamId) : await repo.listOwnRequests(this.db, scope);
    return rows.map((row) => this.requestView(row));
  }

  async requestSlot(caller: Caller, note: string | undefined): Promise<LinkedinSlotRequest> {
    if (accountKind(caller.team) !== 'teamMember' || caller.teamId === null) throw new DomainError('linkedin_member_only');
    const scope = scopeOf(caller);
    const row = await repo.insertOwnRequest(this.db, scope, caller.teamId, note ? note : null);
    if (!row) throw new DomainError('linkedin_request_pending');
    this.announceRequests(caller.teamId);
    const named = await repo.findOwnRequest(this.db, scope, row.id);
    return this.requestView(named!);
  }

  private async pendingTeamRequest(caller: Caller, teamId: number, id: number): Promise<repo.SlotRequestWithName> {
    const entry = await repo.findTeamRequest(this.db, scopeOf(caller), teamId, id);
    if (!entry) throw new DomainError('not_found');
    if (entry.request.status !== 'pending') throw new DomainError('linkedin_request_closed');
    return entry;
  }

  /** The lead approves: the member gets the free slot named, or a new one within the plan's slots. */
  async approve(caller: Caller, id: number, slotId: number | undefined): Promise<LinkedinSlotRequest> {
    const teamId = this.assertLead(caller);
    const scope = scopeOf(caller);
    const entry = await this.pendingTeamRequest(caller, teamId, id);
    const now = this.now();
    const slot = await this.db.transaction(async (tx) => {
      await repo.lockSlots(tx, caller.planAccountId);
      let given: repo.LinkedinAccountRow | undefined;
      if (slotId !== undefined) {
        given = await repo.findOwned(tx, scope, slotId);
        // A free slot: the lead's own, not in a member's hands.
        if (!given || given.assignedUserId !== null) throw new DomainError('not_found', { field: 'slotId' });
      } else {
        await this.assertFreeSlot(caller, tx);
        given = await repo.insertOwned(tx, scope, newSlotColumns(caller, this.provider, ''));
      }
      const closed = await repo.closePendingRequest(tx, scope, id, { status: 'approved', slotId: given.id, decidedBy: caller.userId, decidedAt: now });
      if (!closed) throw new DomainError('linkedin_request_closed');
      return repo.updateOwned(tx, scope, given.id, { assignedUserId: entry.request.requesterId, teamId });
    });
    if (slot) this.announce(slot);
    this.announceRequests(teamId);
    return this.requestView((await repo.findTeamRequest(this.db, scope, teamId, id))!);
  }

  async reject(caller: Caller, id: number): Promise<LinkedinSlotRequest> {
    const teamId = this.assertLead(caller);
    const scope = scopeOf(caller);
    await this.pendingTeamRequest(caller, teamId, id);
    const closed = await repo.closePendingRequest(this.db, scope, id, { status: 'rejected', decidedBy: caller.userId, decidedAt: this.now() });
    if (!closed) throw new DomainError('linkedin_request_closed');
    this.announceRequests(teamId);
    return this.requestView((await repo.findTeamRequest(this.db, scope, teamId, id))!);
  }

  async withdraw(caller: Caller, id: number): Promise<LinkedinSlotRequest> {
    const scope = scopeOf(caller);
    const entry = await repo.findOwnRequest(this.db, scope, id);
    if (!entry) throw new DomainError('not_found');
    if (entry.request.status !== 'pending') throw new DomainError('linkedin_request_closed');
    const closed = await repo.closePendingRequest(this.db, scope, id, { status: 'withdrawn', decidedBy: caller.userId, decidedAt: this.now() });
    if (!closed) throw new DomainError('linkedin_request_closed');
    this.announceRequests(entry.request.teamId);
    return this.requestView((await repo.findOwnRequest(this.db, scope, id))!);
  }
}
