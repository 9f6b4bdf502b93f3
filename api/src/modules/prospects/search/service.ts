/** Global search of prospects (document 1 §5): the caller's and browsable teammates' prospects, saved searches, adding results to a list. */
import { PROSPECTS_DEFAULT_SORT, type GlobalSearchFilters } from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import { scopeOf, type Caller } from '../../account/caller';
import { ownList } from '../access';
import { addItemsToList } from '../lists/repository';
import { ownedProspectIds } from '../prospect/repository';
import { checkSearchFilters, searchConditions } from '../table/filters';
import { countWithLinkedin, pageIds, type ListingSource } from '../table/repository';
import { rowsFor } from '../table/rows';
import * as repo from './repository';

/** Most prospects one "add all matching to a list" copies in one call. */
const SEARCH_ADD_TO_LIST_MAX = 10_000;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export class SearchService {
  constructor(private readonly db: Db) {}

  async search(caller: Caller, filters: GlobalSearchFilters, page: number, perPage: number, save: boolean) {
    checkSearchFilters(filters);
    const scope = scopeOf(caller);
    const source: ListingSource = { listId: null, ownerIds: [...scope.readableUserIds] };
    const conditions = searchConditions(filters);
    const [ids, counts] = await Promise.all([
      pageIds(this.db, scope, { source, conditions, sort: [{ ...PROSPECTS_DEFAULT_SORT }], page, perPage }),
      countWithLinkedin(this.db, scope, source, conditions),
    ]);
    const contacts = await rowsFor(this.db, caller, ids);
    let searchId: number | null = null;
    if (save) searchId = (await repo.insertSearch(this.db, scope, { filters, resultsCount: counts.total })).id;
    return { contacts, prospectsCount: counts.total, searchId };
  }

  async lastSearches(caller: Caller, limit: number) {
    const rows = await repo.lastSearches(this.db, scopeOf(caller), limit);
    return { searches: rows.map((r) => ({ id: r.id, filters: r.filters as GlobalSearchFilters, resultsCount: r.resultsCount, createdAt: iso(r.createdAt) })) };
  }

  async addToList(caller: Caller, listId: number, ids: number[] | undefined, filters: GlobalSearchFilters | undefined) {
    const scope = scopeOf(caller);
    await ownList(this.db, scope, listId);
    let chosen = ids ?? [];
    if (!ids && filters) {
      checkSearchFilters(filters);
      const rows = await pageIds(this.db, scope, {
        source: { listId: null, ownerIds: [caller.userId] },
        conditions: searchConditions(filters),
        sort: [{ ...PROSPECTS_DEFAULT_SORT }],
        page: 1,
        perPage: SEARCH_ADD_TO_LIST_MAX,
      });
      chosen = rows.map((row) => row.id);
    }
    const owned = await ownedProspectIds(this.db, scope, chosen);
    return { added: await addItemsToList(this.db, scope, listId, owned) };
  }
}
