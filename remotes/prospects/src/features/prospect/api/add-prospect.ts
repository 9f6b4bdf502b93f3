import { useMutation } from '@tanstack/react-query';
import { prospectAdd } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /prospects-new/add: a new prospect in a list (viewer class "new"). */
export const addProspectMutation = routeMutation(prospectAdd, { invalidates: () => [prospectsKeys.lists(), prospectsKeys.sidebar()] });
export const useAddProspect = () => useMutation(addProspectMutation);
