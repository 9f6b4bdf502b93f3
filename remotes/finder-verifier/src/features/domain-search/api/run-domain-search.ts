import { useMutation } from '@tanstack/react-query';
import { finderDomainSearch } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /domain-search/search: runs the search and answers its first page; it joins the history. */
export const runDomainSearchMutation = routeMutation(finderDomainSearch, {
  invalidates: () => [finderVerifierKeys.searchHistory()],
});

export const useRunDomainSearch = () => useMutation(runDomainSearchMutation);
