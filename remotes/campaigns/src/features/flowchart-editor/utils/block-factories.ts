/**
 * New blocks and starting flowcharts. Block ids are `<type>-<n>` with n above every number in use,
 * so an id is never handed out twice within one flowchart (the per-block figures of a campaign are
 * keyed by block id).
 */
import type { BlockType, EmailVariant, Flowchart, FlowchartBlock } from '@leadforge/contracts';

export const START_BLOCK_ID = 'start';

/** Vertical distance between a block and the one added below it, in canvas units. */
export const BLOCK_GAP_Y = 170;

/** A new variant: nothing written yet, so the checks report its missing subject and content. */
export function emptyVariant(): EmailVariant {
  return {
    subject: '',
    content: '',
    attachments: [],
    plainTextMode: false,
    hasContent: false,
    hasInvalidVariables: false,
    hasDynamicText: false,
    overLimitDynamicText: false,
  };
}

/** Default trigger window: one day, in minutes. */
const DEFAULT_TRIGGER_MINUTES = 24 * 60;
/** Default delay: one day, in hours. */
const DEFAULT_DELAY_HOURS = 24;

export function newBlock(type: BlockType, id: string): FlowchartBlock {
  switch (type) {
    case 'start':
      return { id, type };
    case 'email':
      return { id, type, emails: [emptyVariant()] };
    case 'linkedin':
      return { id, type, actionType: null, subject: '', content: '' };
    case 'trigger':
      return { id, type, triggerType: null, time: DEFAULT_TRIGGER_MINUTES, degreeLevels: [] };
    case 'delay':
      return { id, type, waiting_val: DEFAULT_DELAY_HOURS };
    case 'goal':
      return { id, type, goal_name: '' };
  }
}

/** The next free id for a block of this type. */
export function nextBlockId(flowchart: Flowchart, type: BlockType): string {
  let highest = 0;
  for (const { block } of flowchart.operators) {
    const match = /-(\d+)$/.exec(block.id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `${type}-${highest + 1}`;
}

/** A flowchart with only its start block. */
export function emptyFlowchart(): Flowchart {
  return { operators: [{ block: { id: START_BLOCK_ID, type: 'start' }, position: { x: 0, y: 0 } }], links: [] };
}

/** What a new campaign opens with: the start followed by one email. */
export function defaultSequence(): Flowchart {
  return {
    operators: [
      { block: { id: START_BLOCK_ID, type: 'start' }, position: { x: 0, y: 0 } },
      { block: newBlock('email', 'email-1'), position: { x: 0, y: BLOCK_GAP_Y } },
    ],
    links: [{ from: START_BLOCK_ID, to: 'email-1', output: 'next' }],
  };
}
