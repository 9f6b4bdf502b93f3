import { useQuery } from '@tanstack/react-query';
import { unsubscribeInfo } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** GET /unsubscribe/:token (public): the masked address and the sender the link unsubscribes from. */
export const getUnsubscribeInfoQueryOptions = (token: string) =>
  routeQueryOptions(unsubscribeInfo, { params: { token } }, campaignsKeys.unsubscribe(token));

export const useGetUnsubscribeInfo = (token: string) => useQuery(getUnsubscribeInfoQueryOptions(token));
