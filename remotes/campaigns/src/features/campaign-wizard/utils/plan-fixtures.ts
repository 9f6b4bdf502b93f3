import type { Flowchart, FlowchartBlock } from '@leadforge/contracts';

const variant = (subject: string) => ({
  subject,
  content: '<p>Hi</p>',
  attachments: [],
  plainTextMode: false,
  hasContent: true,
  hasInvalidVariables: false,
  hasDynamicText: false,
  overLimitDynamicText: false,
});

/** start → email → delay 2 days → opened within 2 days? yes: email, no: email (the journey). */
export function defaultSequenceFixture(): Flowchart {
  const blocks: FlowchartBlock[] = [
    { id: 's', type: 'start' },
    { id: 'e1', type: 'email', emails: [variant('Hello {{firstName}}')] },
    { id: 'd', type: 'delay', waiting_val: 48 },
    { id: 't', type: 'trigger', triggerType: 'email_opened', time: 2880, degreeLevels: [] },
    { id: 'e2', type: 'email', emails: [variant('Glad you read it')] },
    { id: 'e3', type: 'email', emails: [variant('In case you missed it')] },
  ];
  return {
    operators: blocks.map((block, index) => ({ block, position: { x: 0, y: index * 100 } })),
    links: [
      { from: 's', to: 'e1', output: 'next' },
      { from: 'e1', to: 'd', output: 'next' },
      { from: 'd', to: 't', output: 'next' },
      { from: 't', to: 'e2', output: 'yes' },
      { from: 't', to: 'e3', output: 'no' },
    ],
  };
}
