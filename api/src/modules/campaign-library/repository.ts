/**
 * SQL of the campaigns' library: templates, template categories and sending schedules. The library
 * is personal (see service.ts): every function takes the caller's scope right after the database
 * and keeps to rows of the caller's own user and account, so another account's (or a teammate's)
 * ids find and change nothing.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { campaigns } from '../../db/schema/campaigns';
import { campaignSchedules, emailTemplateCategories, emailTemplates } from '../../db/schema/library';
import { emailAccounts } from '../../db/schema/platform';
import { warmupMailboxes } from '../../db/schema/warmup';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';
import { escapeLike } from '../prospects/sql-helpers';

export type TemplateRow = typeof emailTemplates.$inferSelect;
export type CategoryRow = typeof emailTemplateCategories.$inferSelect;
export type ScheduleRow = typeof campaignSchedules.$inferSelect;

export interface TemplateValues {
  categoryId: number | null;
  name: string;
  subject: string;
  body: string;
  plainTextMode: boolean;
  isAiGenerated: boolean;
}

export interface TemplateWithCategory {
  template: TemplateRow;
  categoryName: string | null;
}

const ownTemplate = (scope: Scope) => and(eq(emailTemplates.userId, scope.userId), eq(emailTemplates.accountId, scope.accountId));
const ownCategory = (scope: Scope) =>
  and(eq(emailTemplateCategories.userId, scope.userId), eq(emailTemplateCategories.accountId, scope.accountId));
const ownSchedule = (scope: Scope) => and(eq(campaignSchedules.userId, scope.userId), eq(campaignSchedules.accountId, scope.accountId));

// ------------------------------------------------------------------ templates

export interface TemplateFilter {
  categoryId?: number | 'none';
  search?: string;
}

function templatesWithCategory(db: DbOrTx) {
  return db
    .select({ template: emailTemplates, categoryName: emailTemplateCategories.name })
    .from(emailTemplates)
    .leftJoin(emailTemplateCategories, eq(emailTemplateCategories.id, emailTemplates.categoryId));
}

export async function listTemplates(db: DbOrTx, scope: Scope, filter: TemplateFilter): Promise<TemplateWithCategory[]> {
  const words = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  return templatesWithCategory(db)
    .where(
      and(
        ownTemplate(scope),
        filter.categoryId === 'none'
          ? isNull(emailTemplates.categoryId)
          : filter.categoryId !== undefined
            ? eq(emailTemplates.categoryId, filter.categoryId)
            : undefined,
        words ? or(ilike(emailTemplates.name, words), ilike(emailTemplates.subject, words)) : undefined,
      ),
    )
    .orderBy(desc(emailTemplates.updatedAt), desc(emailTemplates.id));
}

export async function findTemplate(db: DbOrTx, scope: Scope, id: number): Promise<TemplateWithCategory | undefined> {
  const [row] = await templatesWithCategory(db)
    .where(and(ownTemplate(scope), eq(emailTemplates.id, id)))
    .limit(1);
  return row;
}

export async function insertTemplate(db: DbOrTx, scope: Scope, values: TemplateValues, at: Date): Promise<number> {
  const [row] = await db
    .insert(emailTemplates)
    .values({ ...values, userId: scope.userId, accountId: scope.accountId, createdAt: at, updatedAt: at })
    .returning({ id: emailTemplates.id });
  return row!.id;
}

/** False when the template is not the caller's. */
export async function updateTemplate(db: DbOrTx, scope: Scope, id: number, values: TemplateValues, at: Date): Promise<boolean> {
  const rows = await db
    .update(emailTemplates)
    .set({ ...values, updatedAt: at })
    .where(and(ownTemplate(scope), eq(emailTemplates.id, id)))
    .returning({ id: emailTemplates.id });
  return rows.length > 0;
}

export async function deleteTemplate(db: DbOrTx, scope: Scope, id: number): Promise<boolean> {
  const rows = await db
    .delete(emailTemplates)
    .where(and(ownTemplate(scope), eq(emailTemplates.id, id)))
    .returning({ id: emailTemplates.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------ categories

export interface CategoryWithCount {
  category: CategoryRow;
  templatesCount: number;
}

export async function listCategories(db: DbOrTx, scope: Scope): Promise<CategoryWithCount[]> {
  return db
    .select({ category: emailTemplateCategories, templatesCount: count(emailTemplates.id) })
    .from(emailTemplateCategories)
    .leftJoin(emailTemplates, eq(emailTemplates.categoryId, emailTemplateCategories.id))
    .where(ownCategory(scope))
    .groupBy(emailTemplateCategories.id)
    .orderBy(asc(sql`lower(${emailTemplateCategories.name})`), asc(emailTemplateCategories.id));
}

export async function countUncategorised(db: DbOrTx, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailTemplates)
    .where(and(ownTemplate(scope), isNull(emailTemplates.categoryId)));
  return row?.n ?? 0;
}

export async function findCategory(db: DbOrTx, scope: Scope, id: number): Promise<CategoryWithCount | undefined> {
  const [row] = (await listCategories(db, scope)).filter((item) => item.category.id === id);
  return row;
}

export async function categoryExists(db: DbOrTx, scope: Scope, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: emailTemplateCategories.id })
    .from(emailTemplateCategories)
    .where(and(ownCategory(scope), eq(emailTemplateCategories.id, id)))
    .limit(1);
  return row !== undefined;
}

