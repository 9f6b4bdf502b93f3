import { useCallback, useState } from 'react';

/**
 * React Flow keeps per-element state of its own (measured size, selection, the position while a
 * block is dragged) in the nodes and edges it is given. The flowchart is the source of truth for
 * everything else, so the canvas holds local elements that follow the derived ones: an element whose
 * derived object did not change keeps its local state; a changed one takes the new object and keeps
 * what `carry` copies over (its measured size, its selection).
 */
export function mergeElements<T extends { id: string }>(
  local: readonly T[],
  derived: readonly T[],
  previousDerived: readonly T[],
  carry: (local: T, next: T) => T,
): T[] {
  const localById = new Map(local.map((element) => [element.id, element]));
  const previousById = new Map(previousDerived.map((element) => [element.id, element]));
  return derived.map((element) => {
    const mine = localById.get(element.id);
    if (!mine) return element;
    if (previousById.get(element.id) === element) return mine;
    return carry(mine, element);
  });
}

export function useCanvasElements<T extends { id: string }>(derived: T[], carry: (local: T, next: T) => T) {
  const [state, setState] = useState(() => ({ derived, local: derived }));
  let current = state;
  if (state.derived !== derived) {
    // Adjusting state while rendering (react.dev "storing information from previous renders"):
    // React re-renders at once, before the canvas sees stale elements.
    current = { derived, local: mergeElements(state.local, derived, state.derived, carry) };
    setState(current);
  }
  const setLocal = useCallback((update: (local: T[]) => T[]) => setState((previous) => ({ ...previous, local: update(previous.local) })), []);
  return [current.local, setLocal] as const;
}
