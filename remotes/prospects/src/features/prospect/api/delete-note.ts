import { useMutation } from '@tanstack/react-query';
import { notesDelete } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** DELETE …/notes/{noteId}; the notes and pinned notes of the prospect reload. */
export const deleteNoteMutation = routeMutation(notesDelete, { invalidates: (_data, request) => [prospectsKeys.notes(Number(request.params.prospectId))] });
export const useDeleteNote = () => useMutation(deleteNoteMutation);
