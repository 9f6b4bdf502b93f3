/**
 * SQL of the prospects area. Every read is scoped by the caller: the list owner's user id, the
 * caller's own user id, or the user ids of the caller's team (passed in by the service, which
 * decides who may see what). Heavy reads use keyset-friendly indexes (see schema/prospects.ts).
 */
import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  companies,
  companyHistory,
  companyListItems,
  customFieldGroups,
  customFields,
  listFolderItems,
  listFolders,
  prospectColumnSettings,
  prospectCompanies,
  prospectCustomValues,
  prospectEmails,
  prospectEvents,
  prospectImportChunks,
  prospectImports,
  prospectListItems,
  prospectOwnerCounts,
  prospectLists,
  prospectNotes,
  prospectPhones,
  prospectSearches,
  prospects,
  prospectTags,
  tagProcesses,
  teamMembers,
  users,
  userTags,
} from '../../db/schema';
import type { DbOrTx } from '../../db/types';

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** How many rows a statement returns (`… returning 1` of a set-based write, a capped select). */
export async function countOf(db: DbOrTx, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`with counted as (${query}) select count(*)::int as n from counted`);
  return row?.n ?? 0;
}

/**
 * Inserts many rows in one statement with one parameter (the rows as JSON): building a multi-row
 * VALUES list with a parameter per cell costs more CPU than the database spends writing the rows.
 * `columns` maps each column to its SQL type; row objects use the column names as keys.
 */
export async function insertJsonRows(db: DbOrTx, table: string, columns: Record<string, string>, rows: Record<string, unknown>[], onConflict = '') {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const definition = names.map((name) => `${name} ${columns[name]}`).join(', ');
  await db.execute(
    sql`insert into ${sql.identifier(table)} (${sql.raw(names.join(', '))}) select ${sql.raw(names.join(', '))} from json_to_recordset(${JSON.stringify(rows)}::json) as x(${sql.raw(definition)}) ${sql.raw(onConflict)}`,
  );
}

export interface JsonInsert {
  table: string;
  columns: Record<string, string>;
  rows: Record<string, unknown>[];
  onConflict?: string;
}

/**
 * Several insertJsonRows in ONE statement (data-modifying CTEs): an import batch writes its
 * prospects and all their child rows in a single round trip. Foreign keys still hold: their
 * checks run at the end of the statement, when every CTE has inserted its rows.
 */
export async function insertJsonRowsTogether(db: DbOrTx, inserts: JsonInsert[]) {
  const parts = inserts
    .filter((insert) => insert.rows.length > 0)
    .map((insert, index) => {
      const names = Object.keys(insert.columns);
      const definition = names.map((name) => `${name} ${insert.columns[name]}`).join(', ');
      return sql`${sql.identifier(`w${index}`)} as (insert into ${sql.identifier(insert.table)} (${sql.raw(names.join(', '))}) select ${sql.raw(names.join(', '))} from json_to_recordset(${JSON.stringify(insert.rows)}::json) as x(${sql.raw(definition)}) ${sql.raw(insert.onConflict ?? '')})`;
    });
  if (parts.length === 0) return;
  await db.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}

