/**
 * SQL of custom fields and their groups: written by their owner only; a teammate's fields are
 * read for the values shown on their prospects.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { customFieldGroups, customFields } from '../../../db/schema';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';

type GroupRow = typeof customFieldGroups.$inferSelect;
type FieldRow = typeof customFields.$inferSelect;

export async function fieldGroupsOf(db: DbOrTx, scope: Scope) {
  return db
    .select()
    .from(customFieldGroups)
    .where(eq(customFieldGroups.userId, scope.userId))
    .orderBy(asc(customFieldGroups.position), asc(customFieldGroups.id));
}

/** Fields of these owners that are in the caller's team (the caller included). */
export async function fieldsOf(db: DbOrTx, scope: Scope, ownerIds: number[]) {
  const owners = ownerIds.filter((id) => scope.teamUserIds.includes(id));
  if (owners.length === 0) return [];
  return db
    .select()
    .from(customFields)
    .where(inArray(customFields.userId, owners))
    .orderBy(asc(customFields.position), asc(customFields.id));
}

export async function groupById(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(customFieldGroups)
    .where(and(eq(customFieldGroups.id, id), eq(customFieldGroups.userId, scope.userId)))
    .limit(1);
  return row;
}

export async function insertGroup(db: DbOrTx, scope: Scope, values: Pick<GroupRow, 'name' | 'position'>) {
  const [row] = await db
    .insert(customFieldGroups)
    .values({ ...values, userId: scope.userId })
    .returning();
  return row!;
}

export async function updateGroup(db: DbOrTx, scope: Scope, id: number, values: Partial<Pick<GroupRow, 'name' | 'position'>>) {
  await db
    .update(customFieldGroups)
    .set(values)
    .where(and(eq(customFieldGroups.id, id), eq(customFieldGroups.userId, scope.userId)));
}

export async function deleteGroup(db: DbOrTx, scope: Scope, id: number) {
  await db.delete(customFieldGroups).where(and(eq(customFieldGroups.id, id), eq(customFieldGroups.userId, scope.userId)));
}

export async function fieldById(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(customFields)
    .where(and(eq(customFields.id, id), eq(customFields.userId, scope.userId)))
    .limit(1);
  return row;
}

export async function fieldNameTaken(db: DbOrTx, scope: Scope, name: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: customFields.id })
    .from(customFields)
    .where(and(eq(customFields.userId, scope.userId), sql`lower(${customFields.name}) = ${name.toLowerCase()}`, exceptId ? sql`${customFields.id} <> ${exceptId}` : sql`true`))
    .limit(1);
  return Boolean(row);
}

export async function insertField(db: DbOrTx, scope: Scope, values: Pick<FieldRow, 'name' | 'type' | 'position' | 'groupId'>) {
  const [row] = await db
    .insert(customFields)
    .values({ ...values, userId: scope.userId })
    .returning();
  return row!;
}

export async function updateField(db: DbOrTx, scope: Scope, id: number, values: Partial<Pick<FieldRow, 'name' | 'type' | 'position' | 'groupId'>>) {
  const [row] = await db
    .update(customFields)
    .set(values)
    .where(and(eq(customFields.id, id), eq(customFields.userId, scope.userId)))
    .returning();
  return row;
}

export async function deleteField(db: DbOrTx, scope: Scope, id: number) {
  await db.delete(customFields).where(and(eq(customFields.id, id), eq(customFields.userId, scope.userId)));
}
