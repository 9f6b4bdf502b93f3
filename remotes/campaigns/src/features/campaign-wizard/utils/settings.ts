import { CAMPAIGN_COMMON_SETTINGS_DEFAULTS, type CampaignCommonSettings, type CampaignView } from '@leadforge/contracts';

/** The common settings (steps 2 and 3) of a campaign as the PUT call takes them, every key present. */
export function commonSettingsOf(campaign: CampaignView): CampaignCommonSettings {
  const settings = {} as Record<string, unknown>;
  for (const key of Object.keys(CAMPAIGN_COMMON_SETTINGS_DEFAULTS) as (keyof CampaignCommonSettings)[]) settings[key] = campaign[key];
  return settings as CampaignCommonSettings;
}
