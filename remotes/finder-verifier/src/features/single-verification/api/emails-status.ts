import { useQuery } from '@tanstack/react-query';
import { POLLING, verificationRouteDeclarations as routes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { verificationKeys } from './keys';

/**
 * POST /verify/getEmailsStatus for verification ids still in_progress or greylist, re-polled every
 * 10 s (document 2 §7.11) until the answer says nothing is pending.
 */
export const emailsStatusQuery = (ids: number[]) =>
  routeQueryOptions(routes.getEmailsStatus, { body: { ids, emails: [] } }, verificationKeys.scope('status'));

export const useEmailsStatusPolling = (ids: number[]) =>
  useQuery({
    ...emailsStatusQuery(ids),
    enabled: ids.length > 0,
    refetchInterval: (query) => (query.state.data?.pending === false ? false : POLLING.verificationMs),
  });
