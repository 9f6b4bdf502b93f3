import { useMutation } from '@tanstack/react-query';
import { notesUpdate } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** PUT …/notes/{noteId} {noteText}; the notes and pinned notes of the prospect reload. */
export const updateNoteMutation = routeMutation(notesUpdate, { invalidates: (_data, request) => [prospectsKeys.notes(Number(request.params.prospectId))] });
export const useUpdateNote = () => useMutation(updateNoteMutation);
