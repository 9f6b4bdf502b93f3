import { useMutation } from '@tanstack/react-query';
import { customFieldsDelete } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** DELETE /user/custom-fields/{id}: the field and its values go; the table loses its column. */
export const deleteCustomFieldMutation = routeMutation(customFieldsDelete, { invalidates: () => [prospectsKeys.fieldGroups(), prospectsKeys.columns(), prospectsKeys.lists()] });
export const useDeleteCustomField = () => useMutation(deleteCustomFieldMutation);
