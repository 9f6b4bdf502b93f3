import { useMutation } from '@tanstack/react-query';
import { tagsSave } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /prospect-tags/save {tags, prospects}: the returned process is polled with check-create. */
export const saveTagsMutation = routeMutation(tagsSave, { invalidates: () => [prospectsKeys.tags()] });
export const useSaveTags = () => useMutation(saveTagsMutation);
