import { useMutation } from '@tanstack/react-query';
import { notesCreate } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST …/notes {noteText}; the notes and pinned notes of the prospect reload. */
export const createNoteMutation = routeMutation(notesCreate, { invalidates: (_data, request) => [prospectsKeys.notes(Number(request.params.prospectId))] });
export const useCreateNote = () => useMutation(createNoteMutation);
