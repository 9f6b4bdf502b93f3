/**
 * Rules of the prospects area: lists in folders, the prospects table, the single prospect with
 * the viewer-class table of document 1 §6 applied cell by cell, the edit rules of §5, tags,
 * custom fields, notes, columns, global search and companies. Never sees HTTP.
 */
import { randomUUID } from 'node:crypto';
import {
  EMAIL_FILTER_PATTERN,
  PAGE_SIZES,
  PINNED_NOTES_LIMIT_DEFAULT,
  PROSPECT_DEFAULT_COLUMNS,
  PROSPECT_ELEMENTS,
  PROSPECT_SORT_FIELDS,
  PROSPECT_TABLE_COLUMNS,
  PROSPECTS_DEFAULT_SORT,
  PROSPECTS_FILTERED_COUNT_LOOKAHEAD,
  LINKEDIN_FILTERS,
  TAGS_FILTER_MODES,
  EMAIL_VERIFICATION_STATUSES,
  canEdit,
  canSee,
  companyErrors,
  isValidPhone,
  normaliseCustomFieldValue,
  prospectAccess,
  prospectNameError,
  removeBlankCompanies,
  splitRemovals,
  type CustomFieldType,
  type GlobalSearchFilters,
  type ListProspectsResponse,
  type ProspectColumnsSettings,
  type ProspectEdit,
  type ProspectElement,
  type ProspectInfo,
  type ViewerClass,
  type listProspectsBodySchema,
  type prospectSelectionSchema,
} from '@leadforge/contracts';
import type { z } from 'zod';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  customFieldGroups,
  customFields,
  prospectCompanies,
  prospectCustomValues,
  prospectEmails,
  prospectEvents,
  prospectListItems,
  prospectPhones,
  prospects,
  prospectTags,
} from '../../db/schema';
import type { Db, DbOrTx } from '../../db/types';
import { DomainError, type DomainErrorItem } from '../../http/domain-error';
import type { AccountService } from '../account/service';
import { listCountries } from '../general/reference-data';
import { actorOf, browsableOwners, ownList, readableList, readableListRow, readableProspect, type ProspectsActor } from './access';
import { INDUSTRIES, industryById } from './industries';
import * as listing from './listing';
import { cleanText, encodeProspectId, nameCompanyKey, normaliseEmail, normaliseSocial, searchNameOf, toWebUrl } from './normalise';
import * as repo from './repository';
import { SharedFigures } from './shared-figures';
import type { TagSelection } from './import-service';

type ListProspectsInput = z.output<typeof listProspectsBodySchema>;

