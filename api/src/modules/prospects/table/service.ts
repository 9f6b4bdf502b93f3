/**
 * The prospects table (/prospects/list-prospects): one query builder for the filters, sort and
 * paging, one batched read of the page's cells, and the figures of the whole list shown above it.
 */
import { PROSPECTS_FILTERED_COUNT_LOOKAHEAD, type ListProspectsResponse, type listProspectsBodySchema } from '@leadforge/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/types';
import { scopeOf, type Caller, type Scope } from '../../account/caller';
import { campaignsRelatedToList } from '../../campaigns/usage';
import { listOfType, ownersFor, readableList } from '../access';
import { runningImportOfList } from '../import/repository';
import { listsWithCounts, readableListById, type ListRow } from '../lists/repository';
import { SharedFigures } from '../shared-figures';
import { runningTagProcess } from '../tags/repository';
import { filterConditions, isIdOnlyFilter } from './filters';
import { countMatchingUpTo, countWithLinkedin, duplicatesCount, pageIds, sourceSize, type ListingSource } from './repository';
import { rowsFor } from './rows';

type ListProspectsInput = z.output<typeof listProspectsBodySchema>;

const WITHOUT_EMAIL_COUNT_TTL_MS = 30_000;
/** Lists up to this size get exact figures (LinkedIn, duplicates) with every page. */
const STATS_INLINE_MAX = 5_000;
const STATS_CACHE_MS = 60_000;

