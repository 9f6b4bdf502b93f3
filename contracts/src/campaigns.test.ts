import {
  CAMPAIGN_COMMON_SETTINGS_DEFAULTS,
  campaignCommonSettingsSchema,
  campaignsRoutes,
  launchIssueField,
  launchIssueFromErrorItem,
  updateCampaignBodySchema,
} from './campaigns';

describe('campaign contracts', () => {
  it('carries the block, variant or account of a launch issue through an error item and back', () => {
    const issues = [
      { key: 'launch_choose_prospect_list' as const },
      { key: 'not_connected_block' as const, blockId: 'e1' },
      { key: 'email_no_subject' as const, blockId: 'email.2', variant: 1 },
      { key: 'launch_account_expired' as const, accountId: 42 },
    ];
    for (const issue of issues) {
      const field = launchIssueField(issue);
      expect(launchIssueFromErrorItem(field ? { key: issue.key, field } : { key: issue.key })).toEqual(issue);
    }
  });

  it('does not reset absent settings to defaults on a partial update', () => {
    const parsed = updateCampaignBodySchema.parse({ campaignId: 3, trackOpen: false });
    expect(parsed).toEqual({ campaignId: 3, trackOpen: false });
  });

  it('offers defaults a new campaign may save as they are', () => {
    expect(campaignCommonSettingsSchema.parse(CAMPAIGN_COMMON_SETTINGS_DEFAULTS)).toEqual(CAMPAIGN_COMMON_SETTINGS_DEFAULTS);
  });

  it('keeps every call under the paths the spec names', () => {
    for (const route of Object.values(campaignsRoutes)) {
      expect(route.path).toMatch(/^(\/pipelines\/api\/(campaign|campaigns|folders|tips|flowchart-block-count)|\/campaigns\/|\/team\/prospect-lists)/);
    }
  });
});
