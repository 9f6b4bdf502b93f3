/**
 * Test fixtures of the LinkedIn runner: a migrated database on the store the run chose
 * (LEADFORGE_TEST_STORE), an owner and sandbox accounts written straight into it (signed in with
 * the sandbox's own cookie login, the session sealed as the linkedin-accounts area seals it), a
 * runner on a clock the test moves, and a provider that records what reached the network.
 * Only test files (and the bench) import this module.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { sql } from 'drizzle-orm';
import { defaultLinkedinActionLimits, type LinkedinActionLimits, type LinkedinActionType, type LinkedinWorkingHours } from '@leadforge/contracts';
import type { Database } from '../../../db/connection';
import { sessionOpener } from '../../../modules/linkedin-accounts/actions/area-part';
import { sealSecret } from '../../../modules/linkedin-accounts/credentials';
import type { CredentialCipher } from '../../mail/secrets/credentials';
import { TestClock, createOwner, openEngineDatabase, rowsOf, testCipher, type EngineDatabase, type Owner } from '../../mail/outbound/engine-fixtures';
import type { ActionOutcome, ActionRequest, SessionRef, SocialNetworkProvider } from '../provider';
import { SandboxSocialNetwork } from '../sandbox';
import { SANDBOX_NETWORK_DEFAULTS, sandboxBaseDegree, type SandboxNetworkSettings } from '../sandbox/network';
import { sandboxSearchItem } from '../sandbox/search';
import { sandboxLogin } from '../sandbox/session';
import { accountById } from './repository';
import { LinkedinRunner, type LinkedinRunnerOptions } from './runner';

export { TestClock, createOwner, rowsOf, testCipher, type Owner };

/** A database of its own (PostgreSQL or PGlite, as the run chose), migrated. */
export function openRunnerDatabase(): Promise<EngineDatabase> {
  return openEngineDatabase();
}

/** What a runner test file works on: its own database, a credential cipher and an owner. */
export interface RunnerWorld {
  database: Database;
  cipher: CredentialCipher;
  owner: Owner;
}

/**
 * Registers the file's before/after hooks that open a database, a cipher keyed in a temporary
 * folder (`prefix` names it) and an owner, and close and remove them; the answer is filled in by
 * the time the tests run.
 */
