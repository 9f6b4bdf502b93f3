/**
 * CSV import and export of prospects. The upload arrives in chunks (a 100,000-row file does not
 * fit one JSON body), the import runs as a durable job in batches (each batch and its progress in
 * one transaction, so a retried job resumes where it stopped and adds nothing twice), and every
 * rejected row is reported with its reason. Export escapes formula injection.
 */
import {
  EMAIL_FILTER_PATTERN,
  IMPORT_TARGET_FIELDS,
  companyErrors,
  isValidPhone,
  normaliseCustomFieldValue,
  PROSPECT_NAME_MAX,
  prospectNameError,
  type CustomFieldType,
  type DuplicatePolicy,
  type PushEvent,
} from '@leadforge/contracts';
import { stringify } from 'csv-stringify/sync';
import { sql, type SQL } from 'drizzle-orm';
import { prospectEmails, prospectListItems, prospects } from '../../db/schema';
import type { Db, DbOrTx } from '../../db/types';
import { UNREADABLE_ROW, previewRecords, readCsv, type CsvRecord } from './csv-reader';
import { cleanText, nameCompanyKey, normaliseEmail, normaliseSocial, searchNameOf, toWebUrl } from './normalise';
import * as repo from './repository';

/** Rows written per transaction: large enough for multi-row inserts, small enough for steady progress. */
export const IMPORT_BATCH_ROWS = 5_000;
/** Rows prepared between two yields to the event loop. */
const PREPARE_YIELD_ROWS = 250;
/** Rows of the preview in checkUpload. */
export const IMPORT_PREVIEW_ROWS = 5;
/** Rejected rows kept in the report (the count is always exact). */
export const IMPORT_REPORT_MAX = 1_000;
export const IMPORT_JOB = 'prospects.import';
/** Removes an upload that was never imported (its rows are personal data), a day after it began. */
export const IMPORT_CLEANUP_JOB = 'prospects.import-cleanup';
export const IMPORT_CLEANUP_AFTER_SECONDS = 24 * 60 * 60;
/** Bounds of the prospect entity (contracts/prospects.ts): longer imported values are cut. */
const EMAIL_MAX = 254;
const URL_MAX = 2048;
const TEXT_MAX = 255;
const PHONE_MAX = 50;
const CUSTOM_VALUE_MAX = 5_000;

type Target = (typeof IMPORT_TARGET_FIELDS)[number] | `custom_${number}`;

/** Header spellings recognised for the suggested mapping. */
const HEADER_SYNONYMS: Record<(typeof IMPORT_TARGET_FIELDS)[number], string[]> = {
  name: ['name', 'full name', 'fullname', 'contact name', 'prospect'],
  first_name: ['first name', 'firstname', 'first_name', 'given name'],
  last_name: ['last name', 'lastname', 'last_name', 'surname', 'family name'],
  email: ['email', 'e-mail', 'emails', 'email address', 'mail'],
  phone: ['phone', 'phones', 'phone number', 'telephone', 'mobile'],
  company: ['company', 'company name', 'organization', 'organisation', 'employer'],
  company_url: ['company url', 'company_url', 'website', 'company website', 'domain', 'url'],
  position: ['position', 'title', 'job title', 'role'],
  industry: ['industry'],
  country: ['country'],
  location: ['location', 'city', 'locality'],
  linkedin: ['linkedin', 'linkedin url', 'social', 'profile', 'linkedin profile'],
  tags: ['tags', 'tag', 'labels'],
};

export function suggestMapping(headers: string[], fields: { id: number; name: string }[]): Record<string, Target | null> {
  const taken = new Set<string>();
  return Object.fromEntries(
    headers.map((header) => {
      const key = header.trim().toLowerCase();
      let target: Target | null = null;
      for (const [field, synonyms] of Object.entries(HEADER_SYNONYMS)) if (synonyms.includes(key)) target = field as Target;
      if (!target) {
        const custom = fields.find((f) => f.name.toLowerCase() === key);
        if (custom) target = `custom_${custom.id}`;
      }
      if (target && taken.has(target)) target = null;
      if (target) taken.add(target);
      return [header, target];
    }),
  );
}