/** Which element of §6 each edited field belongs to. */
const EDIT_ELEMENTS: Record<keyof ProspectEdit, ProspectElement> = {
  name: 'names',
  firstName: 'names',
  lastName: 'names',
  industryId: 'industry',
  industry: 'industry',
  countryId: 'country',
  locality: 'locality',
  timezone: 'locality',
  social: 'socialLinks',
  otherSocials: 'socialLinks',
  emails: 'emails',
  phones: 'phones',
  companies: 'companies',
  customFields: 'customFields',
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export class ProspectsService {
  /** Figures that need a scan (large lists' LinkedIn/duplicates, without-email counts), shared by every process. */
  private readonly figures: SharedFigures;

  constructor(
    readonly db: Db,
    private readonly accounts: AccountService,
  ) {
    this.figures = new SharedFigures(db);
  }

  actor(userId: number): Promise<ProspectsActor> {
    return actorOf(this.db, this.accounts, userId);
  }

  /** Where an "all matching" selection looks and what it tests; its list must be readable and not deleted. */
  async resolveSelection(actor: ProspectsActor, selection: ParsedSelection) {
    let scope: listing.ListingScope;
    if (selection.listId !== null) {
      const list = await readableList(this.db, actor, selection.listId);
      if (list.deletedAt) throw new DomainError('list_not_found');
      scope = { listId: list.id, ownerIds: [list.userId] };
    } else scope = { listId: null, ownerIds: selection.filterUserId ? this.ownersFor(actor, String(selection.filterUserId)) : [actor.userId] };
    const readableListIds = selection.filter.lists.length > 0 ? (await repo.listsWithCounts(this.db, browsableOwners(actor), 'prospect')).map((l) => l.id) : [];
    return { scope, readableListIds, conditions: listing.filterConditions(selection.filter, readableListIds) };
  }

  /** The ids of a selection as a subquery: matching prospects the caller owns, minus exclusions. */
  async selectionSql(actor: ProspectsActor, selection: ParsedSelection): Promise<SQL> {
    const { scope, conditions } = await this.resolveSelection(actor, selection);
    return listing.selectionIds(scope, conditions, actor.userId, selection.excludeIds);
  }

  // Lists ---------------------------------------------------------------------------------------

  async overview(userId: number, filter: string | undefined) {
    const actor = await this.actor(userId);
    const owners = this.ownersFor(actor, filter);
    const all = await repo.listsWithCounts(this.db, owners, 'prospect');
    const toSummary = (list: (typeof all)[number], folders: { id: number; lists: number[] }[]) => ({
      id: list.id,
      name: list.name,
      contacts: list.contacts,
      userId: list.userId,
      folders: folders.filter((folder) => folder.lists.includes(list.id)).map((folder) => folder.id),
      ownerName: list.ownerName,
      isMemberList: list.userId !== actor.userId,
      createdAt: iso(list.createdAt),
      deletedAt: list.deletedAt ? iso(list.deletedAt) : null,
    });
    const folders = await repo.foldersOf(this.db, userId);
    const members = actor.teamId !== null && actor.mode === 'viewAll' ? await repo.teamMembersWithNames(this.db, actor.teamId) : [];
    return {
      lists: all.filter((list) => !list.deletedAt).map((list) => toSummary(list, folders)),
      folders,
      deletedLists: all.filter((list) => list.deletedAt && list.userId === userId).map((list) => toSummary(list, folders)),
      allContactsCount: await repo.prospectsCountOf(this.db, owners),
      teamFilterOptions: [
        { value: 'me' as const, label: 'me' },
        ...(members.length > 0 ? [{ value: 'all' as const, label: 'all' }] : []),
        ...members.filter((m) => m.userId !== userId).map((m) => ({ value: String(m.userId), label: m.name })),
      ],
    };
  }

  /** 'me' → own lists only (document 1 §6); 'all' or a member id only for lead and view-all. */
  private ownersFor(actor: ProspectsActor, filter: string | undefined): number[] {
    if (filter === 'me' || actor.mode !== 'viewAll') return [actor.userId];
    if (filter && filter !== 'all') {
      const id = Number(filter);
      if (!actor.teamUserIds.includes(id)) throw new DomainError('not_found');
      return [id];
    }
    return browsableOwners(actor);
  }

  async listsInfo(userId: number, input: { count: number; lastId?: number | null | undefined; keyword?: string | undefined; requiredId?: number | null | undefined; excludedId?: number | null | undefined }) {
    const rows = await repo.listsPage(this.db, userId, {
      count: input.count,
      lastId: input.lastId ?? null,
      keyword: input.keyword || null,
      excludedId: input.excludedId ?? null,
    });
    const hasMore = rows.length > input.count;
    let lists = rows.slice(0, input.count);
    if (input.requiredId && !lists.some((list) => list.id === input.requiredId) && !input.lastId) {
      const required = await repo.listById(this.db, input.requiredId);
      if (required && required.userId === userId && required.type === 'prospect' && !required.deletedAt) {
        lists = [{ id: required.id, name: required.name, contacts: await repo.listContactsCount(this.db, required.id) }, ...lists];
      }
    }
    return { lists, lastId: hasMore ? (rows[input.count - 1]?.id ?? null) : null, hasMore };
  }

  async addList(userId: number, type: 'prospect' | 'company', name: string) {
    const actor = await this.actor(userId);
    const clean = cleanText(name);
    if (!clean) throw new DomainError('list_create_failed', { field: 'name' });
    const list = await repo.insertList(this.db, { accountId: actor.accountId, userId, type, name: clean.slice(0, 255) });
    if (type === 'company') await repo.addCompanyHistory(this.db, userId, 'list_created', { listId: list.id, name: list.name });
    return { id: list.id, name: list.name, contacts: 0 };
  }

  async renameList(userId: number, type: 'prospect' | 'company', listId: number, newName: string) {
    const list = await ownList(this.db, { userId }, listId, type);
    const clean = cleanText(newName);
    if (!clean) throw new DomainError('list_rename_failed', { field: 'newName' });
    await repo.updateList(this.db, list.id, { name: clean.slice(0, 255) });
    if (type === 'company') await repo.addCompanyHistory(this.db, userId, 'list_renamed', { listId: list.id, name: clean.slice(0, 255), oldName: list.name });
    return { id: list.id, name: clean.slice(0, 255), contacts: await repo.listContactsCount(this.db, list.id) };
  }

  async defaultListName(userId: number, type: 'prospect' | 'company') {
    const names = new Set(await repo.listNamesOf(this.db, userId, type));
    const base = type === 'company' ? 'Company list' : 'My list';
    for (let n = 1; ; n += 1) {
      const candidate = `${base} ${n}`;
      if (!names.has(candidate)) return { name: candidate };
    }
  }

  async addToList(userId: number, type: 'prospect' | 'company', listId: number, subject: BulkSubject) {
    if ('selection' in subject) {
      if (type !== 'prospect') throw new DomainError('field_invalid', { field: 'selection' });
      await ownList(this.db, { userId }, listId);
      const chosen = await this.selectionSql(await this.actor(userId), subject.selection);
      return { added: await repo.countOf(this.db, sql`insert into ${prospectListItems} (list_id, prospect_id) select ${listId}, s.id from (${chosen}) s on conflict do nothing returning 1`) };
    }
    const itemIds = subject.ids;
    if (type === 'company') {
      await ownList(this.db, { userId }, listId, 'company');
      const owned = await repo.ownedCompanyIds(this.db, userId, itemIds);
      const added = await repo.addCompaniesToList(this.db, listId, owned);
      await repo.addCompanyHistory(this.db, userId, 'companies_added', { listId, count: added });
      return { added };
    }
    await ownList(this.db, { userId }, listId);
    const owned = await repo.ownedProspectIds(this.db, userId, itemIds);
    return { added: await repo.addItemsToList(this.db, listId, owned) };
  }

  async moveItems(userId: number, type: 'prospect' | 'company', subject: BulkSubject, from: number, to: number) {
    await ownList(this.db, { userId }, from, type);
    await ownList(this.db, { userId }, to, type);
    if ('selection' in subject) {
      // The selection is of the list the prospects leave.
      if (type !== 'prospect' || subject.selection.listId !== from) throw new DomainError('field_invalid', { field: 'selection' });
      if (from === to) return { moved: 0 };
      const chosen = await this.selectionSql(await this.actor(userId), subject.selection);
      // One statement: out of one list, into the other, one timeline event each.
      const [row] = await repo.rowsOf<{ n: number }>(
        this.db,
        sql`with moved as (delete from ${prospectListItems} d where d.list_id = ${from} and d.prospect_id in (${chosen}) returning d.prospect_id),
            added as (insert into ${prospectListItems} (list_id, prospect_id) select ${to}, prospect_id from moved on conflict do nothing),
            events as (insert into ${prospectEvents} (prospect_id, user_id, kind, details) select prospect_id, ${userId}, 'moved', ${JSON.stringify({ from, to })}::jsonb from moved)
            select count(*)::int as n from moved`,
      );
      return { moved: row?.n ?? 0 };
    }
    const items = subject.ids;
    return this.db.transaction(async (tx) => {
      if (type === 'company') {
        const owned = await repo.ownedCompanyIds(tx, userId, items);
        await repo.removeCompaniesFromList(tx, from, owned);
        const moved = await repo.addCompaniesToList(tx, to, owned);
        await repo.addCompanyHistory(tx, userId, 'companies_moved', { from, to, count: owned.length });
        return { moved: Math.max(moved, owned.length) };
      }
      const owned = await repo.ownedProspectIds(tx, userId, items);
      await repo.removeItemsFromList(tx, from, owned);
      await repo.addItemsToList(tx, to, owned);
      for (const id of owned) await repo.addEvent(tx, id, userId, 'moved', { from, to });
      return { moved: owned.length };
    });
  }

  async removeItems(userId: number, input: { type: 'prospect' | 'company'; listId?: number | undefined; deleteRecipients: boolean } & BulkSubject) {
    if ('selection' in input) {
      if (input.type !== 'prospect') throw new DomainError('field_invalid', { field: 'selection' });
      const chosen = await this.selectionSql(await this.actor(userId), input.selection);
      if (input.listId && !input.deleteRecipients) {
        await ownList(this.db, { userId }, input.listId);
        return { removed: await repo.countOf(this.db, sql`delete from ${prospectListItems} d where d.list_id = ${input.listId} and d.prospect_id in (${chosen}) returning 1`) };
      }
      return { removed: await repo.countOf(this.db, sql`delete from ${prospects} d where d.user_id = ${userId} and d.id in (${chosen}) returning 1`) };
    }
    if (input.type === 'company') {
      if (input.listId) {
        await ownList(this.db, { userId }, input.listId, 'company');
        return { removed: await repo.removeCompaniesFromList(this.db, input.listId, input.ids) };
      }
      return { removed: await repo.deleteCompanies(this.db, userId, input.ids) };
    }
    if (input.listId && !input.deleteRecipients) {
      await ownList(this.db, { userId }, input.listId);
      return { removed: await repo.removeItemsFromList(this.db, input.listId, input.ids) };
    }
    return { removed: await repo.deleteProspects(this.db, userId, input.ids) };
  }

  async emailStats(userId: number, listId: number, perPage: number) {
    const actor = await this.actor(userId);
    await readableList(this.db, actor, listId);
    const rows = await repo.emailStats(this.db, listId);
    const byStatus: Record<string, number> = {};
    let withoutEmail = 0;
    for (const row of rows) {
      if (row.status === null) withoutEmail += row.n;
      else byStatus[row.status] = row.n;
    }
    const total = await repo.listContactsCount(this.db, listId);
    return { total, withEmail: total - withoutEmail, withoutEmail, byStatus, pages: Math.ceil(total / perPage) };
  }

  async deleteList(userId: number, listId: number, type: 'prospect' | 'company', deleteRecipients: boolean) {
    await ownList(this.db, { userId }, listId, type);
    await this.db.transaction(async (tx) => {
      if (deleteRecipients && type === 'prospect') await repo.deleteOrphansOfList(tx, userId, listId);
      await repo.updateList(tx, listId, { deletedAt: new Date() });
      if (type === 'company') await repo.addCompanyHistory(tx, userId, 'list_deleted', { listId });
    });
    return { ok: true as const };
  }

  async restoreList(userId: number, listId: number) {
    const list = await ownList(this.db, { userId }, listId, 'prospect', true);
    if (!list.deletedAt) throw new DomainError('list_not_found');
    await repo.updateList(this.db, listId, { deletedAt: null });
    return { id: list.id, name: list.name, contacts: await repo.listContactsCount(this.db, list.id) };
  }

  async deleteListForGood(userId: number, listId: number) {
    await ownList(this.db, { userId }, listId, 'prospect', true);
    await this.db.transaction(async (tx) => {
      await repo.deleteOrphansOfList(tx, userId, listId);
      await repo.deleteListRow(tx, listId);
    });
    return { ok: true as const };
  }

  async searchLists(userId: number, query: string, type: 'prospect' | 'company') {
    const rows = await repo.listsWithCounts(this.db, [userId], type);
    const needle = query.trim().toLowerCase();
    return {
      lists: rows
        .filter((list) => !list.deletedAt && list.name.toLowerCase().includes(needle))
        .slice(0, PAGE_SIZES.prospectLists)
        .map((list) => ({ id: list.id, name: list.name, contacts: list.contacts })),
    };
  }

  // Folders -------------------------------------------------------------------------------------

  folders(userId: number) {
    return repo.foldersOf(this.db, userId);
  }

  async createFolder(userId: number, name: string) {
    const folder = await repo.insertFolder(this.db, userId, cleanText(name) ?? name.trim());
    return { id: folder.id, name: folder.name, position: folder.position, lists: [] };
  }

  async renameFolder(userId: number, id: number, name: string) {
    if (!(await repo.folderById(this.db, userId, id))) throw new DomainError('not_found');
    await repo.renameFolder(this.db, id, cleanText(name) ?? name.trim());
    return (await repo.foldersOf(this.db, userId)).find((folder) => folder.id === id)!;
  }

  async deleteFolder(userId: number, id: number) {
    if (!(await repo.folderById(this.db, userId, id))) throw new DomainError('not_found');
    await repo.deleteFolder(this.db, id);
    return { ok: true as const };
  }

  async moveFolder(userId: number, id: number, position: number) {
    const folders = await repo.foldersOf(this.db, userId);
    if (!folders.some((folder) => folder.id === id)) throw new DomainError('not_found');
    const order = folders.map((folder) => folder.id).filter((folderId) => folderId !== id);
    order.splice(Math.min(position, order.length), 0, id);
    await this.db.transaction((tx) => repo.setFolderPositions(tx, order));
    return { folders: await repo.foldersOf(this.db, userId) };
  }

  async fileList(userId: number, listId: number, folderId: number | null, fromFolderId: number | null | undefined) {
    // Prospect lists and company lists share the folders.
    const list = await repo.listById(this.db, listId);
    await ownList(this.db, { userId }, listId, list?.type === 'company' ? 'company' : 'prospect');
    const folders = await repo.foldersOf(this.db, userId);
    const ids = folders.map((folder) => folder.id);
    if (folderId !== null && !ids.includes(folderId)) throw new DomainError('not_found');
    if (fromFolderId && !ids.includes(fromFolderId)) throw new DomainError('not_found');
    await repo.fileList(this.db, listId, folderId, fromFolderId, ids);
    return { folders: await repo.foldersOf(this.db, userId) };
  }

  // The prospects table -------------------------------------------------------------------------

  async listProspects(userId: number, body: ListProspectsInput): Promise<ListProspectsResponse> {
    // The caller and the list are read together (one round trip less); the list is checked below.
    const [actor, listRow] = await Promise.all([this.actor(userId), body.listId !== null ? repo.listById(this.db, body.listId) : Promise.resolve(undefined)]);
    let scope: listing.ListingScope;
    let current: ListProspectsResponse['currentProspectList'] = null;
    let downloadedAt: Date | null = null;
    let list: repo.ListRow | undefined;
    if (body.listId !== null) {
      list = readableListRow(actor, listRow);
      current = { id: list.id, name: list.name, userId: list.userId, isMemberList: list.userId !== userId };
      downloadedAt = list.downloadedAt;
      if (list.deletedAt) return this.emptyListing(body.listId, current, true);
      scope = { listId: list.id, ownerIds: [list.userId] };
    } else {
      const owners = body.filterUserId ? this.ownersFor(actor, String(body.filterUserId)) : [userId];
      scope = { listId: null, ownerIds: owners };
    }
    const readableListIds = body.filter.lists.length > 0 ? (await repo.listsWithCounts(this.db, browsableOwners(actor), 'prospect')).map((l) => l.id) : [];
    const conditions = listing.filterConditions(body.filter, readableListIds);
    // A list count with id-only filters reads the list items alone (no join with prospects).
    const listConditions =
      scope.listId !== null && conditions.length > 0 && listing.isIdOnlyFilter(body.filter)
        ? listing.filterConditions(body.filter, readableListIds, sql`li.prospect_id`)
        : undefined;
    // A filtered count stops a whole lookahead past the requested page (PROSPECTS_FILTERED_COUNT_LOOKAHEAD).
    const countCap = body.page * body.perPage + PROSPECTS_FILTERED_COUNT_LOOKAHEAD + 1;
    const sizeAndStats = listing.scopeSize(this.db, scope, list).then(async (size) => ({ size, stats: await this.scopeStats(scope, size) }));
    const [contacts, { size, stats }, filtered, tagProcess, running] = await Promise.all([
      listing.pageIds(this.db, { scope, conditions, sort: body.sort, page: body.page, perPage: body.perPage }).then((page) => listing.rowsFor(this.db, actor, page)),
      sizeAndStats,
      conditions.length > 0 ? listing.countMatchingUpTo(this.db, scope, conditions, listConditions, countCap) : Promise.resolve(null),
      repo.runningTagProcess(this.db, userId, body.listId),
      body.listId !== null ? repo.runningImportOfList(this.db, body.listId) : Promise.resolve(undefined),
    ]);
    const own = current === null || current.userId === userId;
    const capped = filtered !== null && filtered >= countCap;
    return {
      contacts,
      prospectsCount: filtered === null ? size : capped ? countCap - 1 : filtered,
      ...(capped ? { prospectsCountCapped: true } : {}),
      listId: body.listId,
      linkedinInfo: { withLinkedin: stats.withLinkedin, withoutLinkedin: Math.max(0, size - stats.withLinkedin) },
      // Campaigns arrive with the campaigns issue; until then no list is used by one.
      relatedCampaigns: [],
      canExport: own || actor.mode === 'viewAll',
      showOptions: { canEdit: own, canDelete: own, canVerify: own, canTag: own },
      otherInfo: { tagCreateProcess: tagProcess ? { id: tagProcess.id, status: 'in_progress' } : null },
      currentProspectList: current,
      duplicatesCount: stats.duplicates,
      export: { inProgress: false, downloadedAt: downloadedAt ? iso(downloadedAt) : null },
      import: { inProgress: Boolean(running), importId: running?.id ?? null },
      notFound: false,
    };
  }

  private emptyListing(listId: number, current: ListProspectsResponse['currentProspectList'], notFound: boolean): ListProspectsResponse {
    return {
      contacts: [],
      prospectsCount: 0,
      listId,
      linkedinInfo: { withLinkedin: 0, withoutLinkedin: 0 },
      relatedCampaigns: [],
      canExport: false,
      showOptions: { canEdit: false, canDelete: false, canVerify: false, canTag: false },
      otherInfo: { tagCreateProcess: null },
      currentProspectList: current,
      duplicatesCount: 0,
      export: { inProgress: false, downloadedAt: null },
      import: { inProgress: false, importId: null },
      notFound,
    };
  }

  /**
   * Figures of a whole list (or All contacts): how many have a LinkedIn profile and how many have
   * a duplicate. Exact and inline for scopes up to STATS_INLINE_MAX prospects; above that they are
   * computed in the background by one process and served to all from prospect_stats_cache, so the
   * first page of a huge list never waits for a scan of every row (older figures meanwhile).
   */
  private async scopeStats(scope: listing.ListingScope, size: number): Promise<ScopeStats> {
    const compute = async (): Promise<ScopeStats> => {
      const [counts, duplicates] = await Promise.all([listing.countOf(this.db, scope, []), listing.duplicatesCount(this.db, scope)]);
      return { withLinkedin: counts.withLinkedin, duplicates };
    };
    if (size <= STATS_INLINE_MAX) return compute();
    const key = scope.listId !== null ? `stats:list:${scope.listId}` : `stats:owners:${[...scope.ownerIds].sort((a, b) => a - b).join(',')}`;
    const read = await this.figures.read(key, STATS_CACHE_MS, compute);
    return read.value ?? { withLinkedin: 0, duplicates: 0 };
  }

  /** -1 while counting (the client polls); the count is shared by every process for a short while. */
  async withoutEmails(userId: number, listId: number | null): Promise<{ count: number }> {
    const actor = await this.actor(userId);
    if (listId !== null) await readableList(this.db, actor, listId);
    const scope: listing.ListingScope = listId !== null ? { listId, ownerIds: [] } : { listId: null, ownerIds: [userId] };
    const key = listId !== null ? `without-email:list:${listId}` : `without-email:owner:${userId}`;
    const read = await this.figures.read(key, WITHOUT_EMAIL_COUNT_TTL_MS, async () => ({
      count: (await listing.countOf(this.db, scope, listing.filterConditions({ emailStatus: ['no_email'] }, []))).total,
    }));
    return { count: read.fresh && read.value ? read.value.count : -1 };
  }

  // Single prospect -----------------------------------------------------------------------------

  async info(userId: number, prospectId: number, listId: number): Promise<ProspectInfo> {
    const actor = await this.actor(userId);
    const { prospect, viewer } = await readableProspect(this.db, actor, prospectId);
    return this.infoOf(actor, prospect, viewer, listId);
  }

  private async infoOf(actor: ProspectsActor, p: repo.ProspectRowDb, viewer: ViewerClass, listId: number): Promise<ProspectInfo> {
    const ids = [p.id];
    const [emails, phones, companies, tags, lists, customs, ownerFields] = await Promise.all([
      repo.emailsOf(this.db, ids),
      repo.phonesOf(this.db, ids),
      repo.companiesOf(this.db, ids),
      repo.tagsOf(this.db, ids),
      repo.listsOfProspects(this.db, ids),
      repo.customValuesOf(this.db, ids),
      repo.fieldsOf(this.db, [p.userId]),
    ]);
    const readableOwners = browsableOwners(actor);
    const visibleLists = lists.filter((l) => readableOwners.includes(l.userId) || l.userId === actor.userId);
    const access = Object.fromEntries(PROSPECT_ELEMENTS.map((element) => [element, prospectAccess(element, viewer)]));
    const isOwner = p.userId === actor.userId;
    const customVisible = isOwner ? canSee('customFields', viewer) : canSee('teamCustomFields', viewer);
    const info: ProspectInfo = {
      id: p.id,
      encodedId: encodeProspectId(p.id),
      name: p.name,
      firstName: p.firstName,
      lastName: p.lastName,
      industry: p.industry,
      industryId: p.industryId,
      country: p.country,
      countryId: p.countryId,
      locality: p.locality,
      logo: toWebUrl(p.logo),
      source: p.source,
      sourcePage: p.sourcePage,
      addDate: iso(p.createdAt),
      emails: emails.map((e) => ({
        email_id: e.id,
        email: e.email,
        status: e.status as ProspectInfo['emails'][number]['status'],
        statusVerifyText: e.status,
        tags: e.tags,
      })),
      companies: companies.map((c) => ({ entityId: c.companyId, name: c.name, url: c.url, position: c.position, hqPhone: c.hqPhone })),
      tags: tags.map(({ prospectId: _, ...tag }) => tag),
      otherSocials: p.otherSocials.flatMap((s) => {
        const url = toWebUrl(s.url);
        return url ? [{ network: s.network, url }] : [];
      }),
      social: toWebUrl(p.social),
      lists: visibleLists.map((l) => ({ listId: l.listId, name: l.name, isMemberLists: l.userId !== actor.userId })),
      campaigns: [],
      integrations: { sentToPipedrive: false, pipedriveError: null, sentToHubspot: false, hubspotError: null, hubspotContactUrl: null },
      isGreylisted: emails.some((e) => e.status === 'greylist'),
      isSearchInProgress: false,
      timezone: p.timezone,
      list_id: listId > 0 ? listId : (visibleLists[0]?.listId ?? null),
      parse_in_progress: false,
      viewerClass: viewer,
      access,
      ownerUserId: p.userId,
    };
    if (canSee('phones', viewer)) info.phones = phones.map((phone) => ({ phoneId: phone.id, phone: phone.phone }));
    if (canSee('deals', viewer)) info.deals = [];
    if (customVisible) {
      const values = new Map(customs.filter((c) => c.userId === p.userId).map((c) => [c.fieldId, c.value]));
      info.customFields = ownerFields.map((field) => ({
        id: field.id,
        value: values.get(field.id) ?? '',
        name: field.name,
        type: field.type as CustomFieldType,
        isMemberField: !isOwner,
      }));
    }
    if (canSee('mood', viewer)) info.mood = { point: p.moodPoint as 0 | 1 | 2 | 3, type: p.moodType as 'ai' | 'manual' | 'notSet' };
    if (canSee('duplicates', viewer)) info.duplicates = await repo.duplicatesOf(this.db, p);
    return info;
  }

  async create(userId: number, listId: number, edit: ProspectEdit & { name: string }) {
    const actor = await this.actor(userId);
    await ownList(this.db, actor, listId);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx.insert(prospects).values({ accountId: actor.accountId, userId, name: 'x', source: 'manual' }).returning();
      await this.applyEdit(tx, row!, 'new', edit);
      await repo.addItemsToList(tx, listId, [row!.id]);
      await repo.addEvent(tx, row!.id, userId, 'created', { listId });
      return row!.id;
    });
    const prospect = (await repo.prospectById(this.db, id))!;
    return this.infoOf(actor, prospect, 'own', listId);
  }

  async update(userId: number, prospectId: number, listId: number, edit: ProspectEdit) {
    const actor = await this.actor(userId);
    const { prospect, viewer } = await readableProspect(this.db, actor, prospectId);
    await this.db.transaction(async (tx) => {
      await this.applyEdit(tx, prospect, viewer, edit);
      await repo.addEvent(tx, prospect.id, userId, 'updated', { fields: Object.keys(edit) });
    });
    const fresh = (await repo.prospectById(this.db, prospect.id))!;
    return this.infoOf(actor, fresh, viewer, listId);
  }

  /** Every rule of document 1 §5, then the write; elements the viewer may not edit are refused. */
  private async applyEdit(tx: DbOrTx, p: repo.ProspectRowDb, viewer: ViewerClass, edit: ProspectEdit) {
    for (const key of Object.keys(edit) as (keyof ProspectEdit)[]) {
      if (edit[key] === undefined) continue;
      if (!canEdit(EDIT_ELEMENTS[key], viewer)) throw new DomainError('forbidden', { field: key });
    }
    const errors: DomainErrorItem[] = [];
    const set: Partial<typeof prospects.$inferInsert> = { updatedAt: new Date() };

    const name = edit.name !== undefined ? (cleanText(edit.name) ?? '') : p.name;
    if (edit.name !== undefined) {
      const error = prospectNameError(name);
      if (error) errors.push({ key: error, field: 'name' });
      set.name = name;
      set.searchName = searchNameOf(name);
    }
    if (edit.firstName !== undefined) set.firstName = cleanText(edit.firstName)?.slice(0, 251) ?? null;
    if (edit.lastName !== undefined) set.lastName = cleanText(edit.lastName)?.slice(0, 251) ?? null;
    if (edit.locality !== undefined) set.locality = cleanText(edit.locality);
    if (edit.timezone !== undefined) set.timezone = cleanText(edit.timezone);
    if (edit.industryId !== undefined) {
      const industry = edit.industryId === null ? null : industryById(edit.industryId);
      if (edit.industryId !== null && !industry) errors.push({ key: 'field_invalid', field: 'industryId' });
      set.industryId = industry?.id ?? null;
      set.industry = industry?.name ?? null;
    } else if (edit.industry !== undefined) {
      set.industry = cleanText(edit.industry);
      set.industryId = INDUSTRIES.find((i) => i.name.toLowerCase() === (set.industry ?? '').toLowerCase())?.id ?? null;
    }
    if (edit.countryId !== undefined) {
      const country = edit.countryId === null ? null : listCountries('en').find((c) => c.id === edit.countryId);
      if (edit.countryId !== null && !country) errors.push({ key: 'field_invalid', field: 'countryId' });
      set.countryId = country?.id ?? null;
      set.country = country?.name ?? null;
    }
    if (edit.social !== undefined) {
      const social = edit.social && edit.social.trim() ? toWebUrl(edit.social) : null;
      if (edit.social && edit.social.trim() && !social) errors.push({ key: 'field_invalid', field: 'social' });
      set.social = social;
      set.socialNorm = normaliseSocial(social);
    }
    if (edit.otherSocials !== undefined) {
      const socials = edit.otherSocials.filter((s) => s.url.trim());
      socials.forEach((s, index) => {
        if (!toWebUrl(s.url)) errors.push({ key: 'field_invalid', field: `otherSocials.${index}.url` });
      });
      set.otherSocials = socials.map((s) => ({ network: cleanText(s.network) ?? 'other', url: toWebUrl(s.url) ?? '' }));
    }

    let companies: { name: string; url: string; position: string; hqPhone: string; entityId: number | null }[] | null = null;
    if (edit.companies !== undefined) {
      const rows = removeBlankCompanies(edit.companies);
      for (const error of companyErrors(rows)) errors.push({ key: error.key, field: `companies.${error.index}.${error.field}` });
      companies = rows.map((c) => ({
        name: (c.name ?? '').trim(),
        url: (c.url ?? '').trim(),
        position: cleanText(c.position) ?? '',
        hqPhone: (c.hqPhone ?? '').trim(),
        entityId: c.entityId ?? null,
      }));
      const first = companies[0];
      set.companyName = first?.name || null;
    }
    if (set.name !== undefined || set.companyName !== undefined) {
      set.nameCompanyKey = nameCompanyKey(set.name ?? p.name, set.companyName !== undefined ? set.companyName : p.companyName);
    }

    let emails: { keep: { email_id?: number | null | undefined; email: string }[]; removeIds: number[] } | null = null;
    if (edit.emails !== undefined) {
      emails = splitRemovals(edit.emails, (e) => e.email, (e) => e.email_id);
      emails.keep.forEach((e, index) => {
        if (!EMAIL_FILTER_PATTERN.test(e.email.trim())) errors.push({ key: 'field_invalid', field: `emails.${index}.email` });
      });
    }
    let phones: { keep: { phoneId?: number | null | undefined; phone: string }[]; removeIds: number[] } | null = null;
    if (edit.phones !== undefined) {
      phones = splitRemovals(edit.phones, (e) => e.phone, (e) => e.phoneId);
      phones.keep.forEach((e, index) => {
        if (!isValidPhone(e.phone)) errors.push({ key: 'field_invalid', field: `phones.${index}.phone` });
      });
    }
    let customs: { set: { fieldId: number; value: string }[]; remove: number[] } | null = null;
    if (edit.customFields !== undefined) {
      const fields = new Map((await repo.fieldsOf(tx, [p.userId])).map((field) => [field.id, field]));
      customs = { set: [], remove: [] };
      for (const [index, item] of edit.customFields.entries()) {
        const field = fields.get(item.id);
        if (!field) {
          errors.push({ key: 'field_invalid', field: `customFields.${index}.id` });
          continue;
        }
        const value = normaliseCustomFieldValue(field.type as CustomFieldType, item.value);
        if (!value) customs.remove.push(field.id);
        else if (!customValueValid(field.type as CustomFieldType, value)) errors.push({ key: 'field_invalid', field: `customFields.${index}.value` });
        else customs.set.push({ fieldId: field.id, value: cleanText(value) ?? value });
      }
    }
    if (errors.length > 0) throw new DomainError(errors[0]!.key, { items: errors });

    await tx.update(prospects).set(set).where(eq(prospects.id, p.id));
    if (emails) {
      if (emails.removeIds.length > 0) await tx.delete(prospectEmails).where(and(eq(prospectEmails.prospectId, p.id), inArray(prospectEmails.id, emails.removeIds)));
      for (const e of emails.keep) {
        const email = normaliseEmail(e.email);
        if (e.email_id) {
          // A changed address is a new address: its verification status starts over.
          await tx
            .update(prospectEmails)
            .set({ email, status: sql`case when lower(${prospectEmails.email}) = ${email} then ${prospectEmails.status} else 'not_verified' end` })
            .where(and(eq(prospectEmails.id, e.email_id), eq(prospectEmails.prospectId, p.id)));
        } else await tx.insert(prospectEmails).values({ prospectId: p.id, accountId: p.accountId, email });
      }
    }
    if (phones) {
      if (phones.removeIds.length > 0) await tx.delete(prospectPhones).where(and(eq(prospectPhones.prospectId, p.id), inArray(prospectPhones.id, phones.removeIds)));
      for (const e of phones.keep) {
        if (e.phoneId) await tx.update(prospectPhones).set({ phone: e.phone.trim() }).where(and(eq(prospectPhones.id, e.phoneId), eq(prospectPhones.prospectId, p.id)));
        else await tx.insert(prospectPhones).values({ prospectId: p.id, phone: e.phone.trim() });
      }
    }
    if (companies) {
      const ids = await repo.ensureCompanies(tx, p.accountId, p.userId, companies.map((c) => ({ name: c.name, url: c.url || null })));
      await tx.delete(prospectCompanies).where(eq(prospectCompanies.prospectId, p.id));
      if (companies.length > 0) {
        await tx.insert(prospectCompanies).values(
          companies.map((c, sort) => ({ prospectId: p.id, companyId: ids.get(c.name.toLowerCase()) ?? null, name: c.name, url: c.url, position: c.position, hqPhone: c.hqPhone, sort })),
        );
      }
    }
    if (customs) {
      if (customs.remove.length > 0)
        await tx.delete(prospectCustomValues).where(and(eq(prospectCustomValues.prospectId, p.id), inArray(prospectCustomValues.fieldId, customs.remove)));
      for (const item of customs.set) {
        await tx
          .insert(prospectCustomValues)
          .values({ prospectId: p.id, fieldId: item.fieldId, value: item.value })
          .onConflictDoUpdate({ target: [prospectCustomValues.prospectId, prospectCustomValues.fieldId], set: { value: item.value } });
      }
    }
  }

  async prospectLists(userId: number, prospectId: number) {
    const actor = await this.actor(userId);
    const { prospect } = await readableProspect(this.db, actor, prospectId);
    const owners = browsableOwners(actor);
    const lists = await repo.listsOfProspects(this.db, [prospect.id]);
    return {
      lists: lists.filter((l) => owners.includes(l.userId)).map((l) => ({ listId: l.listId, name: l.name, isMemberLists: l.userId !== userId })),
    };
  }

  async timeline(userId: number, prospectId: number, page: number, perPage: number) {
    const actor = await this.actor(userId);
    const { prospect } = await readableProspect(this.db, actor, prospectId);
    const { items, total } = await repo.eventsPage(this.db, prospect.id, page, perPage);
    const events = items.map((e) => ({ id: e.id, kind: e.kind, details: e.details, userId: e.userId, createdAt: iso(e.createdAt) }));
    // Imported and found prospects get no event row per prospect (bulk writes stay fast): their
    // creation is told from the prospect itself, as the oldest entry on the last page.
    const hasCreated = events.some((e) => e.kind === 'created');
    const lastPage = (page - 1) * perPage + items.length >= total;
    if (!hasCreated && lastPage && prospect.source !== 'manual') {
      events.push({ id: prospect.id, kind: 'created', details: { source: prospect.source }, userId: prospect.userId, createdAt: iso(prospect.createdAt) });
    }
    return { items: events, total: total + (prospect.source !== 'manual' ? 1 : 0) };
  }

  countryIndustryLists(locale: string) {
    return { countries: listCountries(locale).map((c) => ({ id: c.id, name: c.name })), industries: [...INDUSTRIES] };
  }

  // Tags ----------------------------------------------------------------------------------------

  async customTags(userId: number) {
    return { tags: await repo.tagsWithCounts(this.db, userId) };
  }

  async listTags(userId: number, listId: number) {
    const actor = await this.actor(userId);
    if (listId === 0) return { tags: await repo.tagsOfOwners(this.db, [userId]) };
    await readableList(this.db, actor, listId);
    return { tags: await repo.tagsOfList(this.db, listId) };
  }

  /**
   * Tags chosen prospects at once; tagging a whole list runs in the background (a durable job)
   * and answers an in_progress process that check-create is polled with.
   */
  async saveTags(
    userId: number,
    names: string[],
    target: number[] | { listId: number | null } | { selection: ParsedSelection },
    enqueue: (processId: string, tagIds: number[], selection?: TagSelection) => Promise<void>,
  ) {
    const clean = names.map((name) => cleanText(name)).filter((name): name is string => Boolean(name));
    if (clean.length === 0) throw new DomainError('field_invalid', { field: 'tags' });
    const actor = await this.actor(userId);
    if ('selection' in target) {
      const resolved = await this.resolveSelection(actor, target.selection);
      const chosen = listing.selectionIds(resolved.scope, resolved.conditions, userId, target.selection.excludeIds);
      const size = await repo.countOf(this.db, sql`select 1 from (${chosen}) s limit ${TAG_INLINE_MAX + 1}`);
      const tags = await repo.ensureTags(this.db, userId, clean);
      const tagIds = tags.map((t) => t.id);
      const id = randomUUID();
      if (size <= TAG_INLINE_MAX) {
        await this.db.execute(
          sql`insert into ${prospectTags} (prospect_id, tag_id) select s.id, t.id from (${chosen}) s cross join (select value::int as id from json_array_elements_text(${JSON.stringify(tagIds)}::json)) t on conflict do nothing`,
        );
        await repo.insertTagProcess(this.db, { id, userId, listId: target.selection.listId, status: 'done', processed: size, total: size });
        return { tags: await this.tagsNamed(userId, tagIds), process: { id, status: 'done' as const, processed: size, total: size } };
      }
      // A large selection is tagged by the durable job, in batches, with progress (check-create).
      await repo.insertTagProcess(this.db, { id, userId, listId: target.selection.listId, status: 'in_progress' });
      await enqueue(id, tagIds, { ...target.selection, scope: resolved.scope, readableListIds: resolved.readableListIds });
      return { tags: await this.tagsNamed(userId, tagIds), process: { id, status: 'in_progress' as const, processed: 0, total: 0 } };
    }
    if (Array.isArray(target)) {
      const owned = await repo.ownedProspectIds(this.db, userId, target);
      if (owned.length !== new Set(target).size) throw new DomainError('forbidden', { field: 'prospects' });
      const tags = await repo.ensureTags(this.db, userId, clean);
      await repo.tagProspects(this.db, tags.map((t) => t.id), owned);
      const id = randomUUID();
      await repo.insertTagProcess(this.db, { id, userId, listId: null, status: 'done', processed: owned.length, total: owned.length });
      return { tags: await this.tagsNamed(userId, tags.map((t) => t.id)), process: { id, status: 'done' as const, processed: owned.length, total: owned.length } };
    }
    if (target.listId !== null) await ownList(this.db, actor, target.listId);
    const tags = await repo.ensureTags(this.db, userId, clean);
    const id = randomUUID();
    await repo.insertTagProcess(this.db, { id, userId, listId: target.listId, status: 'in_progress' });
    await enqueue(id, tags.map((t) => t.id));
    return { tags: await this.tagsNamed(userId, tags.map((t) => t.id)), process: { id, status: 'in_progress' as const, processed: 0, total: 0 } };
  }

  private async tagsNamed(userId: number, ids: number[]) {
    return (await repo.tagsWithCounts(this.db, userId)).filter((tag) => ids.includes(tag.id));
  }

  async tagProcess(userId: number, id: string) {
    const process = await repo.tagProcessById(this.db, userId, id);
    if (!process) throw new DomainError('not_found');
    return { id: process.id, status: process.status === 'done' ? ('done' as const) : ('in_progress' as const), processed: process.processed, total: process.total };
  }

  async deleteTag(userId: number, tagId: number, prospectIds: number[] | undefined) {
    if (!(await repo.tagById(this.db, userId, tagId))) throw new DomainError('not_found');
    if (prospectIds && prospectIds.length > 0) {
      const owned = await repo.ownedProspectIds(this.db, userId, prospectIds);
      return { removed: await repo.untag(this.db, tagId, owned) };
    }
    return { removed: await repo.deleteTag(this.db, tagId) };
  }

  // Columns and options -------------------------------------------------------------------------

  defaultColumns(accountId: number): ProspectColumnsSettings {
    return {
      columns: PROSPECT_TABLE_COLUMNS.map((key, position) => ({
        key,
        active: (PROSPECT_DEFAULT_COLUMNS as readonly string[]).includes(key),
        position,
        width: null,
      })),
      sort: { ...PROSPECTS_DEFAULT_SORT },
      accountId,
      savedAt: new Date().toISOString(),
    };
  }

  async columns(userId: number) {
    const actor = await this.actor(userId);
    const row = await repo.columnSettingsOf(this.db, userId);
    const settings = row
      ? ({ columns: row.settings.columns, sort: row.settings.sort, accountId: row.accountId, savedAt: iso(row.savedAt) } as ProspectColumnsSettings)
      : null;
    return { settings, defaults: this.defaultColumns(actor.accountId) };
  }

  async saveColumns(userId: number, input: Pick<ProspectColumnsSettings, 'columns' | 'sort'>): Promise<ProspectColumnsSettings> {
    const actor = await this.actor(userId);
    const row = await repo.saveColumnSettings(this.db, { userId, accountId: actor.accountId, settings: input, savedAt: new Date() });
    return { columns: input.columns, sort: input.sort, accountId: row.accountId, savedAt: iso(row.savedAt) };
  }

  searchOptions() {
    return {
      emailStatuses: [...EMAIL_VERIFICATION_STATUSES, 'no_email'],
      sortFields: [...PROSPECT_SORT_FIELDS],
      tagsFilterModes: [...TAGS_FILTER_MODES],
      linkedinFilters: [...LINKEDIN_FILTERS],
      perPage: PAGE_SIZES.prospects,
    };
  }

  // Custom fields -------------------------------------------------------------------------------

  async fieldGroups(userId: number) {
    const [groups, fields] = await Promise.all([repo.fieldGroupsOf(this.db, userId), repo.fieldsOf(this.db, [userId])]);
    const toField = (f: (typeof fields)[number]) => ({ id: f.id, name: f.name, type: f.type as CustomFieldType, position: f.position, groupId: f.groupId });
    return {
      groups: groups.map((g) => ({ id: g.id, name: g.name, position: g.position, fields: fields.filter((f) => f.groupId === g.id).map(toField) })),
      ungrouped: fields.filter((f) => f.groupId === null).map(toField),
    };
  }

  async saveGroup(userId: number, input: { id?: number | undefined; name: string; position?: number | undefined }) {
    const name = cleanText(input.name) ?? input.name.trim();
    if (input.id) {
      const group = await repo.groupById(this.db, userId, input.id);
      if (!group) throw new DomainError('not_found');
      await this.db
        .update(customFieldGroups)
        .set({ name, ...(input.position !== undefined ? { position: input.position } : {}) })
        .where(eq(customFieldGroups.id, group.id));
      return this.groupWithFields(userId, group.id);
    }
    const groups = await repo.fieldGroupsOf(this.db, userId);
    const [row] = await this.db
      .insert(customFieldGroups)
      .values({ userId, name, position: input.position ?? groups.length })
      .returning();
    return this.groupWithFields(userId, row!.id);
  }

  private async groupWithFields(userId: number, id: number) {
    const { groups } = await this.fieldGroups(userId);
    return groups.find((group) => group.id === id)!;
  }

  async deleteGroup(userId: number, id: number) {
    if (!(await repo.groupById(this.db, userId, id))) throw new DomainError('not_found');
    await this.db.delete(customFieldGroups).where(eq(customFieldGroups.id, id));
    return { ok: true as const };
  }

  async createField(userId: number, input: { name: string; type: CustomFieldType; position?: number | undefined; groupId?: number | null | undefined }) {
    const name = cleanText(input.name) ?? input.name.trim();
    if (await repo.fieldNameTaken(this.db, userId, name, null)) throw new DomainError('conflict', { field: 'name' });
    if (input.groupId && !(await repo.groupById(this.db, userId, input.groupId))) throw new DomainError('not_found');
    const existing = await repo.fieldsOf(this.db, [userId]);
    const [row] = await this.db
      .insert(customFields)
      .values({ userId, name, type: input.type, position: input.position ?? existing.length, groupId: input.groupId ?? null })
      .returning();
    return { id: row!.id, name: row!.name, type: row!.type as CustomFieldType, position: row!.position, groupId: row!.groupId };
  }

  async updateField(userId: number, id: number, input: { name?: string | undefined; type?: CustomFieldType | undefined; position?: number | undefined; groupId?: number | null | undefined }) {
    const field = await repo.fieldById(this.db, userId, id);
    if (!field) throw new DomainError('not_found');
    const name = input.name !== undefined ? (cleanText(input.name) ?? input.name.trim()) : undefined;
    if (name && (await repo.fieldNameTaken(this.db, userId, name, id))) throw new DomainError('conflict', { field: 'name' });
    if (input.groupId && !(await repo.groupById(this.db, userId, input.groupId))) throw new DomainError('not_found');
    const [row] = await this.db
      .update(customFields)
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
        ...(input.groupId !== undefined ? { groupId: input.groupId } : {}),
      })
      .where(eq(customFields.id, id))
      .returning();
    return { id: row!.id, name: row!.name, type: row!.type as CustomFieldType, position: row!.position, groupId: row!.groupId };
  }

  async deleteField(userId: number, id: number) {
    if (!(await repo.fieldById(this.db, userId, id))) throw new DomainError('not_found');
    await this.db.delete(customFields).where(eq(customFields.id, id));
    return { ok: true as const };
  }

  // Notes ---------------------------------------------------------------------------------------

  /** Notes belong to the prospect's owner: team viewers read them, only the owner writes. */
  private async noteTarget(userId: number, prospectId: number, write: boolean) {
    const actor = await this.actor(userId);
    const { prospect, viewer } = await readableProspect(this.db, actor, prospectId);
    if (write && viewer !== 'own') throw new DomainError('forbidden');
    return prospect;
  }

  async notes(userId: number, prospectId: number) {
    const prospect = await this.noteTarget(userId, prospectId, false);
    return { notes: (await repo.notesOf(this.db, prospect.id)).map(noteOut) };
  }

  async pinnedNotes(userId: number, prospectId: number) {
    const prospect = await this.noteTarget(userId, prospectId, false);
    return { notes: (await repo.notesOf(this.db, prospect.id)).filter((n) => n.pinned).map(noteOut), pinnedNotesLimit: PINNED_NOTES_LIMIT_DEFAULT };
  }

  async addNote(userId: number, prospectId: number, text: string) {
    const prospect = await this.noteTarget(userId, prospectId, true);
    const note = await repo.insertNote(this.db, { prospectId: prospect.id, userId, noteText: cleanNote(text) });
    await repo.addEvent(this.db, prospect.id, userId, 'note_added', { noteId: note.id });
    return noteOut(note);
  }

  async editNote(userId: number, prospectId: number, noteId: number, text: string) {
    const prospect = await this.noteTarget(userId, prospectId, true);
    if (!(await repo.noteById(this.db, prospect.id, noteId))) throw new DomainError('not_found');
    return noteOut(await repo.updateNote(this.db, noteId, { noteText: cleanNote(text), updatedAt: new Date() }));
  }

  async deleteNote(userId: number, prospectId: number, noteId: number) {
    const prospect = await this.noteTarget(userId, prospectId, true);
    if (!(await repo.noteById(this.db, prospect.id, noteId))) throw new DomainError('not_found');
    await repo.deleteNote(this.db, noteId);
    return { ok: true as const };
  }

  async pinNote(userId: number, prospectId: number, noteId: number, pinned: boolean) {
    const prospect = await this.noteTarget(userId, prospectId, true);
    const note = await repo.noteById(this.db, prospect.id, noteId);
    if (!note) throw new DomainError('not_found');
    if (pinned && !note.pinned && (await repo.pinnedCount(this.db, prospect.id)) >= PINNED_NOTES_LIMIT_DEFAULT) throw new DomainError('notes_pin_limit');
    return noteOut(await repo.updateNote(this.db, noteId, { pinned }));
  }

  // Global search -------------------------------------------------------------------------------

  async search(userId: number, filters: GlobalSearchFilters, page: number, perPage: number, save: boolean) {
    listing.checkSearchFilters(filters);
    const actor = await this.actor(userId);
    const scope: listing.ListingScope = { listId: null, ownerIds: browsableOwners(actor) };
    const conditions = listing.searchConditions(filters);
    const [ids, counts] = await Promise.all([
      listing.pageIds(this.db, { scope, conditions, sort: [{ ...PROSPECTS_DEFAULT_SORT }], page, perPage }),
      listing.countOf(this.db, scope, conditions),
    ]);
    const contacts = await listing.rowsFor(this.db, actor, ids);
    let searchId: number | null = null;
    if (save) searchId = (await repo.insertSearch(this.db, { userId, filters, resultsCount: counts.total })).id;
    return { contacts, prospectsCount: counts.total, searchId };
  }

  async lastSearches(userId: number, limit: number) {
    const rows = await repo.lastSearches(this.db, userId, limit);
    return { searches: rows.map((r) => ({ id: r.id, filters: r.filters as GlobalSearchFilters, resultsCount: r.resultsCount, createdAt: iso(r.createdAt) })) };
  }

  async searchAddToList(userId: number, listId: number, ids: number[] | undefined, filters: GlobalSearchFilters | undefined) {
    await ownList(this.db, { userId }, listId);
    let chosen = ids ?? [];
    if (!ids && filters) {
      listing.checkSearchFilters(filters);
      const rows = await listing.pageIds(this.db, {
        scope: { listId: null, ownerIds: [userId] },
        conditions: listing.searchConditions(filters),
        sort: [{ ...PROSPECTS_DEFAULT_SORT }],
        page: 1,
        perPage: SEARCH_ADD_TO_LIST_MAX,
      });
      chosen = rows.map((row) => row.id);
    }
    const owned = await repo.ownedProspectIds(this.db, userId, chosen);
    return { added: await repo.addItemsToList(this.db, listId, owned) };
  }

  // Companies -----------------------------------------------------------------------------------

  async companyLists(userId: number) {
    const [rows, folders] = await Promise.all([repo.listsWithCounts(this.db, [userId], 'company'), repo.foldersOf(this.db, userId)]);
    return {
      lists: rows
        .filter((l) => !l.deletedAt)
        .map((l) => ({ id: l.id, listName: l.name, count: l.contacts, folders: folders.filter((folder) => folder.lists.includes(l.id)).map((folder) => folder.id) })),
    };
  }

  async companiesPage(userId: number, input: { listId: number | null; page: number; limit: number; query?: string | undefined }) {
    if (input.listId) await ownList(this.db, { userId }, input.listId, 'company');
    const { rows, total } = await repo.companiesPage(this.db, userId, { listId: input.listId, page: input.page, limit: input.limit, query: input.query || null });
    const lists = await repo.companyListsOf(this.db, rows.map((r) => r.company.id));
    return {
      companies: rows.map((r) => companyOut(r.company, r.prospectsCount, lists.filter((l) => l.companyId === r.company.id))),
      total,
    };
  }

  async companyOverview(userId: number, id: number) {
    const company = await repo.companyById(this.db, userId, id);
    if (!company) throw new DomainError('not_found');
    const [people, lists] = await Promise.all([repo.prospectsOfCompany(this.db, id), repo.companyListsOf(this.db, [id])]);
    return { ...companyOut(company, people.length, lists), prospects: people.map((p) => ({ id: p.id, name: p.name, position: p.position || null })) };
  }

  async companiesWithLogo(userId: number, query: string) {
    if ([...query.trim()].length === 1) throw new DomainError('filter_too_short', { field: 'query' });
    if (!query.trim()) return { companies: [] };
    return { companies: await repo.companiesWithLogo(this.db, userId, query) };
  }

  async addCompanyToList(userId: number, input: { listId: number; items?: number[] | undefined; company?: { name: string; url?: string | undefined } | undefined }) {
    const actor = await this.actor(userId);
    await ownList(this.db, actor, input.listId, 'company');
    const ids = [...(input.items ? await repo.ownedCompanyIds(this.db, userId, input.items) : [])];
    if (input.company) {
      const errors = companyErrors([{ name: input.company.name, url: input.company.url ?? '' }]);
      if (errors.length > 0) throw new DomainError(errors[0]!.key, { field: `company.${errors[0]!.field}` });
      const map = await repo.ensureCompanies(this.db, actor.accountId, userId, [{ name: input.company.name.trim(), url: input.company.url?.trim() || null }]);
      const id = map.get(input.company.name.trim().toLowerCase());
      if (id) ids.push(id);
    }
    const added = await repo.addCompaniesToList(this.db, input.listId, ids);
    await repo.addCompanyHistory(this.db, userId, 'companies_added', { listId: input.listId, count: added });
    return { added };
  }

  async deleteCompanies(userId: number, input: { allList: boolean; items: number[]; listId?: number | undefined }) {
    if (!input.allList && input.listId) {
      await ownList(this.db, { userId }, input.listId, 'company');
      const removed = await repo.removeCompaniesFromList(this.db, input.listId, input.items);
      await repo.addCompanyHistory(this.db, userId, 'companies_removed', { listId: input.listId, count: removed });
      return { removed };
    }
    const removed = await repo.deleteCompanies(this.db, userId, input.items);
    await repo.addCompanyHistory(this.db, userId, 'companies_deleted', { count: removed });
    return { removed };
  }

  async companyHistory(userId: number, page: number, limit: number, listId?: number) {
    const { items, total } = await repo.companyHistoryPage(this.db, userId, page, limit, listId);
    return { items: items.map((i) => ({ id: i.id, action: i.action, details: i.details, createdAt: iso(i.createdAt) })), total };
  }

  async checkUserPayments(userId: number) {
    const { plan } = await this.accounts.planOf(userId);
    const hasPayments = !plan.isFreePlan;
    return { hasPayments, canExport: !plan.expired };
  }
}

