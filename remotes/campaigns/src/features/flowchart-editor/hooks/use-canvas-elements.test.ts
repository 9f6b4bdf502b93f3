import { mergeElements } from './use-canvas-elements';

type Element = { id: string; label: string; measured?: number };
const carry = (local: Element, next: Element): Element => ({ ...next, measured: local.measured });

describe('canvas elements following the flowchart', () => {
  it('keeps local state of unchanged elements, carries it to changed ones and drops removed ones', () => {
    const a = { id: 'a', label: 'a' };
    const b = { id: 'b', label: 'b' };
    const localA = { ...a, measured: 10 };
    const localB = { ...b, measured: 20 };
    const b2 = { id: 'b', label: 'b2' };
    const c = { id: 'c', label: 'c' };
    const merged = mergeElements([localA, localB], [a, b2, c], [a, b], carry);
    expect(merged[0]).toBe(localA);
    expect(merged[1]).toEqual({ id: 'b', label: 'b2', measured: 20 });
    expect(merged[2]).toBe(c);
    expect(mergeElements(merged, [c], [a, b2, c], carry)).toEqual([c]);
  });
});