/** Ids for new prospects taken from their sequence, so a bulk insert knows which row got which id. */
export async function nextProspectIds(db: DbOrTx, count: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence('prospects', 'id'))::int as id from generate_series(1, ${count})`);
  return rows.map((row) => row.id);
}

/** User ids of a team (for team-wide reads). */
export async function teamUserIds(db: DbOrTx, teamId: number): Promise<number[]> {
  const rows = await db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return rows.map((row) => row.userId);
}

export async function teamMembersWithNames(db: DbOrTx, teamId: number) {
  return db
    .select({ userId: teamMembers.userId, name: users.name })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(users.name));
}

// Lists -----------------------------------------------------------------------------------------

export type ListRow = typeof prospectLists.$inferSelect;

export async function listById(db: DbOrTx, id: number): Promise<ListRow | undefined> {
  const [row] = await db.select().from(prospectLists).where(eq(prospectLists.id, id)).limit(1);
  return row;
}

export async function insertList(db: DbOrTx, values: typeof prospectLists.$inferInsert) {
  const [row] = await db.insert(prospectLists).values(values).returning();
  return row!;
}

export async function updateList(db: DbOrTx, id: number, values: Partial<typeof prospectLists.$inferInsert>) {
  const [row] = await db.update(prospectLists).set(values).where(eq(prospectLists.id, id)).returning();
  return row;
}

export async function deleteListRow(db: DbOrTx, id: number) {
  await db.delete(prospectLists).where(eq(prospectLists.id, id));
}

export async function listNamesOf(db: DbOrTx, userId: number, type: string): Promise<string[]> {
  const rows = await db
    .select({ name: prospectLists.name })
    .from(prospectLists)
    .where(and(eq(prospectLists.userId, userId), eq(prospectLists.type, type)));
  return rows.map((row) => row.name);
}

/** Lists of these owners with their item counts (the trigger-kept items_count). */
export async function listsWithCounts(db: DbOrTx, userIds: number[], type: string) {
  if (userIds.length === 0) return [];
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
    .where(and(inArray(prospectLists.userId, userIds), eq(prospectLists.type, type)))
    .orderBy(desc(prospectLists.createdAt), desc(prospectLists.id));
}

export async function listContactsCount(db: DbOrTx, listId: number): Promise<number> {
  const [row] = await db.select({ n: prospectLists.itemsCount }).from(prospectLists).where(eq(prospectLists.id, listId));
  return row?.n ?? 0;
}

/** Prospects of these owners (All contacts) from the trigger-kept per-owner counters. */
export async function prospectsCountOf(db: DbOrTx, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${prospectOwnerCounts.prospects}), 0)::int` })
    .from(prospectOwnerCounts)
    .where(inArray(prospectOwnerCounts.userId, userIds));
  return row?.n ?? 0;
}

/** A keyset page of the caller's live prospect lists for pickers. */
export async function listsPage(
  db: DbOrTx,
  userId: number,
  options: { count: number; lastId: number | null; keyword: string | null; excludedId: number | null },
) {
  const conditions = [eq(prospectLists.userId, userId), eq(prospectLists.type, 'prospect'), isNull(prospectLists.deletedAt)];
  if (options.lastId) conditions.push(sql`${prospectLists.id} < ${options.lastId}`);
  if (options.keyword) conditions.push(sql`lower(${prospectLists.name}) like ${`%${escapeLike(options.keyword.toLowerCase())}%`}`);
  if (options.excludedId) conditions.push(sql`${prospectLists.id} <> ${options.excludedId}`);
  return db
    .select({
      id: prospectLists.id,
      name: prospectLists.name,
      contacts: prospectLists.itemsCount,
    })
    .from(prospectLists)
    .where(and(...conditions))
    .orderBy(desc(prospectLists.id))
    .limit(options.count + 1);
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function addItemsToList(db: DbOrTx, listId: number, prospectIds: number[]): Promise<number> {
  if (prospectIds.length === 0) return 0;
  const rows = await db
    .insert(prospectListItems)
    .values(prospectIds.map((prospectId) => ({ listId, prospectId })))
    .onConflictDoNothing()
    .returning({ id: prospectListItems.prospectId });
  return rows.length;
}

export async function removeItemsFromList(db: DbOrTx, listId: number, prospectIds: number[]): Promise<number> {
  if (prospectIds.length === 0) return 0;
  const rows = await db
    .delete(prospectListItems)
    .where(and(eq(prospectListItems.listId, listId), inArray(prospectListItems.prospectId, prospectIds)))
    .returning({ id: prospectListItems.prospectId });
  return rows.length;
}

/** Of these ids, those that are prospects of these owners (in the order given). */
export async function prospectIdsOwnedBy(db: DbOrTx, ids: number[], ownerIds: number[]): Promise<number[]> {
  if (ids.length === 0 || ownerIds.length === 0) return [];
  const rows = await db
    .select({ id: prospects.id })
    .from(prospects)
    .where(and(inArray(prospects.id, ids), inArray(prospects.userId, ownerIds)));
  const found = new Set(rows.map((row) => row.id));
  return [...new Set(ids)].filter((id) => found.has(id));
}

/** Of these ids, those that are prospects owned by the user. */
export async function ownedProspectIds(db: DbOrTx, userId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: prospects.id })
    .from(prospects)
    .where(and(eq(prospects.userId, userId), inArray(prospects.id, ids)));
  return rows.map((row) => row.id);
}

export async function deleteProspects(db: DbOrTx, userId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(prospects)
    .where(and(eq(prospects.userId, userId), inArray(prospects.id, ids)))
    .returning({ id: prospects.id });
  return rows.length;
}

