/**
 * The prospects table (/prospects/list-prospects) and global search: one query builder for the
 * filters, sort and paging, then one batched read of the page's emails, tags, lists and custom
 * values. Cells hidden from the viewer class (document 1 §6) are left out here.
 */
import {
  canSee,
  searchFilterError,
  type GlobalSearchFilters,
  type ListProspectsBody,
  type ProspectFilter,
  type ProspectRow,
  type ProspectSortField,
} from '@leadforge/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { prospectEmails, prospectListItems, prospectTags, prospectCompanies, prospects } from '../../db/schema';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import { browsableOwners, classOf, type ProspectsActor } from './access';
import * as repo from './repository';

export interface ListingScope {
  /** A list's items (add date = when added to the list) or prospects of these owners. */
  listId: number | null;
  ownerIds: number[];
}

const inList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

function fromClause(scope: ListingScope): { from: SQL; where: SQL[]; addDate: SQL } {
  if (scope.listId !== null) {
    return {
      from: sql`${prospectListItems} li join ${prospects} p on p.id = li.prospect_id`,
      where: [sql`li.list_id = ${scope.listId}`],
      addDate: sql`li.added_at`,
    };
  }
  return { from: sql`${prospects} p`, where: [sql`p.user_id in (${inList(scope.ownerIds)})`], addDate: sql`p.created_at` };
}

/** Filters that only test the prospect id (no prospect column): a list count can skip the join. */
export function isIdOnlyFilter(filter: Partial<ProspectFilter>): boolean {
  return !filter.duplicates && !filter.linkedin && !filter.name;
}

/**
 * SQL conditions of the table filters. `id` is how the prospect id is reached: `p.id`, or
 * `li.prospect_id` for a list count that does not join the prospects table (id-only filters).
 */
export function filterConditions(filter: Partial<ProspectFilter>, readableListIds: number[], id: SQL = sql`p.id`): SQL[] {
  const conditions: SQL[] = [];
  const statuses = filter.emailStatus ?? [];
  if (statuses.length > 0) {
    const real = statuses.filter((status) => status !== 'no_email');
    const parts: SQL[] = [];
    if (real.length > 0) parts.push(sql`exists (select 1 from ${prospectEmails} e where e.prospect_id = ${id} and e.status in (${sql.join(real.map((s) => sql`${s}`), sql`, `)}))`);
    if (statuses.includes('no_email')) parts.push(sql`not exists (select 1 from ${prospectEmails} e where e.prospect_id = ${id})`);
    conditions.push(sql`(${sql.join(parts, sql` or `)})`);
  }
  const tags = filter.tags ?? [];
  if (tags.length > 0) {
    const tagList = inList(tags);
    if (filter.tagsFilter === 'none') conditions.push(sql`not exists (select 1 from ${prospectTags} t where t.prospect_id = ${id} and t.tag_id in (${tagList}))`);
    else if (filter.tagsFilter === 'all') conditions.push(sql`(select count(*) from ${prospectTags} t where t.prospect_id = ${id} and t.tag_id in (${tagList})) = ${tags.length}`);
    else conditions.push(sql`exists (select 1 from ${prospectTags} t where t.prospect_id = ${id} and t.tag_id in (${tagList}))`);
  }
  if (filter.duplicates) conditions.push(repo.hasDuplicateCondition());
  const lists = (filter.lists ?? []).filter((id) => readableListIds.includes(id));
  if ((filter.lists ?? []).length > 0) {
    // Lists the caller may not read match nothing rather than leak membership.
    conditions.push(lists.length > 0 ? sql`exists (select 1 from ${prospectListItems} l2 where l2.prospect_id = ${id} and l2.list_id in (${inList(lists)}))` : sql`false`);
  }
  if (filter.linkedin === 'with') conditions.push(sql`p.social is not null`);
  if (filter.linkedin === 'without') conditions.push(sql`p.social is null`);
  if (filter.name) {
    const error = searchFilterError('prospect_name', filter.name);
    if (error) throw new DomainError(error, { field: 'filter.name' });
    conditions.push(nameMatches(filter.name));
  }
  return conditions;
}

/** Shortest name query matched as a substring: pg_trgm needs three characters to use its index. */
export const NAME_SUBSTRING_MIN = 3;

/**
 * The name filter of the table and of global search: a substring of the name (pg_trgm's GIN index
 * answers `like '%…%'` on PostgreSQL and PGlite alike); a 2-character query, which has no trigram
 * to look up, matches the start of the name through the (user_id, search_name) btree instead.
 */
