/**
 * SQL of single prospects and their child rows. Reads reach the prospects of the caller's team
 * (the service then hides the cells the viewer class may not see); writes reach only the caller's
 * own prospects.
 */
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import {
  customFields,
  prospectCompanies,
  prospectCustomValues,
  prospectEmails,
  prospectEvents,
  prospectListItems,
  prospectLists,
  prospectPhones,
  prospects,
  prospectTags,
  userTags,
} from '../../../db/schema';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';
import { ensureCompanies } from '../companies/repository';
import { countOf, inList, idSet, rowsOf } from '../sql-helpers';
import type { SelectionIds } from '../table/repository';

export type ProspectRowDb = typeof prospects.$inferSelect;

const ofTeam = (scope: Scope) => inArray(prospects.userId, [...scope.teamUserIds]);
/** The caller's own prospects: their user and (the same thing, kept as a second lock) their account. */
const ownedBy = (scope: Scope) => and(eq(prospects.userId, scope.userId), eq(prospects.accountId, scope.accountId));

export async function teamProspectById(db: DbOrTx, scope: Scope, id: number): Promise<ProspectRowDb | undefined> {
  const [row] = await db
    .select()
    .from(prospects)
    .where(and(eq(prospects.id, id), ofTeam(scope)))
    .limit(1);
  return row;
}

export async function teamProspectsByIds(db: DbOrTx, scope: Scope, ids: number[]): Promise<ProspectRowDb[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(prospects)
    .where(and(inArray(prospects.id, ids), ofTeam(scope)));
}

/** Of these ids, those that are prospects of the caller's team (in the order given, once each). */
export async function teamProspectIds(db: DbOrTx, scope: Scope, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: prospects.id })
    .from(prospects)
    .where(and(inArray(prospects.id, ids), ofTeam(scope)));
  const found = new Set(rows.map((row) => row.id));
  return [...new Set(ids)].filter((id) => found.has(id));
}

/** Of these ids, those that are the caller's own prospects. */
export async function ownedProspectIds(db: DbOrTx, scope: Scope, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: prospects.id })
    .from(prospects)
    .where(and(ownedBy(scope), inArray(prospects.id, ids)));
  return rows.map((row) => row.id);
}

export async function deleteProspects(db: DbOrTx, scope: Scope, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(prospects)
    .where(and(ownedBy(scope), inArray(prospects.id, ids)))
    .returning({ id: prospects.id });
  return rows.length;
}

export async function deleteSelection(db: DbOrTx, scope: Scope, chosen: SelectionIds): Promise<number> {
  return countOf(db, sql`delete from ${prospects} d where d.user_id = ${scope.userId} and d.account_id = ${scope.accountId} and d.id in (${chosen}) returning 1`);
}

export async function emailsOf(db: DbOrTx, scope: Scope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(getTableColumns(prospectEmails))
    .from(prospectEmails)
    .innerJoin(prospects, eq(prospects.id, prospectEmails.prospectId))
    .where(and(inArray(prospectEmails.prospectId, ids), ofTeam(scope)))
    .orderBy(asc(prospectEmails.id));
}

export async function phonesOf(db: DbOrTx, scope: Scope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(getTableColumns(prospectPhones))
    .from(prospectPhones)
    .innerJoin(prospects, eq(prospects.id, prospectPhones.prospectId))
    .where(and(inArray(prospectPhones.prospectId, ids), ofTeam(scope)))
    .orderBy(asc(prospectPhones.id));
}

export async function companiesOf(db: DbOrTx, scope: Scope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(getTableColumns(prospectCompanies))
    .from(prospectCompanies)
    .innerJoin(prospects, eq(prospects.id, prospectCompanies.prospectId))
    .where(and(inArray(prospectCompanies.prospectId, ids), ofTeam(scope)))
    .orderBy(asc(prospectCompanies.sort), asc(prospectCompanies.id));
}

export async function tagsOf(db: DbOrTx, scope: Scope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ tagEntityId: prospectTags.id, prospectId: prospectTags.prospectId, id: userTags.id, name: userTags.name, type: userTags.type })
    .from(prospectTags)
    .innerJoin(userTags, eq(userTags.id, prospectTags.tagId))
    .innerJoin(prospects, eq(prospects.id, prospectTags.prospectId))
    .where(and(inArray(prospectTags.prospectId, ids), ofTeam(scope)))
    .orderBy(asc(userTags.name));
}

