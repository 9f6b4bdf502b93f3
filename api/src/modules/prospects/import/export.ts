/** CSV export of the caller's prospects and companies, with the headers import reads and formula injection escaped. */
import { stringify } from 'csv-stringify/sync';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';
import { companiesPage } from '../companies/repository';
import { fieldsOf } from '../custom-fields/repository';
import * as prospectRepo from '../prospect/repository';
import { escapeCell } from './csv';
import { exportPage, type ExportedProspects } from './repository';

const EXPORT_PAGE = 5_000;

/** CSV of prospects (a list, or chosen ids among the caller's), with the same headers import reads. */
export async function exportProspects(db: DbOrTx, scope: Scope, which: ExportedProspects): Promise<string> {
  const fields = await fieldsOf(db, scope, [scope.userId]);
  const header = ['name', 'first_name', 'last_name', 'email', 'phone', 'company', 'company_url', 'position', 'industry', 'country', 'location', 'linkedin', 'tags', ...fields.map((f) => f.name)];
  const lines: string[][] = [];
  let lastId = 0;
  for (;;) {
    const ids = await exportPage(db, scope, which, lastId, EXPORT_PAGE);
    if (ids.length === 0) break;
    lastId = ids[ids.length - 1]!;
    const [records, emails, phones, companies, tags, customs] = await Promise.all([
      prospectRepo.teamProspectsByIds(db, scope, ids),
      prospectRepo.emailsOf(db, scope, ids),
      prospectRepo.phonesOf(db, scope, ids),
      prospectRepo.companiesOf(db, scope, ids),
      prospectRepo.tagsOf(db, scope, ids),
      prospectRepo.customValuesOf(db, scope, ids),
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

export async function exportCompanies(db: DbOrTx, scope: Scope, listId: number): Promise<string> {
  const { rows } = await companiesPage(db, scope, { listId, page: 1, limit: 1_000_000, query: null });
  const header = ['name', 'url', 'domain', 'industry', 'country', 'size', 'hq_phone', 'prospects'];
  return stringify([
    header,
    ...rows.map((r) =>
      [r.company.name, r.company.url ?? '', r.company.domain ?? '', r.company.industry ?? '', r.company.country ?? '', r.company.size ?? '', r.company.hqPhone ?? '', String(r.prospectsCount)].map(escapeCell),
    ),
  ]);
}
