import { useMutation } from '@tanstack/react-query';
import { unsubscribe } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** POST /unsubscribe/:token (public): puts the address on the sender's no-send list. */
export const confirmUnsubscribeMutation = routeMutation(unsubscribe, {
  invalidates: (_data, request) => [campaignsKeys.unsubscribe(request.params.token)],
});

export const useConfirmUnsubscribe = () => useMutation(confirmUnsubscribeMutation);
