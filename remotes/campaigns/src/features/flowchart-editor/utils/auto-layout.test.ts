/**
 * @jest-environment node
 */
// dagre uses structuredClone, which browsers have and jsdom does not; the layout is pure logic.
import { blocks, flowchartOf } from '@leadforge/contracts/rules/flowchart-factories';
import type { Flowchart } from '@leadforge/contracts';
import { autoLayout, DEFAULT_BLOCK_SIZE } from './auto-layout';

function positionOf(flowchart: Flowchart, id: string) {
  const operator = flowchart.operators.find((o) => o.block.id === id);
  if (!operator) throw new Error(`no block ${id}`);
  return operator.position;
}

describe('auto-layout', () => {
  const branching = flowchartOf(
    [blocks.start(), blocks.email('email-1'), blocks.trigger('trigger-2'), blocks.email('email-3'), blocks.email('email-4'), blocks.goal('goal-5')],
    [
      ['start', 'email-1'],
      ['email-1', 'trigger-2'],
      ['trigger-2', 'email-3', 'yes'],
      ['trigger-2', 'email-4', 'no'],
    ],
  );

  it('keeps every block and link, and only moves blocks', () => {
    const laidOut = autoLayout(branching);
    expect(laidOut.operators.map((o) => o.block)).toEqual(branching.operators.map((o) => o.block));
    expect(laidOut.links).toEqual(branching.links);
  });

  it('lays the sequence out top to bottom without overlapping blocks', () => {
    const laidOut = autoLayout(branching);
    expect(positionOf(laidOut, 'start').y).toBeLessThan(positionOf(laidOut, 'email-1').y);
    expect(positionOf(laidOut, 'email-1').y).toBeLessThan(positionOf(laidOut, 'trigger-2').y);
    expect(positionOf(laidOut, 'trigger-2').y).toBeLessThan(positionOf(laidOut, 'email-3').y);
    expect(positionOf(laidOut, 'email-3').y).toBe(positionOf(laidOut, 'email-4').y);
    expect(Math.abs(positionOf(laidOut, 'email-3').x - positionOf(laidOut, 'email-4').x)).toBeGreaterThanOrEqual(DEFAULT_BLOCK_SIZE.width);
  });

  it('places 200 blocks, loops and dangling links included', () => {
    const list = [blocks.start(), ...Array.from({ length: 199 }, (_, index) => blocks.delay(`delay-${index + 1}`))];
    const links: [string, string][] = list.slice(1).map((block, index) => [list[index]?.id ?? 'start', block.id]);
    const big = flowchartOf(list, [...links, ['delay-199', 'delay-5'], ['delay-3', 'gone']]);
    const laidOut = autoLayout(big);
    expect(laidOut.operators).toHaveLength(200);
    expect(laidOut.operators.every((o) => Number.isFinite(o.position.x) && Number.isFinite(o.position.y))).toBe(true);
  });
});
