import { useMutation } from '@tanstack/react-query';
import { campaignsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/**
 * POST /pipelines/api/campaign/set-state: start, pause, resume or complete. A state change shows
 * everywhere the campaign appears (list badges, quick figures, this page), so it refreshes the
 * area's queries; react-query refetches only those on screen.
 */
export const setCampaignStateMutation = routeMutation(campaignsRoutes.setCampaignState, {
  invalidates: () => [campaignsKeys.campaigns],
});

export const useSetCampaignState = () => useMutation(setCampaignStateMutation);
