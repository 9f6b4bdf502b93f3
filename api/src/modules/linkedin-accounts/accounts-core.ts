/**
 * What every part of the linkedin-accounts service shares (service.ts puts the parts together):
 * its dependencies, the account views (the rows as GET …/all answers them, with today's usage,
 * pending invitations and campaigns), finding a slot the caller may use, counting the plan's
 * slots, and the `account.changed` pushes. The parts: account-settings.ts (limits, hours,
 * warm-up, proxy, time zone), connection-steps.ts (connect, codes, reconnect, disconnect) and
 * team-slots.ts (assign, retract, slot requests).
 */
import {
  LINKEDIN_ACCOUNT_DEFAULTS,
  defaultLinkedinActionLimits,
  linkedinAccountSchema,
  linkedinSlotsAllowed,
  linkedinWorkingHoursSchema,
  type LinkedinAccount,
  type LinkedinWorkingHours,
  type Locale,
  type PushEvent,
  type SocialAccountState,
  type teamLinkedinAccountSchema,
} from '@leadforge/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/types';
import type { CredentialCipher } from '../../engines/mail/secrets/credentials';
import type { SocialProviderName } from '../../engines/social/provider';
import { LINKEDIN_PROXY_COUNTRY_IDS, LinkedinSessions } from '../../engines/social/linkedin/session';
import { SANDBOX_PROXY_COUNTRY_IDS, SandboxSessions, type SessionOperations } from '../../engines/social/sandbox/session';
import { DomainError } from '../../http/domain-error';
import type { PushSink } from '../../platform';
import { scopeOf, type Caller } from '../account/caller';
import { listCountries } from '../general/reference-data';
import { credentialCipherFor } from '../email-accounts/credentials';
import { openChallenge } from './credentials';
import { effectiveLinkedinLimits, linkedinLocalDay, storedLimits, warmUpDayOf } from './limits';
import * as repo from './repository';

type TeamLinkedinAccount = z.infer<typeof teamLinkedinAccountSchema>;

export const CHALLENGE_STATES: readonly SocialAccountState[] = ['verification_code', 'two_factor_code'];

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
export function proxyCountriesOf(provider: SocialProviderName): readonly number[] {
  return provider === 'linkedin' ? LINKEDIN_PROXY_COUNTRY_IDS : SANDBOX_PROXY_COUNTRY_IDS;
}

export const iso = (value: Date) => value.toISOString();

function defaultWorkingHours(): LinkedinWorkingHours {
  return LINKEDIN_ACCOUNT_DEFAULTS.workingDays.map((day) => ({ day, from: LINKEDIN_ACCOUNT_DEFAULTS.workingFrom, to: LINKEDIN_ACCOUNT_DEFAULTS.workingTo }));
}

function storedWorkingHours(value: unknown): LinkedinWorkingHours {
  const parsed = linkedinWorkingHoursSchema.safeParse(value);
  return parsed.success ? parsed.data : defaultWorkingHours();
}

/** The columns every new slot starts with (an empty slot: no member, no session, no proxy yet). */
export function newSlotColumns(caller: Caller, provider: SocialProviderName, name: string): repo.NewLinkedinAccountValues {
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

export class AccountsCore {
  readonly cipher: CredentialCipher;
  protected readonly db: Db;
  protected readonly sessionsOf: (provider: SocialProviderName) => SessionOperations;
  protected readonly now: () => Date;

  constructor(protected readonly deps: LinkedinAccountsDeps) {
    this.db = deps.db;
    this.cipher = deps.cipher ?? credentialCipherFor(deps.config);
    this.sessionsOf = deps.sessions ?? sessionOperationsFor(deps.config);
    this.now = deps.now ?? (() => new Date());
  }

  /** The same dependencies, resolved once, for another part of the service. */
  protected resolvedDeps(): LinkedinAccountsDeps {
    return { ...this.deps, cipher: this.cipher, sessions: this.sessionsOf, now: this.now };
  }

  /** The network new accounts connect to. */
  get provider(): SocialProviderName {
    return this.deps.config.socialNetworkProvider;
  }

  // ---------------------------------------------------------------- views

  protected sandboxCodeOf(row: repo.LinkedinAccountRow): string | undefined {
    if (row.provider !== 'sandbox' || !row.challenge || !CHALLENGE_STATES.includes(row.state as SocialAccountState)) return undefined;
    try {
      return openChallenge(this.cipher, row.id, row.challenge).sandboxCode ?? undefined;
    } catch {
      return undefined;
    }
  }

  protected proxyView(row: repo.LinkedinAccountRow): LinkedinAccount['proxy'] {
    if (row.proxyKind === 'custom' && row.proxyHost && row.proxyPort) {
      return { kind: 'custom', host: row.proxyHost, port: row.proxyPort, username: row.proxyUsername ?? '', hasPassword: row.proxyPassword !== null };
    }
    if (row.proxyKind === 'builtin' && row.proxyCountryId) {
      const country = listCountries('en').find((entry) => entry.id === row.proxyCountryId);
      return { kind: 'builtin', countryId: row.proxyCountryId, countryName: country?.name ?? String(row.proxyCountryId) };
    }
    return null;
  }

  protected async views(slots: repo.SlotWithNames[]): Promise<LinkedinAccount[]> {
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

  protected async view(caller: Caller, id: number): Promise<LinkedinAccount> {
    const slot = await this.usable(caller, id);
    return (await this.views([slot]))[0]!;
  }

  protected async usable(caller: Caller, id: number): Promise<repo.SlotWithNames> {
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
  protected announce(row: Pick<repo.LinkedinAccountRow, 'id' | 'userId' | 'assignedUserId' | 'state'>, also: (number | null)[] = []): void {
    const event: PushEvent = { type: 'account.changed', payload: { what: 'linkedinAccount', linkedinAccountId: row.id, state: row.state as SocialAccountState } };
    for (const userId of new Set([row.userId, row.assignedUserId, ...also])) if (userId !== null) this.deps.push.emitToUser(userId, event);
  }

  /** Refuses when the plan account has no free slot. */
  protected async assertFreeSlot(caller: Caller, db: Parameters<typeof repo.countSlots>[0] = this.db): Promise<void> {
    if ((await repo.countSlots(db, scopeOf(caller), caller.planAccountId)) >= linkedinSlotsAllowed(caller.plan)) throw new DomainError('linkedin_slots_exhausted');
  }

}
