import { useMutation } from '@tanstack/react-query';
import { tagsDelete } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** DELETE /prospect-tags/delete {tagId, prospects?}: off these prospects, or the tag altogether. */
export const deleteTagMutation = routeMutation(tagsDelete, { invalidates: () => [prospectsKeys.tags(), prospectsKeys.lists()] });
export const useDeleteTag = () => useMutation(deleteTagMutation);
