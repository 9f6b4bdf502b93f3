import { useMutation } from '@tanstack/react-query';
import { finderSingleSearch } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /email-finder/search: a person's address from their name and company domain; it joins the history. */
export const runSingleSearchMutation = routeMutation(finderSingleSearch, {
  invalidates: () => [finderVerifierKeys.searchHistory()],
});

export const useRunSingleSearch = () => useMutation(runSingleSearchMutation);
