import type { CampaignListQuery, CampaignStatus } from '@leadforge/contracts';

/** What the filter bar holds; empty values mean "any". */
export type CampaignFilters = {
  title: string;
  listId: number | null;
  /** Created between these calendar dates (YYYY-MM-DD), both included. */
  createdFrom: string | null;
  createdTo: string | null;
  ownerId: number | null;
  senderAccountId: number | null;
  status: CampaignStatus | null;
};

/** Which folder the sidebar shows: every campaign, those in no folder, or one folder. */
export type FolderSelection = 'all' | 'none' | number;

export const EMPTY_FILTERS: CampaignFilters = {
  title: '',
  listId: null,
  createdFrom: null,
  createdTo: null,
  ownerId: null,
  senderAccountId: null,
  status: null,
};

/**
 * Document 1 §2: the title filter needs at least 3 characters. Shorter is not sent (the server
 * would answer filter_campaign_title_too_short); counted in characters, not UTF-16 units.
 */
export const TITLE_FILTER_MIN = 3;

/** The title as typed is too short to filter by (but not empty): the bar says so instead of asking. */
export function titleTooShort(title: string): boolean {
  const length = [...title.trim()].length;
  return length > 0 && length < TITLE_FILTER_MIN;
}

/**
 * The list call's query for the filters, folder and page. The owner filter is dropped when the
 * caller may not use it (members limited to their own records: the server ignores it anyway),
 * a too-short title is not sent.
 */
export function campaignListQuery(
  filters: CampaignFilters,
  folder: FolderSelection,
  page: number,
  options: { ownerFilter: boolean },
): CampaignListQuery {
  const title = filters.title.trim();
  return {
    page,
    ...([...title].length >= TITLE_FILTER_MIN ? { title } : {}),
    ...(filters.listId !== null ? { listId: filters.listId } : {}),
    ...(filters.createdFrom ? { createdFrom: filters.createdFrom } : {}),
    ...(filters.createdTo ? { createdTo: filters.createdTo } : {}),
    ...(options.ownerFilter && filters.ownerId !== null ? { ownerId: filters.ownerId } : {}),
    ...(filters.senderAccountId !== null ? { senderAccountId: filters.senderAccountId } : {}),
    ...(filters.status !== null ? { status: filters.status } : {}),
    ...(folder === 'all' ? {} : { folderId: folder === 'none' ? 0 : folder }),
  };
}

/** Any filter set (the empty state then says "nothing matches" rather than "create your first campaign"). */
export function hasActiveFilters(filters: CampaignFilters): boolean {
  return (
    [...filters.title.trim()].length >= TITLE_FILTER_MIN ||
    filters.listId !== null ||
    filters.createdFrom !== null ||
    filters.createdTo !== null ||
    filters.ownerId !== null ||
    filters.senderAccountId !== null ||
    filters.status !== null
  );
}
