import { useMutation } from '@tanstack/react-query';
import { notesPin } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST …/notes/{noteId}/pin (refused past the limit: notes_pin_limit); the notes and pinned notes of the prospect reload. */
export const pinNoteMutation = routeMutation(notesPin, { invalidates: (_data, request) => [prospectsKeys.notes(Number(request.params.prospectId))] });
export const usePinNote = () => useMutation(pinNoteMutation);
