/**
 * SQL of the prospects table and global search: pages, counts and "all matching" selections over
 * a source (a list's items or the prospects of some owners), always inside the caller's scope: a
 * list must be one the caller may read, owners are cut to those whose records the caller reads.
 */
import type { ProspectSortField } from '@leadforge/contracts';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { customFields, prospectCustomValues, prospectEmails, prospectListItems, prospectLists, prospects, prospectTags, userTags } from '../../../db/schema';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';
import type { ProspectRowDb } from '../prospect/repository';
import { listContactsCount, prospectsCountOf, readableAmong, readableListCondition } from '../lists/repository';
import { countOf, inList, rowsOf } from '../sql-helpers';
import { hasDuplicateCondition } from './filters';

/** What a listing reads: a list's items (add date = when added to the list) or the prospects of these owners. */
export interface ListingSource {
  listId: number | null;
  ownerIds: number[];
}

declare const selectionBrand: unique symbol;
/**
 * The ids of an "all matching" selection as an SQL subquery, made only by selectionIds (so the
 * caller's own prospects only): bulk statements embed it knowing it holds no other tenant's ids.
 */
export type SelectionIds = SQL & { readonly [selectionBrand]: true };

function fromClause(scope: Scope, source: ListingSource): { from: SQL; where: SQL[]; addDate: SQL } {
  if (source.listId !== null) {
    return {
      from: sql`${prospectListItems} li join ${prospects} p on p.id = li.prospect_id`,
      where: [sql`li.list_id = ${source.listId}`, readableListCondition(scope, source.listId)],
      addDate: sql`li.added_at`,
    };
  }
  return { from: sql`${prospects} p`, where: [sql`p.user_id in ${inList(readableAmong(scope, source.ownerIds))}`], addDate: sql`p.created_at` };
}

function orderBy(sort: { field: ProspectSortField; order: 'asc' | 'desc' }[], addDate: SQL): SQL {
  const columns: Record<ProspectSortField, SQL> = {
    add_date: addDate,
    name: sql`p.search_name`,
    first_name: sql`lower(p.first_name)`,
    last_name: sql`lower(p.last_name)`,
    country: sql`p.country`,
    industry: sql`p.industry`,
    location: sql`p.locality`,
  };
  const parts = sort.map((item) => sql`${columns[item.field]} ${item.order === 'asc' ? sql`asc` : sql`desc`} nulls last`);
  // The id breaks ties so pages never overlap (and matches the keyset index on add date).
  const last = sort[sort.length - 1]?.order === 'asc' ? sql`p.id asc` : sql`p.id desc`;
  return sql.join([...parts, last], sql`, `);
}

export interface PageQuery {
  source: ListingSource;
  conditions: SQL[];
  sort: { field: ProspectSortField; order: 'asc' | 'desc' }[];
  page: number;
  perPage: number;
}

export async function pageIds(db: DbOrTx, scope: Scope, query: PageQuery) {
  const { from, where, addDate } = fromClause(scope, query.source);
  const all = [...where, ...query.conditions];
  return rowsOf<{ id: number; add_date: string | Date }>(
    db,
    sql`select p.id, ${addDate} as add_date from ${from} where ${sql.join(all, sql` and `)}
        order by ${orderBy(query.sort, addDate)} limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`,
  );
}

/**
 * Prospects of a source matching filter conditions, counted up to `cap`: a filtered count stops
 * once it has seen enough for the pages the table can show next (the answer then says the count
 * is a lower bound). `listConditions` test only `li.prospect_id`, so a list count skips the join.
 * Unfiltered sources are never counted here: their sizes are the trigger-kept counters.
 */