/** Deletes the prospects of a list that are in no other list (delete-without-save, delete with recipients). */
export async function deleteOrphansOfList(db: DbOrTx, userId: number, listId: number) {
  await db.execute(sql`
    delete from ${prospects} p
    using ${prospectListItems} li
    where li.list_id = ${listId} and li.prospect_id = p.id and p.user_id = ${userId}
      and not exists (select 1 from ${prospectListItems} o where o.prospect_id = p.id and o.list_id <> ${listId})`);
}

export async function emailStats(db: DbOrTx, listId: number) {
  const rows = await rowsOf<{ status: string | null; n: number }>(
    db,
    sql`select e.status, count(distinct li.prospect_id)::int as n
        from ${prospectListItems} li left join ${prospectEmails} e on e.prospect_id = li.prospect_id
        where li.list_id = ${listId} group by e.status`,
  );
  return rows;
}

// Folders ---------------------------------------------------------------------------------------

export async function foldersOf(db: DbOrTx, userId: number) {
  const folders = await db.select().from(listFolders).where(eq(listFolders.userId, userId)).orderBy(asc(listFolders.position), asc(listFolders.id));
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

export async function folderById(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(listFolders)
    .where(and(eq(listFolders.id, id), eq(listFolders.userId, userId)))
    .limit(1);
  return row;
}

export async function insertFolder(db: DbOrTx, userId: number, name: string) {
  const [max] = await db.select({ p: sql<number>`coalesce(max(${listFolders.position}) + 1, 0)::int` }).from(listFolders).where(eq(listFolders.userId, userId));
  const [row] = await db.insert(listFolders).values({ userId, name, position: max?.p ?? 0 }).returning();
  return row!;
}

export async function renameFolder(db: DbOrTx, id: number, name: string) {
  await db.update(listFolders).set({ name }).where(eq(listFolders.id, id));
}

export async function deleteFolder(db: DbOrTx, id: number) {
  await db.delete(listFolders).where(eq(listFolders.id, id));
}

export async function setFolderPositions(db: DbOrTx, ordered: number[]) {
  for (const [position, id] of ordered.entries()) await db.update(listFolders).set({ position }).where(eq(listFolders.id, id));
}

export async function fileList(db: DbOrTx, listId: number, folderId: number | null, fromFolderId: number | null | undefined, userFolderIds: number[]) {
  if (fromFolderId) await db.delete(listFolderItems).where(and(eq(listFolderItems.listId, listId), eq(listFolderItems.folderId, fromFolderId)));
  else if (userFolderIds.length > 0) await db.delete(listFolderItems).where(and(eq(listFolderItems.listId, listId), inArray(listFolderItems.folderId, userFolderIds)));
  if (folderId) await db.insert(listFolderItems).values({ folderId, listId }).onConflictDoNothing();
}

// Prospects -------------------------------------------------------------------------------------

export type ProspectRowDb = typeof prospects.$inferSelect;

export async function prospectById(db: DbOrTx, id: number): Promise<ProspectRowDb | undefined> {
  const [row] = await db.select().from(prospects).where(eq(prospects.id, id)).limit(1);
  return row;
}

export async function prospectsByIds(db: DbOrTx, ids: number[]): Promise<ProspectRowDb[]> {
  if (ids.length === 0) return [];
  return db.select().from(prospects).where(inArray(prospects.id, ids));
}

export async function emailsOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(prospectEmails).where(inArray(prospectEmails.prospectId, ids)).orderBy(asc(prospectEmails.id));
}

export async function phonesOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(prospectPhones).where(inArray(prospectPhones.prospectId, ids)).orderBy(asc(prospectPhones.id));
}

export async function companiesOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(prospectCompanies).where(inArray(prospectCompanies.prospectId, ids)).orderBy(asc(prospectCompanies.sort), asc(prospectCompanies.id));
}

export async function tagsOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ tagEntityId: prospectTags.id, prospectId: prospectTags.prospectId, id: userTags.id, name: userTags.name, type: userTags.type })
    .from(prospectTags)
    .innerJoin(userTags, eq(userTags.id, prospectTags.tagId))
    .where(inArray(prospectTags.prospectId, ids))
    .orderBy(asc(userTags.name));
}

export async function listsOfProspects(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ prospectId: prospectListItems.prospectId, listId: prospectLists.id, name: prospectLists.name, userId: prospectLists.userId })
    .from(prospectListItems)
    .innerJoin(prospectLists, eq(prospectLists.id, prospectListItems.listId))
    .where(and(inArray(prospectListItems.prospectId, ids), isNull(prospectLists.deletedAt)));
}

