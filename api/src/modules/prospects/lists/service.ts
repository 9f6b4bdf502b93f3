/**
 * Prospect lists and company lists (document 1 §4): the sidebar overview with the team filter,
 * pickers, create/rename/delete/restore, and adding, moving and removing items by ids or by an
 * "all matching" selection. Writes reach the caller's own lists only.
 */
import { PAGE_SIZES } from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import { DomainError } from '../../../http/domain-error';
import { scopeOf, type Caller } from '../../account/caller';
import { campaignsUsingLists } from '../../campaigns/usage';
import { ownersFor, ownList, readableList } from '../access';
import * as companiesRepo from '../companies/repository';
import { foldersOf } from '../folders/repository';
import { cleanText } from '../normalise';
import * as prospectRepo from '../prospect/repository';
import { selectionSql, type BulkSubject } from '../table/selection';
import * as repo from './repository';

type ListType = repo.ListType;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export class ListsService {
  constructor(private readonly db: Db) {}

  async overview(caller: Caller, filter: string | undefined) {
    const scope = scopeOf(caller);
    const owners = ownersFor(caller, filter);
    const [all, folders, members, allContactsCount] = await Promise.all([
      repo.listsWithCounts(this.db, scope, owners, 'prospect'),
      foldersOf(this.db, scope),
      caller.teamId !== null && caller.mode === 'viewAll' ? repo.teamMembersWithNames(this.db, scope) : Promise.resolve([]),
      repo.prospectsCountOf(this.db, scope, owners),
    ]);
    const toSummary = (list: (typeof all)[number]) => ({
      id: list.id,
      name: list.name,
      contacts: list.contacts,
      userId: list.userId,
      folders: folders.filter((folder) => folder.lists.includes(list.id)).map((folder) => folder.id),
      ownerName: list.ownerName,
      isMemberList: list.userId !== caller.userId,
      createdAt: iso(list.createdAt),
      deletedAt: list.deletedAt ? iso(list.deletedAt) : null,
    });
    return {
      lists: all.filter((list) => !list.deletedAt).map(toSummary),
      folders,
      deletedLists: all.filter((list) => list.deletedAt && list.userId === caller.userId).map(toSummary),
      allContactsCount,
      teamFilterOptions: [
        { value: 'me' as const, label: 'me' },
        ...(members.length > 0 ? [{ value: 'all' as const, label: 'all' }] : []),
        ...members.filter((m) => m.userId !== caller.userId).map((m) => ({ value: String(m.userId), label: m.name })),
      ],
    };
  }

  /**
   * The campaigns (id, title) the caller may see that use each asked list as their prospect list
   * or no-send list, asked before a list is deleted; a list no visible campaign uses answers [].
   */
  async usageInCampaigns(caller: Caller, listIds: readonly number[]) {
    const asked = [...new Set(listIds)];
    const rows = await campaignsUsingLists(this.db, scopeOf(caller), asked);
    return {
      usage: asked.map((listId) => ({
        listId,
        campaigns: rows.filter((row) => Number(row.list_id) === listId).map((row) => ({ id: Number(row.id), title: row.title })),
      })),
    };
  }

  async listsInfo(caller: Caller, input: { count: number; lastId?: number | null | undefined; keyword?: string | undefined; requiredId?: number | null | undefined; excludedId?: number | null | undefined }) {
    const scope = scopeOf(caller);
    const rows = await repo.listsPage(this.db, scope, {
      count: input.count,
      lastId: input.lastId ?? null,
      keyword: input.keyword || null,
      excludedId: input.excludedId ?? null,
    });
    const hasMore = rows.length > input.count;
    let lists = rows.slice(0, input.count);
    if (input.requiredId && !lists.some((list) => list.id === input.requiredId) && !input.lastId) {
      const required = await repo.ownListById(this.db, scope, input.requiredId);
      if (required && required.type === 'prospect' && !required.deletedAt) lists = [{ id: required.id, name: required.name, contacts: required.itemsCount }, ...lists];
    }
    return { lists, lastId: hasMore ? (rows[input.count - 1]?.id ?? null) : null, hasMore };
  }

  async addList(caller: Caller, type: ListType, name: string) {
    const scope = scopeOf(caller);
    const clean = cleanText(name);
    if (!clean) throw new DomainError('list_create_failed', { field: 'name' });
    const list = await repo.insertList(this.db, scope, { type, name: clean.slice(0, 255) });
    if (type === 'company') await companiesRepo.addCompanyHistory(this.db, scope, 'list_created', { listId: list.id, name: list.name });
    return { id: list.id, name: list.name, contacts: 0 };
  }

  async renameList(caller: Caller, type: ListType, listId: number, newName: string) {
    const scope = scopeOf(caller);
    const list = await ownList(this.db, scope, listId, type);
    const clean = cleanText(newName);
    if (!clean) throw new DomainError('list_rename_failed', { field: 'newName' });
    const renamed = await repo.updateList(this.db, scope, list.id, { name: clean.slice(0, 255) });
    if (type === 'company') await companiesRepo.addCompanyHistory(this.db, scope, 'list_renamed', { listId: list.id, name: clean.slice(0, 255), oldName: list.name });
    return { id: list.id, name: clean.slice(0, 255), contacts: renamed?.itemsCount ?? 0 };
  }

  async defaultListName(caller: Caller, type: ListType) {
    const names = new Set(await repo.listNamesOf(this.db, scopeOf(caller), type));
    const base = type === 'company' ? 'Company list' : 'My list';
    for (let n = 1; ; n += 1) {
      const candidate = `${base} ${n}`;
      if (!names.has(candidate)) return { name: candidate };
    }
  }

  async addToList(caller: Caller, type: ListType, listId: number, subject: BulkSubject) {
    const scope = scopeOf(caller);
    if ('selection' in subject) {
      if (type !== 'prospect') throw new DomainError('field_invalid', { field: 'selection' });
      await ownList(this.db, scope, listId);
      return { added: await repo.addSelectionToList(this.db, scope, listId, await selectionSql(this.db, caller, subject.selection)) };
    }
    if (type === 'company') {
      await ownList(this.db, scope, listId, 'company');
      const owned = await companiesRepo.ownedCompanyIds(this.db, scope, subject.ids);
      const added = await companiesRepo.addCompaniesToList(this.db, scope, listId, owned);
      await companiesRepo.addCompanyHistory(this.db, scope, 'companies_added', { listId, count: added });
      return { added };
    }
    await ownList(this.db, scope, listId);
    const owned = await prospectRepo.ownedProspectIds(this.db, scope, subject.ids);
    return { added: await repo.addItemsToList(this.db, scope, listId, owned) };
  }

  async moveItems(caller: Caller, type: ListType, subject: BulkSubject, from: number, to: number) {
    const scope = scopeOf(caller);
    await ownList(this.db, scope, from, type);
    await ownList(this.db, scope, to, type);
    if ('selection' in subject) {
      // The selection is of the list the prospects leave.
      if (type !== 'prospect' || subject.selection.listId !== from) throw new DomainError('field_invalid', { field: 'selection' });
      if (from === to) return { moved: 0 };
      return { moved: await repo.moveSelection(this.db, scope, from, to, await selectionSql(this.db, caller, subject.selection)) };
    }
    const items = subject.ids;
    return this.db.transaction(async (tx) => {
      if (type === 'company') {
        const owned = await companiesRepo.ownedCompanyIds(tx, scope, items);
        await companiesRepo.removeCompaniesFromList(tx, scope, from, owned);
        const moved = await companiesRepo.addCompaniesToList(tx, scope, to, owned);
        await companiesRepo.addCompanyHistory(tx, scope, 'companies_moved', { from, to, count: owned.length });
        return { moved: Math.max(moved, owned.length) };
      }
      const owned = await prospectRepo.ownedProspectIds(tx, scope, items);
      await repo.removeItemsFromList(tx, scope, from, owned);
      await repo.addItemsToList(tx, scope, to, owned);
      await prospectRepo.addEvents(tx, scope, owned, 'moved', { from, to });
      return { moved: owned.length };
    });
  }

  async removeItems(caller: Caller, input: { type: ListType; listId?: number | undefined; deleteRecipients: boolean } & BulkSubject) {
    const scope = scopeOf(caller);
    if ('selection' in input) {
      if (input.type !== 'prospect') throw new DomainError('field_invalid', { field: 'selection' });
      const chosen = await selectionSql(this.db, caller, input.selection);
      if (input.listId && !input.deleteRecipients) {
        await ownList(this.db, scope, input.listId);
        return { removed: await repo.removeSelectionFromList(this.db, scope, input.listId, chosen) };
      }
      return { removed: await prospectRepo.deleteSelection(this.db, scope, chosen) };
    }
    if (input.type === 'company') {
      if (input.listId) {
        await ownList(this.db, scope, input.listId, 'company');
        return { removed: await companiesRepo.removeCompaniesFromList(this.db, scope, input.listId, input.ids) };
      }
      return { removed: await companiesRepo.deleteCompanies(this.db, scope, input.ids) };
    }
    if (input.listId && !input.deleteRecipients) {
      await ownList(this.db, scope, input.listId);
      return { removed: await repo.removeItemsFromList(this.db, scope, input.listId, input.ids) };
    }
    return { removed: await prospectRepo.deleteProspects(this.db, scope, input.ids) };
  }

  async emailStats(caller: Caller, listId: number, perPage: number) {
    const scope = scopeOf(caller);
    const list = await readableList(this.db, scope, listId);
    const rows = await repo.emailStats(this.db, scope, listId);
    const byStatus: Record<string, number> = {};
    let withoutEmail = 0;
    for (const row of rows) {
      if (row.status === null) withoutEmail += row.n;
      else byStatus[row.status] = row.n;
    }
    const total = list.itemsCount;
    return { total, withEmail: total - withoutEmail, withoutEmail, byStatus, pages: Math.ceil(total / perPage) };
  }

  async deleteList(caller: Caller, listId: number, type: ListType, deleteRecipients: boolean) {
    const scope = scopeOf(caller);
    await ownList(this.db, scope, listId, type);
    await this.db.transaction(async (tx) => {
      if (deleteRecipients && type === 'prospect') await repo.deleteOrphansOfList(tx, scope, listId);
      await repo.updateList(tx, scope, listId, { deletedAt: new Date() });
      if (type === 'company') await companiesRepo.addCompanyHistory(tx, scope, 'list_deleted', { listId });
    });
    return { ok: true as const };
  }

  async restoreList(caller: Caller, listId: number) {
    const scope = scopeOf(caller);
    const list = await ownList(this.db, scope, listId, 'prospect', true);
    if (!list.deletedAt) throw new DomainError('list_not_found');
    const restored = await repo.updateList(this.db, scope, listId, { deletedAt: null });
    return { id: list.id, name: list.name, contacts: restored?.itemsCount ?? 0 };
  }

  async deleteListForGood(caller: Caller, listId: number) {
    const scope = scopeOf(caller);
    await ownList(this.db, scope, listId, 'prospect', true);
    await this.db.transaction(async (tx) => {
      await repo.deleteOrphansOfList(tx, scope, listId);
      await repo.deleteListRow(tx, scope, listId);
    });
    return { ok: true as const };
  }

  async searchLists(caller: Caller, query: string, type: ListType) {
    const rows = await repo.listsWithCounts(this.db, scopeOf(caller), [caller.userId], type);
    const needle = query.trim().toLowerCase();
    return {
      lists: rows
        .filter((list) => !list.deletedAt && list.name.toLowerCase().includes(needle))
        .slice(0, PAGE_SIZES.prospectLists)
        .map((list) => ({ id: list.id, name: list.name, contacts: list.contacts })),
    };
  }
}