export function runnerWorld(prefix: string): RunnerWorld {
  const world = {} as RunnerWorld;
  let store: EngineDatabase | undefined;
  let dir: string | undefined;
  before(async () => {
    store = await openRunnerDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    world.database = store.database;
    world.cipher = testCipher(dir);
    world.owner = await createOwner(store.database);
  });
  after(async () => {
    await store?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return world;
}

export const EVERY_DAY_ALL_DAY: LinkedinWorkingHours = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({ day, from: 0, to: 1_440 }));

export interface AccountSettings {
  timezone?: string;
  workingHours?: LinkedinWorkingHours;
  limits?: Partial<LinkedinActionLimits>;
  minGapSeconds?: number;
  maxGapSeconds?: number;
  connectLimit?: number;
  warmUp?: boolean;
  warmUpStartedAt?: Date;
  /** The sandbox cookie the account signed in with (decides its member). */
  cookie?: string;
  /** How long the sandbox session lasts from `connectedAt`. */
  sessionDays?: number;
  connectedAt?: Date;
  state?: string;
}

export interface TestAccount {
  id: number;
  memberKey: string;
}

/** A connected sandbox account of `owner`, as the linkedin-accounts area leaves one after a cookie login. */
export async function createLinkedinAccount(database: Database, owner: Owner, cipher: CredentialCipher, settings: AccountSettings = {}): Promise<TestAccount> {
  const cookie = settings.cookie ?? `li_at-${randomBytes(8).toString('hex')}`;
  const login = await sandboxLogin(
    { login: { method: 'cookie', sessionCookie: cookie }, proxy: { kind: 'builtin', countryId: 276 }, now: settings.connectedAt ?? new Date() },
    { sessionDays: settings.sessionDays ?? 3_650 },
  );
  if (login.kind !== 'connected') throw new Error(`the sandbox refused the test cookie: ${JSON.stringify(login)}`);
  const [row] = await rowsOf<{ id: number }>(
    database,
    sql`insert into linkedin_accounts (account_id, user_id, provider, name, member_key, profile_url, profile_name, state, proxy_kind,
          proxy_country_id, timezone, working_hours, limits, min_gap_seconds, max_gap_seconds, connect_limit, warm_up, warm_up_started_at)
        values (${owner.accountId}, ${owner.userId}, 'sandbox', ${login.member.name}, ${login.member.key}, ${login.member.profileUrl},
          ${login.member.name}, ${settings.state ?? 'active'}, 'builtin', 276, ${settings.timezone ?? 'UTC'},
          ${JSON.stringify(settings.workingHours ?? EVERY_DAY_ALL_DAY)}::jsonb,
          ${JSON.stringify({ ...defaultLinkedinActionLimits(), ...settings.limits })}::jsonb, ${settings.minGapSeconds ?? 0},
          ${settings.maxGapSeconds ?? 0}, ${settings.connectLimit ?? 100}, ${settings.warmUp ?? false},
          ${settings.warmUpStartedAt?.toISOString() ?? null}::timestamptz)
        returning id`,
  );
  const id = row!.id;
  await database.db.execute(sql`update linkedin_accounts set session = ${sealSecret(cipher, id, 'session', login.session)} where id = ${id}`);
  return { id, memberKey: login.member.key };
}

/** Signs an account in again (what a reconnect leaves): a new session from `now`, active. */
export async function reconnect(database: Database, cipher: CredentialCipher, accountId: number, now: Date): Promise<void> {
  const login = await sandboxLogin({ login: { method: 'cookie', sessionCookie: `li_at-reconnected-${accountId}-xx` }, proxy: { kind: 'builtin', countryId: 276 }, now });
  if (login.kind !== 'connected') throw new Error('reconnect refused');
  await database.db.execute(
    sql`update linkedin_accounts set session = ${sealSecret(cipher, accountId, 'session', login.session)}, member_key = ${login.member.key},
          state = 'active', state_reason = null, state_changed_at = ${now.toISOString()}::timestamptz
        where id = ${accountId}`,
  );
}

/** Profile links of the sandbox's people (readable ones only), distinct per `tag`. */
export function sandboxPeople(tag: string, count: number): string[] {
  const people: string[] = [];
  const url = `https://www.linkedin.com/search/results/people/?keywords=${encodeURIComponent(tag)}`;
  for (let index = 0; people.length < count; index += 1) {
    const item = sandboxSearchItem(url, index);
    if (item.kind === 'profile') people.push(item.profile.profileUrl);
  }
  return people;
}

/**
 * People of the sandbox who are (or are not) 1st-degree connections of a member from the start:
 * exactly `count` of them. About a fifth of the sandbox's people are connections, so a fixed
 * handful of candidates sometimes held none (a member key is random per run): the search goes on
 * until it has found them.
 */
export function peopleByDegree(memberKey: string, tag: string, count: number, connected: boolean): string[] {
  const handleOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
  for (let candidates = count * 12; ; candidates *= 4) {
    const found = sandboxPeople(tag, candidates).filter((url) => (sandboxBaseDegree(memberKey, handleOf(url)) === 1) === connected);
    if (found.length >= count) return found.slice(0, count);
    if (candidates > 100_000) throw new Error(`peopleByDegree: fewer than ${count} ${connected ? 'connections' : 'strangers'} among ${candidates} people`);
  }
}

export interface RecordedCall {
  linkedinAccountId: number;
  request: ActionRequest;
  at: Date;
  outcome: ActionOutcome | null;
}

/**
 * The sandbox network with a record of every action that reached it (and, when `hold` is set, an
 * action that never comes back: a worker stuck, or killed, mid-call).
 */
export class RecordingNetwork extends SandboxSocialNetwork {
  readonly calls: RecordedCall[] = [];
  hold: ((request: ActionRequest) => boolean) | null = null;
  /** Resolves when a held call has reached the network. */
  private heldWaiters: (() => void)[] = [];

  override async perform(ref: SessionRef, request: ActionRequest, now: Date): Promise<ActionOutcome> {
    const call: RecordedCall = { linkedinAccountId: ref.linkedinAccountId, request, at: now, outcome: null };
    this.calls.push(call);
    if (this.hold?.(request)) {
      for (const waiter of this.heldWaiters.splice(0)) waiter();
      // The network received it and the worker never hears back.
      return new Promise<ActionOutcome>(() => undefined);
    }
    call.outcome = await super.perform(ref, request, now);
    return call.outcome;
  }

  /** Resolves once a held call has arrived. */
  waitForHeld(): Promise<void> {
    return new Promise((resolve) => this.heldWaiters.push(resolve));
  }
}

export function recordingNetwork(database: Database, network: Partial<SandboxNetworkSettings> = {}): RecordingNetwork {
  return new RecordingNetwork({ db: database.db, network: { ...SANDBOX_NETWORK_DEFAULTS, ...network } });
}

export function testRunner(
  database: Database,
  cipher: CredentialCipher,
  provider: SocialNetworkProvider,
  options: Partial<LinkedinRunnerOptions> = {},
): LinkedinRunner {
  return new LinkedinRunner({
    db: database.db,
    providers: () => provider,
    openSession: sessionOpener(cipher),
    ...options,
  });
}

export interface ActionView {
  id: number;
  linkedin_account_id: number;
  action: LinkedinActionType;
  origin: string;
  profile_url: string;
  state: string;
  reason: string | null;
  attempts: number;
  done_at: Date | string | null;
  claimed_by: string | null;
}

export async function actionsOf(database: Database, linkedinAccountIds: readonly number[]): Promise<ActionView[]> {
  return rowsOf<ActionView>(
    database,
    sql`select id::int as id, linkedin_account_id, action, origin, profile_url, state, reason, attempts, done_at, claimed_by
        from linkedin_actions
        where linkedin_account_id in (select value::int from json_array_elements_text(${JSON.stringify(linkedinAccountIds)}::json))
        order by id`,
  );
}

/** The session and proxy the runner would act with, for calling the network directly. */
export async function sessionRefOf(database: Database, cipher: CredentialCipher, linkedinAccountId: number): Promise<SessionRef> {
  const account = await accountById(database.db, linkedinAccountId);
  if (!account) throw new Error(`no LinkedIn account ${linkedinAccountId}`);
  return sessionOpener(cipher)(account);
}
