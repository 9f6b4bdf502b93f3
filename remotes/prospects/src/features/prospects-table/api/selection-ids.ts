import { listProspects } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { listProspectsBody, type ProspectsTableState } from '../utils/table-query';
import type { Selection } from '../utils/selection';

/** The largest page list-prospects answers, and the most ids a bulk call takes. */
const ID_PAGE = 500;
export const BULK_IDS_MAX = 10_000;

/**
 * The prospect ids of a selection. "All matching" is resolved page by page with the table's
 * filter, minus the rows the user unticked, up to the bulk calls' limit.
 */
export async function selectionIds(state: ProspectsTableState, selection: Selection): Promise<number[]> {
  if (selection.mode === 'ids') return selection.ids;
  const excluded = new Set(selection.excludedIds);
  const ids: number[] = [];
  for (let page = 1; ids.length < BULK_IDS_MAX; page += 1) {
    const answer = await callApi(listProspects, { body: { ...listProspectsBody(state), page, perPage: ID_PAGE } });
    ids.push(...answer.contacts.map((row) => row.id).filter((id) => !excluded.has(id)));
    if (answer.contacts.length < ID_PAGE) break;
  }
  return ids.slice(0, BULK_IDS_MAX);
}