export async function countMatchingUpTo(db: DbOrTx, scope: Scope, source: ListingSource, conditions: SQL[], listConditions: SQL[] | undefined, cap: number): Promise<number> {
  const query =
    source.listId !== null && listConditions && listConditions.length > 0
      ? sql`select 1 from ${prospectListItems} li where li.list_id = ${source.listId} and ${readableListCondition(scope, source.listId)} and ${sql.join(listConditions, sql` and `)} limit ${cap}`
      : (() => {
          const { from, where } = fromClause(scope, source);
          return sql`select 1 from ${from} where ${sql.join([...where, ...conditions], sql` and `)} limit ${cap}`;
        })();
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${query}) s`);
  return row?.n ?? 0;
}

/**
 * The ids of an "all matching" selection as one SQL subquery: the source's prospects matching
 * the filter conditions that are the caller's own (bulk actions change only those), minus the
 * excluded ids. Every bulk action embeds it in one set-based statement.
 */
export function selectionIds(scope: Scope, source: ListingSource, conditions: SQL[], excludeIds: number[]): SelectionIds {
  const { from, where } = fromClause(scope, source);
  const all = [...where, ...conditions, sql`p.user_id = ${scope.userId}`];
  if (excludeIds.length > 0) all.push(sql`p.id not in (select value::int from json_array_elements_text(${JSON.stringify(excludeIds)}::json))`);
  return sql`select p.id from ${from} where ${sql.join(all, sql` and `)}` as SelectionIds;
}

// A selection carries its scope (selectionIds put it in), so the reads of one below take none.

/** How many prospects a selection holds, counted up to `cap`. */
export async function selectionSizeUpTo(db: DbOrTx, chosen: SelectionIds, cap: number) {
  return countOf(db, sql`select 1 from (${chosen}) s limit ${cap}`);
}

/** The next batch of a selection (ids above `afterId`, ascending), for background tagging. */
export async function selectionBatch(db: DbOrTx, chosen: SelectionIds, afterId: number, size: number): Promise<number[]> {
  return (await rowsOf<{ id: number }>(db, sql`select c.id from (${chosen}) c where c.id > ${afterId} order by c.id limit ${size}`)).map((r) => r.id);
}

export async function selectionSize(db: DbOrTx, chosen: SelectionIds): Promise<number> {
  const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${chosen}) c`);
  return count?.n ?? 0;
}

/** Size of an unfiltered source from the counters (a list's items_count, the owners' counts). */
export async function sourceSize(db: DbOrTx, scope: Scope, source: ListingSource, list?: { itemsCount: number }): Promise<number> {
  if (source.listId !== null) return list ? list.itemsCount : listContactsCount(db, scope, source.listId);
  return prospectsCountOf(db, scope, source.ownerIds);
}

/** Prospects of a source matching the conditions, and how many of them have a LinkedIn profile. */
export async function countWithLinkedin(db: DbOrTx, scope: Scope, source: ListingSource, conditions: SQL[]) {
  const { from, where } = fromClause(scope, source);
  const [row] = await rowsOf<{ total: number; with_linkedin: number }>(
    db,
    sql`select count(*)::int as total, (count(*) filter (where p.social is not null))::int as with_linkedin from ${from} where ${sql.join([...where, ...conditions], sql` and `)}`,
  );
  return { total: row?.total ?? 0, withLinkedin: row?.with_linkedin ?? 0 };
}

export async function duplicatesCount(db: DbOrTx, scope: Scope, source: ListingSource) {
  const { from, where } = fromClause(scope, source);
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${sql.join([...where, hasDuplicateCondition()], sql` and `)}`);
  return row?.n ?? 0;
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
 * Everything a table page shows of these prospects (those of the caller's team) in one query: the
 * row, its duplicate flag, emails, tags, live lists and custom values as JSON, instead of one
 * query per kind. Which cells the viewer sees is decided by the service.
 */
export async function pageDetailsOf(db: DbOrTx, scope: Scope, ids: number[]): Promise<PageDetails[]> {
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
    .where(and(inArray(p.id, ids), inArray(p.userId, [...scope.teamUserIds])));
}
