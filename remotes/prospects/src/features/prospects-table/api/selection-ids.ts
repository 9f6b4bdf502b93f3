import {
  type ProspectSelection,
  type exportCsv,
  type listsAddProspectToList,
  type listsMove,
  type listsRemoveItems,
  type tagsSave,
  type updateCheckEmails,
} from '@leadforge/contracts';
import type { z } from 'zod';
import type { ProspectsTableState } from '../utils/table-query';
import type { Selection } from '../utils/selection';

/**
 * What a bulk action acts on: the ticked ids, or, for "all matching", the table's list and
 * filter minus the unticked rows. The server resolves a selection in one set-based statement, so
 * it has no size limit and never pages through the table.
 */
export type BulkSubject = { ids: number[] } | { selection: ProspectSelection };

export function bulkSubject(state: ProspectsTableState, selection: Selection): BulkSubject {
  if (selection.mode === 'ids') return { ids: selection.ids };
  return { selection: { listId: state.listId, filterUserId: state.filterUserId, filter: state.filter, excludeIds: selection.excludedIds } };
}

type Body<R extends { body: z.ZodType }> = z.input<R['body']>;

/** The request bodies of the bulk actions for a subject (the old id payloads, or `selection`). */
export const bulkBodies = {
  move: (subject: BulkSubject, moveFrom: number, moveTo: number): Body<typeof listsMove> =>
    'ids' in subject ? { items: subject.ids, moveFrom, moveTo, type: 'prospect' } : { selection: subject.selection, moveFrom, moveTo, type: 'prospect' },
  copy: (subject: BulkSubject, listId: number): Body<typeof listsAddProspectToList> =>
    'ids' in subject ? { itemId: subject.ids, listId, type: 'prospect' } : { selection: subject.selection, listId, type: 'prospect' },
  /** Out of the list being shown; from All contacts (listId null) the prospects are deleted. */
  remove: (subject: BulkSubject, listId: number | null): Body<typeof listsRemoveItems> => ({
    ...('ids' in subject ? { items: subject.ids } : { selection: subject.selection }),
    type: 'prospect',
    ...(listId !== null ? { listId } : {}),
    deleteRecipients: listId === null,
  }),
  tag: (subject: BulkSubject, tags: string[]): Body<typeof tagsSave> => ({ tags, prospects: 'ids' in subject ? subject.ids : { selection: subject.selection } }),
  export: (subject: BulkSubject, listId: number | null): Body<typeof exportCsv> =>
    'ids' in subject ? { listId, ids: subject.ids } : { listId, selection: subject.selection },
  /** Verification queues the subject's never-verified emails; the rows shown are then polled by id. */
  verify: (subject: BulkSubject): Body<typeof updateCheckEmails> => ('ids' in subject ? { ids: subject.ids } : { selection: subject.selection }),
};
