import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignsRoutes, type CampaignResponse } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignKeys } from '../../campaign-list/api/campaign-keys';

/**
 * The wizard's saves answer the whole campaign: it goes straight into the campaign's cache (no
 * refetch that would replace what the user is typing), and what depends on it is read again.
 */
function useSectionMutation<R extends Parameters<typeof routeMutation>[0]>(route: R) {
  const client = useQueryClient();
  const options = routeMutation(route);
  return useMutation({
    ...options,
    onSuccess: async (data) => {
      const answer = data as CampaignResponse;
      const id = answer.campaign.campaignId;
      client.setQueryData(campaignKeys.campaign(id), answer);
      await Promise.all([
        client.invalidateQueries({ queryKey: campaignKeys.campaignProspects(id) }),
        client.invalidateQueries({ queryKey: campaignKeys.launchCheck(id) }),
        client.invalidateQueries({ queryKey: campaignKeys.lists() }),
      ]);
    },
  });
}

/** PUT …/campaign/:id/flowcharts: the sequence (a draft may be invalid: the answer lists its issues). */
export const usePutCampaignFlowchart = () => useSectionMutation(campaignsRoutes.putCampaignFlowchart);
/** PUT …/campaign/:id/about: title, folder and the step the wizard resumes at. */
export const usePutCampaignAbout = () => useSectionMutation(campaignsRoutes.putCampaignAbout);
/** PUT …/campaign/:id/common-settings: prospects (step 2) and sending options (step 3). */
export const usePutCampaignCommonSettings = () => useSectionMutation(campaignsRoutes.putCampaignCommonSettings);
/** PUT …/campaign/:id/time-settings: schedule, start and end (the server shifts to half-hour slots too). */
export const usePutCampaignTimeSettings = () => useSectionMutation(campaignsRoutes.putCampaignTimeSettings);
/** PUT …/campaign/:id/sender-linkedin-accounts: the LinkedIn senders. */
export const usePutCampaignSenderLinkedin = () => useSectionMutation(campaignsRoutes.putCampaignSenderLinkedinAccounts);