export function nameMatches(query: string): SQL {
  const raw = query.trim().toLowerCase();
  const needle = repo.escapeLike(raw);
  return raw.length >= NAME_SUBSTRING_MIN ? sql`p.search_name like ${`%${needle}%`}` : sql`p.search_name like ${`${needle}%`}`;
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
  scope: ListingScope;
  conditions: SQL[];
  sort: { field: ProspectSortField; order: 'asc' | 'desc' }[];
  page: number;
  perPage: number;
}

export async function pageIds(db: Db, query: PageQuery) {
  const { from, where, addDate } = fromClause(query.scope);
  const all = [...where, ...query.conditions];
  return repo.rowsOf<{ id: number; add_date: string | Date }>(
    db,
    sql`select p.id, ${addDate} as add_date from ${from} where ${sql.join(all, sql` and `)}
        order by ${orderBy(query.sort, addDate)} limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`,
  );
}

/**
 * Prospects of a scope matching filter conditions, counted up to `cap`: a filtered count stops
 * once it has seen enough for the pages the table can show next (the answer then says the count
 * is a lower bound). `listConditions` test only `li.prospect_id`, so a list count skips the join.
 * Unfiltered scopes are never counted here: their sizes are the trigger-kept counters.
 */
export async function countMatchingUpTo(db: Db, scope: ListingScope, conditions: SQL[], listConditions: SQL[] | undefined, cap: number): Promise<number> {
  const query =
    scope.listId !== null && listConditions && listConditions.length > 0
      ? sql`select 1 from ${prospectListItems} li where li.list_id = ${scope.listId} and ${sql.join(listConditions, sql` and `)} limit ${cap}`
      : (() => {
          const { from, where } = fromClause(scope);
          return sql`select 1 from ${from} where ${sql.join([...where, ...conditions], sql` and `)} limit ${cap}`;
        })();
  const [row] = await repo.rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${query}) s`);
  return row?.n ?? 0;
}

/**
 * The ids of an "all matching" selection as one SQL subquery: the scope's prospects matching the
 * filter conditions, owned by `ownerId` (bulk actions change only the caller's own prospects),
 * minus the excluded ids. Every bulk action embeds it in one set-based statement.
 */
export function selectionIds(scope: ListingScope, conditions: SQL[], ownerId: number, excludeIds: number[]): SQL {
  const { from, where } = fromClause(scope);
  const all = [...where, ...conditions, sql`p.user_id = ${ownerId}`];
  if (excludeIds.length > 0) all.push(sql`p.id not in (select value::int from json_array_elements_text(${JSON.stringify(excludeIds)}::json))`);
  return sql`select p.id from ${from} where ${sql.join(all, sql` and `)}`;
}

/** Size of an unfiltered scope from the counters (a list's items_count, the owners' counts). */
export async function scopeSize(db: Db, scope: ListingScope, list?: { itemsCount: number }): Promise<number> {
  if (scope.listId !== null) return list ? list.itemsCount : repo.listContactsCount(db, scope.listId);
  return repo.prospectsCountOf(db, scope.ownerIds);
}

export async function countOf(db: Db, scope: ListingScope, conditions: SQL[]) {
  const { from, where } = fromClause(scope);
  const [row] = await repo.rowsOf<{ total: number; with_linkedin: number }>(
    db,
    sql`select count(*)::int as total, (count(*) filter (where p.social is not null))::int as with_linkedin from ${from} where ${sql.join([...where, ...conditions], sql` and `)}`,
  );
  return { total: row?.total ?? 0, withLinkedin: row?.with_linkedin ?? 0 };
}

export async function duplicatesCount(db: Db, scope: ListingScope) {
  const { from, where } = fromClause(scope);
  const [row] = await repo.rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${sql.join([...where, repo.hasDuplicateCondition()], sql` and `)}`);
  return row?.n ?? 0;
}

