import { blocks, flowchartOf } from '@leadforge/contracts/rules/flowchart-factories';
import { defaultSequence, emptyFlowchart, nextBlockId } from './block-factories';
import {
  addBlock,
  chainTail,
  connectBlocks,
  connectionRefusal,
  freeOutput,
  moveBlocks,
  removeBlocks,
  removeLinks,
  replaceBlock,
} from './flowchart-edits';

const branching = () =>
  flowchartOf(
    [blocks.start(), blocks.email('email-1'), blocks.trigger('trigger-2', { triggerType: 'email_opened' }), blocks.email('email-3')],
    [
      ['start', 'email-1'],
      ['email-1', 'trigger-2'],
      ['trigger-2', 'email-3', 'yes'],
    ],
  );

describe('the starting flowcharts', () => {
  it('an empty flowchart holds only the start block, and a default sequence links start to one email', () => {
    expect(emptyFlowchart().operators.map((o) => o.block.type)).toEqual(['start']);
    const sequence = defaultSequence();
    expect(sequence.operators.map((o) => o.block.type)).toEqual(['start', 'email']);
    expect(sequence.links).toEqual([{ from: 'start', to: 'email-1', output: 'next' }]);
  });

  it('hands out ids above every number in use, so a deleted block’s id is not given again', () => {
    expect(nextBlockId(branching(), 'delay')).toBe('delay-4');
    expect(nextBlockId(removeBlocks(branching(), ['email-3']), 'email')).toBe('email-3');
  });
});

describe('adding a block', () => {
  it('adds below the chosen block and links it from its free output', () => {
    const { flowchart, id } = addBlock(defaultSequence(), 'delay', { after: 'email-1' });
    expect(id).toBe('delay-2');
    expect(flowchart.links).toContainEqual({ from: 'email-1', to: 'delay-2', output: 'next' });
    const added = flowchart.operators.find((o) => o.block.id === id);
    expect(added?.position.y).toBeGreaterThan(flowchart.operators[1]?.position.y ?? Infinity);
    expect(added?.block).toEqual({ id: 'delay-2', type: 'delay', waiting_val: 24 });
  });

  it('fills a trigger’s free branch: no after yes', () => {
    const { flowchart, id } = addBlock(branching(), 'goal', { after: 'trigger-2' });
    expect(flowchart.links).toContainEqual({ from: 'trigger-2', to: id, output: 'no' });
  });

  it('inserts into the chain when the block’s next output is already used', () => {
    const { flowchart, id } = addBlock(defaultSequence(), 'delay', { after: 'start' });
    expect(flowchart.links).toEqual([
      { from: 'start', to: id, output: 'next' },
      { from: id, to: 'email-1', output: 'next' },
    ]);
  });

  it('leaves a block dropped on the canvas where it fell, unlinked', () => {
    const { flowchart, id } = addBlock(defaultSequence(), 'email', { position: { x: 400, y: 300 } });
    expect(flowchart.operators.find((o) => o.block.id === id)?.position).toEqual({ x: 400, y: 300 });
    expect(flowchart.links).toHaveLength(1);
  });

  it('builds a chain from the lowest block with a free output when nothing is selected', () => {
    expect(chainTail(defaultSequence())).toBe('email-1');
  });
});

describe('linking blocks', () => {
  it('refuses a second link from one output, links into the start, self-links and unknown outputs', () => {
    const flowchart = branching();
    expect(connectionRefusal(flowchart, { source: 'email-1', target: 'email-3', sourceHandle: 'next' })).toBe('output_used');
    expect(connectionRefusal(flowchart, { source: 'trigger-2', target: 'email-1', sourceHandle: 'yes' })).toBe('output_used');
    expect(connectionRefusal(flowchart, { source: 'email-3', target: 'start', sourceHandle: 'next' })).toBe('into_start');
    expect(connectionRefusal(flowchart, { source: 'email-3', target: 'email-3', sourceHandle: 'next' })).toBe('self');
    expect(connectionRefusal(flowchart, { source: 'email-3', target: 'email-1', sourceHandle: 'yes' })).toBe('wrong_output');
    expect(connectionRefusal(flowchart, { source: 'gone', target: 'email-1', sourceHandle: 'next' })).toBe('unknown_block');
    expect(connectBlocks(flowchart, { from: 'email-1', to: 'email-3', output: 'next' })).toBe(flowchart);
  });

  it('links a trigger’s no branch and the others’ next output', () => {
    let flowchart = connectBlocks(branching(), { from: 'trigger-2', to: 'email-1', output: 'no' });
    expect(freeOutput(flowchart, 'trigger-2')).toBeNull();
    flowchart = connectBlocks(flowchart, { from: 'email-3', to: 'email-1', output: 'next' });
    // A loop may be drawn: the checks report it on the blocks (looped_flowchart).
    expect(flowchart.links).toContainEqual({ from: 'email-3', to: 'email-1', output: 'next' });
  });
});

describe('removing and moving', () => {
  it('removes blocks with their links, but never the start', () => {
    const flowchart = removeBlocks(branching(), ['trigger-2', 'start']);
    expect(flowchart.operators.map((o) => o.block.id)).toEqual(['start', 'email-1', 'email-3']);
    expect(flowchart.links).toEqual([{ from: 'start', to: 'email-1', output: 'next' }]);
    const onlyStart = branching();
    expect(removeBlocks(onlyStart, ['start'])).toBe(onlyStart);
  });

  it('removes one link', () => {
    const flowchart = removeLinks(branching(), [{ from: 'trigger-2', to: 'email-3', output: 'yes' }]);
    expect(flowchart.links).toHaveLength(2);
  });

  it('moves blocks and keeps the same object when nothing moved', () => {
    const flowchart = branching();
    const moved = moveBlocks(flowchart, { 'email-3': { x: 10, y: 20 } });
    expect(moved.operators[3]?.position).toEqual({ x: 10, y: 20 });
    expect(moved.operators[0]).toBe(flowchart.operators[0]);
    expect(moveBlocks(flowchart, { 'email-3': flowchart.operators[3]?.position ?? { x: 0, y: 0 } })).toBe(flowchart);
  });

  it('replaces a block’s payload where it is drawn', () => {
    const flowchart = replaceBlock(branching(), blocks.goal('email-3', 'x') as never);
    expect(flowchart.operators[3]?.block).toEqual({ id: 'email-3', type: 'goal', goal_name: 'x' });
  });
});
