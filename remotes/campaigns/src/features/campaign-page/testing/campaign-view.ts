/** A campaign as GET /pipelines/api/campaign/:id answers it, for component tests. */
import { CAMPAIGN_COMMON_SETTINGS_DEFAULTS, campaignViewSchema, type CampaignView } from '@leadforge/contracts';

export function campaignViewFixture(overrides: Partial<CampaignView> = {}): CampaignView {
  return campaignViewSchema.parse({
    ...CAMPAIGN_COMMON_SETTINGS_DEFAULTS,
    campaignId: 15,
    title: 'Spring outreach',
    status: 'active',
    listId: 3,
    blacklist: 4,
    schedule: null,
    startAt: null,
    completeAt: null,
    folder: null,
    dealsSettings: { enabled: false, event: 'replied', pipelineId: null, pipelineStageId: null, potentialValue: '0', potentialValueCurrency: null },
    senderEmailAccounts: [21],
    senderLinkedinAccounts: [],
    flowchart: { operators: [{ block: { id: 'start', type: 'start' }, position: { x: 0, y: 0 } }], links: [] },
    ownerId: 1,
    createdAt: '2026-03-01T09:00:00.000Z',
    creationStep: 'review',
    pausedReason: null,
    listDeleted: false,
    activeVersion: 1,
    launchedAt: '2026-03-02T09:00:00.000Z',
    completedAt: null,
    owner: { id: 1, name: 'Ada Owner' },
    editable: true,
    ...overrides,
  });
}
