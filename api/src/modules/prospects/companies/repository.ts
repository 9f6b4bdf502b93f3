/** SQL of the caller's companies, company lists' items and the company history: the caller's own only. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { companies, companyHistory, companyListItems, prospectCompanies, prospectLists, prospects } from '../../../db/schema';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';
import { ownListCondition } from '../lists/repository';
import { countOf, escapeLike, insertJsonRows, idSet, rowsOf } from '../sql-helpers';

export async function companyById(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.userId, scope.userId)))
    .limit(1);
  return row;
}

/** The caller's company ids by normalised name, creating the missing ones (one statement each way). */
export async function ensureCompanies(db: DbOrTx, scope: Scope, rows: { name: string; url: string | null }[]) {
  const byNorm = new Map<string, { name: string; url: string | null }>();
  for (const row of rows) if (row.name) byNorm.set(row.name.toLowerCase(), row);
  if (byNorm.size === 0) return new Map<string, number>();
  await insertJsonRows(
    db,
    'companies',
    { account_id: 'int', user_id: 'int', name: 'text', name_norm: 'text', url: 'text', domain: 'text' },
    [...byNorm].map(([nameNorm, row]) => ({ account_id: scope.accountId, user_id: scope.userId, name: row.name, name_norm: nameNorm, url: row.url, domain: domainOf(row.url) })),
    'on conflict do nothing',
  );
  const found = await rowsOf<{ id: number; name_norm: string }>(
    db,
    sql`select c.id, c.name_norm from ${companies} c join json_array_elements_text(${JSON.stringify([...byNorm.keys()])}::json) k(v) on c.name_norm = k.v where c.user_id = ${scope.userId}`,
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

export async function companiesPage(db: DbOrTx, scope: Scope, options: { listId: number | null; page: number; limit: number; query: string | null }) {
  const conditions = [eq(companies.userId, scope.userId)];
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
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(companies)
    .where(and(...conditions));
  return { rows, total: count?.n ?? 0 };
}

/** The caller's live company lists holding these companies. */
export async function companyListsOf(db: DbOrTx, scope: Scope, companyIds: number[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({ companyId: companyListItems.companyId, id: prospectLists.id, listName: prospectLists.name })
    .from(companyListItems)
    .innerJoin(prospectLists, eq(prospectLists.id, companyListItems.listId))
    .where(and(inArray(companyListItems.companyId, companyIds), isNull(prospectLists.deletedAt), eq(prospectLists.userId, scope.userId)));
}

/** The caller's prospects working at one of their companies. */
export async function prospectsOfCompany(db: DbOrTx, scope: Scope, companyId: number) {
  return db
    .select({ id: prospects.id, name: prospects.name, position: prospectCompanies.position })
    .from(prospectCompanies)
    .innerJoin(prospects, eq(prospects.id, prospectCompanies.prospectId))
    .where(and(eq(prospectCompanies.companyId, companyId), eq(prospects.userId, scope.userId)))
    .orderBy(asc(prospects.name))
    .limit(200);
}

export async function ownedCompanyIds(db: DbOrTx, scope: Scope, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.userId, scope.userId), inArray(companies.id, ids)));
  return rows.map((row) => row.id);
}

/** Adds the caller's companies among `ids` to the caller's company list; how many were not in it yet. */
export async function addCompaniesToList(db: DbOrTx, scope: Scope, listId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  return countOf(
    db,
    sql`insert into ${companyListItems} (list_id, company_id)
        select l.id, c.id from ${prospectLists} l join ${companies} c on c.user_id = l.user_id
        where l.id = ${listId} and l.user_id = ${scope.userId} and c.id in ${idSet(ids)}
        on conflict do nothing returning 1`,
  );
}

export async function removeCompaniesFromList(db: DbOrTx, scope: Scope, listId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  return countOf(
    db,
    sql`delete from ${companyListItems} d where d.list_id = ${listId} and d.company_id in ${idSet(ids)} and ${ownListCondition(scope, listId)} returning 1`,
  );
}

export async function deleteCompanies(db: DbOrTx, scope: Scope, ids: number[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(companies)
    .where(and(eq(companies.userId, scope.userId), eq(companies.accountId, scope.accountId), inArray(companies.id, ids)))
    .returning({ id: companies.id });
  return rows.length;
}

export async function companiesWithLogo(db: DbOrTx, scope: Scope, query: string) {
  const like = `${escapeLike(query.toLowerCase())}%`;
  return db
    .select({ id: companies.id, name: companies.name, domain: companies.domain, logo: companies.logo })
    .from(companies)
    .where(and(eq(companies.userId, scope.userId), sql`(${companies.nameNorm} like ${like} or ${companies.domain} like ${like})`))
    .orderBy(asc(companies.nameNorm))
    .limit(20);
}

export async function addCompanyHistory(db: DbOrTx, scope: Scope, action: string, details: Record<string, unknown>) {
  await db.insert(companyHistory).values({ userId: scope.userId, action, details });
}

export async function companyHistoryPage(db: DbOrTx, scope: Scope, page: number, limit: number, listId?: number) {
  const ofList =
    listId === undefined
      ? undefined
      : sql`(${companyHistory.details}->>'listId' = ${String(listId)} or ${companyHistory.details}->>'from' = ${String(listId)} or ${companyHistory.details}->>'to' = ${String(listId)})`;
  const where = and(eq(companyHistory.userId, scope.userId), ofList);
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
