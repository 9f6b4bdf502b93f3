import { useMutation } from '@tanstack/react-query';
import { customFieldGroupsDelete } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** DELETE /user-field-groups/{id}: its fields stay, ungrouped. */
export const deleteFieldGroupMutation = routeMutation(customFieldGroupsDelete, { invalidates: () => [prospectsKeys.fieldGroups()] });
export const useDeleteFieldGroup = () => useMutation(deleteFieldGroupMutation);
