import { STUDIO_STAGES } from '../studio';
import { draftsShownAtStage, studioScreenForStage, workflowDisplayName } from './studio-stages';

const drafts = [
  { id: 1, isSelected: true, strategyId: 3, styleId: null },
  { id: 2, isSelected: true, strategyId: null, styleId: null },
  { id: 3, isSelected: false, strategyId: 1, styleId: 2 },
  { id: 4, isSelected: true, strategyId: null, styleId: 7 },
];

describe('drafts shown per stage', () => {
  it.each([
    ['start', STUDIO_STAGES.start, []],
    ['usp', STUDIO_STAGES.usp, []],
    ['draft', STUDIO_STAGES.draft, [1, 2, 3, 4]],
    ['customize', STUDIO_STAGES.customize, [1, 2, 4]],
    ['result', STUDIO_STAGES.result, [1, 4]],
    ['completed', STUDIO_STAGES.completed, [1, 4]],
  ] as const)('%s', (_name, stage, ids) => {
    expect(draftsShownAtStage(drafts, stage).map((d) => d.id)).toEqual(ids);
  });
});

describe('workflow name', () => {
  it.each([
    [{ status: 'draft', name: 'Q3 outreach' }, 'Untitled workflow'],
    [{ status: 'completed', name: 'Q3 outreach' }, 'Q3 outreach'],
    [{ status: 'completed', name: '  ' }, 'Untitled workflow'],
    [{ status: 'completed', name: null }, 'Untitled workflow'],
  ] as const)('%j → %s', (workflow, expected) => {
    expect(workflowDisplayName(workflow, 'Untitled workflow')).toBe(expected);
  });

  it('shows completed on the result screen', () => {
    expect(studioScreenForStage(STUDIO_STAGES.completed)).toBe('result');
    expect(studioScreenForStage(STUDIO_STAGES.customize)).toBe('customize');
  });
});
