import { useMutation } from '@tanstack/react-query';
import { listsNewSearch } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /lists/new-search: starts a search (it joins the last searches) and answers its first page. */
export const startSearchMutation = routeMutation(listsNewSearch, { invalidates: () => [prospectsKeys.lastSearches()] });
export const useStartSearch = () => useMutation(startSearchMutation);
