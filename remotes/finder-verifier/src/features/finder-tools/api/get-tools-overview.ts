import { useQuery } from '@tanstack/react-query';
import { finderToolsOverview } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** GET /finder-tools/overview: counts and the latest searches of the caller. */
export const getToolsOverviewQueryOptions = () => routeQueryOptions(finderToolsOverview, {}, finderVerifierKeys.overview());

export const useGetToolsOverview = () => useQuery(getToolsOverviewQueryOptions());
