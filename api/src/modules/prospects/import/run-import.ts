/**
 * The import job: runs (or resumes) one CSV import in batches, each batch and its progress in one
 * transaction, so a retried job resumes where it stopped and adds nothing twice. It starts from
 * the import id it was queued with and works in the import owner's scope from then on.
 */
import type { CustomFieldType, PushEvent } from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import type { Scope } from '../../account/caller';
import { ownScope } from '../access';
import { fieldsOf } from '../custom-fields/repository';
import { ownListById } from '../lists/repository';
import { IMPORT_BATCH_ROWS, IMPORT_REPORT_MAX, countRows, parseRow, type ParsedRow, type Rejection, type Target } from './csv';
import { UNREADABLE_ROW, readCsv, type CsvRecord } from './csv-reader';
import * as repo from './repository';
import { writeBatch } from './write-batch';

/** Rows prepared between two yields to the event loop. */
const PREPARE_YIELD_ROWS = 250;

export interface ImportContext {
  db: Db;
  importId: string;
  push: { emitToUser(userId: number, event: PushEvent): void };
  signal?: AbortSignal;
}

/** Runs (or resumes) one import. Called by the durable job. */
export async function runImport(ctx: ImportContext): Promise<void> {
  const job = await repo.importForJob(ctx.db, ctx.importId);
  if (!job || job.status === 'completed' || job.status === 'failed' || !job.mapping) return;
  const scope = ownScope(job);
  // The rows go into the list the upload named: it must still be the owner's.
  if (!(await ownListById(ctx.db, scope, job.listId))) {
    await failOwnImport(ctx.db, scope, job.id);
    return;
  }
  await repo.updateImport(ctx.db, scope, job.id, { status: 'running' });
  const total = job.totalRows > 0 ? job.totalRows : await countRows(ctx.db, scope, job.id);
  if (job.totalRows !== total) await repo.updateImport(ctx.db, scope, job.id, { totalRows: total });
  const fields = await fieldsOf(ctx.db, scope, [job.userId]);
  const fieldTypes = new Map(fields.map((f) => [f.id, f.type as CustomFieldType]));
  let columns: [number, Target][] = [];
  let { processed, imported, updated, skipped, rejectedCount } = job;
  const report = [...job.rejected];
  const emit = (done: boolean) =>
    ctx.push.emitToUser(job.userId, {
      type: 'prospect.imported',
      payload: { listId: job.listId, importId: job.id, processed, total, imported: imported + updated, rejected: rejectedCount, done },
    });

  // Rows checked and cleaned, yielding now and then so other calls keep their turn.
  const prepare = async (records: CsvRecord[]) => {
    const parsed: ParsedRow[] = [];
    const rejected: Rejection[] = [];
    for (const [offset, record] of records.entries()) {
      if (offset > 0 && offset % PREPARE_YIELD_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
      const result = 'cells' in record ? parseRow(record.cells, record.row, columns, fieldTypes) : { row: record.row, reason: UNREADABLE_ROW, field: null };
      if ('reason' in result) rejected.push(result);
      else parsed.push(result);
    }
    return { parsed, rejected };
  };
  const write = async (records: CsvRecord[]) => {
    const { parsed, rejected } = await prepare(records);
    await ctx.db.transaction(async (tx) => {
      const outcome = await writeBatch(tx, scope, job, parsed);
      processed += records.length;
      imported += outcome.imported;
      updated += outcome.updated;
      skipped += outcome.skipped;
      rejectedCount += rejected.length;
      for (const r of rejected) if (report.length < IMPORT_REPORT_MAX) report.push(r);
      await repo.updateImport(tx, scope, job.id, { processed, imported, updated, skipped, rejectedCount, rejected: report });
    });
    emit(processed >= total);
  };

  // The file is read again from its chunks as a stream; rows done by an earlier attempt are passed over.
  let batch: CsvRecord[] = [];
  let seen = 0;
  for await (const block of readCsv(repo.chunkPieces(ctx.db, scope, job.id))) {
    for (const record of block) {
      if (record.row === 1) {
        if (!('cells' in record)) {
          await failOwnImport(ctx.db, scope, job.id);
          emit(true);
          return;
        }
        columns = record.cells.flatMap((header, index): [number, Target][] => {
          const target = job.mapping?.[header];
          return target ? [[index, target as Target]] : [];
        });
        continue;
      }
      seen += 1;
      if (seen <= processed) continue;
      batch.push(record);
      if (batch.length === IMPORT_BATCH_ROWS) {
        if (ctx.signal?.aborted) return;
        await write(batch);
        batch = [];
      }
    }
  }
  if (batch.length > 0) await write(batch);
  // The upload is personal data: it goes as soon as the import is done.
  await ctx.db.transaction(async (tx) => {
    await repo.updateImport(tx, scope, job.id, { status: 'completed', finishedAt: new Date() });
    await repo.deleteChunks(tx, scope, job.id);
  });
  emit(true);
}

/** An import that cannot go on (the job's last attempt failed): marked failed, and its uploaded file deleted. */
export async function failImport(db: Db, importId: string): Promise<void> {
  const job = await repo.importForJob(db, importId);
  if (job) await failOwnImport(db, ownScope(job), job.id);
}

async function failOwnImport(db: Db, scope: Scope, importId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.updateImport(tx, scope, importId, { status: 'failed', finishedAt: new Date() });
    await repo.deleteChunks(tx, scope, importId);
  });
}

/** The delayed clean-up: an upload still not imported a day later is deleted with its chunks. */
export async function removeUnstartedImport(db: Db, importId: string): Promise<void> {
  await repo.deleteUnstartedImportForJob(db, importId);
}
