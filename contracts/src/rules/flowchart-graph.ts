/**
 * The flowchart as the executor runs it: a typed domain graph, each node with its children
 * (`next`, or `yes` and `no` for a trigger), kept apart from the editor's layout (positions,
 * link list). A launched campaign stores the graph it was launched with (campaign_versions), so
 * layout edits never touch running recipients.
 */
import * as z from '../zod';
import { flowchartBlockSchema, type Flowchart, type FlowchartBlock } from '../campaigns';
import { flowchartStructureIssues } from './flowchart';

export const graphNodeSchema = z.object({
  block: flowchartBlockSchema,
  /**
   * A number per block, unique within the graph: the mail engine and the LinkedIn runner key a
   * recipient's step on (campaign, recipient, step) and need an integer.
   */
  step: z.number().int().min(1),
  next: z.string().nullable(),
  yes: z.string().nullable(),
  no: z.string().nullable(),
});
export type GraphNode = z.infer<typeof graphNodeSchema>;

export const campaignGraphSchema = z.object({
  startId: z.string(),
  nodes: z.record(z.string(), graphNodeSchema),
});
export type CampaignGraph = z.infer<typeof campaignGraphSchema>;

export class FlowchartCompileError extends Error {
  constructor(readonly keys: readonly string[]) {
    super(`The flowchart cannot run: ${keys.join(', ')}`);
    this.name = 'FlowchartCompileError';
  }
}

/**
 * Compiles the editor's flowchart into the domain graph. Refuses (FlowchartCompileError) what
 * the structure checks refuse: loops, blocks not connected to the start, ambiguous outputs, a
 * trigger without both branches, no email or LinkedIn block. Blocks' own checks (subjects,
 * contents) are the launch checks' business.
 */
export function compileFlowchart(flowchart: Flowchart): CampaignGraph {
  const structural = flowchartStructureIssues(flowchart);
  if (structural.length > 0) throw new FlowchartCompileError([...new Set(structural.map((issue) => issue.key))]);
  const start = flowchart.operators.find((operator) => operator.block.type === 'start');
  if (!start) throw new FlowchartCompileError(['no_required_blocks']);

  const nodes: Record<string, GraphNode> = {};
  flowchart.operators.forEach((operator, index) => {
    nodes[operator.block.id] = { block: operator.block, step: index + 1, next: null, yes: null, no: null };
  });
  for (const link of flowchart.links) {
    const node = nodes[link.from];
    if (!node || !nodes[link.to]) continue;
    node[link.output] = link.to;
  }
  return { startId: start.block.id, nodes };
}

/** The node a recipient goes to after `node`: by branch for triggers, else `next`; null ends the sequence. */
export function nextNodeId(node: GraphNode, branch: 'next' | 'yes' | 'no' = 'next'): string | null {
  return node.block.type === 'trigger' ? (branch === 'no' ? node.no : node.yes) : node.next;
}

/** Blocks of the graph in the order a recipient can meet them (breadth first from the start). */
export function graphOrder(graph: CampaignGraph): FlowchartBlock[] {
  const seen = new Set<string>();
  const order: FlowchartBlock[] = [];
  const queue = [graph.startId];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    const node = graph.nodes[id];
    if (!node || seen.has(id)) continue;
    seen.add(id);
    order.push(node.block);
    for (const child of [node.next, node.yes, node.no]) if (child) queue.push(child);
  }
  return order;
}
