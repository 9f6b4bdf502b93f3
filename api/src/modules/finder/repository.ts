/**
 * SQL of the finder area. Every read of a user's record is scoped by that user (and account), so
 * another account's search id or job id finds nothing and the caller answers 404.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  finderBulkJobs,
  finderBulkRows,
  finderPatternStats,
  finderSearches,
  linkedinSavedProfiles,
  linkedinSearchTasks,
  companies,
  prospectCompanies,
  prospectEmails,
  prospects,
} from '../../db/schema';
import type { DbOrTx } from '../../db/types';

export interface Owner {
  userId: number;
  accountId: number;
}

// ---------------------------------------------------------------- searches

export type SearchRow = typeof finderSearches.$inferSelect;

export async function insertSearch(db: DbOrTx, values: typeof finderSearches.$inferInsert): Promise<SearchRow> {
  const [row] = await db.insert(finderSearches).values(values).returning();
  return row!;
}

export async function searchOf(db: DbOrTx, owner: Owner, searchId: string): Promise<SearchRow | undefined> {
  const [row] = await db
    .select()
    .from(finderSearches)
    .where(and(eq(finderSearches.searchId, searchId), eq(finderSearches.userId, owner.userId), eq(finderSearches.accountId, owner.accountId)))
    .limit(1);
  return row;
}

export async function updateSearchResult(db: DbOrTx, id: number, values: { email: string | null; status: string; found: number; result: unknown }) {
  await db.update(finderSearches).set(values).where(eq(finderSearches.id, id));
}

export async function searchesOf(db: DbOrTx, owner: Owner, kind: 'single' | 'domain' | undefined, page: number, perPage: number) {
  const where = and(eq(finderSearches.userId, owner.userId), kind ? eq(finderSearches.kind, kind) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(finderSearches)
      .where(where)
      .orderBy(desc(finderSearches.createdAt), desc(finderSearches.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(finderSearches).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function searchCounts(db: DbOrTx, owner: Owner) {
  const rows = await db
    .select({ kind: finderSearches.kind, value: count() })
    .from(finderSearches)
    .where(eq(finderSearches.userId, owner.userId))
    .groupBy(finderSearches.kind);
  return Object.fromEntries(rows.map((row) => [row.kind, row.value])) as Partial<Record<'single' | 'domain', number>>;
}

/** Companies the user met in domain searches, by name or domain. */
export async function companiesLike(db: DbOrTx, owner: Owner, term: string, limit: number) {
  const pattern = likePattern(term);
  return db
    .selectDistinctOn([finderSearches.domain], { domain: finderSearches.domain, name: finderSearches.companyName, result: finderSearches.result })
    .from(finderSearches)
    .where(
      and(
        eq(finderSearches.userId, owner.userId),
        eq(finderSearches.kind, 'domain'),
        or(ilike(finderSearches.domain, pattern), ilike(finderSearches.companyName, pattern)),
      ),
    )
    .orderBy(finderSearches.domain, desc(finderSearches.createdAt))
    .limit(limit);
}

/** The newest domain search of the user whose company name equals `name` (bulk rows given as a company). */
export async function domainOfCompany(db: DbOrTx, owner: Owner, name: string): Promise<string | null> {
  const [row] = await db
    .select({ domain: finderSearches.domain })
    .from(finderSearches)
    .where(and(eq(finderSearches.userId, owner.userId), eq(finderSearches.kind, 'domain'), sql`lower(${finderSearches.companyName}) = lower(${name})`))
    .orderBy(desc(finderSearches.createdAt))
    .limit(1);
  return row?.domain ?? null;
}

/** The domain of a company of the account's prospects with exactly this name. */
export async function ownCompanyDomain(db: DbOrTx, accountId: number, name: string): Promise<string | null> {
  const rows = await db
    .select({ domain: companies.domain, url: companies.url })
    .from(companies)
    .where(and(eq(companies.accountId, accountId), sql`lower(${companies.name}) = lower(${name})`))
    .limit(5);
  const row = rows.find((entry) => entry.domain || entry.url);
  return row ? (row.domain ?? row.url) : null;
}

/** Positions seen in the user's domain searches (their results hold the positions). */
export async function recentDomainResults(db: DbOrTx, owner: Owner, limit: number) {
  return db
    .select({ result: finderSearches.result })
    .from(finderSearches)
    .where(and(eq(finderSearches.userId, owner.userId), eq(finderSearches.kind, 'domain')))
    .orderBy(desc(finderSearches.createdAt))
    .limit(limit);
}

// ---------------------------------------------------------------- own data and patterns

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Companies of the account's prospects matching a name or domain. */
export async function ownCompaniesLike(db: DbOrTx, accountId: number, term: string, limit: number) {
  const pattern = likePattern(term);
  return db
    .select({ name: companies.name, domain: companies.domain, url: companies.url, logo: companies.logo })
    .from(companies)
    .where(and(eq(companies.accountId, accountId), or(ilike(companies.name, pattern), ilike(companies.domain, pattern))))
    .orderBy(asc(companies.name))
    .limit(limit);
}

