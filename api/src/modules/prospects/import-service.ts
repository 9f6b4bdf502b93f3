/**
 * CSV upload (in chunks), its check (headers, preview, suggested mapping, then progress and the
 * rejection report), the start of the import job, export, and background tagging of whole lists.
 */
import { randomUUID } from 'node:crypto';
import { IMPORT_MAX_FILE_BYTES, type DuplicatePolicy, type ProspectFilter } from '@leadforge/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { prospectListItems, prospects, prospectTags } from '../../db/schema';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import { ownList } from './access';
import { IMPORT_CLEANUP_AFTER_SECONDS, IMPORT_CLEANUP_JOB, IMPORT_JOB, countRows, exportCompanies, exportProspects, previewOf, suggestMapping } from './csv';
import { filterConditions, selectionIds, type ListingScope } from './listing';
import * as repo from './repository';

export const TAG_JOB = 'prospects.tag';
/** Prospects tagged per statement by the background tagging. */
const TAG_BATCH = 5_000;

/** An "all matching" selection as the tagging job needs it (resolved and checked by the call). */
export interface TagSelection {
  scope: ListingScope;
  filter: ProspectFilter;
  excludeIds: number[];
  readableListIds: number[];
}

export interface TagJobData {
  processId: string;
  userId: number;
  listId: number | null;
  tagIds: number[];
  /** Only the prospects of this selection (else the whole list, or all the owner's prospects). */
  selection?: TagSelection | undefined;
}

interface Enqueuer {
  enqueue(name: string, data: unknown, idempotencyKey: string, options?: { startAfterSeconds?: number }): Promise<void>;
}

export class ImportService {
  constructor(
    private readonly db: Db,
    private readonly jobs: Enqueuer,
  ) {}

  private async ownImport(userId: number, id: string) {
    const job = await repo.importById(this.db, id);
    if (!job || job.userId !== userId) throw new DomainError('not_found');
    return job;
  }

  async upload(userId: number, accountId: number, input: { importId?: string | undefined; listId: number; fileName?: string | undefined; chunk: string; index: number }) {
    if (!input.importId) {
      if (input.index !== 0) throw new DomainError('not_found');
      await ownList(this.db, { userId }, input.listId);
      const id = randomUUID();
      if (Buffer.byteLength(input.chunk) > IMPORT_MAX_FILE_BYTES) throw new DomainError('import_file_too_large');
      await repo.insertImport(this.db, { id, userId, accountId, listId: input.listId, fileName: input.fileName ?? null });
      await repo.putChunk(this.db, id, 0, input.chunk);
      // Durable: an upload nobody imports is deleted a day later, even across restarts.
      await this.jobs.enqueue(IMPORT_CLEANUP_JOB, { importId: id }, id, { startAfterSeconds: IMPORT_CLEANUP_AFTER_SECONDS });
      return { importId: id, received: 1 };
    }
    const job = await this.ownImport(userId, input.importId);
    if (job.status !== 'uploaded') throw new DomainError('conflict');
    if (job.listId !== input.listId) throw new DomainError('list_not_found');
    const stored = await repo.uploadSize(this.db, job.id, input.index);
    if (stored.bytes + Buffer.byteLength(input.chunk) > IMPORT_MAX_FILE_BYTES) {
      // The file will never be imported: what arrived of it is deleted now.
      await repo.deleteImport(this.db, job.id);
      throw new DomainError('import_file_too_large');
    }
    await repo.putChunk(this.db, job.id, input.index, input.chunk);
    // A chunk added after the file was counted makes the count stale.
    if (job.totalRows !== 0) await repo.updateImport(this.db, job.id, { totalRows: 0 });
    return { importId: job.id, received: input.index + 1 };
  }

