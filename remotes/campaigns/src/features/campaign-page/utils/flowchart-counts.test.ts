import { emptyCampaignFigures, type Flowchart, type FlowchartBlockStatistics } from '@leadforge/contracts';
import { flowchartCounts } from './flowchart-counts';

const label = (key: string) => `L:${key}`;

function stats(blockId: string, entered: number, current: number, figures: Partial<Record<string, number>> = {}): FlowchartBlockStatistics {
  const all = emptyCampaignFigures();
  for (const [kind, unique] of Object.entries(figures)) all[kind as keyof typeof all] = { count: unique! * 2, unique: unique! };
  return { blockId, entered, current, figures: all };
}

describe('the per-block funnel', () => {
  const flowchart: Flowchart = {
    operators: [
      { block: { id: 'start', type: 'start' }, position: { x: 0, y: 0 } },
      {
        block: {
          id: 'e1',
          type: 'email',
          emails: [
            { subject: 'Hi', content: '<p>Hi</p>', attachments: [], plainTextMode: false, hasContent: true, hasInvalidVariables: false, hasDynamicText: false, overLimitDynamicText: false },
          ],
        },
        position: { x: 0, y: 100 },
      },
      { block: { id: 'd1', type: 'delay', waiting_val: 24 }, position: { x: 0, y: 200 } },
      { block: { id: 'l1', type: 'linkedin', actionType: 'invite', subject: '', content: '' }, position: { x: 0, y: 300 } },
      { block: { id: 'g1', type: 'goal', goal_name: 'Booked' }, position: { x: 0, y: 400 } },
    ],
    links: [],
  };

  it('draws recipients (not events) on each block, by what the block does', () => {
    const counts = flowchartCounts(
      flowchart,
      [
        stats('start', 20, 0),
        stats('e1', 20, 1, { sent: 19, opened: 8, replied: 2, bounced: 1 }),
        stats('d1', 18, 6),
        stats('l1', 12, 0, { linkedin_invite: 12, linkedin_invite_accepted: 5 }),
        stats('g1', 3, 0),
      ],
      label,
    );
    expect(counts.start).toEqual({ 'L:entered': 20 });
    expect(counts.e1).toEqual({ 'L:entered': 20, 'L:sent': 19, 'L:opened': 8, 'L:clicked': 0, 'L:replied': 2, 'L:bounced': 1 });
    expect(counts.d1).toEqual({ 'L:entered': 18, 'L:waiting': 6 });
    expect(counts.l1).toEqual({ 'L:entered': 12, 'L:linkedin_invite': 12, 'L:linkedin_invite_accepted': 5 });
    expect(counts.g1).toEqual({ 'L:reached': 3 });
  });

  it('leaves blocks without figures bare', () => {
    expect(flowchartCounts(flowchart, [stats('d1', 1, 1)], label)).toEqual({ d1: { 'L:entered': 1, 'L:waiting': 1 } });
  });
});