/** Positions the account's prospects hold, matching a term, most frequent first. */
export async function ownPositionsLike(db: DbOrTx, accountId: number, term: string, limit: number) {
  const rows = await db
    .select({ position: prospectCompanies.position, uses: count() })
    .from(prospectCompanies)
    .innerJoin(prospects, eq(prospects.id, prospectCompanies.prospectId))
    .where(and(eq(prospects.accountId, accountId), ilike(prospectCompanies.position, likePattern(term)), sql`${prospectCompanies.position} <> ''`))
    .groupBy(prospectCompanies.position)
    .orderBy(desc(count()))
    .limit(limit);
  return rows.map((row) => row.position);
}

/** Addresses at a domain (or its subdomains) in the account's prospects, with the prospect's name. */
export async function ownAddressesAt(db: DbOrTx, accountId: number, domain: string) {
  return db
    .select({ email: prospectEmails.email, name: prospects.name, firstName: prospects.firstName, lastName: prospects.lastName })
    .from(prospectEmails)
    .innerJoin(prospects, eq(prospects.id, prospectEmails.prospectId))
    .where(
      and(
        eq(prospectEmails.accountId, accountId),
        or(sql`lower(${prospectEmails.email}) like ${`%@${domain}`}`, sql`lower(${prospectEmails.email}) like ${`%.${domain}`}`),
      ),
    )
    .limit(1_000);
}

export async function patternCounts(db: DbOrTx, domain: string) {
  return db
    .select({ accountId: finderPatternStats.accountId, pattern: finderPatternStats.pattern, hits: finderPatternStats.hits })
    .from(finderPatternStats)
    .where(eq(finderPatternStats.domain, domain));
}

export async function recordPatternHit(db: DbOrTx, accountId: number, domain: string, pattern: string) {
  await db
    .insert(finderPatternStats)
    .values({ accountId, domain, pattern, hits: 1 })
    .onConflictDoUpdate({
      target: [finderPatternStats.accountId, finderPatternStats.domain, finderPatternStats.pattern],
      set: { hits: sql`${finderPatternStats.hits} + 1`, updatedAt: sql`now()` },
    });
}

// ---------------------------------------------------------------- bulk searches

export type BulkRow = typeof finderBulkJobs.$inferSelect;
export type BulkLine = typeof finderBulkRows.$inferSelect;

export async function insertBulk(
  db: DbOrTx,
  values: typeof finderBulkJobs.$inferInsert,
  rows: Omit<typeof finderBulkRows.$inferInsert, 'bulkId'>[],
): Promise<BulkRow> {
  const [bulk] = await db.insert(finderBulkJobs).values(values).returning();
  const chunk = 500;
  for (let start = 0; start < rows.length; start += chunk) {
    await db.insert(finderBulkRows).values(rows.slice(start, start + chunk).map((row) => ({ ...row, bulkId: bulk!.id })));
  }
  return bulk!;
}

export async function bulkOf(db: DbOrTx, owner: Owner, id: number): Promise<BulkRow | undefined> {
  const [row] = await db
    .select()
    .from(finderBulkJobs)
    .where(and(eq(finderBulkJobs.id, id), eq(finderBulkJobs.userId, owner.userId), eq(finderBulkJobs.accountId, owner.accountId)))
    .limit(1);
  return row;
}

export async function bulkById(db: DbOrTx, id: number): Promise<BulkRow | undefined> {
  const [row] = await db.select().from(finderBulkJobs).where(eq(finderBulkJobs.id, id)).limit(1);
  return row;
}

