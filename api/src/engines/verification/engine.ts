/**
 * The email verification engine: syntax → disposable → role → free-mail → domain → MX (A fallback)
 * → SMTP probe (EHLO, MAIL FROM, RCPT TO, RCPT TO a random local part for catch-all, RSET, QUIT,
 * never DATA). No HTTP and no SQL here: the verification module charges, stores and schedules.
 *
 * Politeness: addresses are grouped by their best MX; one MX gets at most `perMxConcurrency`
 * sessions at a time (engine-wide, across every caller), and so does one server address, because
 * many MX names can point at one machine (every Microsoft 365 tenant has its own MX name on the
 * same few addresses). Each session carries many RCPTs with RSET between them, and at most
 * `globalConcurrency` sessions run in all. Results are cached per
 * address, catch-all findings per domain, mail routes per domain.
 */
import { randomBytes } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';
import { RANDOM_ID_LENGTH, type VerificationReason } from '@leadforge/contracts';
import { AddressPolicy } from '../web-fetch/address-policy';
import { classifyRcpt } from './classify';
import { DnsLookup, type MailRoute } from './dns';
import { isDisposableDomain, isFreeMailDomain, isRoleAccount } from './domain-lists';
import { SmtpDialogue, SmtpFailure, type SmtpReply } from './smtp-client';
import { parseAddress, suggestCorrection, type ParsedAddress } from './syntax';
import type { EngineFlags, EngineResult, EngineStatus } from './types';

export interface EngineOptions {
  /** host:port DNS servers; empty = the system resolvers. */
  dnsServers: readonly string[];
  smtpPort: number;
  heloName: string;
  mailFrom: string;
  connectTimeoutMs: number;
  commandTimeoutMs: number;
  perMxConcurrency: number;
  globalConcurrency: number;
  cacheTtlSeconds: number;
  /**
   * CIDR ranges an MX may resolve to although not public (VERIFY_ALLOW_PRIVATE; tests, bench and
   * e2e only). Without it a domain whose MX points into a private network is never probed, so the
   * verifier cannot be used to reach port 25 of hosts inside the server's network.
   */
  allowPrivate?: readonly string[];
  /** RCPTs before a session is closed and a fresh one opened (servers cap recipients per session). */
  maxProbesPerSession?: number;
  /** DNS answers are reused this long (the resolver API does not expose record TTLs). */
  routeTtlSeconds?: number;
  /** Largest number of addresses kept in the in-memory result cache. */
  maxCachedResults?: number;
  /**
   * A name that always resolves, asked before a domain is called missing (a resolver that says
   * NXDOMAIN to everything is broken, not proof); null disables the check. Default: dns.ts.
   */
  dnsCanary?: string | null;
}

export interface VerifyBatchOptions {
  signal?: AbortSignal | undefined;
  /** Re-probe even when a cached result exists (greylist re-checks). */
  bypassCache?: boolean;
  onResult?: ((result: EngineResult) => void) | undefined;
}

export interface EngineStats {
  connectionsOpened: number;
  /** Sessions opened per MX host. */
  connectionsByMx: Record<string, number>;
  /** Highest number of simultaneous sessions seen per MX host. */
  maxConcurrentByMx: Record<string, number>;
  /** Highest number of simultaneous sessions seen per server address (an MX's resolved IP). */
  maxConcurrentByAddress: Record<string, number>;
  cacheHits: number;
  cacheMisses: number;
}

const DEFAULT_MAX_PROBES_PER_SESSION = 50;
const DEFAULT_ROUTE_TTL_SECONDS = 300;
const DEFAULT_MAX_CACHED_RESULTS = 200_000;
/** Consecutive dropped sessions after which an MX is left alone for the rest of the batch. */
const MAX_DROPS_PER_BATCH = 3;
/** DNS lookups running at once within one batch. */
const DNS_CONCURRENCY = 32;
/** Statuses worth caching: the others are re-asked next time. */
const CACHEABLE: ReadonlySet<EngineStatus> = new Set(['valid', 'not_valid', 'catch_all']);

interface Pending {
  address: ParsedAddress;
  flags: EngineFlags;
  suggestion: string | null;
  retried: boolean;
}

interface GroupDown {
  /** greylist when the server asked to come back later (421/4xx greeting), else unknown. */
  status: 'unknown' | 'greylist';
  reasons: VerificationReason[];
  code: number | null;
  enhanced: string | null;
}