  async check(userId: number, id: string) {
    const job = await this.ownImport(userId, id);
    // Once imported (or failed) the upload is deleted: the report remains, the preview is empty.
    const { chunks } = await repo.uploadSize(this.db, job.id, -1);
    const { headers, preview } = previewOf(await repo.firstChunk(this.db, job.id), chunks === 1);
    if (job.status === 'uploaded' && headers.length === 0) throw new DomainError('import_file_invalid');
    let totalRows = job.totalRows;
    if (job.status === 'uploaded' && totalRows === 0) {
      // Read as a stream of chunks, yielding between blocks: a large file does not stall other calls.
      totalRows = await countRows(this.db, job.id);
      if (totalRows !== job.totalRows) await repo.updateImport(this.db, job.id, { totalRows });
    }
    const fields = await repo.fieldsOf(this.db, [userId]);
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

  async start(userId: number, id: string, mapping: Record<string, string | null>, duplicatePolicy: DuplicatePolicy) {
    const job = await this.ownImport(userId, id);
    if (job.status !== 'uploaded') throw new DomainError('conflict');
    const { chunks } = await repo.uploadSize(this.db, job.id, -1);
    const { headers } = previewOf(await repo.firstChunk(this.db, job.id), chunks === 1);
    const targets = Object.entries(mapping).filter(([header, target]) => target && headers.includes(header));
    const names = targets.map(([, target]) => target);
    if (!names.includes('name') && !names.includes('first_name') && !names.includes('last_name')) {
      throw new DomainError('import_file_invalid', { field: 'mapping' });
    }
    const fields = new Set((await repo.fieldsOf(this.db, [userId])).map((f) => `custom_${f.id}`));
    for (const [header, target] of targets) if (target!.startsWith('custom_') && !fields.has(target!)) throw new DomainError('field_invalid', { field: `mapping.${header}` });
    await repo.updateImport(this.db, job.id, { status: 'queued', mapping: Object.fromEntries(targets), duplicatePolicy });
    await this.jobs.enqueue(IMPORT_JOB, { importId: job.id }, job.id);
    return { importId: job.id, status: 'queued' as const };
  }

  /** `only`: the ids of a selection by filter (resolved by the prospects service). */
  async exportCsv(userId: number, listId: number | null, ids: number[] | undefined, only?: SQL) {
    if (listId !== null) await ownList(this.db, { userId }, listId);
    return exportProspects(this.db, userId, { listId, ids, only });
  }

  async exportCompanies(userId: number, listId: number) {
    await ownList(this.db, { userId }, listId, 'company');
    await repo.addCompanyHistory(this.db, userId, 'list_exported', { listId });
    return exportCompanies(this.db, userId, listId);
  }

  async markDownloaded(userId: number, listId: number) {
    await ownList(this.db, { userId }, listId);
    const at = new Date();
    await repo.updateList(this.db, listId, { downloadedAt: at });
    return { downloadedAt: at.toISOString() };
  }
}

/** Tags every prospect of a list (or all of the owner's) in batches, recording progress. */
export async function runTagging(db: Db, data: TagJobData): Promise<void> {
  const process = await repo.tagProcessById(db, data.userId, data.processId);
  if (!process || process.status === 'done') return;
  const selection = data.selection;
  const candidates = selection
    ? selectionIds(selection.scope, filterConditions(selection.filter, selection.readableListIds), data.userId, selection.excludeIds)
    : data.listId !== null
      ? sql`select p.id from ${prospectListItems} li join ${prospects} p on p.id = li.prospect_id where li.list_id = ${data.listId} and p.user_id = ${data.userId}`
      : sql`select p.id from ${prospects} p where p.user_id = ${data.userId}`;
  const [count] = await repo.rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${candidates}) c`);
  const total = count?.n ?? 0;
  await repo.updateTagProcess(db, data.processId, { total });
  let lastId = 0;
  let processed = 0;
  for (;;) {
    const ids = (await repo.rowsOf<{ id: number }>(db, sql`select c.id from (${candidates}) c where c.id > ${lastId} order by c.id limit ${TAG_BATCH}`)).map((r) => r.id);
    if (ids.length === 0) break;
    lastId = ids[ids.length - 1]!;
    await db.transaction(async (tx) => {
      for (const tagId of data.tagIds) {
        await tx
          .insert(prospectTags)
          .values(ids.map((prospectId) => ({ prospectId, tagId })))
          .onConflictDoNothing();
      }
      processed += ids.length;
      await repo.updateTagProcess(tx, data.processId, { processed });
    });
  }
  await repo.updateTagProcess(db, data.processId, { status: 'done', processed: total });
}