/** The header row and a preview, read from the first chunk only (checkUpload stays fast). */
export function previewOf(firstChunk: string, whole: boolean): { headers: string[]; preview: string[][] } {
  return previewRecords(firstChunk, IMPORT_PREVIEW_ROWS, whole);
}

/** Data rows of an upload (the header excluded), read as a stream of its chunks. */
export async function countRows(db: Db, importId: string): Promise<number> {
  let rows = 0;
  for await (const block of readCsv(repo.chunkPieces(db, importId))) rows += block.length;
  return Math.max(0, rows - 1);
}

/** A CSV cell a spreadsheet would read as a formula gets a leading apostrophe (OWASP CSV injection). */
export function escapeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The reverse of escapeCell on import, so an export re-imports to the same data. */
function unescapeCell(value: string): string {
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value;
}

export interface ParsedRow {
  row: number;
  name: string;
  firstName: string | null;
  lastName: string | null;
  emails: string[];
  phones: string[];
  company: { name: string; url: string; position: string } | null;
  industry: string | null;
  country: string | null;
  locality: string | null;
  social: string | null;
  tags: string[];
  custom: { fieldId: number; value: string }[];
  /** A verification status already known for the emails (prospects found by the finder). */
  emailStatus?: string | undefined;
}

type Rejection = { row: number; reason: string; field: string | null };

