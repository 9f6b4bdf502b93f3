import { useMutation } from '@tanstack/react-query';
import { customFieldsCreate } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /user/custom-fields {name, type, position, groupId}: a new field (text by default); the table gains its column. */
export const createCustomFieldMutation = routeMutation(customFieldsCreate, { invalidates: () => [prospectsKeys.fieldGroups(), prospectsKeys.columns()] });
export const useCreateCustomField = () => useMutation(createCustomFieldMutation);
