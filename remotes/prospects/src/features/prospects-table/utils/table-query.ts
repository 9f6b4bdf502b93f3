/**
 * The state of the prospects table (page, sort, filter) in the shape of the list-prospects body
 * (document 2 §7.4: listId, filterUserId, page, perPage, sort[{field, order}], filter{…}).
 */
import {
  EMAIL_VERIFICATION_STATUSES,
  PAGE_SIZES,
  PROSPECT_SORT_FIELDS,
  PROSPECTS_DEFAULT_SORT,
  type ProspectFilter,
  type ProspectSortField,
  type SortDirection,
} from '@leadforge/contracts';

/** The email-status filter: every verification status, plus prospects without an email. */
export const EMAIL_STATUS_FILTERS = [...EMAIL_VERIFICATION_STATUSES, 'no_email'] as const;

export interface ProspectsTableState {
  /** null: "All contacts". */
  listId: number | null;
  /** A team member whose records to show (leads and view-all members). */
  filterUserId: number | null;
  page: number;
  perPage: number;
  sort: { field: ProspectSortField; order: SortDirection };
  filter: ProspectFilter;
}

export const EMPTY_FILTER: ProspectFilter = {
  emailStatus: [],
  tags: [],
  tagsFilter: 'any',
  duplicates: false,
  lists: [],
  linkedin: null,
};

export function initialTableState(listId: number | null): ProspectsTableState {
  return {
    listId,
    filterUserId: null,
    page: 1,
    perPage: PAGE_SIZES.prospects,
    sort: { ...PROSPECTS_DEFAULT_SORT },
    filter: EMPTY_FILTER,
  };
}

/** Number of filters that narrow the table (for the filter button's badge). */
export function activeFilterCount(filter: ProspectFilter): number {
  return (
    (filter.emailStatus.length > 0 ? 1 : 0) +
    (filter.tags.length > 0 ? 1 : 0) +
    (filter.duplicates ? 1 : 0) +
    (filter.lists.length > 0 ? 1 : 0) +
    (filter.linkedin ? 1 : 0)
  );
}

/** Changing the filter or the sort starts again at page 1; changing only the page keeps them. */
export function withFilter(state: ProspectsTableState, filter: Partial<ProspectFilter>): ProspectsTableState {
  return { ...state, page: 1, filter: { ...state.filter, ...filter } };
}

export const isSortField = (field: string): field is ProspectSortField => (PROSPECT_SORT_FIELDS as readonly string[]).includes(field);

export function withSort(state: ProspectsTableState, field: string | null, order: 'ascend' | 'descend' | null): ProspectsTableState {
  // Clearing the sort goes back to the default (add_date descending), never to "unsorted".
  const sort =
    field && order && isSortField(field)
      ? { field, order: order === 'ascend' ? ('asc' as const) : ('desc' as const) }
      : { ...PROSPECTS_DEFAULT_SORT };
  return { ...state, page: 1, sort };
}

/** The ProTable sort order of a column for the current state. */
export function sortOrderOf(state: Pick<ProspectsTableState, 'sort'>, field: string): 'ascend' | 'descend' | null {
  if (state.sort.field !== field) return null;
  return state.sort.order === 'asc' ? 'ascend' : 'descend';
}

/** The list-prospects body for this state. */
export function listProspectsBody(state: ProspectsTableState) {
  return {
    listId: state.listId,
    filterUserId: state.filterUserId,
    page: state.page,
    perPage: state.perPage,
    sort: [state.sort],
    filter: state.filter,
  };
}
