import { useMutation } from '@tanstack/react-query';
import { finderBulkNames } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /emails-from-names/jobs: a bulk email search from names. */
export const createBulkNamesSearchMutation = routeMutation(finderBulkNames, {
  invalidates: () => [finderVerifierKeys.finderBulk()],
});

export const useCreateBulkNamesSearch = () => useMutation(createBulkNamesSearchMutation);
