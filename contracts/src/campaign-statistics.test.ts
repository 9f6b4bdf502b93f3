import { campaignRates, dashboardKinds, deliveredFigure, emptyCampaignFigures } from './campaign-statistics';
import { encodeRecipientFilter, recipientFilterQuerySchema, recipientsSetSenderBodySchema, recipientsSelectionBodySchema } from './recipients';

describe('campaign rates', () => {
  it('counts delivered as sent minus bounced and takes rates over unique recipients', () => {
    const figures = emptyCampaignFigures();
    figures.sent = { count: 12, unique: 10 };
    figures.bounced = { count: 2, unique: 2 };
    figures.opened = { count: 9, unique: 4 };
    figures.replied = { count: 1, unique: 1 };
    figures.linkedin_invite = { count: 3, unique: 3 };
    figures.linkedin_invite_accepted = { count: 1, unique: 1 };
    expect(deliveredFigure(figures)).toEqual({ count: 10, unique: 8 });
    expect(campaignRates(figures)).toEqual({
      delivery: 0.8,
      open: 0.5,
      click: 0,
      reply: 0.125,
      autoReply: 0,
      bounce: 0.2,
      unsubscribe: 0,
      linkedinAccept: 0.3333,
    });
  });

  it('answers 0 for a rate over nothing', () => {
    expect(Object.values(campaignRates(emptyCampaignFigures())).every((rate) => rate === 0)).toBe(true);
  });

  it('charts only the channel kinds on the email and LinkedIn dashboards', () => {
    expect(dashboardKinds('email')).toContain('opened');
    expect(dashboardKinds('email')).not.toContain('linkedin_visit');
    expect(dashboardKinds('linkedin').every((kind) => kind.startsWith('linkedin_'))).toBe(true);
    expect(dashboardKinds('summary')).toHaveLength(dashboardKinds('email').length + dashboardKinds('linkedin').length + 2);
  });
});

describe('recipient filters and selections', () => {
  it('travel in a query as JSON and come back parsed', () => {
    const text = encodeRecipientFilter({ status: ['active'], open: '3+', goal: { reached: true } });
    expect(recipientFilterQuerySchema.parse(text)).toEqual({ status: ['active'], open: '3+', goal: { reached: true, names: [] } });
    expect(recipientFilterQuerySchema.safeParse('{status').success).toBe(false);
    expect(recipientFilterQuerySchema.safeParse(JSON.stringify({ open: '2+' })).success).toBe(false);
  });

  it('take ticked ids or a filter, never both or neither', () => {
    expect(recipientsSelectionBodySchema.safeParse({ campaignId: 1, recipientIds: [1] }).success).toBe(true);
    expect(recipientsSelectionBodySchema.safeParse({ campaignId: 1, filter: {} }).success).toBe(true);
    expect(recipientsSelectionBodySchema.safeParse({ campaignId: 1 }).success).toBe(false);
    expect(recipientsSelectionBodySchema.safeParse({ campaignId: 1, recipientIds: [1], filter: {} }).success).toBe(false);
    expect(recipientsSetSenderBodySchema.safeParse({ campaignId: 1, filter: {}, sender: { kind: 'linkedin', linkedinAccountId: 4 } }).success).toBe(true);
    expect(recipientsSetSenderBodySchema.safeParse({ campaignId: 1, filter: {}, sender: { kind: 'linkedin', emailAccountId: 4 } }).success).toBe(false);
  });
});
