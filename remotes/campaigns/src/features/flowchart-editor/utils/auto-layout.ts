/**
 * Top-to-bottom layout of the flowchart with dagre. Only positions change: the blocks and links
 * are the same, so a launched campaign may be re-laid out (a layout edit, not a structural one).
 */
import { graphlib, layout } from '@dagrejs/dagre';
import type { Flowchart } from '@leadforge/contracts';
import { moveBlocks, type Point } from './flowchart-edits';

export interface BlockSize {
  width: number;
  height: number;
}

/** Size assumed for a block the canvas has not measured yet (the block's CSS width). */
export const DEFAULT_BLOCK_SIZE: BlockSize = { width: 260, height: 110 };

export function autoLayout(flowchart: Flowchart, sizes: Readonly<Record<string, BlockSize>> = {}): Flowchart {
  const graph = new graphlib.Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'TB', nodesep: 60, ranksep: 70, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  const ids = new Set<string>();
  for (const { block } of flowchart.operators) {
    const size = sizes[block.id] ?? DEFAULT_BLOCK_SIZE;
    graph.setNode(block.id, { width: size.width, height: size.height });
    ids.add(block.id);
  }
  for (const link of flowchart.links) {
    // The yes branch is added before the no branch whatever the link order, so it lands on the left.
    if (ids.has(link.from) && ids.has(link.to)) graph.setEdge(link.from, link.to, { weight: link.output === 'yes' ? 2 : 1 }, `${link.output}:${link.to}`);
  }
  layout(graph);
  const positions: Record<string, Point> = {};
  for (const id of ids) {
    const node = graph.node(id);
    const size = sizes[id] ?? DEFAULT_BLOCK_SIZE;
    // dagre gives centres; the canvas places blocks by their top-left corner.
    if (node && Number.isFinite(node.x) && Number.isFinite(node.y)) {
      positions[id] = { x: Math.round(node.x - size.width / 2), y: Math.round(node.y - size.height / 2) };
    }
  }
  return moveBlocks(flowchart, positions);
}
