import { useQuery } from '@tanstack/react-query';
import { finderToolsOverview } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderKeys } from '../../single-email-search/api/keys';

/** GET /finder-tools/overview: counts and the latest searches of the caller. */
export const toolsOverviewQuery = () => routeQueryOptions(finderToolsOverview, {}, finderKeys.scope('overview'));
export const useToolsOverview = () => useQuery(toolsOverviewQuery());
