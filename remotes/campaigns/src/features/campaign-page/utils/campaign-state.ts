/** What the campaign page's header offers for a campaign's status, and the page's sections. */
import { campaignStateActions, type CampaignStateAction, type CampaignStatus } from '@leadforge/contracts';

/**
 * The set-state actions a campaign in this status accepts (contracts rules/campaign-state): start
 * launches a new one; a paused one offers resume rather than start.
 */
export function stateActions(status: CampaignStatus, editable: boolean): CampaignStateAction[] {
  if (!editable) return [];
  return campaignStateActions(status).filter((action) => action !== 'start' || status === 'new');
}

export const CAMPAIGN_PAGE_SECTIONS = ['statistics', 'recipients', 'sequence', 'settings'] as const;
export type CampaignPageSection = (typeof CAMPAIGN_PAGE_SECTIONS)[number];

export function readSection(value: string | undefined): CampaignPageSection | null {
  if (value === undefined) return 'statistics';
  return (CAMPAIGN_PAGE_SECTIONS as readonly string[]).includes(value) ? (value as CampaignPageSection) : null;
}

/** A positive integer id from the URL, or null (then the page shows "not found"). */
export function readCampaignId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
