/** SQL of tags (the caller's own), their links to the caller's prospects and background tagging processes. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { prospectListItems, prospects, prospectTags, tagProcesses, userTags } from '../../../db/schema';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';
import { readableAmong, readableListCondition } from '../lists/repository';
import { countOf, inList, idSet, rowsOf } from '../sql-helpers';
import type { SelectionIds } from '../table/repository';

export type TagProcessRow = typeof tagProcesses.$inferSelect;

export async function tagsWithCounts(db: DbOrTx, scope: Scope) {
  return db
    .select({
      id: userTags.id,
      name: userTags.name,
      type: userTags.type,
      count: sql<number>`(select count(*)::int from ${prospectTags} where ${prospectTags.tagId} = ${userTags.id})`,
    })
    .from(userTags)
    .where(eq(userTags.userId, scope.userId))
    .orderBy(asc(userTags.name));
}

/** Tags on the prospects of a list the caller may read, with how many of them carry each. */
export async function tagsOfList(db: DbOrTx, scope: Scope, listId: number) {
  return rowsOf<{ id: number; name: string; type: string; count: number }>(
    db,
    sql`select t.id, t.name, t.type, count(*)::int as count from ${prospectListItems} li
        join ${prospectTags} pt on pt.prospect_id = li.prospect_id join ${userTags} t on t.id = pt.tag_id
        where li.list_id = ${listId} and ${readableListCondition(scope, listId)} group by t.id, t.name, t.type order by t.name`,
  );
}

/** Tags on the prospects of these owners (those the caller may read). */
export async function tagsOfOwners(db: DbOrTx, scope: Scope, ownerIds: number[]) {
  const owners = readableAmong(scope, ownerIds);
  if (owners.length === 0) return [];
  return rowsOf<{ id: number; name: string; type: string; count: number }>(
    db,
    sql`select t.id, t.name, t.type, count(*)::int as count from ${prospects} p
        join ${prospectTags} pt on pt.prospect_id = p.id join ${userTags} t on t.id = pt.tag_id
        where p.user_id in ${inList(owners)} group by t.id, t.name, t.type order by t.name`,
  );
}

/** The caller's tags with these names, creating the missing ones. */
export async function ensureTags(db: DbOrTx, scope: Scope, names: string[]) {
  const unique = [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
  if (unique.length === 0) return [];
  await db
    .insert(userTags)
    .values(unique.map((name) => ({ userId: scope.userId, name })))
    .onConflictDoNothing();
  return db
    .select()
    .from(userTags)
    .where(and(eq(userTags.userId, scope.userId), inArray(sql`lower(${userTags.name})`, unique.map((n) => n.toLowerCase()))));
}

/** Puts the caller's tags among `tagIds` on the caller's prospects among `prospectIds`. */
export async function tagProspects(db: DbOrTx, scope: Scope, tagIds: number[], prospectIds: number[]) {
  if (tagIds.length === 0 || prospectIds.length === 0) return;
  await db.execute(sql`insert into ${prospectTags} (prospect_id, tag_id)
    select p.id, t.id from ${prospects} p cross join ${userTags} t
    where p.id in ${idSet(prospectIds)} and p.user_id = ${scope.userId} and t.id in ${idSet(tagIds)} and t.user_id = ${scope.userId}
    on conflict do nothing`);
}

/** Puts the caller's tags among `tagIds` on an "all matching" selection. */
export async function tagSelection(db: DbOrTx, scope: Scope, chosen: SelectionIds, tagIds: number[]) {
  await db.execute(sql`insert into ${prospectTags} (prospect_id, tag_id)
    select s.id, t.id from (${chosen}) s cross join ${userTags} t
    where t.id in ${idSet(tagIds)} and t.user_id = ${scope.userId}
    on conflict do nothing`);
}

export async function tagById(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(userTags)
    .where(and(eq(userTags.id, id), eq(userTags.userId, scope.userId)))
    .limit(1);
  return row;
}

/** Takes one of the caller's tags off the caller's prospects among `prospectIds`. */
export async function untag(db: DbOrTx, scope: Scope, tagId: number, prospectIds: number[]) {
  if (prospectIds.length === 0) return 0;
  return countOf(
    db,
    sql`delete from ${prospectTags} d where d.tag_id = ${tagId} and d.prospect_id in ${idSet(prospectIds)}
        and exists (select 1 from ${userTags} t where t.id = ${tagId} and t.user_id = ${scope.userId})
        and exists (select 1 from ${prospects} p where p.id = d.prospect_id and p.user_id = ${scope.userId}) returning 1`,
  );
}

/** Deletes one of the caller's tags; how many prospects carried it. */
export async function deleteTag(db: DbOrTx, scope: Scope, tagId: number) {
  const own = and(eq(userTags.id, tagId), eq(userTags.userId, scope.userId));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(prospectTags)
    .where(inArray(prospectTags.tagId, db.select({ id: userTags.id }).from(userTags).where(own)));
  await db.delete(userTags).where(own);
  return count?.n ?? 0;
}

export async function insertTagProcess(db: DbOrTx, scope: Scope, values: Omit<typeof tagProcesses.$inferInsert, 'userId'>) {
  await db.insert(tagProcesses).values({ ...values, userId: scope.userId });
}

export async function tagProcessById(db: DbOrTx, scope: Scope, id: string): Promise<TagProcessRow | undefined> {
  const [row] = await db
    .select()
    .from(tagProcesses)
    .where(and(eq(tagProcesses.id, id), eq(tagProcesses.userId, scope.userId)))
    .limit(1);
  return row;
}

export async function runningTagProcess(db: DbOrTx, scope: Scope, listId: number | null): Promise<TagProcessRow | undefined> {
  const [row] = await db
    .select()
    .from(tagProcesses)
    .where(and(eq(tagProcesses.userId, scope.userId), eq(tagProcesses.status, 'in_progress'), listId === null ? isNull(tagProcesses.listId) : eq(tagProcesses.listId, listId)))
    .orderBy(desc(tagProcesses.createdAt))
    .limit(1);
  return row;
}

export async function updateTagProcess(db: DbOrTx, scope: Scope, id: string, values: Partial<Pick<TagProcessRow, 'status' | 'processed' | 'total'>>) {
  await db
    .update(tagProcesses)
    .set(values)
    .where(and(eq(tagProcesses.id, id), eq(tagProcesses.userId, scope.userId)));
}
