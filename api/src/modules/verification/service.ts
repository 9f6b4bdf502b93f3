/**
 * The verification area's rules: credits (one per distinct, syntactically valid address not
 * verified by the account within the cache TTL; refunded when the answer is unknown), the
 * account's history, the shared result cache, greylist re-checks with back-off and bulk jobs.
 * The engine (engines/verification) does the DNS and SMTP work; the repository the SQL.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import {
  isVerificationResolved,
  VERIFICATION_REASONS,
  type BulkVerification,
  type BulkVerificationRow,
  type EmailVerificationDetail,
  type EmailVerificationStatus,
  type PushEvent,
  type VerificationReason,
} from '@leadforge/contracts';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/types';
import type { StoredVerificationDetail } from '../../db/schema';
import { VerificationEngine, syntaxFailureResult } from '../../engines/verification/engine';
import { parseAddress } from '../../engines/verification/syntax';
import type { EngineResult, EngineStatus } from '../../engines/verification/types';
import { DomainError } from '../../http/domain-error';
import type { JobQueue } from '../../jobs/queue';
import type { VerificationActor, VerificationModule, VerificationOutcome, VerifyOptions } from './module';
import * as repo from './repository';

export const BULK_JOB = 'verification.bulk';
export const GREYLIST_JOB = 'verification.greylist-recheck';
/** Re-checks of a greylisted address before it is reported unknown (back-off doubles each time). */
export const MAX_GREYLIST_RECHECKS = 5;
/** Addresses verified per step of a bulk job (progress is pushed after each). */
export const BULK_CHUNK = 200;
/** Rejected upload rows listed back to the client (the rest are only counted). */
const MAX_REJECTED_ROWS_LISTED = 1_000;

export type VerificationSource = 'single' | 'bulk' | 'finder' | 'prospects' | 'other';

export interface ServiceVerifyOptions extends VerifyOptions {
  source?: VerificationSource;
  /** What the ledger records the spending against (a bulk job). */
  reference?: string;
}

/** The `job.progress` push id of a bulk verification (the finder's bulk jobs use their own prefix). */
export function bulkProgressJobId(bulkId: number): string {
  return `verification-bulk-${bulkId}`;
}

export interface GreylistJobData {
  userId: number;
  accountId: number;
  email: string;
  attempt: number;
}

export interface BulkJobData {
  bulkId: number;
  generation: number;
}

export interface PushTarget {
  emitToUser(userId: number, event: PushEvent): void;
}

export interface VerificationServiceDeps {
  db: Db;
  config: AppConfig;
  push: PushTarget;
}

const STATUS_TEXT: Record<EmailVerificationStatus, string> = {
  not_verified: 'Not verified',
  in_progress: 'In progress',
  greylist: 'Greylisted',
  valid: 'Valid',
  catch_all: 'Catch-all',
  not_valid: 'Not valid',
  unknown: 'Unknown',
};

const REASONS = new Set<string>(VERIFICATION_REASONS);
const FINAL: ReadonlySet<string> = new Set(['valid', 'not_valid', 'catch_all']);
const JOB_STATE: Record<string, 'queued' | 'active' | 'paused' | 'completed' | 'failed' | 'cancelled'> = {
  queued: 'queued',
  in_progress: 'active',
  paused: 'paused',
  completed: 'completed',
  stopped: 'cancelled',
  failed: 'failed',
};

/** One engine per process configuration, so the API and its in-process job workers share caches and MX caps. */
const engines = new WeakMap<AppConfig, VerificationEngine>();
export function engineFor(config: AppConfig): VerificationEngine {
  let engine = engines.get(config);
  if (!engine) {
    const v = config.verification;
    engine = new VerificationEngine({
      dnsServers: config.dnsServers,
      smtpPort: v.smtpPort,
      heloName: v.heloName,
      mailFrom: v.mailFrom,
      connectTimeoutMs: v.connectTimeoutMs,
      commandTimeoutMs: v.commandTimeoutMs,
      perMxConcurrency: v.perMxConcurrency,
      globalConcurrency: v.globalConcurrency,
      cacheTtlSeconds: v.cacheTtlSeconds,
      allowPrivate: v.allowPrivate,
      ...(v.dnsCanary ? { dnsCanary: v.dnsCanary } : {}),
    });
    engines.set(config, engine);
  }
  return engine;
}

