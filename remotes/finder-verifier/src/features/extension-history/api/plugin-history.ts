import { useQuery } from '@tanstack/react-query';
import { finderPluginBestCompany, finderPluginHistory } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderKeys } from '../../single-email-search/api/keys';

/** GET /plugin/history/:searchId/data: one search of the caller for the extension's history page. */
export const pluginHistoryQuery = (searchId: string) =>
  routeQueryOptions(finderPluginHistory, { params: { searchId } }, finderKeys.scope('pluginHistory', searchId));
export const usePluginHistory = (searchId: string) => useQuery(pluginHistoryQuery(searchId));

/** GET /plugin/history-best-company/:searchId/data: company info and its most senior contacts. */
export const bestCompanyQuery = (searchId: string) =>
  routeQueryOptions(finderPluginBestCompany, { params: { searchId } }, finderKeys.scope('bestCompany', searchId));
export const useBestCompany = (searchId: string) => useQuery(bestCompanyQuery(searchId));
