import { useQuery } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** GET /linkedin-accounts/requests: every request of the team for the lead, the caller's own for a member. */
export const listLinkedinSlotRequestsQueryOptions = () =>
  routeQueryOptions(linkedinAccountsRoutes.listLinkedinSlotRequests, {}, campaignsKeys.linkedinSlotRequests());

export const useListLinkedinSlotRequests = (enabled: boolean) => useQuery({ ...listLinkedinSlotRequestsQueryOptions(), enabled });
