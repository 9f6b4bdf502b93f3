import { useQuery } from '@tanstack/react-query';
import { finderPluginHistory } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** GET /plugin/history/:searchId/data: one search of the caller for the extension's history page. */
export const getPluginHistoryQueryOptions = (searchId: string) =>
  routeQueryOptions(finderPluginHistory, { params: { searchId } }, finderVerifierKeys.pluginHistory(searchId));

export const useGetPluginHistory = (searchId: string) => useQuery(getPluginHistoryQueryOptions(searchId));
