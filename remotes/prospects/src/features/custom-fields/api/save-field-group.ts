import { useMutation } from '@tanstack/react-query';
import { customFieldGroupsSave } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /user-field-groups {id?, name, position?}: creates, renames or moves a group. */
export const saveFieldGroupMutation = routeMutation(customFieldGroupsSave, { invalidates: () => [prospectsKeys.fieldGroups()] });
export const useSaveFieldGroup = () => useMutation(saveFieldGroupMutation);
