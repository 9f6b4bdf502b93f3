import { useMutation } from '@tanstack/react-query';
import { tagsDelete } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectKeys } from '../../../query-keys';

/** DELETE /prospect-tags/delete {tagId, prospects?}: off these prospects, or the tag altogether. */
export const deleteTagMutation = routeMutation(tagsDelete, { invalidates: () => [prospectKeys.tags(), prospectKeys.lists()] });
export const useDeleteTag = () => useMutation(deleteTagMutation);
