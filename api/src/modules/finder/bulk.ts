/**
 * Bulk email search from names and bulk domain search: durable runs on the job queue that save
 * what they find into a prospect list, report progress over the socket (`job.progress`), and can
 * be paused, resumed and cancelled between rows. Results download as CSV.
 */
import {
  FINDER_LIMITS,
  bulkProgressJobId,
  normaliseDomain,
  type BulkJob,
  type BulkRowResult,
  type FinderResultStatus,
  type ProspectTarget,
  type RowError,
} from '@leadforge/contracts';
import type { Db } from '../../db/types';
import type { JobQueue } from '../../jobs/queue';
import type { PushTarget } from '../../jobs/registry';
import { DomainError } from '../../http/domain-error';
import { callerForUser, scopeOf, type Caller } from '../account/caller';
import type { FoundProspect } from '../prospects/module';
import { parseNamesCsv, toCsv, validateNameRows, type NameRowInput } from './csv';
import * as repo from './repository';
import { domainEmailToProspect, type FinderService } from './service';

export const BULK_JOB_NAME = 'finder.bulk';
/** Lines read from the database per step of a run. */
const LINES_PER_STEP = 20;
const RESULTS_PER_PAGE = 50;
const BILLING_KEYS: readonly string[] = ['billing_source', 'insufficient_balance'];

export interface BulkJobData {
  bulkId: number;
}

type Line = Omit<BulkRowResult, 'row'>;

