import { useQuery } from '@tanstack/react-query';
import { POLLING, verificationRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /verify/getEmailsStatus: the current state of verifications still in_progress or greylist. */
export const getEmailsStatusQueryOptions = (ids: number[]) =>
  routeQueryOptions(verificationRoutes.getEmailsStatus, { body: { ids, emails: [] } }, finderVerifierKeys.verificationStatus());

/** Asked again every 10 s (document 2 §7.11) until the answer says nothing is pending. */
export const useGetEmailsStatus = (ids: number[]) =>
  useQuery({
    ...getEmailsStatusQueryOptions(ids),
    enabled: ids.length > 0,
    refetchInterval: (query) => (query.state.data?.pending === false ? false : POLLING.verificationMs),
  });