const WITHOUT_EMAIL_COUNT_TTL_MS = 30_000;
/** Lists up to this size get exact figures (LinkedIn, duplicates) with every page. */
const STATS_INLINE_MAX = 5_000;
const STATS_CACHE_MS = 60_000;

interface ScopeStats extends Record<string, number> {
  withLinkedin: number;
  duplicates: number;
}
/** A tag selection up to this size is tagged within the call; a larger one by the tagging job. */
const TAG_INLINE_MAX = 10_000;

type ParsedSelection = z.output<typeof prospectSelectionSchema>;
/** What a bulk call acts on: chosen ids, or an "all matching" selection. */
export type BulkSubject = { ids: number[] } | { selection: ParsedSelection };

/** Most prospects one "add all matching to a list" copies in one call. */
const SEARCH_ADD_TO_LIST_MAX = 10_000;

function customValueValid(type: CustomFieldType, value: string): boolean {
  switch (type) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value);
    case 'date':
      return !Number.isNaN(Date.parse(value));
    case 'url':
      return toWebUrl(value) !== null;
    case 'text':
      return true;
  }
}

/** Notes are plain text: markup characters are dropped; a note that is left empty is refused. */
function cleanNote(text: string): string {
  const clean = text.replace(/[<>]/g, '').trim();
  if (!clean) throw new DomainError('field_required', { field: 'noteText' });
  return clean;
}

function noteOut(note: { id: number; noteText: string; pinned: boolean; createdAt: Date; updatedAt: Date }) {
  return { id: note.id, noteText: note.noteText, pinned: note.pinned, createdAt: iso(note.createdAt), updatedAt: iso(note.updatedAt) };
}

function companyOut(
  c: { id: number; name: string; url: string | null; domain: string | null; industry: string | null; country: string | null; size: string | null; logo: string | null; hqPhone: string | null; createdAt: Date },
  prospectsCount: number,
  lists: { id: number; listName: string }[],
) {
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
