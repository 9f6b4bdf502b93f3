import { blocks, flowchartOf } from './flowchart-factories';
import { compileFlowchart, FlowchartCompileError, graphOrder, nextNodeId } from './flowchart-graph';

describe('compiling the flowchart into the domain graph', () => {
  const chart = flowchartOf(
    [
      blocks.start(),
      blocks.email('a'),
      blocks.delay('d', 24),
      blocks.trigger('t', { triggerType: 'email_opened', degreeLevels: [] }),
      blocks.email('yes'),
      blocks.email('no'),
    ],
    [
      ['start', 'a'],
      ['a', 'd'],
      ['d', 't'],
      ['t', 'yes', 'yes'],
      ['t', 'no', 'no'],
    ],
  );

  it('gives every node its children and a step number', () => {
    const graph = compileFlowchart(chart);
    expect(graph.startId).toBe('start');
    expect(graph.nodes.a).toMatchObject({ next: 'd', step: 2 });
    expect(graph.nodes.t).toMatchObject({ yes: 'yes', no: 'no', next: null });
    expect(nextNodeId(graph.nodes.t as never, 'no')).toBe('no');
    expect(nextNodeId(graph.nodes.no as never)).toBeNull();
    expect(graphOrder(graph).map((block) => block.id)).toEqual(['start', 'a', 'd', 't', 'yes', 'no']);
  });

  it('refuses a loop, a dangling block and a one-branch trigger with their keys', () => {
    const looped = flowchartOf(
      [blocks.start(), blocks.email('a'), blocks.email('b')],
      [
        ['start', 'a'],
        ['a', 'b'],
        ['b', 'a'],
      ],
    );
    expect(() => compileFlowchart(looped)).toThrow(FlowchartCompileError);
    try {
      compileFlowchart(looped);
    } catch (error) {
      expect((error as FlowchartCompileError).keys).toContain('looped_flowchart');
    }
    const dangling = flowchartOf([blocks.start(), blocks.email('a'), blocks.email('b')], [['start', 'a']]);
    expect(() => compileFlowchart(dangling)).toThrow(/not_connected_block/);
    const oneBranch = flowchartOf(
      [blocks.start(), blocks.trigger('t'), blocks.email('a')],
      [
        ['start', 't'],
        ['t', 'a', 'yes'],
      ],
    );
    expect(() => compileFlowchart(oneBranch)).toThrow(/trigger_incomplete/);
  });
});
