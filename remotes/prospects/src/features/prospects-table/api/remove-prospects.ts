import { useMutation } from '@tanstack/react-query';
import { listsRemoveItems } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** DELETE /lists/remove-items {items, type, deleteRecipients}: out of a list, or deleted. */
export const removeProspectsMutation = routeMutation(listsRemoveItems, { invalidates: () => [prospectsKeys.lists(), prospectsKeys.sidebar()] });
export const useRemoveProspects = () => useMutation(removeProspectsMutation);
