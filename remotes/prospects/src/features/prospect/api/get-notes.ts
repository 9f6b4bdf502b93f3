import { queryOptions, useQuery } from '@tanstack/react-query';
import { notesList } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** GET lists/{listId}/prospects/{prospectId}/notes: pinned first, newest first. */
export const notesQueryOptions = (prospectId: number, listId: number) =>
  queryOptions({
    queryKey: prospectsKeys.notes(prospectId),
    queryFn: ({ signal }) => callApi(notesList, { params: { listId, prospectId } }, { signal }),
  });

export const useNotes = (prospectId: number, listId: number) => useQuery(notesQueryOptions(prospectId, listId));
