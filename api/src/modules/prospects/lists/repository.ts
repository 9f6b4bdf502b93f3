/**
 * SQL of prospect and company lists. Every function keeps to the caller's scope in its WHERE:
 * writes and "own" reads to the caller's lists, browsing to the owners the caller may read.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { prospectEmails, prospectEvents, prospectListItems, prospectLists, prospectOwnerCounts, prospects, users } from '../../../db/schema';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';
import type { SelectionIds } from '../table/repository';
import { countOf, escapeLike, inList, idSet, rowsOf } from '../sql-helpers';

export type ListRow = typeof prospectLists.$inferSelect;
export type ListType = 'prospect' | 'company';

/** Of these owners, those whose lists and prospects the scope may read. */
export function readableAmong(scope: Scope, ownerIds: readonly number[]): number[] {
  return ownerIds.filter((id) => scope.readableUserIds.includes(id));
}

/** The condition "list `listId` is the caller's own", evaluated once per statement. */
export function ownListCondition(scope: Scope, listId: number): SQL {
  return sql`exists (select 1 from ${prospectLists} own_list where own_list.id = ${listId} and own_list.user_id = ${scope.userId})`;
}

/** The condition "list `listId` is one the caller may read" (own, or a teammate's for view-all). */
export function readableListCondition(scope: Scope, listId: number): SQL {
  return sql`exists (select 1 from ${prospectLists} read_list where read_list.id = ${listId} and read_list.user_id in ${inList(scope.readableUserIds)})`;
}

export async function readableListById(db: DbOrTx, scope: Scope, id: number): Promise<ListRow | undefined> {
  const [row] = await db
    .select()
    .from(prospectLists)
    .where(and(eq(prospectLists.id, id), inArray(prospectLists.userId, [...scope.readableUserIds])))
    .limit(1);
  return row;
}

export async function ownListById(db: DbOrTx, scope: Scope, id: number): Promise<ListRow | undefined> {
  const [row] = await db
    .select()
    .from(prospectLists)
    .where(and(eq(prospectLists.id, id), eq(prospectLists.userId, scope.userId), eq(prospectLists.accountId, scope.accountId)))
    .limit(1);
  return row;
}

export async function insertList(db: DbOrTx, scope: Scope, values: { type: ListType; name: string }) {
  const [row] = await db
    .insert(prospectLists)
    .values({ ...values, userId: scope.userId, accountId: scope.accountId })
    .returning();
  return row!;
}

export async function updateList(db: DbOrTx, scope: Scope, id: number, values: Partial<Pick<ListRow, 'name' | 'deletedAt' | 'downloadedAt'>>) {
  const [row] = await db
    .update(prospectLists)
    .set(values)
    .where(and(eq(prospectLists.id, id), eq(prospectLists.userId, scope.userId), eq(prospectLists.accountId, scope.accountId)))
    .returning();
  return row;
}

export async function deleteListRow(db: DbOrTx, scope: Scope, id: number) {
  await db.delete(prospectLists).where(and(eq(prospectLists.id, id), eq(prospectLists.userId, scope.userId), eq(prospectLists.accountId, scope.accountId)));
}

export async function listNamesOf(db: DbOrTx, scope: Scope, type: ListType): Promise<string[]> {
  const rows = await db
    .select({ name: prospectLists.name })
    .from(prospectLists)
    .where(and(eq(prospectLists.userId, scope.userId), eq(prospectLists.type, type)));
  return rows.map((row) => row.name);
}

/** Lists of these owners (those the scope may read) with their item counts (the trigger-kept items_count). */
export async function listsWithCounts(db: DbOrTx, scope: Scope, ownerIds: readonly number[], type: ListType) {
  const owners = readableAmong(scope, ownerIds);
  if (owners.length === 0) return [];
  return db
    .select({
      id: prospectLists.id,
      name: prospectLists.name,
      userId: prospectLists.userId,
      ownerName: users.name,
      createdAt: prospectLists.createdAt,
      deletedAt: prospectLists.deletedAt,
      downloadedAt: prospectLists.downloadedAt,
      contacts: prospectLists.itemsCount,
    })
    .from(prospectLists)
    .innerJoin(users, eq(users.id, prospectLists.userId))
    .where(and(inArray(prospectLists.userId, owners), eq(prospectLists.type, type)))
    .orderBy(desc(prospectLists.createdAt), desc(prospectLists.id));
}

export async function listContactsCount(db: DbOrTx, scope: Scope, listId: number): Promise<number> {
  const [row] = await db
    .select({ n: prospectLists.itemsCount })
    .from(prospectLists)
    .where(and(eq(prospectLists.id, listId), inArray(prospectLists.userId, [...scope.readableUserIds])));
  return row?.n ?? 0;
}

