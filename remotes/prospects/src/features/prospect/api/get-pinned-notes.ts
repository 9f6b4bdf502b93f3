import { queryOptions, useQuery } from '@tanstack/react-query';
import { notesPinned } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** GET …/notes/pinned: the pinned notes and the pin limit (pinnedNotesLimit, default 5). */
export const pinnedNotesQueryOptions = (prospectId: number, listId: number) =>
  queryOptions({
    queryKey: prospectsKeys.pinnedNotes(prospectId),
    queryFn: ({ signal }) => callApi(notesPinned, { params: { listId, prospectId } }, { signal }),
  });

export const usePinnedNotes = (prospectId: number, listId: number) => useQuery(pinnedNotesQueryOptions(prospectId, listId));
