import { useMutation } from '@tanstack/react-query';
import { finderBulkDomains } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /url-emails/jobs: a bulk domain search. */
export const createBulkDomainsSearchMutation = routeMutation(finderBulkDomains, {
  invalidates: () => [finderVerifierKeys.finderBulk()],
});

export const useCreateBulkDomainsSearch = () => useMutation(createBulkDomainsSearchMutation);
