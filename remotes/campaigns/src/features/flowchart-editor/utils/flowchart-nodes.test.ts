import { blocks, flowchartOf } from '@leadforge/contracts/rules/flowchart-factories';
import type { FlowchartIssue } from '@leadforge/contracts';
import { moveBlocks } from './flowchart-edits';
import { createEdgeBuilder, createNodeBuilder, issuesByBlock, linkOfEdge, toEdges, toNodes } from './flowchart-nodes';

const flowchart = () =>
  flowchartOf(
    [blocks.start(), blocks.email('email-1'), blocks.trigger('trigger-2'), blocks.goal('goal-3'), blocks.delay('delay-4')],
    [
      ['start', 'email-1'],
      ['email-1', 'trigger-2'],
      ['trigger-2', 'goal-3', 'yes'],
      ['trigger-2', 'delay-4', 'no'],
    ],
  );

describe('flowchart ↔ canvas', () => {
  it('gives one node per block, typed and placed like the block, with its issues and figures', () => {
    const issues: FlowchartIssue[] = [{ blockId: 'goal-3', key: 'goal_no_name' }, { blockId: null, key: 'no_required_blocks' }];
    const nodes = toNodes(flowchart(), issues, { 'email-1': { sent: 4 } });
    expect(nodes.map((node) => [node.id, node.type])).toEqual([
      ['start', 'start'],
      ['email-1', 'email'],
      ['trigger-2', 'trigger'],
      ['goal-3', 'goal'],
      ['delay-4', 'delay'],
    ]);
    expect(nodes[3]?.data.issues).toEqual([{ blockId: 'goal-3', key: 'goal_no_name' }]);
    expect(nodes[1]?.data.counts).toEqual({ sent: 4 });
    expect(nodes[0]?.deletable).toBe(false);
    expect(nodes[1]?.deletable).toBe(true);
    expect(nodes[4]?.position).toEqual({ x: 0, y: 400 });
  });

  it('draws a link from its output’s handle, and reads the same link back from the edge', () => {
    const edges = toEdges(flowchart());
    expect(edges.map((edge) => [edge.source, edge.sourceHandle, edge.target])).toEqual([
      ['start', 'next', 'email-1'],
      ['email-1', 'next', 'trigger-2'],
      ['trigger-2', 'yes', 'goal-3'],
      ['trigger-2', 'no', 'delay-4'],
    ]);
    expect(edges.map(linkOfEdge)).toEqual(flowchart().links);
    expect(new Set(edges.map((edge) => edge.id)).size).toBe(edges.length);
  });

  it('groups flowchart-level issues apart from block issues, each key once per block and variant', () => {
    const grouped = issuesByBlock([
      { blockId: null, key: 'no_required_blocks' },
      { blockId: 'a', key: 'trigger_incomplete' },
      { blockId: 'a', key: 'trigger_incomplete' },
      { blockId: 'b', key: 'email_no_content', variant: 0 },
      { blockId: 'b', key: 'email_no_content', variant: 1 },
    ]);
    expect(grouped.get('')).toEqual([{ blockId: null, key: 'no_required_blocks' }]);
    expect(grouped.get('a')).toEqual([{ blockId: 'a', key: 'trigger_incomplete' }]);
    expect(grouped.get('b')).toHaveLength(2);
  });

  it('rebuilds only the node of the block that changed, so the canvas re-renders one block', () => {
    const build = createNodeBuilder();
    const options = { structureEditable: true, movable: true };
    const first = flowchart();
    const before = build(first, issuesByBlock([{ blockId: 'goal-3', key: 'goal_no_name' }]), undefined, options);
    const moved = moveBlocks(first, { 'delay-4': { x: 50, y: 50 } });
    // Fresh but equal issue arrays, as a new validation run gives.
    const after = build(moved, issuesByBlock([{ blockId: 'goal-3', key: 'goal_no_name' }]), undefined, options);
    expect(after.filter((node, index) => node !== before[index]).map((node) => node.id)).toEqual(['delay-4']);
    const locked = build(moved, issuesByBlock([]), undefined, { structureEditable: false, movable: true });
    expect(locked.every((node) => node.deletable === false && node.connectable === false)).toBe(true);
  });

  it('keeps edge objects of unchanged links', () => {
    const build = createEdgeBuilder();
    const before = build(flowchart(), true);
    const after = build(flowchart(), true);
    expect(after.every((edge, index) => edge === before[index])).toBe(true);
    expect(build(flowchart(), false).every((edge) => edge.deletable === false)).toBe(true);
  });
});