/** The live lists these prospects are in, with their owners (the service keeps those the caller may read). */
export async function listsOfProspects(db: DbOrTx, scope: Scope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ prospectId: prospectListItems.prospectId, listId: prospectLists.id, name: prospectLists.name, userId: prospectLists.userId })
    .from(prospectListItems)
    .innerJoin(prospectLists, eq(prospectLists.id, prospectListItems.listId))
    .innerJoin(prospects, eq(prospects.id, prospectListItems.prospectId))
    .where(and(inArray(prospectListItems.prospectId, ids), isNull(prospectLists.deletedAt), ofTeam(scope)));
}

export async function customValuesOf(db: DbOrTx, scope: Scope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ prospectId: prospectCustomValues.prospectId, fieldId: customFields.id, value: prospectCustomValues.value, name: customFields.name, type: customFields.type, userId: customFields.userId })
    .from(prospectCustomValues)
    .innerJoin(customFields, eq(customFields.id, prospectCustomValues.fieldId))
    .innerJoin(prospects, eq(prospects.id, prospectCustomValues.prospectId))
    .where(and(inArray(prospectCustomValues.prospectId, ids), ofTeam(scope)))
    .orderBy(asc(customFields.position), asc(customFields.id));
}

/** Prospects of the same account as a prospect of the caller's team sharing an email, the social URL or name + company. */
export async function duplicatesOf(db: DbOrTx, scope: Scope, prospectId: number) {
  return rowsOf<{ id: number; name: string; reason: 'email' | 'social' | 'name_company' }>(
    db,
    sql`with anchor as (select a.id, a.account_id, a.social_norm, a.name_company_key from ${prospects} a
          where a.id = ${prospectId} and a.user_id in ${inList(scope.teamUserIds)})
        select distinct on (p.id) p.id, p.name, d.reason from (
          select o.prospect_id as id, 'email' as reason from anchor a
            join ${prospectEmails} m on m.prospect_id = a.id
            join ${prospectEmails} o on o.account_id = a.account_id and lower(o.email) = lower(m.email) and o.prospect_id <> a.id
          union all
          select s.id, 'social' from anchor a join ${prospects} s on s.account_id = a.account_id and s.social_norm = a.social_norm and s.id <> a.id
          union all
          select s.id, 'name_company' from anchor a join ${prospects} s on s.account_id = a.account_id and s.name_company_key = a.name_company_key and s.id <> a.id
        ) d join ${prospects} p on p.id = d.id order by p.id limit 50`,
  );
}

/** A new, empty prospect of the caller (filled by writeProspect in the same transaction). */
export async function insertProspect(tx: DbOrTx, scope: Scope): Promise<ProspectRowDb> {
  const [row] = await tx.insert(prospects).values({ accountId: scope.accountId, userId: scope.userId, name: 'x', source: 'manual' }).returning();
  return row!;
}

/** What an edit of document 1 §5 writes, checked by the service first. */
export interface ProspectWrite {
  set: Partial<Omit<typeof prospects.$inferInsert, 'id' | 'userId' | 'accountId'>>;
  /** Kept emails (an id: changed in place), normalised; removeIds are deleted. */
  emails: { keep: { id: number | null; email: string }[]; removeIds: number[] } | null;
  phones: { keep: { id: number | null; phone: string }[]; removeIds: number[] } | null;
  /** The prospect's companies in order, replacing the ones it had. */
  companies: { name: string; url: string; position: string; hqPhone: string }[] | null;
  customs: { set: { fieldId: number; value: string }[]; remove: number[] } | null;
}

/**
 * Writes an edit to one of the caller's prospects; false (nothing written) for any other prospect.
 * The child rows are written only once the prospect's own row matched the caller.
 */
