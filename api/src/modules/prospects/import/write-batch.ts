/**
 * Writing a batch of checked rows into the owner's list: duplicates in the owner's account (and
 * earlier in the batch) found in one round trip, then new prospects and all their child rows in
 * one statement, updates by the duplicate policy in another. Everything is in the owner's scope:
 * their account for duplicates, their prospects for updates, their companies and tags.
 */
import type { DuplicatePolicy } from '@leadforge/contracts';
import { sql } from 'drizzle-orm';
import { prospectEmails, prospects } from '../../../db/schema';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';
import { ensureCompanies } from '../companies/repository';
import { nameCompanyKey, normaliseSocial, searchNameOf } from '../normalise';
import { emailsOf, ownedProspectIds, phonesOf } from '../prospect/repository';
import { rowsOf } from '../sql-helpers';
import { ensureTags } from '../tags/repository';
import type { ParsedRow } from './csv';

/** Where a batch goes: the list, the duplicate policy, and the id events refer to (the owner is the scope). */
export interface BatchTarget {
  id: string;
  /** One of the owner's lists, checked by whoever started the batch. */
  listId: number;
  duplicatePolicy: string;
  source?: string;
}

/** Finds duplicates of the batch (in the account and earlier in the batch) and writes by policy. */
export async function writeBatch(tx: DbOrTx, scope: Scope, job: BatchTarget, rows: ParsedRow[]) {
  const policy = job.duplicatePolicy as DuplicatePolicy;
  const outcome = { imported: 0, updated: 0, skipped: 0, ids: [] as number[] };
  if (rows.length === 0) return outcome;
  const keyOf = (r: ParsedRow) => nameCompanyKey(r.name, r.company?.name);
  const existing = new Map<string, number>();
  if (policy !== 'add') {
    const emails = [...new Set(rows.flatMap((r) => r.emails))];
    const socials = [...new Set(rows.map((r) => normaliseSocial(r.social)).filter((s): s is string => Boolean(s)))];
    const keys = [...new Set(rows.map(keyOf).filter((k): k is string => Boolean(k)))];
    // One JSON parameter per lookup; each join probes the (account, key) index of its column.
    const values = (list: string[]) => sql`json_array_elements_text(${JSON.stringify(list)}::json) k(v)`;
    // The three lookups in one round trip.
    const lookups = [
      ...(emails.length ? [sql`select 'e' as kind, e.prospect_id as id, k.v as k from ${values(emails)} join ${prospectEmails} e on e.account_id = ${scope.accountId} and lower(e.email) = k.v`] : []),
      ...(socials.length ? [sql`select 's' as kind, p.id, k.v as k from ${values(socials)} join ${prospects} p on p.account_id = ${scope.accountId} and p.social_norm = k.v`] : []),
      ...(keys.length ? [sql`select 'n' as kind, p.id, k.v as k from ${values(keys)} join ${prospects} p on p.account_id = ${scope.accountId} and p.name_company_key = k.v`] : []),
    ];
    const found = lookups.length ? await rowsOf<{ kind: 'e' | 's' | 'n'; id: number; k: string }>(tx, sql.join(lookups, sql` union all `)) : [];
    const byEmail = found.filter((r) => r.kind === 'e');
    const bySocial = found.filter((r) => r.kind === 's');
    const byKey = found.filter((r) => r.kind === 'n');
    for (const r of byEmail) existing.set(`e:${r.k}`, r.id);
    for (const r of bySocial) existing.set(`s:${r.k}`, r.id);
    for (const r of byKey) existing.set(`n:${r.k}`, r.id);
  }
  const duplicateOf = (r: ParsedRow): number | 'batch' | null => {
    const keys = [...r.emails.map((e) => `e:${e}`), ...(r.social ? [`s:${normaliseSocial(r.social)}`] : []), ...(keyOf(r) ? [`n:${keyOf(r)}`] : [])];
    for (const key of keys) {
      const id = existing.get(key);
      if (id !== undefined) return id;
    }
    return null;
  };
  const toInsert: ParsedRow[] = [];
  const toUpdate: { row: ParsedRow; id: number }[] = [];
  const pendingKeys = new Set<string>();
  for (const r of rows) {
    const duplicate = policy === 'add' ? null : duplicateOf(r);
    const keys = [...r.emails.map((e) => `e:${e}`), ...(r.social ? [`s:${normaliseSocial(r.social)}`] : []), ...(keyOf(r) ? [`n:${keyOf(r)}`] : [])];
    const inBatch = policy !== 'add' && keys.some((k) => pendingKeys.has(k));
    if (duplicate !== null || inBatch) {
      if (policy === 'update' && typeof duplicate === 'number') toUpdate.push({ row: r, id: duplicate });
      else outcome.skipped += 1;
      continue;
    }
    for (const k of keys) pendingKeys.add(k);
    toInsert.push(r);
  }

  const companyIds = await ensureCompanies(
    tx,
    scope,
    rows.flatMap((r) => (r.company?.name ? [{ name: r.company.name, url: r.company.url || null }] : [])),
  );
  const tagIds = new Map(
    (await ensureTags(tx, scope, [...new Set(rows.flatMap((r) => r.tags))])).map((t) => [t.name.toLowerCase(), t.id]),
  );

  if (toInsert.length > 0) {
    const ids = await nextProspectIds(tx, toInsert.length);
    const prospectRows: JsonInsert = {
      table: 'prospects',
      columns: {
        id: 'int',
        account_id: 'int',
        user_id: 'int',
        name: 'text',
        first_name: 'text',
        last_name: 'text',
        industry: 'text',
        country: 'text',
        locality: 'text',
        social: 'text',
        social_norm: 'text',
        source: 'text',
        company_name: 'text',
        name_company_key: 'text',
        search_name: 'text',
      },
      rows: toInsert.map((r, i) => ({
        id: ids[i],
        account_id: scope.accountId,
        user_id: scope.userId,
        name: r.name,
        first_name: r.firstName,
        last_name: r.lastName,
        industry: r.industry,
        country: r.country,
        locality: r.locality,
        social: r.social,
        social_norm: normaliseSocial(r.social),
        source: job.source ?? (job.id === 'found' ? 'finder' : 'import'),
        company_name: r.company?.name || null,
        name_company_key: keyOf(r),
        search_name: searchNameOf(r.name),
      })),
    };
    // The prospects and every child row in one statement (one round trip per batch).
    await insertJsonRowsTogether(tx, [prospectRows, ...(await childInserts(tx, scope, job, toInsert.map((row, i) => ({ row, id: ids[i]! })), companyIds, tagIds, false))]);
    outcome.imported = ids.length;
    outcome.ids.push(...ids);
  }
  if (toUpdate.length > 0) {
    const owned = new Set(await ownedProspectIds(tx, scope, toUpdate.map((u) => u.id)));
    const mine = toUpdate.filter((u) => owned.has(u.id));
    outcome.skipped += toUpdate.length - mine.length;
    // One statement for the whole batch: given values replace, missing ones keep what is there.
    if (mine.length > 0) {
      const updates = mine.map(({ row: r, id }) => ({
        id,
        name: r.name,
        search_name: searchNameOf(r.name),
        first_name: r.firstName || null,
        last_name: r.lastName || null,
        industry: r.industry || null,
        country: r.country || null,
        locality: r.locality || null,
        social: r.social || null,
        social_norm: r.social ? normaliseSocial(r.social) : null,
        company_name: r.company?.name || null,
        name_company_key: r.company?.name ? keyOf(r) : null,
      }));
      await tx.execute(sql`
        update ${prospects} p set name = x.name, search_name = x.search_name,
          first_name = coalesce(x.first_name, p.first_name), last_name = coalesce(x.last_name, p.last_name),
          industry = coalesce(x.industry, p.industry), country = coalesce(x.country, p.country), locality = coalesce(x.locality, p.locality),
          social = coalesce(x.social, p.social), social_norm = case when x.social is null then p.social_norm else x.social_norm end,
          company_name = coalesce(x.company_name, p.company_name), name_company_key = case when x.company_name is null then p.name_company_key else x.name_company_key end,
          updated_at = now()
        from json_to_recordset(${JSON.stringify(updates)}::json) as x(id int, name text, search_name text, first_name text, last_name text, industry text,
          country text, locality text, social text, social_norm text, company_name text, name_company_key text)
        where p.id = x.id and p.user_id = ${scope.userId}`);
    }
    await insertJsonRowsTogether(tx, await childInserts(tx, scope, job, mine.map((u) => ({ row: u.row, id: u.id })), companyIds, tagIds, true));
    outcome.updated = mine.length;
    outcome.ids.push(...mine.map((u) => u.id));
  }
  return outcome;
}