function detailOf(result: EngineResult): StoredVerificationDetail {
  return {
    reasons: result.reasons,
    smtpCode: result.smtpCode,
    enhancedCode: result.enhancedCode,
    mxHost: result.mxHost,
    flags: result.flags,
    risk: result.risk,
    suggestion: result.suggestion,
  };
}

function resultOf(email: string, status: string, detail: StoredVerificationDetail, fromCache: boolean): EngineResult {
  return {
    email,
    status: status as EngineStatus,
    reasons: detail.reasons.filter((reason): reason is VerificationReason => REASONS.has(reason)),
    smtpCode: detail.smtpCode,
    enhancedCode: detail.enhancedCode,
    mxHost: detail.mxHost,
    flags: detail.flags,
    risk: detail.risk,
    suggestion: detail.suggestion,
    fromCache,
    syntaxValid: !detail.reasons.includes('syntax'),
  };
}

function outcomeOf(result: EngineResult, charged: boolean): VerificationOutcome {
  return {
    email: result.email,
    status: result.status,
    reasons: result.reasons,
    smtpCode: result.smtpCode,
    enhancedCode: result.enhancedCode,
    flags: result.flags,
    risk: result.risk,
    suggestion: result.suggestion,
    fromCache: result.fromCache,
    charged,
  };
}

/** The key an address is stored under: its normalised form, else the trimmed lower-cased input. */
export function emailKey(input: string): string {
  return parseAddress(input)?.email ?? input.trim().toLowerCase().slice(0, 254);
}

export function toDetail(row: repo.VerificationRow): EmailVerificationDetail {
  const status = row.status as EmailVerificationStatus;
  return {
    id: row.id,
    email: row.email,
    status,
    statusVerifyText: STATUS_TEXT[status] ?? status,
    isGreylisted: status === 'greylist',
    verifiedAt: row.verifiedAt ? row.verifiedAt.toISOString() : null,
    reasons: row.detail.reasons.filter((reason): reason is VerificationReason => REASONS.has(reason)),
    smtpCode: row.detail.smtpCode,
    enhancedCode: row.detail.enhancedCode,
    mxHost: row.detail.mxHost,
    flags: row.detail.flags,
    risk: row.detail.risk,
    suggestion: row.detail.suggestion,
    charged: row.charged,
  };
}

