import { useMutation } from '@tanstack/react-query';
import { customFieldsUpdate } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** PATCH /user/custom-fields/{id}: rename, retype, reposition or regroup. */
export const updateCustomFieldMutation = routeMutation(customFieldsUpdate, { invalidates: () => [prospectsKeys.fieldGroups()] });
export const useUpdateCustomField = () => useMutation(updateCustomFieldMutation);