/** Prospects of these owners (All contacts) from the trigger-kept per-owner counters. */
export async function prospectsCountOf(db: DbOrTx, scope: Scope, ownerIds: readonly number[]): Promise<number> {
  const owners = readableAmong(scope, ownerIds);
  if (owners.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${prospectOwnerCounts.prospects}), 0)::int` })
    .from(prospectOwnerCounts)
    .where(inArray(prospectOwnerCounts.userId, owners));
  return row?.n ?? 0;
}

/** A keyset page of the caller's live prospect lists for pickers. */
export async function listsPage(db: DbOrTx, scope: Scope, options: { count: number; lastId: number | null; keyword: string | null; excludedId: number | null }) {
  const conditions = [eq(prospectLists.userId, scope.userId), eq(prospectLists.type, 'prospect'), isNull(prospectLists.deletedAt)];
  if (options.lastId) conditions.push(sql`${prospectLists.id} < ${options.lastId}`);
  if (options.keyword) conditions.push(sql`lower(${prospectLists.name}) like ${`%${escapeLike(options.keyword.toLowerCase())}%`}`);
  if (options.excludedId) conditions.push(sql`${prospectLists.id} <> ${options.excludedId}`);
  return db
    .select({ id: prospectLists.id, name: prospectLists.name, contacts: prospectLists.itemsCount })
    .from(prospectLists)
    .where(and(...conditions))
    .orderBy(desc(prospectLists.id))
    .limit(options.count + 1);
}

/** The caller's teammates with their names (the team filter of the lists sidebar). */
export async function teamMembersWithNames(db: DbOrTx, scope: Scope) {
  return db
    .select({ userId: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...scope.teamUserIds]))
    .orderBy(asc(users.name));
}

/** Adds the caller's prospects among `prospectIds` to the caller's list; how many were not in it yet. */
export async function addItemsToList(db: DbOrTx, scope: Scope, listId: number, prospectIds: readonly number[]): Promise<number> {
  if (prospectIds.length === 0) return 0;
  return countOf(
    db,
    sql`insert into ${prospectListItems} (list_id, prospect_id)
        select l.id, p.id from ${prospectLists} l join ${prospects} p on p.user_id = l.user_id
        where l.id = ${listId} and l.user_id = ${scope.userId} and p.id in ${idSet(prospectIds)}
        on conflict do nothing returning 1`,
  );
}

export async function removeItemsFromList(db: DbOrTx, scope: Scope, listId: number, prospectIds: readonly number[]): Promise<number> {
  if (prospectIds.length === 0) return 0;
  return countOf(
    db,
    sql`delete from ${prospectListItems} d where d.list_id = ${listId} and d.prospect_id in ${idSet(prospectIds)} and ${ownListCondition(scope, listId)} returning 1`,
  );
}

/** Adds an "all matching" selection to the caller's list. */
export async function addSelectionToList(db: DbOrTx, scope: Scope, listId: number, chosen: SelectionIds): Promise<number> {
  return countOf(
    db,
    sql`insert into ${prospectListItems} (list_id, prospect_id) select ${listId}, s.id from (${chosen}) s where ${ownListCondition(scope, listId)} on conflict do nothing returning 1`,
  );
}

export async function removeSelectionFromList(db: DbOrTx, scope: Scope, listId: number, chosen: SelectionIds): Promise<number> {
  return countOf(db, sql`delete from ${prospectListItems} d where d.list_id = ${listId} and d.prospect_id in (${chosen}) and ${ownListCondition(scope, listId)} returning 1`);
}

/** One statement: a selection out of one of the caller's lists, into another, one timeline event each. */
export async function moveSelection(db: DbOrTx, scope: Scope, from: number, to: number, chosen: SelectionIds): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with moved as (delete from ${prospectListItems} d where d.list_id = ${from} and d.prospect_id in (${chosen})
              and ${ownListCondition(scope, from)} and ${ownListCondition(scope, to)} returning d.prospect_id),
        added as (insert into ${prospectListItems} (list_id, prospect_id) select ${to}, prospect_id from moved on conflict do nothing),
        events as (insert into ${prospectEvents} (prospect_id, user_id, kind, details) select prospect_id, ${scope.userId}, 'moved', ${JSON.stringify({ from, to })}::jsonb from moved)
        select count(*)::int as n from moved`,
  );
  return row?.n ?? 0;
}

/** Deletes the caller's prospects of a list that are in no other list (delete-without-save, delete with recipients). */
export async function deleteOrphansOfList(db: DbOrTx, scope: Scope, listId: number) {
  await db.execute(sql`
    delete from ${prospects} p
    using ${prospectListItems} li
    where li.list_id = ${listId} and li.prospect_id = p.id and p.user_id = ${scope.userId}
      and not exists (select 1 from ${prospectListItems} o where o.prospect_id = p.id and o.list_id <> ${listId})`);
}

/** Prospects of a readable list by the status of their emails (null: without email). */
export async function emailStats(db: DbOrTx, scope: Scope, listId: number) {
  return rowsOf<{ status: string | null; n: number }>(
    db,
    sql`select e.status, count(distinct li.prospect_id)::int as n
        from ${prospectListItems} li left join ${prospectEmails} e on e.prospect_id = li.prospect_id
        where li.list_id = ${listId} and ${readableListCondition(scope, listId)} group by e.status`,
  );
}
