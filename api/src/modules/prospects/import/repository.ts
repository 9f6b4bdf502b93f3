/**
 * SQL of CSV imports and their uploaded chunks: the caller's own imports only. The import job
 * starts from the bare id it was queued with (importForJob) and continues in the import owner's
 * scope.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { prospectImportChunks, prospectImports, prospectListItems, prospects } from '../../../db/schema';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';
import { idSet, rowsOf } from '../sql-helpers';
import type { SelectionIds } from '../table/repository';

export type ImportRow = typeof prospectImports.$inferSelect;

function ownImport(db: DbOrTx, scope: Scope, importId: string) {
  return db
    .select({ id: prospectImports.id })
    .from(prospectImports)
    .where(and(eq(prospectImports.id, importId), eq(prospectImports.userId, scope.userId)));
}

export async function importById(db: DbOrTx, scope: Scope, id: string): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(prospectImports)
    .where(and(eq(prospectImports.id, id), eq(prospectImports.userId, scope.userId), eq(prospectImports.accountId, scope.accountId)))
    .limit(1);
  return row;
}

/**
 * For the import jobs only: the queue holds the id the owner's own call queued, and the row is
 * where the job learns whose import it is (everything after runs in that owner's scope).
 */
export async function importForJob(db: DbOrTx, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(prospectImports).where(eq(prospectImports.id, id)).limit(1);
  return row;
}

/**
 * For the delayed clean-up job only (it holds nothing but the id it was queued with): deletes an
 * import (its chunks go with it) that was uploaded but never started.
 */
export async function deleteUnstartedImportForJob(db: DbOrTx, importId: string) {
  await db.delete(prospectImports).where(and(eq(prospectImports.id, importId), eq(prospectImports.status, 'uploaded')));
}

export async function insertImport(db: DbOrTx, scope: Scope, values: { id: string; listId: number; fileName: string | null }) {
  await db.insert(prospectImports).values({ ...values, userId: scope.userId, accountId: scope.accountId });
}

export async function updateImport(db: DbOrTx, scope: Scope, id: string, values: Partial<Omit<ImportRow, 'id' | 'userId' | 'accountId' | 'listId'>>) {
  await db
    .update(prospectImports)
    .set(values)
    .where(and(eq(prospectImports.id, id), eq(prospectImports.userId, scope.userId), eq(prospectImports.accountId, scope.accountId)));
}

export async function deleteImport(db: DbOrTx, scope: Scope, importId: string) {
  await db.delete(prospectImports).where(and(eq(prospectImports.id, importId), eq(prospectImports.userId, scope.userId), eq(prospectImports.accountId, scope.accountId)));
}

export async function putChunk(db: DbOrTx, scope: Scope, importId: string, index: number, data: string) {
  await db.execute(sql`insert into ${prospectImportChunks} (import_id, index, data)
    select i.id, ${index}, ${data} from ${prospectImports} i where i.id = ${importId} and i.user_id = ${scope.userId}
    on conflict (import_id, index) do update set data = excluded.data`);
}

/** The upload's chunks in order, fetched one at a time (a file never sits whole in memory). */
export async function* chunkPieces(db: DbOrTx, scope: Scope, importId: string): AsyncGenerator<string> {
  let last = -1;
  for (;;) {
    const [row] = await db
      .select({ index: prospectImportChunks.index, data: prospectImportChunks.data })
      .from(prospectImportChunks)
      .where(and(inArray(prospectImportChunks.importId, ownImport(db, scope, importId)), gt(prospectImportChunks.index, last)))
      .orderBy(asc(prospectImportChunks.index))
      .limit(1);
    if (!row) return;
    last = row.index;
    yield row.data;
  }
}

/** Bytes (UTF-8) of the upload's stored chunks other than `exceptIndex`, and how many chunks there are. */
export async function uploadSize(db: DbOrTx, scope: Scope, importId: string, exceptIndex: number) {
  const [row] = await db
    .select({
      bytes: sql<number>`coalesce(sum(octet_length(${prospectImportChunks.data})) filter (where ${prospectImportChunks.index} <> ${exceptIndex}), 0)::bigint`,
      chunks: sql<number>`count(*)::int`,
    })
    .from(prospectImportChunks)
    .where(inArray(prospectImportChunks.importId, ownImport(db, scope, importId)));
  return { bytes: Number(row?.bytes ?? 0), chunks: Number(row?.chunks ?? 0) };
}

export async function deleteChunks(db: DbOrTx, scope: Scope, importId: string) {
  await db.delete(prospectImportChunks).where(inArray(prospectImportChunks.importId, ownImport(db, scope, importId)));
}

export async function firstChunk(db: DbOrTx, scope: Scope, importId: string) {
  const [row] = await db
    .select({ data: prospectImportChunks.data })
    .from(prospectImportChunks)
    .where(inArray(prospectImportChunks.importId, ownImport(db, scope, importId)))
    .orderBy(asc(prospectImportChunks.index))
    .limit(1);
  return row?.data ?? '';
}

/** A queued or running import into a list, by an owner whose lists the caller may read. */
export async function runningImportOfList(db: DbOrTx, scope: Scope, listId: number) {
  const [row] = await db
    .select({ id: prospectImports.id })
    .from(prospectImports)
    .where(and(eq(prospectImports.listId, listId), inArray(prospectImports.status, ['queued', 'running']), inArray(prospectImports.userId, [...scope.readableUserIds])))
    .limit(1);
  return row;
}

/** Which of the caller's prospects an export holds: a list's (or all), optionally only chosen ids or a selection. */
export interface ExportedProspects {
  listId: number | null;
  ids?: number[] | undefined;
  only?: SelectionIds | undefined;
}

/** The next page of an export: ids of the caller's prospects above `afterId`, ascending. */
export async function exportPage(db: DbOrTx, scope: Scope, which: ExportedProspects, afterId: number, limit: number): Promise<number[]> {
  const conditions = [sql`p.user_id = ${scope.userId}`, sql`p.id > ${afterId}`];
  if (which.listId !== null) conditions.push(sql`exists (select 1 from ${prospectListItems} li where li.prospect_id = p.id and li.list_id = ${which.listId})`);
  if (which.ids) conditions.push(which.ids.length ? sql`p.id in ${idSet(which.ids)}` : sql`false`);
  if (which.only) conditions.push(sql`p.id in (${which.only})`);
  const page = await rowsOf<{ id: number }>(db, sql`select p.id from ${prospects} p where ${sql.join(conditions, sql` and `)} order by p.id limit ${limit}`);
  return page.map((row) => row.id);
}
