/**
 * SQL conditions of the prospects table's filters and of global search (document 1 §5), over a
 * prospect aliased `p`. They only narrow a query: its tenant scope comes from table/repository.
 */
import { searchFilterError, type GlobalSearchFilters, type ProspectFilter } from '@leadforge/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { prospectCompanies, prospectEmails, prospectListItems, prospects, prospectTags } from '../../../db/schema';
import { DomainError } from '../../../http/domain-error';
import { escapeLike, inList } from '../sql-helpers';

/** Filters that only test the prospect id (no prospect column): a list count can skip the join. */
export function isIdOnlyFilter(filter: Partial<ProspectFilter>): boolean {
  return !filter.duplicates && !filter.linkedin && !filter.name;
}

/** The SQL condition "this prospect (alias p) has a duplicate in its account". */
export function hasDuplicateCondition(): SQL {
  return sql`(exists (select 1 from ${prospectEmails} e1 join ${prospectEmails} e2 on lower(e2.email) = lower(e1.email) and e2.account_id = e1.account_id and e2.prospect_id <> e1.prospect_id where e1.prospect_id = p.id)
    or (p.social_norm is not null and exists (select 1 from ${prospects} s where s.account_id = p.account_id and s.social_norm = p.social_norm and s.id <> p.id))
    or (p.name_company_key is not null and exists (select 1 from ${prospects} s where s.account_id = p.account_id and s.name_company_key = p.name_company_key and s.id <> p.id)))`;
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
    if (filter.tagsFilter === 'none') conditions.push(sql`not exists (select 1 from ${prospectTags} t where t.prospect_id = ${id} and t.tag_id in ${tagList})`);
    else if (filter.tagsFilter === 'all') conditions.push(sql`(select count(*) from ${prospectTags} t where t.prospect_id = ${id} and t.tag_id in ${tagList}) = ${tags.length}`);
    else conditions.push(sql`exists (select 1 from ${prospectTags} t where t.prospect_id = ${id} and t.tag_id in ${tagList})`);
  }
  if (filter.duplicates) conditions.push(hasDuplicateCondition());
  const lists = (filter.lists ?? []).filter((id) => readableListIds.includes(id));
  if ((filter.lists ?? []).length > 0) {
    // Lists the caller may not read match nothing rather than leak membership.
    conditions.push(lists.length > 0 ? sql`exists (select 1 from ${prospectListItems} l2 where l2.prospect_id = ${id} and l2.list_id in ${inList(lists)})` : sql`false`);
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
  const needle = escapeLike(raw);
  return raw.length >= NAME_SUBSTRING_MIN ? sql`p.search_name like ${`%${needle}%`}` : sql`p.search_name like ${`${needle}%`}`;
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
  const prefix = (value: string) => `${escapeLike(value.trim().toLowerCase())}%`;
  const contains = (value: string) => `%${escapeLike(value.trim().toLowerCase())}%`;
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
  if (filters.tags && filters.tags.length > 0) conditions.push(sql`exists (select 1 from ${prospectTags} t where t.prospect_id = p.id and t.tag_id in ${inList(filters.tags)})`);
  // No campaigns exist before the campaigns issue: a campaign title filter matches nothing yet.
  if (filters.campaign_title?.trim()) conditions.push(sql`false`);
  return conditions;
}
