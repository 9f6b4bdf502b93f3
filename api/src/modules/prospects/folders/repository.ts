/** SQL of list folders: a user's own, shared by their prospect lists and company lists. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { listFolderItems, listFolders, prospectLists } from '../../../db/schema';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';

export interface FolderSummary {
  id: number;
  name: string;
  position: number;
  /** The folder's lists (the caller's own: only those can be filed). */
  lists: number[];
}

export async function foldersOf(db: DbOrTx, scope: Scope): Promise<FolderSummary[]> {
  const folders = await db
    .select()
    .from(listFolders)
    .where(eq(listFolders.userId, scope.userId))
    .orderBy(asc(listFolders.position), asc(listFolders.id));
  const items =
    folders.length === 0
      ? []
      : await db
          .select()
          .from(listFolderItems)
          .where(inArray(listFolderItems.folderId, folders.map((f) => f.id)));
  return folders.map((folder) => ({
    id: folder.id,
    name: folder.name,
    position: folder.position,
    lists: items.filter((item) => item.folderId === folder.id).map((item) => item.listId),
  }));
}

export async function folderById(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(listFolders)
    .where(and(eq(listFolders.id, id), eq(listFolders.userId, scope.userId)))
    .limit(1);
  return row;
}

export async function insertFolder(db: DbOrTx, scope: Scope, name: string) {
  const [max] = await db
    .select({ p: sql<number>`coalesce(max(${listFolders.position}) + 1, 0)::int` })
    .from(listFolders)
    .where(eq(listFolders.userId, scope.userId));
  const [row] = await db
    .insert(listFolders)
    .values({ userId: scope.userId, name, position: max?.p ?? 0 })
    .returning();
  return row!;
}

export async function renameFolder(db: DbOrTx, scope: Scope, id: number, name: string) {
  await db
    .update(listFolders)
    .set({ name })
    .where(and(eq(listFolders.id, id), eq(listFolders.userId, scope.userId)));
}

export async function deleteFolder(db: DbOrTx, scope: Scope, id: number) {
  await db.delete(listFolders).where(and(eq(listFolders.id, id), eq(listFolders.userId, scope.userId)));
}

/** `ordered`: the caller's folder ids in their new order. */
export async function setFolderPositions(db: DbOrTx, scope: Scope, ordered: number[]) {
  for (const [position, id] of ordered.entries()) {
    await db
      .update(listFolders)
      .set({ position })
      .where(and(eq(listFolders.id, id), eq(listFolders.userId, scope.userId)));
  }
}

/**
 * Files the caller's list into one of their folders (or none): out of `fromFolderId`, or out of
 * every folder of theirs when not given, then into `folderId`.
 */
export async function fileList(db: DbOrTx, scope: Scope, listId: number, folderId: number | null, fromFolderId: number | null | undefined) {
  const ownFolders = db.select({ id: listFolders.id }).from(listFolders).where(eq(listFolders.userId, scope.userId));
  const ownLists = db
    .select({ id: prospectLists.id })
    .from(prospectLists)
    .where(and(eq(prospectLists.id, listId), eq(prospectLists.userId, scope.userId)));
  await db
    .delete(listFolderItems)
    .where(
      and(
        inArray(listFolderItems.listId, ownLists),
        fromFolderId ? eq(listFolderItems.folderId, fromFolderId) : undefined,
        inArray(listFolderItems.folderId, ownFolders),
      ),
    );
  if (folderId) {
    await db.execute(sql`insert into ${listFolderItems} (folder_id, list_id)
      select f.id, l.id from ${listFolders} f, ${prospectLists} l
      where f.id = ${folderId} and f.user_id = ${scope.userId} and l.id = ${listId} and l.user_id = ${scope.userId}
      on conflict do nothing`);
  }
}
