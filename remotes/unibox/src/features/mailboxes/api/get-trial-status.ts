import { useQuery } from '@tanstack/react-query';
import { uniboxRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

/** GET /pipelines/api/unibox/trial-status: the unibox trial (started, expired, cancelled) or null on a paid plan. */
export const getTrialStatusQueryOptions = () => routeQueryOptions(uniboxRoutes.uniboxTrialStatus, {}, uniboxKeys.trialStatus());

export const useTrialStatus = () => useQuery(getTrialStatusQueryOptions());