interface MxGroup {
  key: string;
  hosts: string[];
  queue: Pending[];
  /** Set when the MX cannot be reached: the rest of the group is answered at once. */
  down: GroupDown | null;
  drops: number;
}

/** What one verify() call shares among its sessions: cancellation goes through one listener. */
interface Batch {
  signal: AbortSignal | undefined;
  dialogues: Set<SmtpDialogue>;
}

interface OpenSession {
  dialogue: SmtpDialogue;
  host: string;
  address: string;
  release: () => void;
}

/** A counting semaphore: sessions wait for a free slot of their server address. */
class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}
  async acquire(): Promise<() => void> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so the count never dips and refills.
      if (next) next();
      else this.active -= 1;
    };
  }
  get idle(): boolean {
    return this.active === 0 && this.waiting.length === 0;
  }
}

class TtlMap<V> {
  private readonly map = new Map<string, { value: V; expires: number }>();
  constructor(private readonly maxEntries: number) {}
  get(key: string): V | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return entry.value;
  }
  set(key: string, value: V, ttlSeconds: number): void {
    this.map.delete(key);
    this.map.set(key, { value, expires: Date.now() + ttlSeconds * 1000 });
    // Maps iterate in insertion order: the first key is the oldest.
    if (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value as string);
  }
  delete(key: string): void {
    this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
}