function toBulkJob(row: repo.BulkRow): BulkJob {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    state: row.state,
    total: row.total,
    processed: row.processed,
    found: row.found,
    listId: row.listId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function targetColumns(target: ProspectTarget) {
  return 'listId' in target ? { targetListId: target.listId, targetListName: null } : { targetListId: null, targetListName: target.listName };
}

export class BulkSearches {
  private queue: JobQueue | undefined;

  constructor(
    private readonly finder: FinderService,
    private readonly db: Db,
    private readonly push: Pick<PushTarget, 'emitToUser'>,
  ) {}

  useQueue(queue: JobQueue | undefined) {
    this.queue = queue;
  }

  // ------------------------------------------------------------ creation

  async createNames(caller: Caller, body: { name: string; target: ProspectTarget; csv?: string | undefined; rows?: NameRowInput[] | undefined }) {
    if (body.csv === undefined && body.rows === undefined) throw new DomainError('field_required', { field: 'csv' });
    const parsed = body.csv !== undefined ? parseNamesCsv(body.csv) : { rows: body.rows ?? [], firstRow: 1, errors: [] as RowError[] };
    if (parsed.rows.length > FINDER_LIMITS.bulkRowsMax) throw new DomainError('field_too_long', { field: body.csv !== undefined ? 'csv' : 'rows' });
    const { good, errors } = validateNameRows(parsed.rows, parsed.firstRow);
    const rowErrors = [...parsed.errors, ...errors];
    if (good.length === 0) return { job: null, accepted: 0, rowErrors };
    const job = await this.create(caller, 'names', body.name, body.target, null, good);
    return { job, accepted: good.length, rowErrors };
  }

  async createDomains(caller: Caller, body: { name: string; target: ProspectTarget; domains: string[]; position?: string | undefined }) {
    const rowErrors: RowError[] = [];
    const good: { row: number; firstName: null; lastName: null; domain: string }[] = [];
    const seen = new Set<string>();
    body.domains.forEach((raw, at) => {
      const domain = normaliseDomain(raw);
      if (!raw.trim()) rowErrors.push({ row: at + 1, field: 'domain', key: 'field_required' });
      else if (!domain) rowErrors.push({ row: at + 1, field: 'domain', key: 'domain_invalid' });
      else if (!seen.has(domain)) {
        seen.add(domain);
        good.push({ row: at + 1, firstName: null, lastName: null, domain });
      }
    });
    if (good.length === 0) return { job: null, accepted: 0, rowErrors };
    const job = await this.create(caller, 'domains', body.name, body.target, body.position?.trim() || null, good);
    return { job, accepted: good.length, rowErrors };
  }

  private async create(
    caller: Caller,
    kind: 'names' | 'domains',
    name: string,
    target: ProspectTarget,
    position: string | null,
    lines: { row: number; firstName: string | null; lastName: string | null; domain: string }[],
  ): Promise<BulkJob> {
    const queue = this.requireQueue();
    // An existing list must be writable by the caller before any work is queued.
    if ('listId' in target) await this.finder.save(caller, target, []);
    const scope = scopeOf(caller);
    const bulk = await repo.insertBulk(this.db, scope, { kind, name, state: 'queued', total: lines.length, position, ...targetColumns(target) }, lines);
    const queueJobId = await queue.enqueue<BulkJobData>(BULK_JOB_NAME, { bulkId: bulk.id }, { idempotencyKey: `finder-bulk-${bulk.id}-0` });
    const saved = await repo.updateBulk(this.db, scope, bulk.id, { queueJobId });
    return toBulkJob(saved ?? bulk);
  }

  private requireQueue(): JobQueue {
    if (!this.queue) throw new DomainError('service_unavailable');
    return this.queue;
  }

  // ------------------------------------------------------------ reads

  async list(caller: Caller, kind: 'names' | 'domains' | undefined, page: number) {
    const perPage = FINDER_LIMITS.historyPerPage;
    const { rows, total } = await repo.bulksOf(this.db, scopeOf(caller), kind, page, perPage);
    return { items: rows.map(toBulkJob), total, page, perPage };
  }

  private async owned(caller: Caller, id: number): Promise<repo.BulkRow> {
    const bulk = await repo.bulkOf(this.db, scopeOf(caller), id);
    if (!bulk) throw new DomainError('not_found');
    return bulk;
  }

  async get(caller: Caller, id: number): Promise<BulkJob> {
    return toBulkJob(await this.owned(caller, id));
  }

  async results(caller: Caller, id: number, page: number) {
    const bulk = await this.owned(caller, id);
    const lines = flatten(await repo.doneLines(this.db, scopeOf(caller), bulk.id));
    return { items: lines.slice((page - 1) * RESULTS_PER_PAGE, page * RESULTS_PER_PAGE), total: lines.length, page, perPage: RESULTS_PER_PAGE };
  }

  async downloadCsv(caller: Caller, id: number): Promise<{ fileName: string; csv: string }> {
    const bulk = await this.owned(caller, id);
    const lines = flatten(await repo.doneLines(this.db, scopeOf(caller), bulk.id));
    const csv = toCsv(
      ['row', 'first_name', 'last_name', 'domain', 'email', 'name', 'position', 'status'],
      lines.map((line) => [line.row, line.firstName, line.lastName, line.domain, line.email, line.name, line.position, line.status]),
    );
    const fileName = `${bulk.kind === 'names' ? 'emails-from-names' : 'domain-search'}-${bulk.id}.csv`;
    return { fileName, csv };
  }

  async activeCount(caller: Caller) {
    return repo.activeBulkCount(this.db, scopeOf(caller));
  }

  // ------------------------------------------------------------ controls

  async pause(caller: Caller, id: number): Promise<BulkJob> {
    const bulk = await this.owned(caller, id);
    const moved = await repo.transitionBulk(this.db, scopeOf(caller), bulk.id, ['queued', 'active'], 'paused');
    if (!moved) throw new DomainError('conflict');
    this.progress(moved);
    return toBulkJob(moved);
  }

  async resume(caller: Caller, id: number): Promise<BulkJob> {
    const queue = this.requireQueue();
    const scope = scopeOf(caller);
    const bulk = await this.owned(caller, id);
    const run = bulk.run + 1;
    const moved = await repo.transitionBulk(this.db, scope, bulk.id, ['paused'], 'queued', { run });
    if (!moved) throw new DomainError('conflict');
    const queueJobId = await queue.enqueue<BulkJobData>(BULK_JOB_NAME, { bulkId: bulk.id }, { idempotencyKey: `finder-bulk-${bulk.id}-${run}` });
    const saved = (await repo.updateBulk(this.db, scope, bulk.id, { queueJobId })) ?? moved;
    this.progress(saved);
    return toBulkJob(saved);
  }

  async cancel(caller: Caller, id: number): Promise<BulkJob> {
    const bulk = await this.owned(caller, id);
    const moved = await repo.transitionBulk(this.db, scopeOf(caller), bulk.id, ['queued', 'active', 'paused'], 'cancelled');
    if (!moved) throw new DomainError('conflict');
    // A queued run that never started is dropped at once; a running one stops after its row.
    if (moved.queueJobId && this.queue) await this.queue.cancel(moved.queueJobId).catch(() => undefined);
    this.progress(moved);
    return toBulkJob(moved);
  }

  private progress(bulk: repo.BulkRow) {
    this.push.emitToUser(bulk.userId, {
      type: 'job.progress',
      payload: { jobId: bulkProgressJobId(bulk.id), kind: `finder.bulk.${bulk.kind}`, state: bulk.state, processed: bulk.processed, total: bulk.total },
    });
  }

  // ------------------------------------------------------------ the run (job handler)

  /**
   * The caller a run acts as: the job's owner as a request of theirs would see them (plan, team),
   * read once per run. The queue hands the run only the job's id; everything after this goes
   * through the owner's scope. undefined when the job is gone.
   */
  private async ownerOf(bulkId: number): Promise<Caller | undefined> {
    const userId = await repo.bulkOwnerForJob(this.db, bulkId);
    return userId === undefined ? undefined : callerForUser(this.db, userId);
  }

  async run(bulkId: number, signal: AbortSignal): Promise<void> {
    const caller = await this.ownerOf(bulkId);
    if (!caller) return;
    const scope = scopeOf(caller);
    const start = await repo.transitionBulk(this.db, scope, bulkId, ['queued', 'active'], 'active');
    if (!start) return;
    this.progress(start);
    for (;;) {
      const lines = await repo.pendingLines(this.db, scope, bulkId, LINES_PER_STEP);
      if (lines.length === 0) {
        const done = await repo.transitionBulk(this.db, scope, bulkId, ['active'], 'completed');
        if (done) this.progress(done);
        return;
      }
      for (const line of lines) {
        const current = await repo.bulkOf(this.db, scope, bulkId);
        if (!current || current.state !== 'active') {
          if (current) this.progress(current);
          return;
        }
        // The worker is stopping or the attempt expired: the job is retried and resumes here.
        if (signal.aborted) throw new Error('finder bulk run interrupted');
        let results: Line[];
        try {
          results = current.kind === 'names' ? [await this.nameLine(caller, line, signal)] : await this.domainLine(caller, line, current.position, signal);
        } catch (error) {
          // Out of credits: the run pauses (not fails) so the user can top up and resume it.
          if (error instanceof DomainError && BILLING_KEYS.includes(error.items[0]?.key ?? '')) {
            const paused = await repo.transitionBulk(this.db, scope, bulkId, ['active'], 'paused');
            if (paused) this.progress(paused);
            return;
          }
          throw error;
        }
        const found = results.filter((result) => result.email);
        // Saved before the line is marked done: a re-run may save again, and the prospects area's
        // duplicate rules absorb that, whereas the other order could lose a find.
        let listId = current.listId;
        if (found.length > 0) {
          const target: ProspectTarget = listId ? { listId } : current.targetListId ? { listId: current.targetListId } : { listName: current.targetListName ?? current.name };
          const saved = await this.finder.save(caller, target, found.map((result) => lineToProspect(result)));
          listId = saved.listId;
        }
        if (await repo.completeLine(this.db, scope, line.id, results)) {
          const updated = await repo.updateBulk(this.db, scope, bulkId, {
            processed: current.processed + 1,
            found: current.found + found.length,
            ...(listId && !current.listId ? { listId } : {}),
          });
          if (updated) this.progress(updated);
        }
      }
    }
  }

  /** The queue gave up on the run (retries exhausted): the job shows failed instead of running forever. */
  async markFailed(bulkId: number): Promise<void> {
    const caller = await this.ownerOf(bulkId);
    if (!caller) return;
    const failed = await repo.transitionBulk(this.db, scopeOf(caller), bulkId, ['queued', 'active'], 'failed');
    if (failed) this.progress(failed);
  }

  private async nameLine(caller: Caller, line: repo.BulkLine, signal: AbortSignal): Promise<Line> {
    const base = { firstName: line.firstName, lastName: line.lastName, name: `${line.firstName ?? ''} ${line.lastName ?? ''}`.trim() || null, position: null };
    const scope = scopeOf(caller);
    const domain =
      normaliseDomain(line.domain) ??
      (await repo.domainOfCompany(this.db, scope, line.domain)) ??
      normaliseDomain((await repo.ownCompanyDomain(this.db, scope, line.domain)) ?? '');
    if (!domain) return { ...base, domain: line.domain, email: null, status: 'not_found' };
    try {
      const found = await this.finder.findEmail(caller, line.firstName ?? '', line.lastName ?? '', domain, signal);
      return { ...base, domain, email: found.email, status: found.status };
    } catch (error) {
      // A short balance stops the whole run (the user must top up); it is not a row result.
      if (error instanceof DomainError && BILLING_KEYS.includes(error.items[0]?.key ?? '')) throw error;
      if (error instanceof DomainError) return { ...base, domain, email: null, status: 'unknown' };
      throw error;
    }
  }

  private async domainLine(caller: Caller, line: repo.BulkLine, position: string | null, signal: AbortSignal): Promise<Line[]> {
    try {
      const collected = await this.finder.collectDomain(caller, line.domain, signal);
      const emails = position ? collected.emails.filter((entry) => entry.position?.toLowerCase().includes(position.toLowerCase())) : collected.emails;
      if (emails.length === 0) return [{ firstName: null, lastName: null, domain: line.domain, email: null, name: collected.company.name, position: null, status: 'not_found' }];
      return emails.map((entry) => ({
        firstName: entry.firstName,
        lastName: entry.lastName,
        domain: line.domain,
        email: entry.email,
        name: entry.name,
        position: entry.position,
        status: domainStatus(entry.status),
      }));
    } catch (error) {
      if (error instanceof DomainError) return [{ firstName: null, lastName: null, domain: line.domain, email: null, name: null, position: null, status: 'not_found' }];
      throw error;
    }
  }
}

function domainStatus(status: string): FinderResultStatus {
  if (status === 'valid') return 'valid';
  if (status === 'catch_all') return 'unverifiable';
  if (status === 'not_valid') return 'invalid';
  if (status === 'greylist') return 'greylist';
  return 'unknown';
}

function lineToProspect(line: Line): FoundProspect {
  const name = line.name ?? (`${line.firstName ?? ''} ${line.lastName ?? ''}`.trim() || line.email || line.domain);
  const emailStatus = line.status === 'valid' ? 'valid' : line.status === 'unverifiable' ? 'catch_all' : line.status === 'invalid' ? 'not_valid' : line.status === 'greylist' ? 'greylist' : undefined;
  return {
    ...domainEmailToProspect(
      { email: line.email ?? '', name, firstName: line.firstName, lastName: line.lastName, position: line.position, source: 'website', sourceUrl: null, status: 'not_verified' },
      line.domain,
      null,
    ),
    ...(emailStatus ? { emailStatus } : {}),
  };
}

function flatten(lines: repo.BulkLine[]): BulkRowResult[] {
  return lines.flatMap((line) => ((line.results as Line[] | null) ?? []).map((result) => ({ row: line.row, ...result })));
}