/** The child rows of written prospects (emails, phones, companies, tags, custom values, list items). */
async function childInserts(
  tx: DbOrTx,
  scope: Scope,
  job: BatchTarget,
  items: { row: ParsedRow; id: number }[],
  companyIds: Map<string, number>,
  tagIds: Map<string, number>,
  isUpdate: boolean,
): Promise<JsonInsert[]> {
  if (items.length === 0) return [];
  const ids = items.map((i) => i.id);
  const knownEmails = new Set<string>();
  const knownPhones = new Set<string>();
  if (isUpdate) {
    for (const e of await emailsOf(tx, scope, ids)) knownEmails.add(`${e.prospectId}:${e.email.toLowerCase()}`);
    for (const p of await phonesOf(tx, scope, ids)) knownPhones.add(`${p.prospectId}:${p.phone}`);
  }
  const emails = items.flatMap(({ row, id }) =>
    [...new Set(row.emails)]
      .filter((email) => !knownEmails.has(`${id}:${email}`))
      .map((email) => ({ prospect_id: id, account_id: scope.accountId, email, status: row.emailStatus ?? 'not_verified' })),
  );
  const phones = items.flatMap(({ row, id }) => row.phones.filter((phone) => !knownPhones.has(`${id}:${phone}`)).map((phone) => ({ prospect_id: id, phone })));
  const companies = items.flatMap(({ row, id }) =>
    row.company && !isUpdate
      ? [{ prospect_id: id, company_id: companyIds.get(row.company.name.toLowerCase()) ?? null, name: row.company.name, url: row.company.url, position: row.company.position }]
      : [],
  );
  const tags = items.flatMap(({ row, id }) => row.tags.flatMap((tag) => (tagIds.has(tag.toLowerCase()) ? [{ prospect_id: id, tag_id: tagIds.get(tag.toLowerCase())! }] : [])));
  const custom = items.flatMap(({ row, id }) => row.custom.map((c) => ({ prospect_id: id, field_id: c.fieldId, value: c.value })));
  return [
    { table: 'prospect_emails', columns: { prospect_id: 'int', account_id: 'int', email: 'text', status: 'text' }, rows: emails },
    { table: 'prospect_phones', columns: { prospect_id: 'int', phone: 'text' }, rows: phones },
    { table: 'prospect_companies', columns: { prospect_id: 'int', company_id: 'int', name: 'text', url: 'text', position: 'text' }, rows: companies },
    { table: 'prospect_tags', columns: { prospect_id: 'int', tag_id: 'int' }, rows: tags, onConflict: 'on conflict do nothing' },
    {
      table: 'prospect_custom_values',
      columns: { prospect_id: 'int', field_id: 'int', value: 'text' },
      rows: custom,
      onConflict: 'on conflict (prospect_id, field_id) do update set value = excluded.value',
    },
    {
      table: 'prospect_list_items',
      columns: { list_id: 'int', prospect_id: 'int' },
      rows: ids.map((prospectId) => ({ list_id: job.listId, prospect_id: prospectId })),
      onConflict: 'on conflict do nothing',
    },
  ];
}

interface JsonInsert {
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
async function insertJsonRowsTogether(db: DbOrTx, inserts: JsonInsert[]) {
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
async function nextProspectIds(db: DbOrTx, count: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence('prospects', 'id'))::int as id from generate_series(1, ${count})`);
  return rows.map((row) => row.id);
}
