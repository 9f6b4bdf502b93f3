import { useMutation } from '@tanstack/react-query';
import { notesUnpin } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** DELETE …/notes/{noteId}/pin; the notes and pinned notes of the prospect reload. */
export const unpinNoteMutation = routeMutation(notesUnpin, { invalidates: (_data, request) => [prospectsKeys.notes(Number(request.params.prospectId))] });
export const useUnpinNote = () => useMutation(unpinNoteMutation);
