/**
 * SQL of the finder area. Every function over a user's records takes the caller's scope right
 * after the database and puts it in its SQL (searches, bulk jobs, LinkedIn tasks and social-url
 * imports are the user's own, in their account; own-data suggestions read the account's records;
 * a LinkedIn account is one the user may run tasks on), so another account's search id, job id
 * or LinkedIn account id finds and changes nothing and the caller answers 404.
 */
import type { SocialUrlImportStatus } from '@leadforge/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  finderBulkJobs,
  finderBulkRows,
  finderPatternStats,
  finderSearches,
  linkedinSavedProfiles,
  linkedinSearchTasks,
  linkedinSocialUrlImports,
  companies,
  prospectCompanies,
  prospectEmails,
  prospects,
} from '../../db/schema';
import { linkedinAccounts } from '../../db/schema/social';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';

/** The caller's own rows of a table with account and user columns. */
function own(table: typeof finderSearches | typeof finderBulkJobs | typeof linkedinSearchTasks | typeof linkedinSocialUrlImports, scope: Scope) {
  return and(eq(table.userId, scope.userId), eq(table.accountId, scope.accountId));
}

// ---------------------------------------------------------------- searches

export type SearchRow = typeof finderSearches.$inferSelect;

export async function insertSearch(
  db: DbOrTx,
  scope: Scope,
  values: Omit<typeof finderSearches.$inferInsert, 'userId' | 'accountId'>,
): Promise<SearchRow> {
  const [row] = await db
    .insert(finderSearches)
    .values({ ...values, userId: scope.userId, accountId: scope.accountId })
    .returning();
  return row!;
}

export async function searchOf(db: DbOrTx, scope: Scope, searchId: string): Promise<SearchRow | undefined> {
  const [row] = await db
    .select()
    .from(finderSearches)
    .where(and(eq(finderSearches.searchId, searchId), own(finderSearches, scope)))
    .limit(1);
  return row;
}

export async function updateSearchResult(
  db: DbOrTx,
  scope: Scope,
  id: number,
  values: { email: string | null; status: string; found: number; result: unknown },
) {
  await db
    .update(finderSearches)
    .set(values)
    .where(and(eq(finderSearches.id, id), own(finderSearches, scope)));
}