/** A random local part no one owns (document 2 §9: random ids are 16 characters). */
export function randomLocalPart(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(RANDOM_ID_LENGTH)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

export function riskOf(status: EngineStatus, flags: EngineFlags): 'low' | 'medium' | 'high' {
  if (status === 'not_valid' || status === 'unknown' || flags.disposable) return 'high';
  if (status === 'valid') return flags.role ? 'medium' : 'low';
  return 'medium';
}

function flagReasons(flags: EngineFlags): VerificationReason[] {
  return [
    ...(flags.disposable ? (['disposable'] as const) : []),
    ...(flags.role ? (['role'] as const) : []),
    ...(flags.free ? (['free'] as const) : []),
  ];
}

export class VerificationEngine {
  private readonly dns: DnsLookup;
  private readonly results: TtlMap<EngineResult>;
  private readonly routes: TtlMap<MailRoute>;
  private readonly catchAll: TtlMap<boolean>;
  private readonly hostCache: TtlMap<string[]>;
  /** Lookups in flight, shared by the sessions that start together. */
  private readonly hostLookups = new Map<string, Promise<string[] | 'error'>>();
  private readonly globalLimit: LimitFunction;
  private readonly mxLimits = new Map<string, LimitFunction>();
  private readonly activeByMx = new Map<string, number>();
  private readonly addressSlots = new Map<string, Slots>();
  private readonly activeByAddress = new Map<string, number>();
  private statsData: EngineStats = emptyStats();

  private readonly addressPolicy: AddressPolicy;

  constructor(private readonly options: EngineOptions) {
    this.dns = new DnsLookup({
      servers: options.dnsServers,
      timeoutMs: options.connectTimeoutMs,
      ...(options.dnsCanary !== undefined ? { canary: options.dnsCanary } : {}),
    });
    this.results = new TtlMap(options.maxCachedResults ?? DEFAULT_MAX_CACHED_RESULTS);
    this.routes = new TtlMap(options.maxCachedResults ?? DEFAULT_MAX_CACHED_RESULTS);
    this.catchAll = new TtlMap(options.maxCachedResults ?? DEFAULT_MAX_CACHED_RESULTS);
    this.hostCache = new TtlMap(options.maxCachedResults ?? DEFAULT_MAX_CACHED_RESULTS);
    this.globalLimit = pLimit(options.globalConcurrency);
    this.addressPolicy = new AddressPolicy(options.allowPrivate ?? []);
  }

  stats(): EngineStats {
    return structuredClone(this.statsData);
  }

  resetStats(): void {
    this.statsData = emptyStats();
  }

  /** Drops what is cached about an address (a re-check must ask the server again). */
  forget(email: string): void {
    const parsed = parseAddress(email);
    if (parsed) this.results.delete(parsed.email);
  }

  /** Lets a persistent cache (the module's table) feed the in-memory one. */
  remember(result: EngineResult, ttlSeconds: number): void {
    if (CACHEABLE.has(result.status) && ttlSeconds > 0) this.results.set(result.email, { ...result, fromCache: false }, ttlSeconds);
  }

  clearCaches(): void {
    this.results.clear();
    this.routes.clear();
    this.catchAll.clear();
    this.hostCache.clear();
  }

  /** Verifies addresses; answers one result per input, in input order (duplicates share a probe). */
  async verify(inputs: readonly string[], options: VerifyBatchOptions = {}): Promise<EngineResult[]> {
    const out: (EngineResult | undefined)[] = new Array(inputs.length);
    const indicesByEmail = new Map<string, number[]>();
    const pending: Pending[] = [];
    const finish = (email: string, result: EngineResult) => {
      for (const index of indicesByEmail.get(email) ?? []) out[index] = result;
      if (CACHEABLE.has(result.status) && !result.fromCache) this.results.set(email, result, this.options.cacheTtlSeconds);
      options.onResult?.(result);
    };

    inputs.forEach((input, index) => {
      const address = parseAddress(input);
      if (!address) {
        out[index] = syntaxFailureResult(input);
        options.onResult?.(out[index]);
        return;
      }
      const seen = indicesByEmail.get(address.email);
      if (seen) {
        seen.push(index);
        return;
      }
      indicesByEmail.set(address.email, [index]);
      const cached = options.bypassCache ? undefined : this.results.get(address.email);
      if (cached) {
        this.statsData.cacheHits += 1;
        finish(address.email, { ...cached, fromCache: true });
        return;
      }
      this.statsData.cacheMisses += 1;
      const flags: EngineFlags = {
        disposable: isDisposableDomain(address.domain),
        role: isRoleAccount(address.local),
        free: isFreeMailDomain(address.domain),
        catchAll: false,
      };
      pending.push({ address, flags, suggestion: suggestCorrection(address), retried: false });
    });

    // Domain → mail route, then group by best MX so one MX shares sessions across its domains.
    const dnsLimit = pLimit(DNS_CONCURRENCY);
    const domains = [...new Set(pending.map((item) => item.address.domain))];
    const routes = new Map<string, MailRoute>();
    await Promise.all(domains.map((domain) => dnsLimit(async () => routes.set(domain, await this.routeOf(domain)))));

    const groups = new Map<string, MxGroup>();
    for (const item of pending) {
      const route = routes.get(item.address.domain)!;
      if (route.kind !== 'hosts') {
        finish(item.address.email, this.noRouteResult(item, route));
        continue;
      }
      if (this.catchAll.get(item.address.domain) === true) {
        // Known accept-all domain: a probe cannot tell more, so the server is not asked again.
        finish(item.address.email, this.build(item, 'catch_all', ['catch_all'], null, route.hosts[0]!.host));
        continue;
      }
      const key = route.hosts.map((host) => host.host).join(',');
      const group = groups.get(key) ?? { key, hosts: route.hosts.map((host) => host.host), queue: [], down: null, drops: 0 };
      group.queue.push(item);
      groups.set(key, group);
    }

    const batch: Batch = { signal: options.signal, dialogues: new Set() };
    const onAbort = () => {
      for (const dialogue of batch.dialogues) dialogue.abort();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await this.runGroups(groups, finish, batch);
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }

    // Anything left (an aborted batch) is honestly unknown.
    return out.map((result, index) => result ?? this.unresolved(inputs[index]!));
  }

  private async runGroups(groups: Map<string, MxGroup>, finish: (email: string, result: EngineResult) => void, batch: Batch): Promise<void> {
    await Promise.all(
      [...groups.values()].flatMap((group) => {
        const mxKey = group.hosts[0]!;
        let limit = this.mxLimits.get(mxKey);
        if (!limit) {
          limit = pLimit(this.options.perMxConcurrency);
          this.mxLimits.set(mxKey, limit);
        }
        const sessions = Math.min(this.options.perMxConcurrency, group.queue.length);
        return Array.from({ length: sessions }, () => limit(() => this.globalLimit(() => this.runSession(group, finish, batch))));
      }),
    );
  }

  private async routeOf(domain: string): Promise<MailRoute> {
    const cached = this.routes.get(domain);
    if (cached) return cached;
    const route = await this.dns.mailRoute(domain);
    // A DNS failure is not remembered: the next batch asks again.
    if (route.kind !== 'dns_error') this.routes.set(domain, route, this.options.routeTtlSeconds ?? DEFAULT_ROUTE_TTL_SECONDS);
    return route;
  }

  /** An MX host's addresses, looked up once per route TTL (every session of a batch needs them). */
  private async hostAddresses(host: string): Promise<string[]> {
    const cached = this.hostCache.get(host);
    if (cached) return cached;
    let pending = this.hostLookups.get(host);
    if (!pending) {
      pending = this.dns.addresses(host).finally(() => this.hostLookups.delete(host));
      this.hostLookups.set(host, pending);
    }
    const addresses = await pending;
    if (addresses === 'error') return [];
    this.hostCache.set(host, addresses, this.options.routeTtlSeconds ?? DEFAULT_ROUTE_TTL_SECONDS);
    return addresses;
  }

  private async runSession(group: MxGroup, finish: (email: string, result: EngineResult) => void, batch: Batch) {
    let session: OpenSession | null = null;
    let dialogue: SmtpDialogue | null = null;
    let host = group.hosts[0]!;
    let probes = 0;
    let inTransaction = false;
    const close = async () => {
      if (!session) return;
      const closing = session;
      session = null;
      dialogue = null;
      await closing.dialogue.quit();
      this.endSession(group.hosts[0]!, closing, batch);
    };
    try {
      while (group.queue.length > 0 && !batch.signal?.aborted) {
        const item = group.queue.shift()!;
        if (group.down) {
          finish(item.address.email, this.build(item, group.down.status, group.down.reasons, group.down.code, host, group.down.enhanced));
          continue;
        }
        if (!dialogue) {
          const opened = await this.openSession(group, batch);
          if ('failure' in opened) {
            group.down = opened.failure;
            finish(item.address.email, this.build(item, opened.failure.status, opened.failure.reasons, opened.failure.code, host, opened.failure.enhanced));
            continue;
          }
          session = opened;
          dialogue = opened.dialogue;
          host = opened.host;
          probes = 0;
          inTransaction = false;
        }
        try {
          const result = await this.probe(dialogue, item, host, inTransaction);
          inTransaction = false;
          group.drops = 0;
          finish(item.address.email, result.result);
          probes += 1;
          if (result.closeSession || probes >= (this.options.maxProbesPerSession ?? DEFAULT_MAX_PROBES_PER_SESSION)) await close();
        } catch (error) {
          if (!(error instanceof SmtpFailure)) throw error;
          await close();
          group.drops += 1;
          if (error.kind === 'dropped' && !item.retried && group.drops < MAX_DROPS_PER_BATCH) {
            // One fresh session for an address whose session broke under it.
            item.retried = true;
            group.queue.unshift(item);
            continue;
          }
          const reason: VerificationReason = error.kind === 'command_timeout' ? 'timeout' : 'connection_dropped';
          if (group.drops >= MAX_DROPS_PER_BATCH || error.kind === 'command_timeout') group.down = { status: 'unknown', reasons: [reason], code: null, enhanced: null };
          finish(item.address.email, this.build(item, 'unknown', [reason], null, host));
        }
      }
    } finally {
      await close();
    }
  }

  /** Connects to the first reachable MX (in preference order) and greets it. */
  private async openSession(group: MxGroup, batch: Batch): Promise<OpenSession | { failure: GroupDown }> {
    let failure: GroupDown = { status: 'unknown', reasons: ['connection_failed'], code: null, enhanced: null };
    const mx = group.hosts[0]!;
    for (const host of group.hosts) {
      // Only public addresses (or allowed ranges); an MX with none is treated as unreachable.
      const addresses = (await this.hostAddresses(host)).filter((address) => this.addressPolicy.refusal(address) === null);
      if (addresses.length === 0) continue;
      const address = addresses[0]!;
      const release = await this.addressSlot(address);
      if (batch.signal?.aborted) {
        this.releaseAddress(address, release);
        return { failure: { status: 'unknown', reasons: ['timeout'], code: null, enhanced: null } };
      }
      const dialogue = new SmtpDialogue({
        host: address,
        port: this.options.smtpPort,
        connectTimeoutMs: this.options.connectTimeoutMs,
        commandTimeoutMs: this.options.commandTimeoutMs,
      });
      const session: OpenSession = { dialogue, host, address, release };
      batch.dialogues.add(dialogue);
      let opened = false;
      try {
        const greeting = await dialogue.connect();
        this.sessionOpened(mx, address);
        opened = true;
        const failed = (reply: SmtpReply): GroupDown => {
          dialogue.close();
          this.endSession(mx, session, batch);
          opened = false;
          // 421/450/451 at greeting or EHLO: the server wants us back later (greylisting, load).
          const temporary = classifyRcpt(reply).kind === 'temporary';
          return {
            status: temporary ? 'greylist' : 'unknown',
            reasons: [temporary ? 'greylisted' : 'policy_block'],
            code: reply.code,
            enhanced: reply.enhanced,
          };
        };
        if (greeting.code !== 220) {
          failure = failed(greeting);
          continue;
        }
        const hello = await dialogue.ehlo(this.options.heloName);
        if (hello.code !== 250) {
          failure = failed(hello);
          continue;
        }
        return session;
      } catch (error) {
        dialogue.close();
        if (opened) this.endSession(mx, session, batch);
        else {
          batch.dialogues.delete(dialogue);
          this.releaseAddress(address, release);
        }
        if (!(error instanceof SmtpFailure)) throw error;
        failure = { status: 'unknown', reasons: [error.kind === 'connect_failed' ? 'connection_failed' : 'timeout'], code: null, enhanced: null };
      }
    }
    return { failure };
  }

  /** Waits for a free session slot of a server address (the per-MX cap applied per IP too). */
  private addressSlot(address: string): Promise<() => void> {
    let slots = this.addressSlots.get(address);
    if (!slots) {
      slots = new Slots(this.options.perMxConcurrency);
      this.addressSlots.set(address, slots);
    }
    return slots.acquire();
  }

  private releaseAddress(address: string, release: () => void): void {
    release();
    // Forget idle addresses so a long-running engine does not keep one entry per IP ever dialled.
    if (this.addressSlots.get(address)?.idle) this.addressSlots.delete(address);
  }

  private endSession(mx: string, session: OpenSession, batch: Batch): void {
    if (!batch.dialogues.delete(session.dialogue)) return;
    this.sessionClosed(mx, session.address);
    this.releaseAddress(session.address, session.release);
  }

  private async probe(
    dialogue: SmtpDialogue,
    item: Pending,
    host: string,
    inTransaction: boolean,
  ): Promise<{ result: EngineResult; closeSession: boolean }> {
    const smtpUtf8 = dialogue.extensions.has('SMTPUTF8');
    if (item.address.utf8Local && !smtpUtf8) {
      // RFC 6531 §3.2: such a recipient may only be given to a server that announced SMTPUTF8.
      return { result: this.build(item, 'unknown', ['smtputf8_unsupported'], null, host), closeSession: false };
    }
    if (!inTransaction) {
      const from = await dialogue.mailFrom(this.options.mailFrom, { smtpUtf8: item.address.utf8Local });
      if (from.code !== 250) {
        const temporary = from.code >= 400 && from.code < 500;
        return {
          result: this.build(item, temporary ? 'greylist' : 'unknown', [temporary ? 'greylisted' : 'policy_block'], from.code, host, from.enhanced),
          closeSession: true,
        };
      }
    }
    const reply = await dialogue.rcptTo(item.address.email);
    const verdict = classifyRcpt(reply);
    let result: EngineResult;
    if (verdict.kind === 'accepted') {
      let catchAll = this.catchAll.get(item.address.domain);
      if (catchAll === undefined) {
        const decoy = await dialogue.rcptTo(`${randomLocalPart()}@${item.address.domain}`);
        const decoyVerdict = classifyRcpt(decoy);
        if (decoyVerdict.kind === 'accepted') catchAll = true;
        else if (decoyVerdict.kind === 'rejected') catchAll = false;
        if (catchAll !== undefined) this.catchAll.set(item.address.domain, catchAll, this.options.cacheTtlSeconds);
      }
      result =
        catchAll === true
          ? this.build(item, 'catch_all', ['catch_all'], reply.code, host, reply.enhanced)
          : this.build(item, 'valid', ['accepted'], reply.code, host, reply.enhanced);
    } else if (verdict.kind === 'rejected') {
      result = this.build(item, 'not_valid', [verdict.reason], reply.code, host, reply.enhanced);
    } else if (verdict.kind === 'full') {
      // A full mailbox exists but cannot take mail now: honest answer is "unknown", high risk.
      result = this.build(item, 'unknown', ['mailbox_full'], reply.code, host, reply.enhanced);
    } else if (verdict.kind === 'policy') {
      result = this.build(item, 'unknown', ['policy_block'], reply.code, host, reply.enhanced);
    } else if (verdict.kind === 'temporary') {
      result = this.build(item, 'greylist', ['greylisted'], reply.code, host, reply.enhanced);
    } else {
      result = this.build(item, 'unknown', ['smtp_error'], reply.code, host, reply.enhanced);
    }
    // 421: the server is closing the channel.
    if (reply.code === 421) return { result, closeSession: true };
    const reset = await dialogue.rset();
    return { result, closeSession: reset.code !== 250 };
  }

  private build(
    item: Pending,
    status: EngineStatus,
    reasons: VerificationReason[],
    smtpCode: number | null,
    mxHost: string | null,
    enhancedCode: string | null = null,
  ): EngineResult {
    const flags = { ...item.flags, catchAll: status === 'catch_all' };
    return {
      email: item.address.email,
      status,
      reasons: [...reasons, ...flagReasons(flags)],
      smtpCode,
      enhancedCode,
      mxHost,
      flags,
      risk: riskOf(status, flags),
      suggestion: item.suggestion,
      fromCache: false,
      syntaxValid: true,
    };
  }

  private noRouteResult(item: Pending, route: Exclude<MailRoute, { kind: 'hosts' }>): EngineResult {
    switch (route.kind) {
      case 'nxdomain':
        return this.build(item, 'not_valid', ['domain_missing'], null, null);
      case 'null_mx':
        return this.build(item, 'not_valid', ['null_mx'], null, null);
      case 'no_mail_host':
        return this.build(item, 'not_valid', ['mx_missing'], null, null);
      default:
        // SERVFAIL, a timeout, or a resolver that cannot even find the canary: not "missing".
        return this.build(item, 'unknown', ['dns_lookup_failed'], null, null);
    }
  }


  private unresolved(input: string): EngineResult {
    const address = parseAddress(input);
    if (!address) return syntaxFailureResult(input);
    const flags = { disposable: false, role: false, free: false, catchAll: false };
    return this.build({ address, flags, suggestion: null, retried: false }, 'unknown', ['timeout'], null, null);
  }

  private sessionOpened(mx: string, address: string): void {
    const active = (this.activeByMx.get(mx) ?? 0) + 1;
    this.activeByMx.set(mx, active);
    const onAddress = (this.activeByAddress.get(address) ?? 0) + 1;
    this.activeByAddress.set(address, onAddress);
    this.statsData.connectionsOpened += 1;
    this.statsData.connectionsByMx[mx] = (this.statsData.connectionsByMx[mx] ?? 0) + 1;
    this.statsData.maxConcurrentByMx[mx] = Math.max(this.statsData.maxConcurrentByMx[mx] ?? 0, active);
    this.statsData.maxConcurrentByAddress[address] = Math.max(this.statsData.maxConcurrentByAddress[address] ?? 0, onAddress);
  }

  private sessionClosed(mx: string, address: string): void {
    this.activeByMx.set(mx, Math.max(0, (this.activeByMx.get(mx) ?? 1) - 1));
    const onAddress = Math.max(0, (this.activeByAddress.get(address) ?? 1) - 1);
    if (onAddress === 0) this.activeByAddress.delete(address);
    else this.activeByAddress.set(address, onAddress);
  }
}

function emptyStats(): EngineStats {
  return { connectionsOpened: 0, connectionsByMx: {}, maxConcurrentByMx: {}, maxConcurrentByAddress: {}, cacheHits: 0, cacheMisses: 0 };
}

/** The answer for an address that is not one (no DNS or SMTP is asked; never charged). */
export function syntaxFailureResult(input: string): EngineResult {
  return {
    email: input.trim().toLowerCase().slice(0, 254),
    status: 'not_valid',
    reasons: ['syntax'],
    smtpCode: null,
    enhancedCode: null,
    mxHost: null,
    flags: { disposable: false, role: false, free: false, catchAll: false },
    risk: 'high',
    suggestion: null,
    fromCache: false,
    syntaxValid: false,
  };
}
