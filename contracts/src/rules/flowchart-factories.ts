/**
 * Small builders of flowcharts for the rule tests (and for API and editor tests that need a valid
 * campaign). Every block is valid unless the caller overrides a field.
 */
import type { EmailVariant, Flowchart, FlowchartBlock, FlowchartBlockOf, LinkOutput } from '../campaigns';

export function emailVariant(overrides: Partial<EmailVariant> = {}): EmailVariant {
  return {
    subject: 'Quick question',
    content: '<p>Hello {{firstName}}</p>',
    attachments: [],
    plainTextMode: false,
    hasContent: true,
    hasInvalidVariables: false,
    hasDynamicText: false,
    overLimitDynamicText: false,
    ...overrides,
  };
}

export const blocks = {
  start: (id = 'start'): FlowchartBlockOf<'start'> => ({ id, type: 'start' }),
  email: (id: string, emails: EmailVariant[] = [emailVariant()]): FlowchartBlockOf<'email'> => ({ id, type: 'email', emails }),
  linkedin: (id: string, overrides: Partial<FlowchartBlockOf<'linkedin'>> = {}): FlowchartBlockOf<'linkedin'> => ({
    id,
    type: 'linkedin',
    actionType: 'visit',
    subject: '',
    content: '',
    ...overrides,
  }),
  trigger: (id: string, overrides: Partial<FlowchartBlockOf<'trigger'>> = {}): FlowchartBlockOf<'trigger'> => ({
    id,
    type: 'trigger',
    triggerType: 'connection_degree',
    time: 24,
    degreeLevels: [1],
    ...overrides,
  }),
  delay: (id: string, waiting_val: number | null = 48): FlowchartBlockOf<'delay'> => ({ id, type: 'delay', waiting_val }),
  goal: (id: string, goal_name = 'Meeting booked'): FlowchartBlockOf<'goal'> => ({ id, type: 'goal', goal_name }),
};

/** Builds a flowchart from blocks and `[from, to, output?]` links. */
export function flowchartOf(list: FlowchartBlock[], links: [string, string, LinkOutput?][]): Flowchart {
  return {
    operators: list.map((block, index) => ({ block, position: { x: 0, y: index * 100 } })),
    links: links.map(([from, to, output]) => ({ from, to, output: output ?? 'next' })),
  };
}