export function toBulk(row: repo.BulkRow): BulkVerification {
  return {
    id: row.id,
    name: row.name,
    status: row.status as BulkVerification['status'],
    total: row.total,
    processed: row.processed,
    valid: row.valid,
    notValid: row.notValid,
    catchAll: row.catchAll,
    unknown: row.unknown,
    greylist: row.greylist,
    skipped: row.skipped,
    charged: row.charged,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

export function toBulkRow(row: repo.BulkItemRow): BulkVerificationRow {
  return {
    row: row.row,
    email: row.email,
    status: row.status as EmailVerificationStatus,
    reasons: (row.detail?.reasons ?? []).filter((reason): reason is VerificationReason => REASONS.has(reason)),
    smtpCode: row.detail?.smtpCode ?? null,
    enhancedCode: row.detail?.enhancedCode ?? null,
    flags: row.detail?.flags ?? { disposable: false, role: false, free: false, catchAll: false },
    risk: row.detail?.risk ?? null,
    suggestion: row.detail?.suggestion ?? null,
  };
}

export interface CostEstimate {
  total: number;
  duplicates: number;
  syntaxInvalid: number;
  alreadyVerified: number;
  toVerify: number;
}

export class VerificationService implements Omit<VerificationModule, 'service'> {
  private queue: JobQueue | undefined;
  readonly engine: VerificationEngine;

  constructor(private readonly deps: VerificationServiceDeps) {
    this.engine = engineFor(deps.config);
  }

  useQueue(queue: JobQueue | undefined): void {
    this.queue = queue;
  }

  private get db(): Db {
    return this.deps.db;
  }

  private get ttlMs(): number {
    return this.deps.config.verification.cacheTtlSeconds * 1000;
  }

  /** Whether the account's own row answers without a new probe (fresh final result, or a pending re-check). */
  private isFresh(row: repo.VerificationRow | undefined, now: number): boolean {
    if (!row) return false;
    if (FINAL.has(row.status)) return row.verifiedAt !== null && now - row.verifiedAt.getTime() < this.ttlMs;
    // A greylisted address already has its re-check scheduled: asking again must not probe or charge.
    return !isVerificationResolved(row.status as EmailVerificationStatus) && now - row.updatedAt.getTime() < this.ttlMs;
  }

  async balance(actor: VerificationActor): Promise<number> {
    return repo.balanceOf(this.db, actor);
  }

  async verify(actor: VerificationActor, emails: string[], options: ServiceVerifyOptions = {}): Promise<VerificationOutcome[]> {
    return (await this.verifyRecords(actor, emails, options)).outcomes;
  }

  async latest(actor: VerificationActor, emails: string[]): Promise<Map<string, VerificationOutcome>> {
    const rows = await repo.verificationsByEmails(this.db, actor, [...new Set(emails.map(emailKey))]);
    return new Map(rows.map((row) => [row.email, outcomeOf(resultOf(row.email, row.status, row.detail, true), row.charged)]));
  }

  /** The account's results of these ids; not_found unless every one is the account's. */
  async recordsByIds(actor: VerificationActor, ids: number[]): Promise<repo.VerificationRow[]> {
    const unique = [...new Set(ids)];
    const rows = await repo.verificationsByIds(this.db, actor, unique);
    if (rows.length !== unique.length) throw new DomainError('not_found');
    return rows;
  }

  /** The account's results of these addresses or ids (the re-polled statuses). */
  async records(actor: VerificationActor, emails: string[], ids: number[]): Promise<repo.VerificationRow[]> {
    const [byEmail, byId] = await Promise.all([
      repo.verificationsByEmails(this.db, actor, [...new Set(emails.map(emailKey))]),
      repo.verificationsByIds(this.db, actor, [...new Set(ids)]),
    ]);
    return [...new Map([...byEmail, ...byId].map((row) => [row.id, row])).values()];
  }

  lastSingle(actor: VerificationActor): Promise<repo.VerificationRow | null> {
    return repo.lastSingle(this.db, actor);
  }

  history(actor: VerificationActor, page: number, perPage: number, status: string | undefined) {
    return repo.verifiedPage(this.db, actor, page, perPage, status);
  }

  bulks(actor: VerificationActor, page: number, perPage: number) {
    return repo.bulkPage(this.db, actor, page, perPage);
  }

  /** A page of a bulk job's rows; not_found for a job of another account. */
  async bulkResults(actor: VerificationActor, id: number, page: number, perPage: number, status: string | undefined) {
    const bulk = await this.bulk(actor, id);
    return { bulk, ...(await repo.bulkResultsPage(this.db, actor, bulk.id, page, perPage, status)) };
  }

  /** Estimate of document 2 §7.4 calculate-emails-for-verify. */
  async estimate(actor: VerificationActor, inputs: string[]): Promise<CostEstimate> {
    const seen = new Set<string>();
    let duplicates = 0;
    let syntaxInvalid = 0;
    for (const input of inputs) {
      const parsed = parseAddress(input);
      if (!parsed) {
        syntaxInvalid += 1;
        continue;
      }
      if (seen.has(parsed.email)) duplicates += 1;
      seen.add(parsed.email);
    }
    const now = Date.now();
    const own = new Map((await repo.verificationsByEmails(this.db, actor, [...seen])).map((row) => [row.email, row]));
    const alreadyVerified = [...seen].filter((email) => this.isFresh(own.get(email), now)).length;
    return { total: inputs.length, duplicates, syntaxInvalid, alreadyVerified, toVerify: seen.size - alreadyVerified };
  }

  /**
   * The core: verifies, charges, stores. Answers the outcomes in input order and the account's
   * stored rows (syntax failures are stored only for single verifications, which need an id).
   */
  async verifyRecords(
    actor: VerificationActor,
    inputs: string[],
    options: ServiceVerifyOptions = {},
  ): Promise<{ outcomes: VerificationOutcome[]; rows: Map<string, repo.VerificationRow> }> {
    const source = options.source ?? 'other';
    const now = Date.now();
    const parsed = inputs.map((input) => parseAddress(input));
    const distinct = [...new Set(parsed.flatMap((address) => (address ? [address.email] : [])))];
    const own = new Map((await repo.verificationsByEmails(this.db, actor, distinct)).map((row) => [row.email, row]));
    const toProbe = distinct.filter((email) => !this.isFresh(own.get(email), now));

    const charge = options.charge === false ? 0 : toProbe.length;
    const reference = options.reference ?? (toProbe.length === 1 ? toProbe[0]! : null);
    if (charge > 0) {
      const left = await repo.debit(this.db, actor, charge, `verify_${source}`, reference);
      if (left === null) throw new DomainError('billing_source');
    }

    // The shared cache (every account's findings within the TTL) spares the mail servers.
    const ttlSeconds = this.deps.config.verification.cacheTtlSeconds;
    for (const cached of await repo.cachedResults(this.db, toProbe, new Date(now))) {
      this.engine.remember(resultOf(cached.email, cached.status, cached.detail, true), Math.max(1, Math.floor((cached.expiresAt.getTime() - now) / 1000)));
    }
    let results: EngineResult[];
    try {
      results = toProbe.length > 0 ? await this.engine.verify(toProbe, { signal: options.signal }) : [];
    } catch (error) {
      // Nothing was answered: the credits go back before the error surfaces.
      if (charge > 0) await repo.credit(this.db, actor, charge, 'refund_failure', reference);
      throw error;
    }

    const unknown = charge > 0 ? results.filter((result) => result.status === 'unknown').length : 0;
    if (unknown > 0) {
      // Honest billing: an address the engine could not judge costs nothing.
      await repo.credit(this.db, actor, unknown, 'refund_unknown', reference);
    }
    if (charge > 0) this.deps.push.emitToUser(actor.userId, { type: 'account.changed', payload: { what: 'balance' } });
    const verifiedAt = new Date();
    const written = await repo.upsertVerifications(
      this.db,
      actor,
      results.map((result) => ({
        email: result.email,
        status: result.status,
        detail: detailOf(result),
        source,
        charged: charge > 0 && result.status !== 'unknown',
        verifiedAt,
      })),
    );
    for (const row of written) own.set(row.email, row);
    const cacheable = results.filter((result) => FINAL.has(result.status) && !result.fromCache);
    if (ttlSeconds > 0) {
      await repo.writeCache(
        this.db,
        cacheable.map((result) => ({ email: result.email, domain: result.email.split('@')[1]!, status: result.status, detail: detailOf(result) })),
        new Date(now + ttlSeconds * 1000),
      );
    }
    for (const result of results) {
      if (result.status === 'greylist') {
        await this.scheduleRecheck({ userId: actor.userId, accountId: actor.accountId, email: result.email, attempt: 0 }, verifiedAt);
      }
    }

    if (source === 'single') {
      const answeredAgain = distinct.filter((email) => !toProbe.includes(email));
      for (const row of await repo.touchVerifications(this.db, actor, answeredAgain, source)) own.set(row.email, row);
    }

    // Syntax failures: a result, free, stored only when the caller needs a record (verify-one).
    const syntaxRows = new Map<string, repo.VerificationRow>();
    const failures = inputs.filter((_, index) => !parsed[index]);
    if (source === 'single' && failures.length > 0) {
      const syntax = failures.map((input) => syntaxFailureResult(input));
      for (const row of await repo.upsertVerifications(
        this.db,
        actor,
        syntax.map((result) => ({ email: result.email, status: result.status, detail: detailOf(result), source, charged: false, verifiedAt })),
      )) {
        syntaxRows.set(row.email, row);
      }
    }

    const fresh = new Set(toProbe);
    const outcomes = inputs.map((input, index) => {
      const address = parsed[index];
      if (!address) return outcomeOf(syntaxFailureResult(input), false);
      const row = own.get(address.email)!;
      const probed = fresh.has(address.email);
      const result = resultOf(row.email, row.status, row.detail, !probed);
      return outcomeOf(result, probed && row.charged);
    });
    for (const outcome of outcomes) options.onResult?.(outcome);
    return { outcomes, rows: new Map([...own, ...syntaxRows]) };
  }


  // ---------------------------------------------------------------- greylisting

  private async scheduleRecheck(data: GreylistJobData, greylistedAt: Date): Promise<void> {
    if (!this.queue) return;
    const retry = this.deps.config.verification.greylistRetrySeconds;
    await this.queue.enqueue(GREYLIST_JOB, data, {
      // Back-off: retry, 2×, 4×… the configured delay (greylisting servers want a patient sender).
      startAfterSeconds: retry * 2 ** data.attempt,
      idempotencyKey: `${data.accountId}:${data.email}:${data.attempt}:${greylistedAt.getTime()}`,
    });
  }

  /** The durable re-check of a greylisted address (free: the first check was paid). */
  async recheckGreylisted(data: GreylistJobData, signal?: AbortSignal): Promise<void> {
    // The job was raised for this user and account: it acts in their scope, like their request did.
    const actor = { userId: data.userId, accountId: data.accountId };
    const [row] = await repo.verificationsByEmails(this.db, actor, [data.email]);
    if (!row || row.status !== 'greylist') return;
    this.engine.forget(data.email);
    const [result] = await this.engine.verify([data.email], { bypassCache: true, signal });
    if (!result) return;
    const exhausted = result.status === 'greylist' && data.attempt + 1 >= MAX_GREYLIST_RECHECKS;
    // Never got past greylisting: an honest "unknown", not a guess.
    const final = exhausted ? { ...result, status: 'unknown' as const, risk: 'high' as const } : result;
    const verifiedAt = new Date();
    await repo.upsertVerifications(this.db, actor, [
      { email: final.email, status: final.status, detail: detailOf(final), source: row.source, charged: row.charged, retryCount: data.attempt + 1, verifiedAt },
    ]);
    if (FINAL.has(final.status)) {
      await repo.writeCache(
        this.db,
        [{ email: final.email, domain: final.email.split('@')[1]!, status: final.status, detail: detailOf(final) }],
        new Date(Date.now() + this.ttlMs),
      );
    }
    if (final.status === 'greylist') {
      await this.scheduleRecheck({ ...data, attempt: data.attempt + 1 }, verifiedAt);
      return;
    }
    for (const bulkId of await repo.resolveGreylistedBulkRows(this.db, actor, final.email, final.status, detailOf(final))) {
      const bulk = await repo.refreshBulkCounters(this.db, actor, bulkId);
      if (bulk) this.pushProgress(bulk);
    }
  }

  // ---------------------------------------------------------------- bulk jobs

  /** Rows of an upload: the email column of a CSV, or pasted lines. */
  private uploadValues(body: { emails?: string[] | undefined; csv?: string | undefined }): string[] {
    if (body.emails) return body.emails.map((value) => value.trim()).filter((value) => value.length > 0);
    let records: string[][];
    try {
      records = parseCsv(body.csv ?? '', { relax_column_count: true, skip_empty_lines: true, trim: true, bom: true }) as string[][];
    } catch {
      throw new DomainError('field_invalid', { field: 'csv' });
    }
    if (records.length === 0) return [];
    const header = records[0]!.map((cell) => cell.toLowerCase());
    let column = header.findIndex((cell) => /^(e-?mail|email address|e-mail address|mail)$/.test(cell));
    const hasHeader = column >= 0 || !header.some((cell) => cell.includes('@'));
    if (column < 0) {
      // No named column: the first one that holds addresses in the first rows.
      const sample = records.slice(hasHeader ? 1 : 0, 50);
      column = Math.max(0, header.findIndex((_, index) => sample.some((row) => (row[index] ?? '').includes('@'))));
    }
    return records.slice(hasHeader ? 1 : 0).map((row) => (row[column] ?? '').trim()).filter((value) => value.length > 0);
  }

  async createBulk(actor: VerificationActor, input: { name: string; emails?: string[] | undefined; csv?: string | undefined }) {
    const values = this.uploadValues(input);
    if (values.length === 0) throw new DomainError('field_required', { field: 'emails' });
    if (values.length > 10_000) throw new DomainError('field_too_long', { field: 'emails' });
    const rejectedRows: { row: number; value: string; reason: 'syntax' | 'duplicate' }[] = [];
    const seen = new Set<string>();
    const rows: { row: number; email: string; status: string; detail: StoredVerificationDetail | null }[] = [];
    values.forEach((value, index) => {
      const row = index + 1;
      const address = parseAddress(value);
      if (!address) {
        rejectedRows.push({ row, value: value.slice(0, 1_000), reason: 'syntax' });
        const failure = syntaxFailureResult(value);
        rows.push({ row, email: failure.email, status: 'not_valid', detail: detailOf(failure) });
        return;
      }
      if (seen.has(address.email)) {
        rejectedRows.push({ row, value: value.slice(0, 1_000), reason: 'duplicate' });
        return;
      }
      seen.add(address.email);
      rows.push({ row, email: address.email, status: 'not_verified', detail: null });
    });
    const estimate = await this.estimate(actor, [...seen]);
    if (estimate.toVerify > (await this.balance(actor))) throw new DomainError('billing_source');
    const bulk = await repo.createBulk(this.db, actor, input.name, rows);
    await this.startRun(bulk);
    return { job: toBulk(bulk), rejectedRows: rejectedRows.slice(0, MAX_REJECTED_ROWS_LISTED) };
  }

  private async startRun(bulk: repo.BulkRow): Promise<void> {
    const data: BulkJobData = { bulkId: bulk.id, generation: bulk.generation };
    if (this.queue) {
      await this.queue.enqueue(BULK_JOB, data, { idempotencyKey: `${bulk.id}:${bulk.generation}` });
    } else {
      // No queue (tests that run without jobs): run in this process.
      void this.runBulk(data).catch(() => undefined);
    }
  }

  private pushProgress(bulk: repo.BulkRow): void {
    this.deps.push.emitToUser(bulk.userId, {
      type: 'job.progress',
      payload: {
        jobId: bulkProgressJobId(bulk.id),
        kind: 'bulk_verification',
        state: JOB_STATE[bulk.status] ?? 'active',
        processed: bulk.processed,
        total: bulk.total,
      },
    });
  }

  /** One run of a bulk job (a durable job); stops at pause, cancel, or a newer run. */
  async runBulk(data: BulkJobData, signal?: AbortSignal): Promise<void> {
    // The job names only the bulk id: its owner is learnt once, then every read and write of the
    // run goes through the owner's scope, as their own request would.
    const actor = await repo.bulkOwnerForJob(this.db, data.bulkId);
    if (!actor) return;
    for (;;) {
      const bulk = await repo.bulkOf(this.db, actor, data.bulkId);
      if (!bulk || bulk.generation !== data.generation || signal?.aborted) return;
      if (bulk.status === 'queued') {
        const started = await repo.transitionBulk(this.db, actor, bulk.id, ['queued'], 'in_progress');
        if (started) this.pushProgress(started);
        continue;
      }
      if (bulk.status !== 'in_progress') return;
      const rows = await repo.nextBulkRows(this.db, actor, bulk.id, BULK_CHUNK);
      if (rows.length === 0) {
        await repo.refreshBulkCounters(this.db, actor, bulk.id);
        const done = await repo.transitionBulk(this.db, actor, bulk.id, ['in_progress'], 'completed', { completed: true });
        if (done) this.pushProgress(done);
        return;
      }
      let outcomes: VerificationOutcome[];
      try {
        outcomes = await this.verify(
          actor,
          rows.map((row) => row.email),
          { source: 'bulk', reference: `bulk:${bulk.id}`, signal },
        );
      } catch (error) {
        if (error instanceof DomainError && error.items[0]?.key === 'billing_source') {
          // Out of credits mid-way: pause, so a top-up and a resume continue where it stopped.
          const paused = await repo.transitionBulk(this.db, actor, bulk.id, ['in_progress'], 'paused');
          if (paused) this.pushProgress(paused);
          return;
        }
        throw error;
      }
      if (signal?.aborted) return;
      await repo.saveBulkResults(
        this.db,
        actor,
        bulk.id,
        outcomes.map((outcome) => ({
          email: outcome.email,
          status: outcome.status,
          detail: {
            reasons: outcome.reasons,
            smtpCode: outcome.smtpCode,
            enhancedCode: outcome.enhancedCode,
            mxHost: null,
            flags: outcome.flags,
            risk: outcome.risk,
            suggestion: outcome.suggestion,
          },
        })),
      );
      const charged = outcomes.filter((outcome) => outcome.charged).length;
      const updated = await repo.refreshBulkCounters(this.db, actor, bulk.id, charged);
      if (updated) this.pushProgress(updated);
    }
  }

  async bulk(actor: VerificationActor, id: number): Promise<repo.BulkRow> {
    const bulk = await repo.bulkOf(this.db, actor, id);
    if (!bulk) throw new DomainError('not_found');
    return bulk;
  }

  async pauseBulk(actor: VerificationActor, id: number): Promise<repo.BulkRow> {
    await this.bulk(actor, id);
    const paused = await repo.transitionBulk(this.db, actor, id, ['queued', 'in_progress'], 'paused');
    if (!paused) throw new DomainError('conflict');
    this.pushProgress(paused);
    return paused;
  }

  async resumeBulk(actor: VerificationActor, id: number): Promise<repo.BulkRow> {
    const bulk = await this.bulk(actor, id);
    const left = bulk.total - bulk.processed;
    if (bulk.status === 'paused' && left > 0 && (await this.balance(actor)) <= 0) throw new DomainError('billing_source');
    const resumed = await repo.transitionBulk(this.db, actor, id, ['paused'], 'queued', { bumpGeneration: true });
    if (!resumed) throw new DomainError('conflict');
    await this.startRun(resumed);
    this.pushProgress(resumed);
    return resumed;
  }

  async cancelBulk(actor: VerificationActor, id: number): Promise<repo.BulkRow> {
    await this.bulk(actor, id);
    const stopped = await repo.transitionBulk(this.db, actor, id, ['queued', 'in_progress', 'paused'], 'stopped', {
      bumpGeneration: true,
      completed: true,
    });
    if (!stopped) throw new DomainError('conflict');
    this.pushProgress(stopped);
    return stopped;
  }
}
