import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { callApi, routeQueryKey } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

export type CampaignOption = { value: number; label: string };

/**
 * The campaign filter's choices: the first page of the caller's campaigns (GET
 * /pipelines/api/campaigns) or, once something is typed, the campaigns whose title holds it
 * (GET /pipelines/api/campaigns/search).
 */
export const listCampaignOptionsQueryOptions = (search: string) => {
  const q = search.trim();
  return queryOptions({
    queryKey: routeQueryKey(uniboxKeys.campaignOptions(), { q }),
    queryFn: async ({ signal }): Promise<CampaignOption[]> => {
      const { items } = q
        ? await callApi(campaignsRoutes.searchCampaigns, { query: { q } }, { signal })
        : await callApi(campaignsRoutes.listCampaigns, { query: { page: 1 } }, { signal });
      return items.map((item) => ({ value: item.campaignId, label: item.title }));
    },
  });
};

/** Fetched when the filter opens, not with every screen. */
export const useCampaignOptions = (search: string, enabled: boolean) =>
  useQuery({ ...listCampaignOptionsQueryOptions(search), enabled, placeholderData: keepPreviousData });