export async function bulksOf(db: DbOrTx, owner: Owner, kind: 'names' | 'domains' | undefined, page: number, perPage: number) {
  const where = and(eq(finderBulkJobs.userId, owner.userId), kind ? eq(finderBulkJobs.kind, kind) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(finderBulkJobs)
      .where(where)
      .orderBy(desc(finderBulkJobs.createdAt), desc(finderBulkJobs.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(finderBulkJobs).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function activeBulkCount(db: DbOrTx, owner: Owner): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(finderBulkJobs)
    .where(and(eq(finderBulkJobs.userId, owner.userId), inArray(finderBulkJobs.state, ['queued', 'active', 'paused'])));
  return row?.value ?? 0;
}

export async function updateBulk(db: DbOrTx, id: number, values: Partial<typeof finderBulkJobs.$inferInsert>): Promise<BulkRow> {
  const [row] = await db
    .update(finderBulkJobs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(finderBulkJobs.id, id))
    .returning();
  return row!;
}

/** Moves a job between states only from the expected ones (a concurrent pause/cancel wins). */
export async function transitionBulk(db: DbOrTx, id: number, from: BulkRow['state'][], to: BulkRow['state'], extra: Partial<typeof finderBulkJobs.$inferInsert> = {}) {
  const [row] = await db
    .update(finderBulkJobs)
    .set({ ...extra, state: to, updatedAt: new Date() })
    .where(and(eq(finderBulkJobs.id, id), inArray(finderBulkJobs.state, from)))
    .returning();
  return row;
}

export async function pendingLines(db: DbOrTx, bulkId: number, limit: number): Promise<BulkLine[]> {
  return db
    .select()
    .from(finderBulkRows)
    .where(and(eq(finderBulkRows.bulkId, bulkId), eq(finderBulkRows.done, false)))
    .orderBy(asc(finderBulkRows.row))
    .limit(limit);
}

/** Marks a line done once; false when a re-run already did (the job's side effects are keyed on it). */
export async function completeLine(db: DbOrTx, lineId: number, results: unknown): Promise<boolean> {
  const rows = await db
    .update(finderBulkRows)
    .set({ done: true, results })
    .where(and(eq(finderBulkRows.id, lineId), eq(finderBulkRows.done, false)))
    .returning({ id: finderBulkRows.id });
  return rows.length > 0;
}

export async function doneLines(db: DbOrTx, bulkId: number, page?: { page: number; perPage: number }) {
  const query = db
    .select()
    .from(finderBulkRows)
    .where(and(eq(finderBulkRows.bulkId, bulkId), eq(finderBulkRows.done, true)))
    .orderBy(asc(finderBulkRows.row));
  return page ? query.limit(page.perPage).offset((page.page - 1) * page.perPage) : query;
}

// ---------------------------------------------------------------- LinkedIn search tasks

export type LinkedinTaskRow = typeof linkedinSearchTasks.$inferSelect;

export async function insertLinkedinTask(db: DbOrTx, values: typeof linkedinSearchTasks.$inferInsert): Promise<LinkedinTaskRow> {
  const [row] = await db.insert(linkedinSearchTasks).values(values).returning();
  return row!;
}

export async function linkedinTaskOf(db: DbOrTx, owner: Owner, id: number): Promise<LinkedinTaskRow | undefined> {
  const [row] = await db
    .select()
    .from(linkedinSearchTasks)
    .where(
      and(
        eq(linkedinSearchTasks.id, id),
        eq(linkedinSearchTasks.userId, owner.userId),
        eq(linkedinSearchTasks.accountId, owner.accountId),
        isNull(linkedinSearchTasks.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function linkedinTaskById(db: DbOrTx, id: number): Promise<LinkedinTaskRow | undefined> {
  const [row] = await db.select().from(linkedinSearchTasks).where(eq(linkedinSearchTasks.id, id)).limit(1);
  return row;
}

export async function linkedinTasksOf(db: DbOrTx, owner: Owner, page: number, perPage: number) {
  const where = and(eq(linkedinSearchTasks.userId, owner.userId), isNull(linkedinSearchTasks.deletedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(linkedinSearchTasks)
      .where(where)
      .orderBy(desc(linkedinSearchTasks.createdAt), desc(linkedinSearchTasks.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(linkedinSearchTasks).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function activeLinkedinCount(db: DbOrTx, owner: Owner): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(linkedinSearchTasks)
    .where(
      and(eq(linkedinSearchTasks.userId, owner.userId), isNull(linkedinSearchTasks.deletedAt), inArray(linkedinSearchTasks.status, ['queued', 'in_progress'])),
    );
  return row?.value ?? 0;
}

export async function updateLinkedinTask(db: DbOrTx, id: number, values: Partial<typeof linkedinSearchTasks.$inferInsert>, onlyFrom?: LinkedinTaskRow['status'][]) {
  const [row] = await db
    .update(linkedinSearchTasks)
    .set(values)
    .where(and(eq(linkedinSearchTasks.id, id), onlyFrom ? inArray(linkedinSearchTasks.status, onlyFrom) : undefined))
    .returning();
  return row;
}

export async function savedProfileUrls(db: DbOrTx, userId: number, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .select({ url: linkedinSavedProfiles.profileUrl })
    .from(linkedinSavedProfiles)
    .where(and(eq(linkedinSavedProfiles.userId, userId), inArray(linkedinSavedProfiles.profileUrl, urls)));
  return new Set(rows.map((row) => row.url));
}

export async function rememberSavedProfiles(db: DbOrTx, userId: number, taskId: number, urls: string[]) {
  if (urls.length === 0) return;
  await db
    .insert(linkedinSavedProfiles)
    .values(urls.map((profileUrl) => ({ userId, taskId, profileUrl })))
    .onConflictDoNothing();
}