export async function customValuesOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ prospectId: prospectCustomValues.prospectId, fieldId: customFields.id, value: prospectCustomValues.value, name: customFields.name, type: customFields.type, userId: customFields.userId })
    .from(prospectCustomValues)
    .innerJoin(customFields, eq(customFields.id, prospectCustomValues.fieldId))
    .where(inArray(prospectCustomValues.prospectId, ids))
    .orderBy(asc(customFields.position), asc(customFields.id));
}

export interface PageDetails {
  prospect: ProspectRowDb;
  isDuplicate: boolean;
  emails: { id: number; email: string; status: string; tags: string[] }[];
  tags: { tagEntityId: number; id: number; name: string; type: string }[];
  lists: { listId: number; name: string; userId: number }[];
  customs: { fieldId: number; value: string; userId: number }[];
}

/**
 * Everything a table page shows of these prospects in one query (the row, its duplicate flag,
 * emails, tags, live lists and custom values as JSON), instead of one query per kind.
 */
export async function pageDetailsOf(db: DbOrTx, ids: number[]): Promise<PageDetails[]> {
  if (ids.length === 0) return [];
  // Aliased "p": the duplicate condition and the subqueries refer to p.id.
  const p = alias(prospects, 'p');
  return db
    .select({
      prospect: p,
      isDuplicate: sql<boolean>`${hasDuplicateCondition()}`,
      emails: sql<PageDetails['emails']>`coalesce((select json_agg(json_build_object('id', e.id, 'email', e.email, 'status', e.status, 'tags', e.tags) order by e.id)
        from ${prospectEmails} e where e.prospect_id = p.id), '[]'::json)`,
      tags: sql<PageDetails['tags']>`coalesce((select json_agg(json_build_object('tagEntityId', pt.id, 'id', ut.id, 'name', ut.name, 'type', ut.type) order by ut.name)
        from ${prospectTags} pt join ${userTags} ut on ut.id = pt.tag_id where pt.prospect_id = p.id), '[]'::json)`,
      lists: sql<PageDetails['lists']>`coalesce((select json_agg(json_build_object('listId', l.id, 'name', l.name, 'userId', l.user_id) order by l.id)
        from ${prospectListItems} li join ${prospectLists} l on l.id = li.list_id where li.prospect_id = p.id and l.deleted_at is null), '[]'::json)`,
      customs: sql<PageDetails['customs']>`coalesce((select json_agg(json_build_object('fieldId', f.id, 'value', v.value, 'userId', f.user_id) order by f.position, f.id)
        from ${prospectCustomValues} v join ${customFields} f on f.id = v.field_id where v.prospect_id = p.id), '[]'::json)`,
    })
    .from(p)
    .where(inArray(p.id, ids));
}

/** Prospects of the same account sharing an email, the social URL or name + company. */
export async function duplicatesOf(db: DbOrTx, prospect: ProspectRowDb) {
  return rowsOf<{ id: number; name: string; reason: 'email' | 'social' | 'name_company' }>(
    db,
    sql`select distinct on (p.id) p.id, p.name, d.reason from (
          select o.prospect_id as id, 'email' as reason from ${prospectEmails} o
            join ${prospectEmails} m on lower(m.email) = lower(o.email) and m.prospect_id = ${prospect.id}
            where o.account_id = ${prospect.accountId} and o.prospect_id <> ${prospect.id}
          union all
          select id, 'social' from ${prospects} where account_id = ${prospect.accountId} and ${prospect.socialNorm}::text is not null and social_norm = ${prospect.socialNorm} and id <> ${prospect.id}
          union all
          select id, 'name_company' from ${prospects} where account_id = ${prospect.accountId} and ${prospect.nameCompanyKey}::text is not null and name_company_key = ${prospect.nameCompanyKey} and id <> ${prospect.id}
        ) d join ${prospects} p on p.id = d.id order by p.id limit 50`,
  );
}

/** The SQL condition "this prospect (alias p) has a duplicate in its account". */
export function hasDuplicateCondition(): SQL {
  return sql`(exists (select 1 from ${prospectEmails} e1 join ${prospectEmails} e2 on lower(e2.email) = lower(e1.email) and e2.account_id = e1.account_id and e2.prospect_id <> e1.prospect_id where e1.prospect_id = p.id)
    or (p.social_norm is not null and exists (select 1 from ${prospects} s where s.account_id = p.account_id and s.social_norm = p.social_norm and s.id <> p.id))
    or (p.name_company_key is not null and exists (select 1 from ${prospects} s where s.account_id = p.account_id and s.name_company_key = p.name_company_key and s.id <> p.id)))`;
}