function parseRow(
  cells: string[],
  row: number,
  columns: [number, Target][],
  fieldTypes: Map<number, CustomFieldType>,
): ParsedRow | Rejection {
  const value = (target: Target) => {
    const found = columns.filter(([, t]) => t === target).map(([index]) => unescapeCell(cells[index] ?? '').trim());
    return found.find((v) => v.length > 0) ?? '';
  };
  const firstName = cleanText(value('first_name'));
  const lastName = cleanText(value('last_name'));
  const name = cleanText(value('name')) ?? cleanText([firstName, lastName].filter(Boolean).join(' ')) ?? '';
  const nameError = prospectNameError(name);
  if (nameError) return { row, reason: nameError, field: 'name' };
  const emails = value('email')
    .split(/[,;\s]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  for (const email of emails) if (email.length > EMAIL_MAX || !EMAIL_FILTER_PATTERN.test(email)) return { row, reason: 'field_invalid', field: 'email' };
  const phones = value('phone')
    .split(/[,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  for (const phone of phones) if (phone.length > PHONE_MAX || !isValidPhone(phone)) return { row, reason: 'field_invalid', field: 'phone' };
  const companyInput = { name: value('company'), url: value('company_url').slice(0, URL_MAX), position: value('position') };
  const companyError = companyErrors([companyInput])[0];
  if (companyError) return { row, reason: companyError.key, field: `company.${companyError.field}` };
  const hasCompany = Boolean(companyInput.name || companyInput.url || companyInput.position);
  const linkedin = value('linkedin');
  const social = linkedin ? toWebUrl(linkedin) : null;
  if (linkedin && !social) return { row, reason: 'field_invalid', field: 'linkedin' };
  const custom: ParsedRow['custom'] = [];
  for (const [, target] of columns) {
    if (!target.startsWith('custom_')) continue;
    const fieldId = Number(target.slice('custom_'.length));
    const type = fieldTypes.get(fieldId);
    if (!type) continue;
    const normalised = normaliseCustomFieldValue(type, value(target));
    if (!normalised) continue;
    if (type === 'number' && !/^-?\d+(\.\d+)?$/.test(normalised)) return { row, reason: 'field_invalid', field: target };
    custom.push({ fieldId, value: (cleanText(normalised) ?? normalised).slice(0, CUSTOM_VALUE_MAX) });
  }
  return {
    row,
    name: name.slice(0, PROSPECT_NAME_MAX),
    firstName: firstName?.slice(0, PROSPECT_NAME_MAX) ?? null,
    lastName: lastName?.slice(0, PROSPECT_NAME_MAX) ?? null,
    emails: emails.map(normaliseEmail),
    phones,
    company: hasCompany ? { name: companyInput.name, url: companyInput.url, position: (cleanText(companyInput.position) ?? '').slice(0, TEXT_MAX) } : null,
    industry: cleanText(value('industry'))?.slice(0, TEXT_MAX) ?? null,
    country: cleanText(value('country'))?.slice(0, TEXT_MAX) ?? null,
    locality: cleanText(value('location'))?.slice(0, TEXT_MAX) ?? null,
    social,
    tags: value('tags')
      .split(/[,;|]+/)
      .map((t) => cleanText(t))
      .filter((t): t is string => Boolean(t))
      .map((t) => t.slice(0, 50)),
    custom,
  };
}

export interface ImportContext {
  db: Db;
  importId: string;
  push: { emitToUser(userId: number, event: PushEvent): void };
  signal?: AbortSignal;
}

/** Runs (or resumes) one import. Called by the durable job. */
export async function runImport(ctx: ImportContext): Promise<void> {
  const job = await repo.importById(ctx.db, ctx.importId);
  if (!job || job.status === 'completed' || job.status === 'failed' || !job.mapping) return;
  await repo.updateImport(ctx.db, job.id, { status: 'running' });
  const total = job.totalRows > 0 ? job.totalRows : await countRows(ctx.db, job.id);
  if (job.totalRows !== total) await repo.updateImport(ctx.db, job.id, { totalRows: total });
  const fields = await repo.fieldsOf(ctx.db, [job.userId]);
  const fieldTypes = new Map(fields.map((f) => [f.id, f.type as CustomFieldType]));
  let columns: [number, Target][] = [];
  let { processed, imported, updated, skipped, rejectedCount } = job;
  const report = [...job.rejected];
  const emit = (done: boolean) =>
    ctx.push.emitToUser(job.userId, {
      type: 'prospect.imported',
      payload: { listId: job.listId, importId: job.id, processed, total, imported: imported + updated, rejected: rejectedCount, done },
    });

  // Rows checked and cleaned, yielding now and then so other calls keep their turn.
  const prepare = async (records: CsvRecord[]) => {
    const parsed: ParsedRow[] = [];
    const rejected: Rejection[] = [];
    for (const [offset, record] of records.entries()) {
      if (offset > 0 && offset % PREPARE_YIELD_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
      const result = 'cells' in record ? parseRow(record.cells, record.row, columns, fieldTypes) : { row: record.row, reason: UNREADABLE_ROW, field: null };
      if ('reason' in result) rejected.push(result);
      else parsed.push(result);
    }
    return { parsed, rejected };
  };
  const write = async (records: CsvRecord[]) => {
    const { parsed, rejected } = await prepare(records);
    await ctx.db.transaction(async (tx) => {
      const outcome = await writeBatch(tx, job, parsed);
      processed += records.length;
      imported += outcome.imported;
      updated += outcome.updated;
      skipped += outcome.skipped;
      rejectedCount += rejected.length;
      for (const r of rejected) if (report.length < IMPORT_REPORT_MAX) report.push(r);
      await repo.updateImport(tx, job.id, { processed, imported, updated, skipped, rejectedCount, rejected: report });
    });
    emit(processed >= total);
  };

  // The file is read again from its chunks as a stream; rows done by an earlier attempt are passed over.
  let batch: CsvRecord[] = [];
  let seen = 0;
  for await (const block of readCsv(repo.chunkPieces(ctx.db, job.id))) {
    for (const record of block) {
      if (record.row === 1) {
        if (!('cells' in record)) {
          await failImport(ctx.db, job.id);
          emit(true);
          return;
        }
        columns = record.cells.flatMap((header, index): [number, Target][] => {
          const target = job.mapping?.[header];
          return target ? [[index, target as Target]] : [];
        });
        continue;
      }
      seen += 1;
      if (seen <= processed) continue;
      batch.push(record);
      if (batch.length === IMPORT_BATCH_ROWS) {
        if (ctx.signal?.aborted) return;
        await write(batch);
        batch = [];
      }
    }
  }
  if (batch.length > 0) await write(batch);
  // The upload is personal data: it goes as soon as the import is done.
  await ctx.db.transaction(async (tx) => {
    await repo.updateImport(tx, job.id, { status: 'completed', finishedAt: new Date() });
    await repo.deleteChunks(tx, job.id);
  });
  emit(true);
}

/** An import that cannot go on: marked failed, and its uploaded file deleted. */
export async function failImport(db: Db, importId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.updateImport(tx, importId, { status: 'failed', finishedAt: new Date() });
    await repo.deleteChunks(tx, importId);
  });
}

/** The delayed clean-up: an upload still not imported a day later is deleted with its chunks. */
export async function removeUnstartedImport(db: Db, importId: string): Promise<void> {
  await repo.deleteImportIfUnstarted(db, importId);
}

/** Where a batch goes: the owner, the list, the duplicate policy, and the id events refer to. */
export type BatchTarget = Pick<repo.ImportRow, 'id' | 'accountId' | 'userId' | 'listId' | 'duplicatePolicy'> & { source?: string };

/** Finds duplicates of the batch (in the account and earlier in the batch) and writes by policy. */
export async function writeBatch(tx: DbOrTx, job: BatchTarget, rows: ParsedRow[]) {
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
      ...(emails.length ? [sql`select 'e' as kind, e.prospect_id as id, k.v as k from ${values(emails)} join ${prospectEmails} e on e.account_id = ${job.accountId} and lower(e.email) = k.v`] : []),
      ...(socials.length ? [sql`select 's' as kind, p.id, k.v as k from ${values(socials)} join ${prospects} p on p.account_id = ${job.accountId} and p.social_norm = k.v`] : []),
      ...(keys.length ? [sql`select 'n' as kind, p.id, k.v as k from ${values(keys)} join ${prospects} p on p.account_id = ${job.accountId} and p.name_company_key = k.v`] : []),
    ];
    const found = lookups.length ? await repo.rowsOf<{ kind: 'e' | 's' | 'n'; id: number; k: string }>(tx, sql.join(lookups, sql` union all `)) : [];
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

  const companyIds = await repo.ensureCompanies(
    tx,
    job.accountId,
    job.userId,
    rows.flatMap((r) => (r.company?.name ? [{ name: r.company.name, url: r.company.url || null }] : [])),
  );
  const tagIds = new Map(
    (await repo.ensureTags(tx, job.userId, [...new Set(rows.flatMap((r) => r.tags))])).map((t) => [t.name.toLowerCase(), t.id]),
  );

  if (toInsert.length > 0) {
    const ids = await repo.nextProspectIds(tx, toInsert.length);
    const prospectRows: repo.JsonInsert = {
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
        account_id: job.accountId,
        user_id: job.userId,
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
    await repo.insertJsonRowsTogether(tx, [prospectRows, ...(await childInserts(tx, job, toInsert.map((row, i) => ({ row, id: ids[i]! })), companyIds, tagIds, false))]);
    outcome.imported = ids.length;
    outcome.ids.push(...ids);
  }
  if (toUpdate.length > 0) {
    const owned = new Set(await repo.ownedProspectIds(tx, job.userId, toUpdate.map((u) => u.id)));
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
        where p.id = x.id`);
    }
    await repo.insertJsonRowsTogether(tx, await childInserts(tx, job, mine.map((u) => ({ row: u.row, id: u.id })), companyIds, tagIds, true));
    outcome.updated = mine.length;
    outcome.ids.push(...mine.map((u) => u.id));
  }
  return outcome;
}

/** The child rows of written prospects (emails, phones, companies, tags, custom values, list items). */
async function childInserts(
  tx: DbOrTx,
  job: BatchTarget,
  items: { row: ParsedRow; id: number }[],
  companyIds: Map<string, number>,
  tagIds: Map<string, number>,
  isUpdate: boolean,
): Promise<repo.JsonInsert[]> {
  if (items.length === 0) return [];
  const ids = items.map((i) => i.id);
  const knownEmails = new Set<string>();
  const knownPhones = new Set<string>();
  if (isUpdate) {
    for (const e of await repo.emailsOf(tx, ids)) knownEmails.add(`${e.prospectId}:${e.email.toLowerCase()}`);
    for (const p of await repo.phonesOf(tx, ids)) knownPhones.add(`${p.prospectId}:${p.phone}`);
  }
  const emails = items.flatMap(({ row, id }) =>
    [...new Set(row.emails)]
      .filter((email) => !knownEmails.has(`${id}:${email}`))
      .map((email) => ({ prospect_id: id, account_id: job.accountId, email, status: row.emailStatus ?? 'not_verified' })),
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

// Export ----------------------------------------------------------------------------------------

const EXPORT_PAGE = 5_000;

/** CSV of prospects (a list, or chosen ids among the caller's), with the same headers import reads. */
export async function exportProspects(db: Db, userId: number, scope: { listId: number | null; ids?: number[] | undefined; only?: SQL | undefined }): Promise<string> {
  const fields = await repo.fieldsOf(db, [userId]);
  const header = ['name', 'first_name', 'last_name', 'email', 'phone', 'company', 'company_url', 'position', 'industry', 'country', 'location', 'linkedin', 'tags', ...fields.map((f) => f.name)];
  const lines: string[][] = [];
  let lastId = 0;
  for (;;) {
    const conditions = [sql`p.user_id = ${userId}`, sql`p.id > ${lastId}`];
    if (scope.listId !== null) conditions.push(sql`exists (select 1 from ${prospectListItems} li where li.prospect_id = p.id and li.list_id = ${scope.listId})`);
    if (scope.ids) conditions.push(scope.ids.length ? sql`p.id in (${sql.join(scope.ids.map((id) => sql`${id}`), sql`, `)})` : sql`false`);
    if (scope.only) conditions.push(sql`p.id in (${scope.only})`);
    const page = await repo.rowsOf<{ id: number }>(db, sql`select p.id from ${prospects} p where ${sql.join(conditions, sql` and `)} order by p.id limit ${EXPORT_PAGE}`);
    if (page.length === 0) break;
    const ids = page.map((r) => r.id);
    lastId = ids[ids.length - 1]!;
    const [records, emails, phones, companies, tags, customs] = await Promise.all([
      repo.prospectsByIds(db, ids),
      repo.emailsOf(db, ids),
      repo.phonesOf(db, ids),
      repo.companiesOf(db, ids),
      repo.tagsOf(db, ids),
      repo.customValuesOf(db, ids),
    ]);
    const byId = new Map(records.map((r) => [r.id, r]));
    for (const id of ids) {
      const p = byId.get(id)!;
      const company = companies.find((c) => c.prospectId === id);
      const values = new Map(customs.filter((c) => c.prospectId === id).map((c) => [c.fieldId, c.value]));
      lines.push(
        [
          p.name,
          p.firstName ?? '',
          p.lastName ?? '',
          emails.filter((e) => e.prospectId === id).map((e) => e.email).join(', '),
          phones.filter((e) => e.prospectId === id).map((e) => e.phone).join('; '),
          company?.name ?? '',
          company?.url ?? '',
          company?.position ?? '',
          p.industry ?? '',
          p.country ?? '',
          p.locality ?? '',
          p.social ?? '',
          tags.filter((t) => t.prospectId === id).map((t) => t.name).join(', '),
          ...fields.map((f) => values.get(f.id) ?? ''),
        ].map(escapeCell),
      );
    }
  }
  return stringify([header.map(escapeCell), ...lines]);
}

export async function exportCompanies(db: Db, userId: number, listId: number): Promise<string> {
  const { rows } = await repo.companiesPage(db, userId, { listId, page: 1, limit: 1_000_000, query: null });
  const header = ['name', 'url', 'domain', 'industry', 'country', 'size', 'hq_phone', 'prospects'];
  return stringify([
    header,
    ...rows.map((r) =>
      [r.company.name, r.company.url ?? '', r.company.domain ?? '', r.company.industry ?? '', r.company.country ?? '', r.company.size ?? '', r.company.hqPhone ?? '', String(r.prospectsCount)].map(escapeCell),
    ),
  ]);
}

