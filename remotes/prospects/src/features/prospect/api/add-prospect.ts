import { useMutation } from '@tanstack/react-query';
import { prospectAdd } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectKeys } from '../../../query-keys';

/** POST /prospects-new/add: a new prospect in a list (viewer class "new"). */
export const addProspectMutation = routeMutation(prospectAdd, { invalidates: () => [prospectKeys.lists(), prospectKeys.sidebar()] });
export const useAddProspect = () => useMutation(addProspectMutation);
