import { useMutation } from '@tanstack/react-query';
import { callApi } from '@leadforge/api-client';
import { campaignStatisticsRoutes, encodeRecipientFilter, type RecipientFilter } from '@leadforge/contracts';

/** GET /pipelines/api/statistics/exports/:campaignId: the recipients (those the filter matches) with their figures, as CSV. */
export const exportRecipients = async ({ campaignId, filter }: { campaignId: number; filter: RecipientFilter }): Promise<Blob> =>
  (await callApi(campaignStatisticsRoutes.statisticsExport, {
    params: { campaignId },
    query: Object.keys(filter).length > 0 ? { filter: encodeRecipientFilter(filter) } : {},
  })) as Blob;

export const useExportRecipients = () => useMutation({ mutationKey: [campaignStatisticsRoutes.statisticsExport.id], mutationFn: exportRecipients });
