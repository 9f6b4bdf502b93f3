import { useMutation } from '@tanstack/react-query';
import { prospectUpdate } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /prospects-new/update/{prospectId}/{listId}: the edit, checked again by the server with the same rules. */
export const updateProspectMutation = routeMutation(prospectUpdate, {
  invalidates: (_data, request) => [prospectsKeys.prospect(Number(request.params.prospectId)), prospectsKeys.lists()],
});
export const useUpdateProspect = () => useMutation(updateProspectMutation);