export async function notesOf(db: DbOrTx, prospectId: number) {
  return db.select().from(prospectNotes).where(eq(prospectNotes.prospectId, prospectId)).orderBy(desc(prospectNotes.pinned), desc(prospectNotes.createdAt), desc(prospectNotes.id));
}

export async function noteById(db: DbOrTx, prospectId: number, noteId: number) {
  const [row] = await db
    .select()
    .from(prospectNotes)
    .where(and(eq(prospectNotes.id, noteId), eq(prospectNotes.prospectId, prospectId)))
    .limit(1);
  return row;
}

export async function pinnedCount(db: DbOrTx, prospectId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(prospectNotes)
    .where(and(eq(prospectNotes.prospectId, prospectId), eq(prospectNotes.pinned, true)));
  return row?.n ?? 0;
}

export async function insertNote(db: DbOrTx, values: typeof prospectNotes.$inferInsert) {
  const [row] = await db.insert(prospectNotes).values(values).returning();
  return row!;
}

export async function updateNote(db: DbOrTx, id: number, values: Partial<typeof prospectNotes.$inferInsert>) {
  const [row] = await db.update(prospectNotes).set(values).where(eq(prospectNotes.id, id)).returning();
  return row!;
}

export async function deleteNote(db: DbOrTx, id: number) {
  await db.delete(prospectNotes).where(eq(prospectNotes.id, id));
}

export async function addEvent(db: DbOrTx, prospectId: number, userId: number | null, kind: string, details: Record<string, unknown> = {}) {
  await db.insert(prospectEvents).values({ prospectId, userId, kind, details });
}

