/**
 * CSV upload (in chunks), its check (headers, preview, suggested mapping, then progress and the
 * rejection report), the start of the import job, and export of the caller's prospects and companies.
 */
import { randomUUID } from 'node:crypto';
import { IMPORT_MAX_FILE_BYTES, type DuplicatePolicy } from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import { DomainError } from '../../../http/domain-error';
import { scopeOf, type Caller, type Scope } from '../../account/caller';
import { ownList } from '../access';
import { addCompanyHistory } from '../companies/repository';
import { fieldsOf } from '../custom-fields/repository';
import { updateList } from '../lists/repository';
import type { SelectionIds } from '../table/repository';
import { IMPORT_CLEANUP_AFTER_SECONDS, IMPORT_CLEANUP_JOB, IMPORT_JOB, countRows, previewOf, suggestMapping } from './csv';
import { exportCompanies, exportProspects } from './export';
import * as repo from './repository';

interface Enqueuer {
  enqueue(name: string, data: unknown, idempotencyKey: string, options?: { startAfterSeconds?: number }): Promise<void>;
}

export class ImportService {
  constructor(
    private readonly db: Db,
    private readonly jobs: Enqueuer,
  ) {}

  private async ownImport(scope: Scope, id: string) {
    const job = await repo.importById(this.db, scope, id);
    if (!job) throw new DomainError('not_found');
    return job;
  }

  async upload(caller: Caller, input: { importId?: string | undefined; listId: number; fileName?: string | undefined; chunk: string; index: number }) {
    const scope = scopeOf(caller);
    if (!input.importId) {
      if (input.index !== 0) throw new DomainError('not_found');
      await ownList(this.db, scope, input.listId);
      const id = randomUUID();
      if (Buffer.byteLength(input.chunk) > IMPORT_MAX_FILE_BYTES) throw new DomainError('import_file_too_large');
      await repo.insertImport(this.db, scope, { id, listId: input.listId, fileName: input.fileName ?? null });
      await repo.putChunk(this.db, scope, id, 0, input.chunk);
      // Durable: an upload nobody imports is deleted a day later, even across restarts.
      await this.jobs.enqueue(IMPORT_CLEANUP_JOB, { importId: id }, id, { startAfterSeconds: IMPORT_CLEANUP_AFTER_SECONDS });
      return { importId: id, received: 1 };
    }
    const job = await this.ownImport(scope, input.importId);
    if (job.status !== 'uploaded') throw new DomainError('conflict');
    if (job.listId !== input.listId) throw new DomainError('list_not_found');
    const stored = await repo.uploadSize(this.db, scope, job.id, input.index);
    if (stored.bytes + Buffer.byteLength(input.chunk) > IMPORT_MAX_FILE_BYTES) {
      // The file will never be imported: what arrived of it is deleted now.
      await repo.deleteImport(this.db, scope, job.id);
      throw new DomainError('import_file_too_large');
    }
    await repo.putChunk(this.db, scope, job.id, input.index, input.chunk);
    // A chunk added after the file was counted makes the count stale.
    if (job.totalRows !== 0) await repo.updateImport(this.db, scope, job.id, { totalRows: 0 });
    return { importId: job.id, received: input.index + 1 };
  }

  async check(caller: Caller, id: string) {
    const scope = scopeOf(caller);
    const job = await this.ownImport(scope, id);
    // Once imported (or failed) the upload is deleted: the report remains, the preview is empty.
    const { chunks } = await repo.uploadSize(this.db, scope, job.id, -1);
    const { headers, preview } = previewOf(await repo.firstChunk(this.db, scope, job.id), chunks === 1);
    if (job.status === 'uploaded' && headers.length === 0) throw new DomainError('import_file_invalid');
    let totalRows = job.totalRows;
    if (job.status === 'uploaded' && totalRows === 0) {
      // Read as a stream of chunks, yielding between blocks: a large file does not stall other calls.
      totalRows = await countRows(this.db, scope, job.id);
      if (totalRows !== job.totalRows) await repo.updateImport(this.db, scope, job.id, { totalRows });
    }
    const fields = await fieldsOf(this.db, scope, [scope.userId]);
    return {
      importId: job.id,
      listId: job.listId,
      status: job.status as 'uploaded' | 'queued' | 'running' | 'completed' | 'failed',
      headers,
      preview,
      suggestedMapping: suggestMapping(headers, fields),
      totalRows,
      processed: job.processed,
      imported: job.imported,
      updated: job.updated,
      skipped: job.skipped,
      rejected: job.rejected,
      rejectedCount: job.rejectedCount,
    };
  }

  async start(caller: Caller, id: string, mapping: Record<string, string | null>, duplicatePolicy: DuplicatePolicy) {
    const scope = scopeOf(caller);
    const job = await this.ownImport(scope, id);
    if (job.status !== 'uploaded') throw new DomainError('conflict');
    const { chunks } = await repo.uploadSize(this.db, scope, job.id, -1);
    const { headers } = previewOf(await repo.firstChunk(this.db, scope, job.id), chunks === 1);
    const targets = Object.entries(mapping).filter(([header, target]) => target && headers.includes(header));
    const names = targets.map(([, target]) => target);
    if (!names.includes('name') && !names.includes('first_name') && !names.includes('last_name')) {
      throw new DomainError('import_file_invalid', { field: 'mapping' });
    }
    const fields = new Set((await fieldsOf(this.db, scope, [scope.userId])).map((f) => `custom_${f.id}`));
    for (const [header, target] of targets) if (target!.startsWith('custom_') && !fields.has(target!)) throw new DomainError('field_invalid', { field: `mapping.${header}` });
    await repo.updateImport(this.db, scope, job.id, { status: 'queued', mapping: Object.fromEntries(targets), duplicatePolicy });
    await this.jobs.enqueue(IMPORT_JOB, { importId: job.id }, job.id);
    return { importId: job.id, status: 'queued' as const };
  }

  /** `only`: the ids of a selection by filter (resolved by table/selection). */
  async exportCsv(caller: Caller, listId: number | null, ids: number[] | undefined, only?: SelectionIds) {
    const scope = scopeOf(caller);
    if (listId !== null) await ownList(this.db, scope, listId);
    return exportProspects(this.db, scope, { listId, ids, only });
  }

  async exportCompanies(caller: Caller, listId: number) {
    const scope = scopeOf(caller);
    await ownList(this.db, scope, listId, 'company');
    await addCompanyHistory(this.db, scope, 'list_exported', { listId });
    return exportCompanies(this.db, scope, listId);
  }

  async markDownloaded(caller: Caller, listId: number) {
    const scope = scopeOf(caller);
    await ownList(this.db, scope, listId);
    const at = new Date();
    await updateList(this.db, scope, listId, { downloadedAt: at });
    return { downloadedAt: at.toISOString() };
  }
}