export async function searchesOf(db: DbOrTx, scope: Scope, kind: 'single' | 'domain' | undefined, page: number, perPage: number) {
  const where = and(own(finderSearches, scope), kind ? eq(finderSearches.kind, kind) : undefined);
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

export async function searchCounts(db: DbOrTx, scope: Scope) {
  const rows = await db
    .select({ kind: finderSearches.kind, value: count() })
    .from(finderSearches)
    .where(own(finderSearches, scope))
    .groupBy(finderSearches.kind);
  return Object.fromEntries(rows.map((row) => [row.kind, row.value])) as Partial<Record<'single' | 'domain', number>>;
}

/** Companies the user met in domain searches, by name or domain. */
export async function companiesLike(db: DbOrTx, scope: Scope, term: string, limit: number) {
  const pattern = likePattern(term);
  return db
    .selectDistinctOn([finderSearches.domain], { domain: finderSearches.domain, name: finderSearches.companyName, result: finderSearches.result })
    .from(finderSearches)
    .where(
      and(
        own(finderSearches, scope),
        eq(finderSearches.kind, 'domain'),
        or(ilike(finderSearches.domain, pattern), ilike(finderSearches.companyName, pattern)),
      ),
    )
    .orderBy(finderSearches.domain, desc(finderSearches.createdAt))
    .limit(limit);
}

/** The newest domain search of the user whose company name equals `name` (bulk rows given as a company). */
export async function domainOfCompany(db: DbOrTx, scope: Scope, name: string): Promise<string | null> {
  const [row] = await db
    .select({ domain: finderSearches.domain })
    .from(finderSearches)
    .where(and(own(finderSearches, scope), eq(finderSearches.kind, 'domain'), sql`lower(${finderSearches.companyName}) = lower(${name})`))
    .orderBy(desc(finderSearches.createdAt))
    .limit(1);
  return row?.domain ?? null;
}

/** The domain of a company of the account's prospects with exactly this name. */
export async function ownCompanyDomain(db: DbOrTx, scope: Scope, name: string): Promise<string | null> {
  const rows = await db
    .select({ domain: companies.domain, url: companies.url })
    .from(companies)
    .where(and(eq(companies.accountId, scope.accountId), sql`lower(${companies.name}) = lower(${name})`))
    .limit(5);
  const row = rows.find((entry) => entry.domain || entry.url);
  return row ? (row.domain ?? row.url) : null;
}

/** Positions seen in the user's domain searches (their results hold the positions). */
export async function recentDomainResults(db: DbOrTx, scope: Scope, limit: number) {
  return db
    .select({ result: finderSearches.result })
    .from(finderSearches)
    .where(and(own(finderSearches, scope), eq(finderSearches.kind, 'domain')))
    .orderBy(desc(finderSearches.createdAt))
    .limit(limit);
}

// ---------------------------------------------------------------- own data and patterns

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Companies of the account's prospects matching a name or domain. */
export async function ownCompaniesLike(db: DbOrTx, scope: Scope, term: string, limit: number) {
  const pattern = likePattern(term);
  return db
    .select({ name: companies.name, domain: companies.domain, url: companies.url, logo: companies.logo })
    .from(companies)
    .where(and(eq(companies.accountId, scope.accountId), or(ilike(companies.name, pattern), ilike(companies.domain, pattern))))
    .orderBy(asc(companies.name))
    .limit(limit);
}

/** Positions the account's prospects hold, matching a term, most frequent first. */
export async function ownPositionsLike(db: DbOrTx, scope: Scope, term: string, limit: number) {
  const rows = await db
    .select({ position: prospectCompanies.position, uses: count() })
    .from(prospectCompanies)
    .innerJoin(prospects, eq(prospects.id, prospectCompanies.prospectId))
    .where(and(eq(prospects.accountId, scope.accountId), ilike(prospectCompanies.position, likePattern(term)), sql`${prospectCompanies.position} <> ''`))
    .groupBy(prospectCompanies.position)
    .orderBy(desc(count()))
    .limit(limit);
  return rows.map((row) => row.position);
}

/** Addresses at a domain (or its subdomains) in the account's prospects, with the prospect's name. */
export async function ownAddressesAt(db: DbOrTx, scope: Scope, domain: string) {
  return db
    .select({ email: prospectEmails.email, name: prospects.name, firstName: prospects.firstName, lastName: prospects.lastName })
    .from(prospectEmails)
    .innerJoin(prospects, eq(prospects.id, prospectEmails.prospectId))
    .where(
      and(
        eq(prospectEmails.accountId, scope.accountId),
        or(sql`lower(${prospectEmails.email}) like ${`%@${domain}`}`, sql`lower(${prospectEmails.email}) like ${`%.${domain}`}`),
      ),
    )
    .limit(1_000);
}

/**
 * Confirmed finds per pattern at a domain: everyone's sum (counts only, the global statistics)
 * and the caller's account's share. No other account's id or row leaves the query.
 */
export async function patternCounts(db: DbOrTx, scope: Scope, domain: string) {
  const rows = await db
    .select({
      pattern: finderPatternStats.pattern,
      hits: sql<number>`sum(${finderPatternStats.hits})::int`,
      ownHits: sql<number>`coalesce(sum(${finderPatternStats.hits}) filter (where ${finderPatternStats.accountId} = ${scope.accountId}), 0)::int`,
    })
    .from(finderPatternStats)
    .where(eq(finderPatternStats.domain, domain))
    .groupBy(finderPatternStats.pattern);
  return rows.map((row) => ({ pattern: row.pattern, hits: Number(row.hits), ownHits: Number(row.ownHits) }));
}

export async function recordPatternHit(db: DbOrTx, scope: Scope, domain: string, pattern: string) {
  await db
    .insert(finderPatternStats)
    .values({ accountId: scope.accountId, domain, pattern, hits: 1 })
    .onConflictDoUpdate({
      target: [finderPatternStats.accountId, finderPatternStats.domain, finderPatternStats.pattern],
      set: { hits: sql`${finderPatternStats.hits} + 1`, updatedAt: sql`now()` },
    });
}

// ---------------------------------------------------------------- bulk searches

export type BulkRow = typeof finderBulkJobs.$inferSelect;
export type BulkLine = typeof finderBulkRows.$inferSelect;

/** The ids of the caller's bulk jobs: a job's lines are reached only through its owner. */
function ownBulkIds(db: DbOrTx, scope: Scope) {
  return db.select({ id: finderBulkJobs.id }).from(finderBulkJobs).where(own(finderBulkJobs, scope));
}

export async function insertBulk(
  db: DbOrTx,
  scope: Scope,
  values: Omit<typeof finderBulkJobs.$inferInsert, 'userId' | 'accountId'>,
  rows: Omit<typeof finderBulkRows.$inferInsert, 'bulkId'>[],
): Promise<BulkRow> {
  const [bulk] = await db
    .insert(finderBulkJobs)
    .values({ ...values, userId: scope.userId, accountId: scope.accountId })
    .returning();
  const chunk = 500;
  for (let start = 0; start < rows.length; start += chunk) {
    await db.insert(finderBulkRows).values(rows.slice(start, start + chunk).map((row) => ({ ...row, bulkId: bulk!.id })));
  }
  return bulk!;
}

export async function bulkOf(db: DbOrTx, scope: Scope, id: number): Promise<BulkRow | undefined> {
  const [row] = await db
    .select()
    .from(finderBulkJobs)
    .where(and(eq(finderBulkJobs.id, id), own(finderBulkJobs, scope)))
    .limit(1);
  return row;
}

/**
 * Whose bulk job this is, for the job run alone: the queue hands it only the job's id. It answers
 * nothing but the owner's user id; the run then acts as that user's caller through their scope,
 * like a request of theirs. Never call it on a request path.
 */
export async function bulkOwnerForJob(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db.select({ userId: finderBulkJobs.userId }).from(finderBulkJobs).where(eq(finderBulkJobs.id, id)).limit(1);
  return row?.userId;
}

export async function bulksOf(db: DbOrTx, scope: Scope, kind: 'names' | 'domains' | undefined, page: number, perPage: number) {
  const where = and(own(finderBulkJobs, scope), kind ? eq(finderBulkJobs.kind, kind) : undefined);
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

export async function activeBulkCount(db: DbOrTx, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(finderBulkJobs)
    .where(and(own(finderBulkJobs, scope), inArray(finderBulkJobs.state, ['queued', 'active', 'paused'])));
  return row?.value ?? 0;
}

/** Updates a job of the caller's; undefined when it is not theirs. */
export async function updateBulk(
  db: DbOrTx,
  scope: Scope,
  id: number,
  values: Partial<Omit<typeof finderBulkJobs.$inferInsert, 'userId' | 'accountId'>>,
): Promise<BulkRow | undefined> {
  const [row] = await db
    .update(finderBulkJobs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(finderBulkJobs.id, id), own(finderBulkJobs, scope)))
    .returning();
  return row;
}

/** Moves a job between states only from the expected ones (a concurrent pause/cancel wins). */
export async function transitionBulk(
  db: DbOrTx,
  scope: Scope,
  id: number,
  from: BulkRow['state'][],
  to: BulkRow['state'],
  extra: Partial<Omit<typeof finderBulkJobs.$inferInsert, 'userId' | 'accountId'>> = {},
) {
  const [row] = await db
    .update(finderBulkJobs)
    .set({ ...extra, state: to, updatedAt: new Date() })
    .where(and(eq(finderBulkJobs.id, id), own(finderBulkJobs, scope), inArray(finderBulkJobs.state, from)))
    .returning();
  return row;
}

export async function pendingLines(db: DbOrTx, scope: Scope, bulkId: number, limit: number): Promise<BulkLine[]> {
  return db
    .select()
    .from(finderBulkRows)
    .where(and(eq(finderBulkRows.bulkId, bulkId), inArray(finderBulkRows.bulkId, ownBulkIds(db, scope)), eq(finderBulkRows.done, false)))
    .orderBy(asc(finderBulkRows.row))
    .limit(limit);
}

/** Marks a line done once; false when a re-run already did (the job's side effects are keyed on it). */
export async function completeLine(db: DbOrTx, scope: Scope, lineId: number, results: unknown): Promise<boolean> {
  const rows = await db
    .update(finderBulkRows)
    .set({ done: true, results })
    .where(and(eq(finderBulkRows.id, lineId), inArray(finderBulkRows.bulkId, ownBulkIds(db, scope)), eq(finderBulkRows.done, false)))
    .returning({ id: finderBulkRows.id });
  return rows.length > 0;
}

export async function doneLines(db: DbOrTx, scope: Scope, bulkId: number, page?: { page: number; perPage: number }) {
  const query = db
    .select()
    .from(finderBulkRows)
    .where(and(eq(finderBulkRows.bulkId, bulkId), inArray(finderBulkRows.bulkId, ownBulkIds(db, scope)), eq(finderBulkRows.done, true)))
    .orderBy(asc(finderBulkRows.row));
  return page ? query.limit(page.perPage).offset((page.page - 1) * page.perPage) : query;
}

// ---------------------------------------------------------------- LinkedIn search tasks

export type LinkedinTaskRow = typeof linkedinSearchTasks.$inferSelect;

export async function insertLinkedinTask(
  db: DbOrTx,
  scope: Scope,
  values: Omit<typeof linkedinSearchTasks.$inferInsert, 'userId' | 'accountId'>,
): Promise<LinkedinTaskRow> {
  const [row] = await db
    .insert(linkedinSearchTasks)
    .values({ ...values, userId: scope.userId, accountId: scope.accountId })
    .returning();
  return row!;
}

/** A task of the caller's that is not deleted. */
export async function linkedinTaskOf(db: DbOrTx, scope: Scope, id: number): Promise<LinkedinTaskRow | undefined> {
  const [row] = await db
    .select()
    .from(linkedinSearchTasks)
    .where(and(eq(linkedinSearchTasks.id, id), own(linkedinSearchTasks, scope), isNull(linkedinSearchTasks.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Whose LinkedIn task this is, for the job run alone (the queue hands it only the task's id): the
 * owner's user id and nothing else. Never call it on a request path.
 */
export async function linkedinTaskOwnerForJob(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: linkedinSearchTasks.userId })
    .from(linkedinSearchTasks)
    .where(eq(linkedinSearchTasks.id, id))
    .limit(1);
  return row?.userId;
}

/** The caller's tasks among `ids` (deleted ones and others' left out). */
export async function linkedinTasksByIds(db: DbOrTx, scope: Scope, ids: number[]): Promise<LinkedinTaskRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(linkedinSearchTasks)
    .where(and(inArray(linkedinSearchTasks.id, ids), own(linkedinSearchTasks, scope), isNull(linkedinSearchTasks.deletedAt)))
    .orderBy(desc(linkedinSearchTasks.id));
}

export async function linkedinTasksOf(db: DbOrTx, scope: Scope, page: number, perPage: number) {
  const where = and(own(linkedinSearchTasks, scope), isNull(linkedinSearchTasks.deletedAt));
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

export async function activeLinkedinCount(db: DbOrTx, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(linkedinSearchTasks)
    .where(and(own(linkedinSearchTasks, scope), isNull(linkedinSearchTasks.deletedAt), inArray(linkedinSearchTasks.status, ['queued', 'in_progress'])));
  return row?.value ?? 0;
}

/** Updates a task of the caller's (only from the given statuses when named); undefined otherwise. */
export async function updateLinkedinTask(
  db: DbOrTx,
  scope: Scope,
  id: number,
  values: Partial<Omit<typeof linkedinSearchTasks.$inferInsert, 'userId' | 'accountId'>>,
  onlyFrom?: LinkedinTaskRow['status'][],
) {
  const [row] = await db
    .update(linkedinSearchTasks)
    .set(values)
    .where(and(eq(linkedinSearchTasks.id, id), own(linkedinSearchTasks, scope), onlyFrom ? inArray(linkedinSearchTasks.status, onlyFrom) : undefined))
    .returning();
  return row;
}

export async function savedProfileUrls(db: DbOrTx, scope: Scope, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .select({ url: linkedinSavedProfiles.profileUrl })
    .from(linkedinSavedProfiles)
    .where(and(eq(linkedinSavedProfiles.userId, scope.userId), inArray(linkedinSavedProfiles.profileUrl, urls)));
  return new Set(rows.map((row) => row.url));
}

export async function rememberSavedProfiles(db: DbOrTx, scope: Scope, taskId: number, urls: string[]) {
  if (urls.length === 0) return;
  await db
    .insert(linkedinSavedProfiles)
    .values(urls.map((profileUrl) => ({ userId: scope.userId, taskId, profileUrl })))
    .onConflictDoNothing();
}

// ---------------------------------------------------------------- LinkedIn accounts the caller runs tasks on

/** Slots the caller uses: their own not given to anyone, and those a lead assigned to them. */
function usableBy(scope: Scope) {
  return or(eq(linkedinAccounts.assignedUserId, scope.userId), and(eq(linkedinAccounts.userId, scope.userId), isNull(linkedinAccounts.assignedUserId)));
}

/**
 * A LinkedIn account the caller may run tasks on: their own slot not assigned to anyone else, or
 * a slot a lead assigned to them (a slot the owner gave away is the assignee's to use). Only what
 * the finder needs; the session stays sealed (the provider's session reference opens it).
 */
export async function usableLinkedinAccountOf(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({
      id: linkedinAccounts.id,
      provider: linkedinAccounts.provider,
      state: linkedinAccounts.state,
      deletedAt: linkedinAccounts.deletedAt,
    })
    .from(linkedinAccounts)
    .where(and(eq(linkedinAccounts.id, id), usableBy(scope)))
    .limit(1);
  return row;
}
export type UsableLinkedinAccount = NonNullable<Awaited<ReturnType<typeof usableLinkedinAccountOf>>>;

/** The sealed session and the proxy of an active account the caller may use (for a provider call). */
export async function linkedinSessionOf(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({
      id: linkedinAccounts.id,
      session: linkedinAccounts.session,
      proxyKind: linkedinAccounts.proxyKind,
      proxyCountryId: linkedinAccounts.proxyCountryId,
      proxyHost: linkedinAccounts.proxyHost,
      proxyPort: linkedinAccounts.proxyPort,
      proxyUsername: linkedinAccounts.proxyUsername,
      proxyPassword: linkedinAccounts.proxyPassword,
    })
    .from(linkedinAccounts)
    .where(and(eq(linkedinAccounts.id, id), eq(linkedinAccounts.state, 'active'), isNull(linkedinAccounts.deletedAt), usableBy(scope)))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------- social-url imports

export type SocialUrlImportInsert = Omit<typeof linkedinSocialUrlImports.$inferInsert, 'userId' | 'accountId'>;

/** An import as the screens show it: its link list stays in the table, only its counts come out. */
const importView = {
  id: linkedinSocialUrlImports.id,
  userId: linkedinSocialUrlImports.userId,
  fileName: linkedinSocialUrlImports.fileName,
  fileNameOriginal: linkedinSocialUrlImports.fileNameOriginal,
  rowsCount: linkedinSocialUrlImports.rowsCount,
  prospectsListId: linkedinSocialUrlImports.prospectsListId,
  socialAccountId: linkedinSocialUrlImports.socialAccountId,
  status: linkedinSocialUrlImports.status,
  statusReason: linkedinSocialUrlImports.statusReason,
  linksCount: sql<number>`jsonb_array_length(${linkedinSocialUrlImports.links})`.mapWith(Number),
  linksRead: linkedinSocialUrlImports.linksRead,
  prospectsSaved: linkedinSocialUrlImports.prospectsSaved,
  badLinksCount: sql<number>`jsonb_array_length(${linkedinSocialUrlImports.badLinks})`.mapWith(Number),
  run: linkedinSocialUrlImports.run,
  deletedAt: linkedinSocialUrlImports.deletedAt,
  createdAt: linkedinSocialUrlImports.createdAt,
};
export interface SocialUrlImportRow {
  id: number;
  userId: number;
  fileName: string;
  fileNameOriginal: string;
  rowsCount: number;
  prospectsListId: number;
  socialAccountId: number | null;
  status: SocialUrlImportStatus;
  statusReason: string | null;
  linksCount: number;
  linksRead: number;
  prospectsSaved: number;
  badLinksCount: number;
  run: number;
  deletedAt: Date | null;
  createdAt: Date;
}

export async function insertSocialUrlImport(db: DbOrTx, scope: Scope, values: SocialUrlImportInsert): Promise<SocialUrlImportRow> {
  const [row] = await db
    .insert(linkedinSocialUrlImports)
    .values({ ...values, userId: scope.userId, accountId: scope.accountId })
    .returning(importView);
  return row!;
}

/** An import of the caller's that is not deleted. */
export async function socialUrlImportOf(db: DbOrTx, scope: Scope, id: number): Promise<SocialUrlImportRow | undefined> {
  const [row] = await db
    .select(importView)
    .from(linkedinSocialUrlImports)
    .where(and(eq(linkedinSocialUrlImports.id, id), own(linkedinSocialUrlImports, scope), isNull(linkedinSocialUrlImports.deletedAt)))
    .limit(1);
  return row;
}

export async function socialUrlImportsByIds(db: DbOrTx, scope: Scope, ids: number[]): Promise<SocialUrlImportRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(importView)
    .from(linkedinSocialUrlImports)
    .where(and(inArray(linkedinSocialUrlImports.id, ids), own(linkedinSocialUrlImports, scope), isNull(linkedinSocialUrlImports.deletedAt)))
    .orderBy(desc(linkedinSocialUrlImports.id));
}

export async function socialUrlImportsOf(db: DbOrTx, scope: Scope, page: number, perPage: number) {
  const where = and(own(linkedinSocialUrlImports, scope), isNull(linkedinSocialUrlImports.deletedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select(importView)
      .from(linkedinSocialUrlImports)
      .where(where)
      .orderBy(desc(linkedinSocialUrlImports.createdAt), desc(linkedinSocialUrlImports.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(linkedinSocialUrlImports).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The links of an import of the caller's from `from` on, at most `limit` (the run's next batch). */
export async function socialUrlLinks(db: DbOrTx, scope: Scope, id: number, from: number, limit: number): Promise<{ row: number; url: string }[]> {
  const [row] = await db
    .select({
      links: sql<{ row: number; url: string }[]>`coalesce((select jsonb_agg(link order by position) from jsonb_array_elements(${linkedinSocialUrlImports.links}) with ordinality as item(link, position) where position > ${from} and position <= ${from + limit}), '[]'::jsonb)`,
    })
    .from(linkedinSocialUrlImports)
    .where(and(eq(linkedinSocialUrlImports.id, id), own(linkedinSocialUrlImports, scope)))
    .limit(1);
  return row?.links ?? [];
}

export async function socialUrlBadLinks(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select({ badLinks: linkedinSocialUrlImports.badLinks })
    .from(linkedinSocialUrlImports)
    .where(and(eq(linkedinSocialUrlImports.id, id), own(linkedinSocialUrlImports, scope), isNull(linkedinSocialUrlImports.deletedAt)))
    .limit(1);
  return row?.badLinks ?? [];
}

/**
 * Whose import this is, for the job run alone (the queue hands it only the import's id): the
 * owner's user id and nothing else. Never call it on a request path.
 */
export async function socialUrlImportOwnerForJob(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: linkedinSocialUrlImports.userId })
    .from(linkedinSocialUrlImports)
    .where(eq(linkedinSocialUrlImports.id, id))
    .limit(1);
  return row?.userId;
}

/**
 * Updates an import of the caller's (only from the given statuses when named); `addBadLinks` are
 * appended in SQL, so a stop written meanwhile is never overwritten with a stale list.
 */
export async function updateSocialUrlImport(
  db: DbOrTx,
  scope: Scope,
  id: number,
  values: Partial<Omit<SocialUrlImportInsert, 'links' | 'badLinks'>> & { addBadLinks?: { row: number; url: string; reason: string }[] },
  onlyFrom?: SocialUrlImportRow['status'][],
): Promise<SocialUrlImportRow | undefined> {
  const { addBadLinks, ...rest } = values;
  const [row] = await db
    .update(linkedinSocialUrlImports)
    .set({
      ...rest,
      ...(addBadLinks?.length ? { badLinks: sql`${linkedinSocialUrlImports.badLinks} || ${JSON.stringify(addBadLinks)}::jsonb` } : {}),
    })
    .where(
      and(
        eq(linkedinSocialUrlImports.id, id),
        own(linkedinSocialUrlImports, scope),
        onlyFrom ? inArray(linkedinSocialUrlImports.status, onlyFrom) : undefined,
      ),
    )
    .returning(importView);
  return row;
}