export async function writeProspect(tx: DbOrTx, scope: Scope, prospectId: number, write: ProspectWrite): Promise<boolean> {
  const [own] = await tx
    .update(prospects)
    .set({ ...write.set, updatedAt: new Date() })
    .where(and(eq(prospects.id, prospectId), ownedBy(scope)))
    .returning({ id: prospects.id });
  if (!own) return false;
  const id = own.id;
  if (write.emails) {
    if (write.emails.removeIds.length > 0) await tx.delete(prospectEmails).where(and(eq(prospectEmails.prospectId, id), inArray(prospectEmails.id, write.emails.removeIds)));
    for (const e of write.emails.keep) {
      if (e.id) {
        // A changed address is a new address: its verification status starts over.
        await tx
          .update(prospectEmails)
          .set({ email: e.email, status: sql`case when lower(${prospectEmails.email}) = ${e.email} then ${prospectEmails.status} else 'not_verified' end` })
          .where(and(eq(prospectEmails.id, e.id), eq(prospectEmails.prospectId, id)));
      } else await tx.insert(prospectEmails).values({ prospectId: id, accountId: scope.accountId, email: e.email });
    }
  }
  if (write.phones) {
    if (write.phones.removeIds.length > 0) await tx.delete(prospectPhones).where(and(eq(prospectPhones.prospectId, id), inArray(prospectPhones.id, write.phones.removeIds)));
    for (const e of write.phones.keep) {
      if (e.id) await tx.update(prospectPhones).set({ phone: e.phone }).where(and(eq(prospectPhones.id, e.id), eq(prospectPhones.prospectId, id)));
      else await tx.insert(prospectPhones).values({ prospectId: id, phone: e.phone });
    }
  }
  if (write.companies) {
    const companies = write.companies;
    const ids = await ensureCompanies(tx, scope, companies.map((c) => ({ name: c.name, url: c.url || null })));
    await tx.delete(prospectCompanies).where(eq(prospectCompanies.prospectId, id));
    if (companies.length > 0) {
      await tx.insert(prospectCompanies).values(
        companies.map((c, sort) => ({ prospectId: id, companyId: ids.get(c.name.toLowerCase()) ?? null, name: c.name, url: c.url, position: c.position, hqPhone: c.hqPhone, sort })),
      );
    }
  }
  if (write.customs) {
    if (write.customs.remove.length > 0)
      await tx.delete(prospectCustomValues).where(and(eq(prospectCustomValues.prospectId, id), inArray(prospectCustomValues.fieldId, write.customs.remove)));
    if (write.customs.set.length > 0) {
      // Only the caller's own fields take a value (the service checked them; the join keeps it so).
      await tx.execute(sql`insert into ${prospectCustomValues} (prospect_id, field_id, value)
        select ${id}, f.id, x.value from json_to_recordset(${JSON.stringify(write.customs.set.map((c) => ({ field_id: c.fieldId, value: c.value })))}::json) as x(field_id int, value text)
        join ${customFields} f on f.id = x.field_id and f.user_id = ${scope.userId}
        on conflict (prospect_id, field_id) do update set value = excluded.value`);
    }
  }
  return true;
}

/** One timeline event by the caller on each of these prospects of their team. */
export async function addEvents(db: DbOrTx, scope: Scope, prospectIds: number[], kind: string, details: Record<string, unknown> = {}) {
  if (prospectIds.length === 0) return;
  await db.execute(sql`insert into ${prospectEvents} (prospect_id, user_id, kind, details)
    select p.id, ${scope.userId}, ${kind}, ${JSON.stringify(details)}::jsonb from ${prospects} p
    where p.id in ${idSet(prospectIds)} and p.user_id in ${inList(scope.teamUserIds)}
    order by p.id`);
}

export async function eventsPage(db: DbOrTx, scope: Scope, prospectId: number, page: number, perPage: number) {
  const where = and(
    eq(prospectEvents.prospectId, prospectId),
    inArray(
      prospectEvents.prospectId,
      db
        .select({ id: prospects.id })
        .from(prospects)
        .where(and(eq(prospects.id, prospectId), ofTeam(scope))),
    ),
  );
  const items = await db
    .select()
    .from(prospectEvents)
    .where(where)
    .orderBy(desc(prospectEvents.createdAt), desc(prospectEvents.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(prospectEvents).where(where);
  return { items, total: count?.n ?? 0 };
}
