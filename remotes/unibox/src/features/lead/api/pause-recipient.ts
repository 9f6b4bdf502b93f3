import { useMutation } from '@tanstack/react-query';
import { recipientsSetStatus } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

/**
 * POST /pipelines/api/recipients/set-status with one recipient and status `pause`: the lead stops
 * receiving the campaign's steps. The thread rows show the recipient's status, so they refetch.
 */
export const pauseRecipientMutation = routeMutation(recipientsSetStatus, {
  invalidates: () => [uniboxKeys.threadLists()],
});

export const usePauseRecipient = () => useMutation(pauseRecipientMutation);