export async function eventsPage(db: DbOrTx, prospectId: number, page: number, perPage: number) {
  const items = await db
    .select()
    .from(prospectEvents)
    .where(eq(prospectEvents.prospectId, prospectId))
    .orderBy(desc(prospectEvents.createdAt), desc(prospectEvents.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(prospectEvents).where(eq(prospectEvents.prospectId, prospectId));
  return { items, total: count?.n ?? 0 };
}

// Tags ------------------------------------------------------------------------------------------

export async function tagsWithCounts(db: DbOrTx, userId: number) {
  return db
    .select({
      id: userTags.id,
      name: userTags.name,
      type: userTags.type,
      count: sql<number>`(select count(*)::int from ${prospectTags} where ${prospectTags.tagId} = ${userTags.id})`,
    })
    .from(userTags)
    .where(eq(userTags.userId, userId))
    .orderBy(asc(userTags.name));
}

export async function tagsOfList(db: DbOrTx, listId: number) {
  return rowsOf<{ id: number; name: string; type: string; count: number }>(
    db,
    sql`select t.id, t.name, t.type, count(*)::int as count from ${prospectListItems} li
        join ${prospectTags} pt on pt.prospect_id = li.prospect_id join ${userTags} t on t.id = pt.tag_id
        where li.list_id = ${listId} group by t.id, t.name, t.type order by t.name`,
  );
}

export async function tagsOfOwners(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  return rowsOf<{ id: number; name: string; type: string; count: number }>(
    db,
    sql`select t.id, t.name, t.type, count(*)::int as count from ${prospects} p
        join ${prospectTags} pt on pt.prospect_id = p.id join ${userTags} t on t.id = pt.tag_id
        where p.user_id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)}) group by t.id, t.name, t.type order by t.name`,
  );
}

/** The user's tags with these names, creating the missing ones. */
export async function ensureTags(db: DbOrTx, userId: number, names: string[]) {
  const unique = [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
  if (unique.length === 0) return [];
  await db
    .insert(userTags)
    .values(unique.map((name) => ({ userId, name })))
    .onConflictDoNothing();
  return db
    .select()
    .from(userTags)
    .where(and(eq(userTags.userId, userId), inArray(sql`lower(${userTags.name})`, unique.map((n) => n.toLowerCase()))));
}

export async function tagProspects(db: DbOrTx, tagIds: number[], prospectIds: number[]) {
  if (tagIds.length === 0 || prospectIds.length === 0) return;
  const values = tagIds.flatMap((tagId) => prospectIds.map((prospectId) => ({ tagId, prospectId })));
  for (let i = 0; i < values.length; i += 5_000) await db.insert(prospectTags).values(values.slice(i, i + 5_000)).onConflictDoNothing();
}

export async function tagById(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(userTags)
    .where(and(eq(userTags.id, id), eq(userTags.userId, userId)))
    .limit(1);
  return row;
}

export async function untag(db: DbOrTx, tagId: number, prospectIds: number[]) {
  const rows = await db
    .delete(prospectTags)
    .where(and(eq(prospectTags.tagId, tagId), inArray(prospectTags.prospectId, prospectIds)))
    .returning({ id: prospectTags.id });
  return rows.length;
}

export async function deleteTag(db: DbOrTx, tagId: number) {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(prospectTags).where(eq(prospectTags.tagId, tagId));
  await db.delete(userTags).where(eq(userTags.id, tagId));
  return count?.n ?? 0;
}

export async function insertTagProcess(db: DbOrTx, values: typeof tagProcesses.$inferInsert) {
  await db.insert(tagProcesses).values(values);
}

export async function tagProcessById(db: DbOrTx, userId: number, id: string) {
  const [row] = await db
    .select()
    .from(tagProcesses)
    .where(and(eq(tagProcesses.id, id), eq(tagProcesses.userId, userId)))
    .limit(1);
  return row;
}

export async function runningTagProcess(db: DbOrTx, userId: number, listId: number | null) {
  const [row] = await db
    .select()
    .from(tagProcesses)
    .where(
      and(
        eq(tagProcesses.userId, userId),
        eq(tagProcesses.status, 'in_progress'),
        listId === null ? isNull(tagProcesses.listId) : eq(tagProcesses.listId, listId),
      ),
    )
    .orderBy(desc(tagProcesses.createdAt))
    .limit(1);
  return row;
}

export async function updateTagProcess(db: DbOrTx, id: string, values: Partial<typeof tagProcesses.$inferInsert>) {
  await db.update(tagProcesses).set(values).where(eq(tagProcesses.id, id));
}

// Custom fields ---------------------------------------------------------------------------------

export async function fieldGroupsOf(db: DbOrTx, userId: number) {
  return db.select().from(customFieldGroups).where(eq(customFieldGroups.userId, userId)).orderBy(asc(customFieldGroups.position), asc(customFieldGroups.id));
}

export async function fieldsOf(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db.select().from(customFields).where(inArray(customFields.userId, userIds)).orderBy(asc(customFields.position), asc(customFields.id));
}

export async function groupById(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(customFieldGroups)
    .where(and(eq(customFieldGroups.id, id), eq(customFieldGroups.userId, userId)))
    .limit(1);
  return row;
}

export async function fieldById(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(customFields)
    .where(and(eq(customFields.id, id), eq(customFields.userId, userId)))
    .limit(1);
  return row;
}

export async function fieldNameTaken(db: DbOrTx, userId: number, name: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: customFields.id })
    .from(customFields)
    .where(and(eq(customFields.userId, userId), sql`lower(${customFields.name}) = ${name.toLowerCase()}`, exceptId ? sql`${customFields.id} <> ${exceptId}` : sql`true`))
    .limit(1);
  return Boolean(row);
}

// Settings, searches ----------------------------------------------------------------------------

export async function columnSettingsOf(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(prospectColumnSettings).where(eq(prospectColumnSettings.userId, userId)).limit(1);
  return row;
}

export async function saveColumnSettings(db: DbOrTx, values: typeof prospectColumnSettings.$inferInsert) {
  const [row] = await db
    .insert(prospectColumnSettings)
    .values(values)
    .onConflictDoUpdate({ target: prospectColumnSettings.userId, set: { settings: values.settings, savedAt: values.savedAt!, accountId: values.accountId } })
    .returning();
  return row!;
}

export async function insertSearch(db: DbOrTx, values: typeof prospectSearches.$inferInsert) {
  const [row] = await db.insert(prospectSearches).values(values).returning();
  return row!;
}

export async function lastSearches(db: DbOrTx, userId: number, limit: number) {
  return db.select().from(prospectSearches).where(eq(prospectSearches.userId, userId)).orderBy(desc(prospectSearches.createdAt), desc(prospectSearches.id)).limit(limit);
}

// Imports ---------------------------------------------------------------------------------------

export type ImportRow = typeof prospectImports.$inferSelect;

export async function importById(db: DbOrTx, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(prospectImports).where(eq(prospectImports.id, id)).limit(1);
  return row;
}

export async function insertImport(db: DbOrTx, values: typeof prospectImports.$inferInsert) {
  await db.insert(prospectImports).values(values);
}

export async function updateImport(db: DbOrTx, id: string, values: Partial<typeof prospectImports.$inferInsert>) {
  await db.update(prospectImports).set(values).where(eq(prospectImports.id, id));
}

export async function putChunk(db: DbOrTx, importId: string, index: number, data: string) {
  await db
    .insert(prospectImportChunks)
    .values({ importId, index, data })
    .onConflictDoUpdate({ target: [prospectImportChunks.importId, prospectImportChunks.index], set: { data } });
}

/** The upload's chunks in order, fetched one at a time (a file never sits whole in memory). */
export async function* chunkPieces(db: DbOrTx, importId: string): AsyncGenerator<string> {
  let last = -1;
  for (;;) {
    const [row] = await db
      .select({ index: prospectImportChunks.index, data: prospectImportChunks.data })
      .from(prospectImportChunks)
      .where(and(eq(prospectImportChunks.importId, importId), gt(prospectImportChunks.index, last)))
      .orderBy(asc(prospectImportChunks.index))
      .limit(1);
    if (!row) return;
    last = row.index;
    yield row.data;
  }
}

/** Bytes (UTF-8) of the upload's stored chunks other than `exceptIndex`, and how many chunks there are. */
export async function uploadSize(db: DbOrTx, importId: string, exceptIndex: number) {
  const [row] = await db
    .select({
      bytes: sql<number>`coalesce(sum(octet_length(${prospectImportChunks.data})) filter (where ${prospectImportChunks.index} <> ${exceptIndex}), 0)::bigint`,
      chunks: sql<number>`count(*)::int`,
    })
    .from(prospectImportChunks)
    .where(eq(prospectImportChunks.importId, importId));
  return { bytes: Number(row?.bytes ?? 0), chunks: Number(row?.chunks ?? 0) };
}

export async function deleteChunks(db: DbOrTx, importId: string) {
  await db.delete(prospectImportChunks).where(eq(prospectImportChunks.importId, importId));
}

export async function deleteImport(db: DbOrTx, importId: string) {
  await db.delete(prospectImports).where(eq(prospectImports.id, importId));
}

/** Deletes an import (its chunks go with it) that was uploaded but never started. */
export async function deleteImportIfUnstarted(db: DbOrTx, importId: string) {
  await db.delete(prospectImports).where(and(eq(prospectImports.id, importId), eq(prospectImports.status, 'uploaded')));
}

export async function firstChunk(db: DbOrTx, importId: string) {
  const [row] = await db
    .select({ data: prospectImportChunks.data })
    .from(prospectImportChunks)
    .where(eq(prospectImportChunks.importId, importId))
    .orderBy(asc(prospectImportChunks.index))
    .limit(1);
  return row?.data ?? '';
}

export async function runningImportOfList(db: DbOrTx, listId: number) {
  const [row] = await db
    .select({ id: prospectImports.id })
    .from(prospectImports)
    .where(and(eq(prospectImports.listId, listId), inArray(prospectImports.status, ['queued', 'running'])))
    .limit(1);
  return row;
}

// Companies -------------------------------------------------------------------------------------

export async function companyById(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.userId, userId)))
    .limit(1);
  return row;
}

