/**
 * The prospects table's state in the URL (the list is the path's own): `page`, `sort` and `order`,
 * and the filter as `status`, `tags`, `tagsMode`, `duplicates`, `inLists`, `linkedin`, with
 * `member` for a team member's records. Defaults stay out, so a list opened fresh keeps its bare
 * address; a malformed filter reads as no filter (the same schema the API checks it with).
 */
import { PROSPECT_SORT_FIELDS, SORT_DIRECTIONS, prospectFilterSchema } from '@leadforge/contracts';
import { pageParam, readId, readOneOf, readPage, type ParamPatch } from '@leadforge/ui';
import { EMPTY_FILTER, initialTableState, type ProspectsTableState } from './table-query';

const listParam = (params: URLSearchParams, name: string) => (params.get(name) ?? '').split(',').filter(Boolean);
const joined = (values: readonly (string | number)[]) => (values.length > 0 ? values.join(',') : undefined);

export function tableStateFromParams(listId: number | null, params: URLSearchParams): ProspectsTableState {
  const initial = initialTableState(listId);
  const field = readOneOf(params, 'sort', PROSPECT_SORT_FIELDS);
  const order = readOneOf(params, 'order', SORT_DIRECTIONS);
  const filter = prospectFilterSchema.safeParse({
    emailStatus: listParam(params, 'status'),
    tags: listParam(params, 'tags').map(Number),
    tagsFilter: params.get('tagsMode') ?? undefined,
    duplicates: params.get('duplicates') === '1',
    lists: listParam(params, 'inLists').map(Number),
    linkedin: params.get('linkedin'),
  });
  return {
    ...initial,
    filterUserId: readId(params, 'member'),
    page: readPage(params, 'page'),
    sort: field && order ? { field, order } : initial.sort,
    filter: filter.success ? { ...EMPTY_FILTER, ...filter.data } : initial.filter,
  };
}

export function tableStateToParams(state: ProspectsTableState): ParamPatch {
  const initial = initialTableState(state.listId);
  const defaultSort = state.sort.field === initial.sort.field && state.sort.order === initial.sort.order;
  return {
    page: pageParam(state.page),
    sort: defaultSort ? undefined : state.sort.field,
    order: defaultSort ? undefined : state.sort.order,
    status: joined(state.filter.emailStatus),
    tags: joined(state.filter.tags),
    tagsMode: state.filter.tagsFilter === EMPTY_FILTER.tagsFilter ? undefined : state.filter.tagsFilter,
    duplicates: state.filter.duplicates ? 1 : undefined,
    inLists: joined(state.filter.lists),
    linkedin: state.filter.linkedin ?? undefined,
    member: state.filterUserId ?? undefined,
  };
}
