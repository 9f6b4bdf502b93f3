import { useMutation } from '@tanstack/react-query';
import { listsMove } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /lists/move {items, moveFrom, moveTo}: counts and pages of both lists change. */
export const moveProspectsMutation = routeMutation(listsMove, { invalidates: () => [prospectsKeys.lists(), prospectsKeys.sidebar()] });
export const useMoveProspects = () => useMutation(moveProspectsMutation);