/** Company ids by normalised name, creating the missing ones (one statement each way). */
export async function ensureCompanies(db: DbOrTx, accountId: number, userId: number, rows: { name: string; url: string | null }[]) {
  const byNorm = new Map<string, { name: string; url: string | null }>();
  for (const row of rows) if (row.name) byNorm.set(row.name.toLowerCase(), row);
  if (byNorm.size === 0) return new Map<string, number>();
  await insertJsonRows(
    db,
    'companies',
    { account_id: 'int', user_id: 'int', name: 'text', name_norm: 'text', url: 'text', domain: 'text' },
    [...byNorm].map(([nameNorm, row]) => ({ account_id: accountId, user_id: userId, name: row.name, name_norm: nameNorm, url: row.url, domain: domainOf(row.url) })),
    'on conflict do nothing',
  );
  const found = await rowsOf<{ id: number; name_norm: string }>(
    db,
    sql`select c.id, c.name_norm from ${companies} c join json_array_elements_text(${JSON.stringify([...byNorm.keys()])}::json) k(v) on c.name_norm = k.v where c.user_id = ${userId}`,
  );
  return new Map(found.map((row) => [row.name_norm, row.id]));
}

export function domainOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const host = url
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/[/?#].*$/, '')
    .replace(/^www\./i, '')
    .toLowerCase();
  return host || null;
}