/** Another category of the caller's with this name (without case); `exceptId` is the one being renamed. */
export async function categoryNameTaken(db: DbOrTx, scope: Scope, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: emailTemplateCategories.id })
    .from(emailTemplateCategories)
    .where(
      and(
        ownCategory(scope),
        eq(sql`lower(${emailTemplateCategories.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(emailTemplateCategories.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The new category's id; null when the caller already has one of that name (the unique index decides). */
export async function insertCategory(db: DbOrTx, scope: Scope, name: string): Promise<number | null> {
  const [row] = await db
    .insert(emailTemplateCategories)
    .values({ name, userId: scope.userId, accountId: scope.accountId })
    .onConflictDoNothing()
    .returning({ id: emailTemplateCategories.id });
  return row?.id ?? null;
}

export async function renameCategory(db: DbOrTx, scope: Scope, id: number, name: string): Promise<boolean> {
  const rows = await db
    .update(emailTemplateCategories)
    .set({ name })
    .where(and(ownCategory(scope), eq(emailTemplateCategories.id, id)))
    .returning({ id: emailTemplateCategories.id });
  return rows.length > 0;
}

/** Its templates stay, uncategorised (the foreign key sets their category to null). */
export async function deleteCategory(db: DbOrTx, scope: Scope, id: number): Promise<boolean> {
  const rows = await db
    .delete(emailTemplateCategories)
    .where(and(ownCategory(scope), eq(emailTemplateCategories.id, id)))
    .returning({ id: emailTemplateCategories.id });
  return rows.length > 0;
}

// ------------------------------------------------------------------ schedules

export interface ScheduleValues {
  name: string;
  timezone: string;
  days: unknown;
}

export interface ScheduleCampaign {
  scheduleId: number;
  campaignId: number;
  title: string;
  status: string;
}

export async function listSchedules(db: DbOrTx, scope: Scope): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(campaignSchedules)
    .where(ownSchedule(scope))
    .orderBy(asc(sql`lower(${campaignSchedules.name})`), asc(campaignSchedules.id));
}

export async function findSchedule(db: DbOrTx, scope: Scope, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(campaignSchedules)
    .where(and(ownSchedule(scope), eq(campaignSchedules.id, id)))
    .limit(1);
  return row;
}

/**
 * Campaigns that use the caller's schedules (campaigns.schedule_id). The schedules are the
 * caller's own, so joining through them keeps the read inside the caller's rows.
 */
export async function campaignsOnSchedules(db: DbOrTx, scope: Scope, scheduleIds: readonly number[]): Promise<ScheduleCampaign[]> {
  if (scheduleIds.length === 0) return [];
  return db
    .select({ scheduleId: campaignSchedules.id, campaignId: campaigns.id, title: campaigns.title, status: campaigns.status })
    .from(campaigns)
    .innerJoin(campaignSchedules, eq(campaignSchedules.id, campaigns.scheduleId))
    .where(and(ownSchedule(scope), inArray(campaignSchedules.id, [...scheduleIds])))
    .orderBy(asc(campaigns.id));
}

/**
 * How many warm-ups that are not stopped (active, pending or paused: they send on it, or will
 * again) use the caller's schedule `id`. A stopped warm-up, or one of a deleted mailbox, just
 * loses the schedule when it goes (the foreign key sets it to null). Warm-up schedules are the
 * owner's own (the warm-up area refuses another's), so joining through the schedule keeps the
 * read inside the caller's rows.
 */
/** How many warm-ups (not disabled, of a mailbox not deleted) send on each of the caller's schedules. */
export async function warmupsOnSchedules(db: DbOrTx, scope: Scope, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ scheduleId: campaignSchedules.id, value: count() })
    .from(warmupMailboxes)
    .innerJoin(campaignSchedules, eq(campaignSchedules.id, warmupMailboxes.scheduleId))
    .innerJoin(emailAccounts, eq(emailAccounts.id, warmupMailboxes.emailAccountId))
    .where(and(ownSchedule(scope), inArray(campaignSchedules.id, [...ids]), ne(warmupMailboxes.status, 'disabled'), isNull(emailAccounts.deletedAt)))
    .groupBy(campaignSchedules.id);
  return new Map(rows.map((row) => [row.scheduleId, Number(row.value)]));
}

export async function insertSchedule(db: DbOrTx, scope: Scope, values: ScheduleValues, at: Date): Promise<number> {
  const [row] = await db
    .insert(campaignSchedules)
    .values({ ...values, userId: scope.userId, accountId: scope.accountId, createdAt: at, updatedAt: at })
    .returning({ id: campaignSchedules.id });
  return row!.id;
}

export async function updateSchedule(db: DbOrTx, scope: Scope, id: number, values: ScheduleValues, at: Date): Promise<boolean> {
  const rows = await db
    .update(campaignSchedules)
    .set({ ...values, updatedAt: at })
    .where(and(ownSchedule(scope), eq(campaignSchedules.id, id)))
    .returning({ id: campaignSchedules.id });
  return rows.length > 0;
}

/** Campaigns that would lose a schedule they send on are left alone: the caller checks first, in the same transaction. */
export async function deleteSchedule(db: DbOrTx, scope: Scope, id: number): Promise<boolean> {
  const rows = await db
    .delete(campaignSchedules)
    .where(and(ownSchedule(scope), eq(campaignSchedules.id, id)))
    .returning({ id: campaignSchedules.id });
  return rows.length > 0;
}

/** Locks the caller's schedule row so a campaign cannot be launched on it while it is being deleted. */
export async function lockSchedule(db: DbOrTx, scope: Scope, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: campaignSchedules.id })
    .from(campaignSchedules)
    .where(and(ownSchedule(scope), eq(campaignSchedules.id, id)))
    .for('update');
  return rows.length > 0;
}