interface SourceStats extends Record<string, number> {
  withLinkedin: number;
  duplicates: number;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export class TableService {
  /** Figures that need a scan (large lists' LinkedIn/duplicates, without-email counts), shared by every process. */
  private readonly figures: SharedFigures;

  constructor(private readonly db: Db) {
    this.figures = new SharedFigures(db);
  }

  async listProspects(caller: Caller, body: ListProspectsInput): Promise<ListProspectsResponse> {
    const scope = scopeOf(caller);
    let source: ListingSource;
    let current: ListProspectsResponse['currentProspectList'] = null;
    let downloadedAt: Date | null = null;
    let list: ListRow | undefined;
    if (body.listId !== null) {
      list = listOfType(await readableListById(this.db, scope, body.listId));
      current = { id: list.id, name: list.name, userId: list.userId, isMemberList: list.userId !== caller.userId };
      downloadedAt = list.downloadedAt;
      // A list in the bin still names the campaigns that used it (their recipients keep going).
      if (list.deletedAt) return emptyListing(body.listId, current, true, await campaignsRelatedToList(this.db, scope, list.id));
      source = { listId: list.id, ownerIds: [list.userId] };
    } else {
      source = { listId: null, ownerIds: body.filterUserId ? ownersFor(caller, String(body.filterUserId)) : [caller.userId] };
    }
    const readableListIds = body.filter.lists.length > 0 ? (await listsWithCounts(this.db, scope, scope.readableUserIds, 'prospect')).map((l) => l.id) : [];
    const conditions = filterConditions(body.filter, readableListIds);
    // A list count with id-only filters reads the list items alone (no join with prospects).
    const listConditions =
      source.listId !== null && conditions.length > 0 && isIdOnlyFilter(body.filter) ? filterConditions(body.filter, readableListIds, sql`li.prospect_id`) : undefined;
    // A filtered count stops a whole lookahead past the requested page (PROSPECTS_FILTERED_COUNT_LOOKAHEAD).
    const countCap = body.page * body.perPage + PROSPECTS_FILTERED_COUNT_LOOKAHEAD + 1;
    const sizeAndStats = sourceSize(this.db, scope, source, list).then(async (size) => ({ size, stats: await this.sourceStats(scope, source, size) }));
    const [contacts, { size, stats }, filtered, tagProcess, running, related] = await Promise.all([
      pageIds(this.db, scope, { source, conditions, sort: body.sort, page: body.page, perPage: body.perPage }).then((page) => rowsFor(this.db, caller, page)),
      sizeAndStats,
      conditions.length > 0 ? countMatchingUpTo(this.db, scope, source, conditions, listConditions, countCap) : Promise.resolve(null),
      runningTagProcess(this.db, scope, body.listId),
      body.listId !== null ? runningImportOfList(this.db, scope, body.listId) : Promise.resolve(undefined),
      body.listId !== null ? campaignsRelatedToList(this.db, scope, body.listId) : Promise.resolve([]),
    ]);
    const own = current === null || current.userId === caller.userId;
    const capped = filtered !== null && filtered >= countCap;
    return {
      contacts,
      prospectsCount: filtered === null ? size : capped ? countCap - 1 : filtered,
      ...(capped ? { prospectsCountCapped: true } : {}),
      listId: body.listId,
      linkedinInfo: { withLinkedin: stats.withLinkedin, withoutLinkedin: Math.max(0, size - stats.withLinkedin) },
      // Campaigns the caller may see that send to this list, exclude it, or hold recipients of its prospects.
      relatedCampaigns: related.map((c) => ({ campaignId: Number(c.id), title: c.title, status: c.status })),
      canExport: own || caller.mode === 'viewAll',
      showOptions: { canEdit: own, canDelete: own, canVerify: own, canTag: own },
      otherInfo: { tagCreateProcess: tagProcess ? { id: tagProcess.id, status: 'in_progress' } : null },
      currentProspectList: current,
      duplicatesCount: stats.duplicates,
      export: { inProgress: false, downloadedAt: downloadedAt ? iso(downloadedAt) : null },
      import: { inProgress: Boolean(running), importId: running?.id ?? null },
      notFound: false,
    };
  }

  /**
   * Figures of a whole list (or All contacts): how many have a LinkedIn profile and how many have
   * a duplicate. Exact and inline for sources up to STATS_INLINE_MAX prospects; above that they
   * are computed in the background by one process and served to all from prospect_stats_cache,
   * so the first page of a huge list never waits for a scan of every row (older figures meanwhile).
   */
  private async sourceStats(scope: Scope, source: ListingSource, size: number): Promise<SourceStats> {
    const compute = async (): Promise<SourceStats> => {
      const [counts, duplicates] = await Promise.all([countWithLinkedin(this.db, scope, source, []), duplicatesCount(this.db, scope, source)]);
      return { withLinkedin: counts.withLinkedin, duplicates };
    };
    if (size <= STATS_INLINE_MAX) return compute();
    const key = source.listId !== null ? `stats:list:${source.listId}` : `stats:owners:${[...source.ownerIds].sort((a, b) => a - b).join(',')}`;
    const read = await this.figures.read(key, STATS_CACHE_MS, compute);
    return read.value ?? { withLinkedin: 0, duplicates: 0 };
  }

  /** -1 while counting (the client polls); the count is shared by every process for a short while. */
  async withoutEmails(caller: Caller, listId: number | null): Promise<{ count: number }> {
    const scope = scopeOf(caller);
    if (listId !== null) await readableList(this.db, scope, listId);
    const source: ListingSource = listId !== null ? { listId, ownerIds: [] } : { listId: null, ownerIds: [caller.userId] };
    const key = listId !== null ? `without-email:list:${listId}` : `without-email:owner:${caller.userId}`;
    const read = await this.figures.read(key, WITHOUT_EMAIL_COUNT_TTL_MS, async () => ({
      count: (await countWithLinkedin(this.db, scope, source, filterConditions({ emailStatus: ['no_email'] }, []))).total,
    }));
    return { count: read.fresh && read.value ? read.value.count : -1 };
  }
}

function emptyListing(
  listId: number,
  current: ListProspectsResponse['currentProspectList'],
  notFound: boolean,
  related: readonly { id: number; title: string; status: string }[],
): ListProspectsResponse {
  return {
    contacts: [],
    prospectsCount: 0,
    listId,
    linkedinInfo: { withLinkedin: 0, withoutLinkedin: 0 },
    relatedCampaigns: related.map((c) => ({ campaignId: Number(c.id), title: c.title, status: c.status })),
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