export async function companiesPage(db: DbOrTx, userId: number, options: { listId: number | null; page: number; limit: number; query: string | null }) {
  const conditions = [eq(companies.userId, userId)];
  if (options.listId) conditions.push(sql`exists (select 1 from ${companyListItems} where ${companyListItems.companyId} = ${companies.id} and ${companyListItems.listId} = ${options.listId})`);
  if (options.query) conditions.push(sql`${companies.nameNorm} like ${`${escapeLike(options.query.toLowerCase())}%`}`);
  const rows = await db
    .select({
      company: companies,
      prospectsCount: sql<number>`(select count(distinct ${prospectCompanies.prospectId})::int from ${prospectCompanies} where ${prospectCompanies.companyId} = ${companies.id})`,
    })
    .from(companies)
    .where(and(...conditions))
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(companies).where(and(...conditions));
  return { rows, total: count?.n ?? 0 };
}

export async function companyListsOf(db: DbOrTx, companyIds: number[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({ companyId: companyListItems.companyId, id: prospectLists.id, listName: prospectLists.name })
    .from(companyListItems)
    .innerJoin(prospectLists, eq(prospectLists.id, companyListItems.listId))
    .where(and(inArray(companyListItems.companyId, companyIds), isNull(prospectLists.deletedAt)));
}

export async function prospectsOfCompany(db: DbOrTx, companyId: number) {
  return db
    .select({ id: prospects.id, name: prospects.name, position: prospectCompanies.position })
    .from(prospectCompanies)
    .innerJoin(prospects, eq(prospects.id, prospectCompanies.prospectId))
    .where(eq(prospectCompanies.companyId, companyId))
    .orderBy(asc(prospects.name))
    .limit(200);
}

export async function ownedCompanyIds(db: DbOrTx, userId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.userId, userId), inArray(companies.id, ids)));
  return rows.map((row) => row.id);
}

export async function addCompaniesToList(db: DbOrTx, listId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .insert(companyListItems)
    .values(ids.map((companyId) => ({ listId, companyId })))
    .onConflictDoNothing()
    .returning({ id: companyListItems.companyId });
  return rows.length;
}

export async function removeCompaniesFromList(db: DbOrTx, listId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(companyListItems)
    .where(and(eq(companyListItems.listId, listId), inArray(companyListItems.companyId, ids)))
    .returning({ id: companyListItems.companyId });
  return rows.length;
}

export async function deleteCompanies(db: DbOrTx, userId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(companies)
    .where(and(eq(companies.userId, userId), inArray(companies.id, ids)))
    .returning({ id: companies.id });
  return rows.length;
}

export async function companiesWithLogo(db: DbOrTx, userId: number, query: string) {
  const like = `${escapeLike(query.toLowerCase())}%`;
  return db
    .select({ id: companies.id, name: companies.name, domain: companies.domain, logo: companies.logo })
    .from(companies)
    .where(and(eq(companies.userId, userId), sql`(${companies.nameNorm} like ${like} or ${companies.domain} like ${like})`))
    .orderBy(asc(companies.nameNorm))
    .limit(20);
}

export async function addCompanyHistory(db: DbOrTx, userId: number, action: string, details: Record<string, unknown>) {
  await db.insert(companyHistory).values({ userId, action, details });
}

export async function companyHistoryPage(db: DbOrTx, userId: number, page: number, limit: number, listId?: number) {
  const ofList =
    listId === undefined
      ? undefined
      : sql`(${companyHistory.details}->>'listId' = ${String(listId)} or ${companyHistory.details}->>'from' = ${String(listId)} or ${companyHistory.details}->>'to' = ${String(listId)})`;
  const where = and(eq(companyHistory.userId, userId), ofList);
  const items = await db
    .select()
    .from(companyHistory)
    .where(where)
    .orderBy(desc(companyHistory.createdAt), desc(companyHistory.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(companyHistory).where(where);
  return { items, total: count?.n ?? 0 };
}

export async function saveEmailStatuses(db: DbOrTx, updates: { id: number; status: string }[]) {
  for (const update of updates) await db.update(prospectEmails).set({ status: update.status }).where(eq(prospectEmails.id, update.id));
}
