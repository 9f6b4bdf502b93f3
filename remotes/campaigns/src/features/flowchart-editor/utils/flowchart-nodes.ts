/**
 * The flowchart as React Flow nodes and edges, and back. Node and edge objects are reused while
 * their block, issues and figures are unchanged: React Flow re-renders only the nodes whose object
 * changed, which keeps a 200-block canvas smooth while one block is edited.
 */
import { MarkerType, type Edge, type Node } from '@xyflow/react';
import type { BlockType, Flowchart, FlowchartBlock, FlowchartIssue, FlowchartLink, FlowchartOperator, LinkOutput } from '@leadforge/contracts';
import { linkKey } from './flowchart-edits';

export type BlockCounts = Readonly<Record<string, number>>;

export type BlockNodeData = {
  block: FlowchartBlock;
  issues: readonly FlowchartIssue[];
  counts: BlockCounts | undefined;
};
export type BlockNode = Node<BlockNodeData, BlockType>;
export type LinkEdgeData = { output: LinkOutput };
export type LinkEdge = Edge<LinkEdgeData>;

const NO_ISSUES: readonly FlowchartIssue[] = [];

/**
 * Issues grouped by block; flowchart-level ones (blockId null) under ''. A key reported twice for
 * the same block (a trigger missing a branch is incomplete for the structure check and for its
 * own) is shown once.
 */
export function issuesByBlock(issues: readonly FlowchartIssue[]): Map<string, FlowchartIssue[]> {
  const grouped = new Map<string, FlowchartIssue[]>();
  for (const issue of issues) {
    const key = issue.blockId ?? '';
    const list = grouped.get(key) ?? [];
    if (list.some((seen) => seen.key === issue.key && seen.variant === issue.variant)) continue;
    list.push(issue);
    grouped.set(key, list);
  }
  return grouped;
}

export interface NodeOptions {
  /** Blocks may be deleted and linked (a new campaign, not read-only). */
  structureEditable: boolean;
  /** Blocks may be dragged (not read-only). */
  movable: boolean;
}

export function toNode(
  operator: FlowchartOperator,
  issues: readonly FlowchartIssue[] = NO_ISSUES,
  counts: BlockCounts | undefined = undefined,
  options: NodeOptions = { structureEditable: true, movable: true },
): BlockNode {
  const { block } = operator;
  return {
    id: block.id,
    type: block.type,
    position: operator.position,
    data: { block, issues, counts },
    deletable: options.structureEditable && block.type !== 'start',
    connectable: options.structureEditable,
    draggable: options.movable,
  };
}

export function toEdge(link: FlowchartLink, structureEditable = true): LinkEdge {
  return {
    id: linkKey(link),
    source: link.from,
    target: link.to,
    sourceHandle: link.output,
    type: 'smoothstep',
    markerEnd: { type: MarkerType.ArrowClosed },
    data: { output: link.output },
    deletable: structureEditable,
  };
}

export function linkOfEdge(edge: Pick<Edge, 'source' | 'target' | 'sourceHandle'>): FlowchartLink {
  const output = edge.sourceHandle === 'yes' || edge.sourceHandle === 'no' ? edge.sourceHandle : 'next';
  return { from: edge.source, to: edge.target, output };
}

export function toNodes(flowchart: Flowchart, issues: readonly FlowchartIssue[] = [], counts?: Record<string, BlockCounts>): BlockNode[] {
  const grouped = issuesByBlock(issues);
  return flowchart.operators.map((operator) => toNode(operator, grouped.get(operator.block.id), counts?.[operator.block.id]));
}

export function toEdges(flowchart: Flowchart): LinkEdge[] {
  return flowchart.links.map((link) => toEdge(link));
}

function sameIssues(a: readonly FlowchartIssue[], b: readonly FlowchartIssue[]): boolean {
  return a.length === b.length && a.every((issue, index) => issue.key === b[index]?.key && issue.variant === b[index]?.variant);
}

interface CachedNode {
  operator: FlowchartOperator;
  issues: readonly FlowchartIssue[];
  counts: BlockCounts | undefined;
  options: NodeOptions;
  node: BlockNode;
}

/**
 * A node builder with a memory of the nodes it built: an unchanged operator (same object), equal
 * issues, the same figures and options give back the very node object built before.
 */
export function createNodeBuilder() {
  let cache = new Map<string, CachedNode>();
  return function buildNodes(
    flowchart: Flowchart,
    grouped: ReadonlyMap<string, readonly FlowchartIssue[]>,
    counts: Readonly<Record<string, BlockCounts>> | undefined,
    options: NodeOptions,
  ): BlockNode[] {
    const next = new Map<string, CachedNode>();
    const nodes = flowchart.operators.map((operator) => {
      const id = operator.block.id;
      const issues = grouped.get(id) ?? NO_ISSUES;
      const blockCounts = counts?.[id];
      const cached = cache.get(id);
      const reusable =
        cached &&
        cached.operator === operator &&
        cached.counts === blockCounts &&
        cached.options.structureEditable === options.structureEditable &&
        cached.options.movable === options.movable &&
        sameIssues(cached.issues, issues);
      const entry: CachedNode = reusable ? cached : { operator, issues, counts: blockCounts, options, node: toNode(operator, issues, blockCounts, options) };
      next.set(id, entry);
      return entry.node;
    });
    cache = next;
    return nodes;
  };
}

/** The same for edges: a link's edge is rebuilt only when the link or the options change. */
export function createEdgeBuilder() {
  let cache = new Map<string, { editable: boolean; edge: LinkEdge }>();
  return function buildEdges(flowchart: Flowchart, structureEditable: boolean): LinkEdge[] {
    const next = new Map<string, { editable: boolean; edge: LinkEdge }>();
    const edges = flowchart.links.map((link) => {
      const key = linkKey(link);
      const cached = cache.get(key);
      const entry = cached && cached.editable === structureEditable ? cached : { editable: structureEditable, edge: toEdge(link, structureEditable) };
      next.set(key, entry);
      return entry.edge;
    });
    cache = next;
    return edges;
  };
}
