/** Companies (document 1 §4): the caller's own, their company lists, a company's overview and the company history. */
import { companyErrors } from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import { DomainError } from '../../../http/domain-error';
import { scopeOf, type Caller } from '../../account/caller';
import { ownList } from '../access';
import { foldersOf } from '../folders/repository';
import { listsWithCounts } from '../lists/repository';
import * as repo from './repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

type CompanyRow = Awaited<ReturnType<typeof repo.companyById>> & {};

function companyOut(c: CompanyRow, prospectsCount: number, lists: { id: number; listName: string }[]) {
  return {
    id: c.id,
    companyName: c.name,
    url: c.url,
    domain: c.domain,
    industry: c.industry,
    country: c.country,
    size: c.size,
    logo: c.logo,
    hqPhone: c.hqPhone,
    prospectsCount,
    lists: lists.map((l) => ({ id: l.id, listName: l.listName })),
    addDate: iso(c.createdAt),
  };
}

export class CompaniesService {
  constructor(private readonly db: Db) {}

  async companyLists(caller: Caller) {
    const scope = scopeOf(caller);
    const [rows, folders] = await Promise.all([listsWithCounts(this.db, scope, [caller.userId], 'company'), foldersOf(this.db, scope)]);
    return {
      lists: rows
        .filter((l) => !l.deletedAt)
        .map((l) => ({ id: l.id, listName: l.name, count: l.contacts, folders: folders.filter((folder) => folder.lists.includes(l.id)).map((folder) => folder.id) })),
    };
  }

  async companiesPage(caller: Caller, input: { listId: number | null; page: number; limit: number; query?: string | undefined }) {
    const scope = scopeOf(caller);
    if (input.listId) await ownList(this.db, scope, input.listId, 'company');
    const { rows, total } = await repo.companiesPage(this.db, scope, { listId: input.listId, page: input.page, limit: input.limit, query: input.query || null });
    const lists = await repo.companyListsOf(this.db, scope, rows.map((r) => r.company.id));
    return {
      companies: rows.map((r) => companyOut(r.company, r.prospectsCount, lists.filter((l) => l.companyId === r.company.id))),
      total,
    };
  }

  async companyOverview(caller: Caller, id: number) {
    const scope = scopeOf(caller);
    const company = await repo.companyById(this.db, scope, id);
    if (!company) throw new DomainError('not_found');
    const [people, lists] = await Promise.all([repo.prospectsOfCompany(this.db, scope, id), repo.companyListsOf(this.db, scope, [id])]);
    return { ...companyOut(company, people.length, lists), prospects: people.map((p) => ({ id: p.id, name: p.name, position: p.position || null })) };
  }

  async companiesWithLogo(caller: Caller, query: string) {
    if ([...query.trim()].length === 1) throw new DomainError('filter_too_short', { field: 'query' });
    if (!query.trim()) return { companies: [] };
    return { companies: await repo.companiesWithLogo(this.db, scopeOf(caller), query) };
  }

  async addCompanyToList(caller: Caller, input: { listId: number; items?: number[] | undefined; company?: { name: string; url?: string | undefined } | undefined }) {
    const scope = scopeOf(caller);
    await ownList(this.db, scope, input.listId, 'company');
    const ids = [...(input.items ? await repo.ownedCompanyIds(this.db, scope, input.items) : [])];
    if (input.company) {
      const errors = companyErrors([{ name: input.company.name, url: input.company.url ?? '' }]);
      if (errors.length > 0) throw new DomainError(errors[0]!.key, { field: `company.${errors[0]!.field}` });
      const map = await repo.ensureCompanies(this.db, scope, [{ name: input.company.name.trim(), url: input.company.url?.trim() || null }]);
      const id = map.get(input.company.name.trim().toLowerCase());
      if (id) ids.push(id);
    }
    const added = await repo.addCompaniesToList(this.db, scope, input.listId, ids);
    await repo.addCompanyHistory(this.db, scope, 'companies_added', { listId: input.listId, count: added });
    return { added };
  }

  async deleteCompanies(caller: Caller, input: { allList: boolean; items: number[]; listId?: number | undefined }) {
    const scope = scopeOf(caller);
    if (!input.allList && input.listId) {
      await ownList(this.db, scope, input.listId, 'company');
      const removed = await repo.removeCompaniesFromList(this.db, scope, input.listId, input.items);
      await repo.addCompanyHistory(this.db, scope, 'companies_removed', { listId: input.listId, count: removed });
      return { removed };
    }
    const removed = await repo.deleteCompanies(this.db, scope, input.items);
    await repo.addCompanyHistory(this.db, scope, 'companies_deleted', { count: removed });
    return { removed };
  }

  async companyHistory(caller: Caller, page: number, limit: number, listId?: number) {
    const { items, total } = await repo.companyHistoryPage(this.db, scopeOf(caller), page, limit, listId);
    return { items: items.map((i) => ({ id: i.id, action: i.action, details: i.details, createdAt: iso(i.createdAt) })), total };
  }

  /** Company export is for paying users and trials: the plan as of the request. */
  checkUserPayments(caller: Caller) {
    return { hasPayments: !caller.plan.isFreePlan, canExport: !caller.plan.expired };
  }
}