function iso(value: string | Date): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Table rows for these ids in this order, with the viewer's cells only. */
export async function rowsFor(db: Db, actor: ProspectsActor, page: { id: number; add_date: string | Date }[]): Promise<ProspectRow[]> {
  const ids = page.map((row) => row.id);
  if (ids.length === 0) return [];
  const details = await repo.pageDetailsOf(db, ids);
  const byId = new Map(details.map((detail) => [detail.prospect.id, detail]));
  const readableOwners = browsableOwners(actor);
  return page.flatMap(({ id, add_date }) => {
    const detail = byId.get(id);
    if (!detail) return [];
    const { prospect: p, emails, tags, lists, customs } = detail;
    const viewer = classOf(actor, p.userId);
    const customVisible = p.userId === actor.userId ? canSee('customFields', viewer) : canSee('teamCustomFields', viewer);
    const row: ProspectRow = {
      id: p.id,
      name: p.name,
      first_name: p.firstName,
      last_name: p.lastName,
      industry: p.industry,
      country: p.country,
      location: p.locality,
      company: p.companyName,
      company_industry: p.companyIndustry,
      company_country: p.companyCountry,
      emails: canSee('emails', viewer)
        ? emails.map((e) => ({ email_id: e.id, email: e.email, status: e.status as ProspectRow['emails'][number]['status'], statusVerifyText: e.status, tags: e.tags }))
        : [],
      lists: lists
        .filter((l) => readableOwners.includes(l.userId))
        .map((l) => ({ listId: l.listId, name: l.name, isMemberLists: l.userId !== actor.userId })),
      tags: canSee('tags', viewer) ? tags : [],
      add_date: iso(add_date),
      linkedin: canSee('socialLinks', viewer) ? p.social : null,
      customFields: customVisible
        ? Object.fromEntries(customs.filter((c) => c.userId === p.userId).map((c) => [`custom_${c.fieldId}`, c.value]))
        : {},
      ownerUserId: p.userId,
      viewerClass: viewer,
      isDuplicate: detail.isDuplicate,
    };
    if (canSee('deals', viewer)) row.deals = 0;
    return [row];
  });
}

/** Global search filters of document 1 §5, checked with the shared rules. */
export function checkSearchFilters(filters: GlobalSearchFilters) {
  const checks: [keyof GlobalSearchFilters, Parameters<typeof searchFilterError>[0]][] = [
    ['prospect_name', 'prospect_name'],
    ['company_name', 'company_name'],
    ['company_url', 'company_url'],
    ['email', 'email'],
    ['campaign_title', 'campaign_title'],
    ['position', 'generic'],
    ['country', 'generic'],
    ['location', 'generic'],
    ['industry', 'generic'],
  ];
  const items = checks.flatMap(([key, kind]) => {
    const value = filters[key];
    if (value === undefined || (typeof value === 'string' && value.trim() === '' && kind !== 'generic')) return [];
    if (typeof value !== 'string') return [];
    const error = searchFilterError(kind, value);
    return error ? [{ key: error, field: `filters.${key}` }] : [];
  });
  if (items.length > 0) throw new DomainError(items[0]!.key, { items });
}

/** SQL conditions of a global search (the name through nameMatches, prefixes through text_pattern_ops). */
export function searchConditions(filters: GlobalSearchFilters): SQL[] {
  const conditions: SQL[] = [];
  const prefix = (value: string) => `${repo.escapeLike(value.trim().toLowerCase())}%`;
  const contains = (value: string) => `%${repo.escapeLike(value.trim().toLowerCase())}%`;
  if (filters.prospect_name?.trim()) conditions.push(nameMatches(filters.prospect_name));
  if (filters.company_name?.trim()) conditions.push(sql`lower(p.company_name) like ${prefix(filters.company_name)}`);
  if (filters.company_url?.trim())
    conditions.push(sql`exists (select 1 from ${prospectCompanies} c where c.prospect_id = p.id and lower(c.url) like ${contains(filters.company_url)})`);
  if (filters.email?.trim()) conditions.push(sql`exists (select 1 from ${prospectEmails} e where e.prospect_id = p.id and lower(e.email) = ${filters.email.trim().toLowerCase()})`);
  if (filters.position?.trim())
    conditions.push(sql`exists (select 1 from ${prospectCompanies} c where c.prospect_id = p.id and lower(c.position) like ${contains(filters.position)})`);
  if (filters.country?.trim()) conditions.push(sql`lower(p.country) like ${prefix(filters.country)}`);
  if (filters.location?.trim()) conditions.push(sql`lower(p.locality) like ${contains(filters.location)}`);
  if (filters.industry?.trim()) conditions.push(sql`lower(p.industry) like ${prefix(filters.industry)}`);
  if (filters.tags && filters.tags.length > 0) conditions.push(sql`exists (select 1 from ${prospectTags} t where t.prospect_id = p.id and t.tag_id in (${inList(filters.tags)}))`);
  // No campaigns exist before the campaigns issue: a campaign title filter matches nothing yet.
  if (filters.campaign_title?.trim()) conditions.push(sql`false`);
  return conditions;
}

export type { ListProspectsBody };
