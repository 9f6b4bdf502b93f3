/**
 * Flowchart validity and the per-block checks of document 1 §4 and §5 "Campaign blocks". The
 * campaign editor marks blocks with these issues and the API refuses to launch while any remain.
 */
import {
  DEGREE_LEVELS,
  DEGREE_TRIGGER_TYPES,
  EMAIL_SUBJECT_MAX,
  type Flowchart,
  type FlowchartBlock,
  type FlowchartBlockOf,
  type LinkedinActionType,
} from '../campaigns';
import type { ErrorKey } from '../errors';
import type { CampaignCapabilities } from './campaign-plan';

export interface FlowchartIssue {
  /** The block the issue is about; null for the flowchart as a whole (no_required_blocks). */
  blockId: string | null;
  key: ErrorKey;
  /** Index of the email variant, for variant-level issues. */
  variant?: number;
}

export interface FlowchartCheckContext {
  capabilities: CampaignCapabilities;
  /** A/B variants are checked against the plan only while the campaign is new. */
  isNewCampaign: boolean;
  /** When given, `{{name}}` placeholders outside this list are reported as variable_not_exist. */
  knownVariables?: readonly string[];
}

/** Social-network actions that may appear only once along any chain from the start. */
export const ONE_IN_FLOW_ACTION_TYPES: readonly LinkedinActionType[] = ['follow', 'invite'];
/** Actions whose content is required. */
export const CONTENT_REQUIRED_ACTION_TYPES: readonly LinkedinActionType[] = ['invite', 'message', 'in_mail'];
/** Per-action character limits (the social network's own: invitation note, message, InMail). */
export const LINKEDIN_ACTION_LIMITS: Partial<Record<LinkedinActionType, { subject?: number; content: number }>> = {
  invite: { content: 300 },
  message: { content: 8_000 },
  in_mail: { subject: 200, content: 1_900 },
};
/** Blocks that make a chain worth launching: at least one must be connected to the start. */
export const REQUIRED_BLOCK_TYPES = ['email', 'linkedin'] as const;

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** Names of `{{placeholders}}` in the text that are not in the known list. */
export function unknownVariables(textValue: string, known: readonly string[]): string[] {
  const knownSet = new Set(known.map((name) => name.toLowerCase()));
  const unknown = new Set<string>();
  for (const match of textValue.matchAll(PLACEHOLDER)) {
    const name = (match[1] ?? '').trim();
    if (!knownSet.has(name.toLowerCase())) unknown.add(name);
  }
  return [...unknown];
}

/** Visible text of an HTML or plain body (tags, &nbsp; and whitespace ignored). */
export function visibleText(body: string): string {
  return body
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function isBlank(value: string | null | undefined): boolean {
  return (value ?? '').trim().length === 0;
}

interface Graph {
  blocks: Map<string, FlowchartBlock>;
  next: Map<string, string[]>;
  previous: Map<string, string[]>;
  startId: string | null;
}

function buildGraph(flowchart: Flowchart): Graph {
  const blocks = new Map<string, FlowchartBlock>();
  for (const operator of flowchart.operators) blocks.set(operator.block.id, operator.block);
  const next = new Map<string, string[]>();
  const previous = new Map<string, string[]>();
  for (const id of blocks.keys()) {
    next.set(id, []);
    previous.set(id, []);
  }
  for (const link of flowchart.links) {
    // A link to or from a block that no longer exists connects nothing.
    if (!blocks.has(link.from) || !blocks.has(link.to)) continue;
    next.get(link.from)?.push(link.to);
    previous.get(link.to)?.push(link.from);
  }
  const start = flowchart.operators.find((operator) => operator.block.type === 'start');
  return { blocks, next, previous, startId: start ? start.block.id : null };
}

function reachableFromStart(graph: Graph): Set<string> {
  const seen = new Set<string>();
  if (!graph.startId) return seen;
  const stack = [graph.startId];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.next.get(id) ?? []));
  }
  return seen;
}

/** Blocks that lie on a cycle (strongly connected components of size > 1, or a self-link). */
function blocksOnLoops(graph: Graph): Set<string> {
  let index = 0;
  const indices = new Map<string, number>();
  const lowLinks = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const looped = new Set<string>();

  // Iterative Tarjan, so a long chain cannot overflow the call stack.
  for (const root of graph.blocks.keys()) {
    if (indices.has(root)) continue;
    const work: { id: string; child: number }[] = [{ id: root, child: 0 }];
    indices.set(root, index);
    lowLinks.set(root, index);
    index += 1;
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { id: string; child: number };
      const children = graph.next.get(frame.id) ?? [];
      if (frame.child < children.length) {
        const child = children[frame.child] as string;
        frame.child += 1;
        if (child === frame.id) looped.add(child);
        if (!indices.has(child)) {
          indices.set(child, index);
          lowLinks.set(child, index);
          index += 1;
          stack.push(child);
          onStack.add(child);
          work.push({ id: child, child: 0 });
        } else if (onStack.has(child)) {
          lowLinks.set(frame.id, Math.min(lowLinks.get(frame.id) as number, indices.get(child) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowLinks.set(parent.id, Math.min(lowLinks.get(parent.id) as number, lowLinks.get(frame.id) as number));
      if (lowLinks.get(frame.id) === indices.get(frame.id)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.id);
        if (component.length > 1) for (const id of component) looped.add(id);
      }
    }
  }
  return looped;
}

/** Topological order of the reachable blocks; only meaningful when there are no loops. */
function topologicalOrder(graph: Graph, within: Set<string>): string[] {
  const inDegree = new Map<string, number>();
  for (const id of within) inDegree.set(id, (graph.previous.get(id) ?? []).filter((p) => within.has(p)).length);
  const queue = [...within].filter((id) => inDegree.get(id) === 0);
  const order: string[] = [];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    order.push(id);
    for (const child of graph.next.get(id) ?? []) {
      if (!within.has(child)) continue;
      const remaining = (inDegree.get(child) as number) - 1;
      inDegree.set(child, remaining);
      if (remaining === 0) queue.push(child);
    }
  }
  return order;
}

/**
 * Structure: at least one email or social-network block connected to the start
 * (no_required_blocks), every block connected to the start (not_connected_block), no loops
 * (looped_flowchart).
 */
export function flowchartStructureIssues(flowchart: Flowchart): FlowchartIssue[] {
  const graph = buildGraph(flowchart);
  const reachable = reachableFromStart(graph);
  const looped = blocksOnLoops(graph);
  const issues: FlowchartIssue[] = [];
  for (const id of graph.blocks.keys()) {
    if (id === graph.startId) continue;
    if (!reachable.has(id)) issues.push({ blockId: id, key: 'not_connected_block' });
  }
  for (const id of graph.blocks.keys()) if (looped.has(id)) issues.push({ blockId: id, key: 'looped_flowchart' });
  const hasRequired = [...reachable].some((id) => {
    const type = graph.blocks.get(id)?.type;
    return type === 'email' || type === 'linkedin';
  });
  if (!hasRequired) issues.push({ blockId: null, key: 'no_required_blocks' });
  issues.push(...outputIssues(flowchart, graph));
  return issues;
}

/**
 * Outputs: a trigger needs both its yes and its no branch, each once (a branch to nowhere would
 * leave its recipients stranded; end a branch with a goal block); every other block has at most
 * one `next` link, so where a recipient goes is never ambiguous.
 */
function outputIssues(flowchart: Flowchart, graph: Graph): FlowchartIssue[] {
  const outputs = new Map<string, string[]>();
  for (const link of flowchart.links) {
    if (!graph.blocks.has(link.from) || !graph.blocks.has(link.to)) continue;
    outputs.set(link.from, [...(outputs.get(link.from) ?? []), link.output]);
  }
  const issues: FlowchartIssue[] = [];
  for (const block of graph.blocks.values()) {
    const used = outputs.get(block.id) ?? [];
    if (block.type === 'trigger') {
      const yes = used.filter((output) => output === 'yes').length;
      const no = used.filter((output) => output === 'no').length;
      if (yes !== 1 || no !== 1 || used.length !== 2) issues.push({ blockId: block.id, key: 'trigger_incomplete' });
    } else if (used.length > 1 || used.some((output) => output !== 'next')) {
      issues.push({ blockId: block.id, key: 'not_connected_block' });
    }
  }
  return issues;
}

function emailBlockIssues(
  block: FlowchartBlockOf<'email'>,
  context: FlowchartCheckContext,
  startsThread: boolean,
): FlowchartIssue[] {
  const issues: FlowchartIssue[] = [];
  const add = (key: ErrorKey, variant?: number) =>
    issues.push(variant === undefined ? { blockId: block.id, key } : { blockId: block.id, key, variant });
  if (block.emails.length > 1 && context.isNewCampaign && !context.capabilities.abTesting) add('email_ab_plan_size');
  block.emails.forEach((variant, index) => {
    if (startsThread && isBlank(variant.subject)) add('email_no_subject', index);
    if ([...variant.subject.trim()].length > EMAIL_SUBJECT_MAX) add('email_subject_too_long', index);
    if (!variant.hasContent || visibleText(variant.content).length === 0) add('email_no_content', index);
    const unknown =
      variant.hasInvalidVariables ||
      (context.knownVariables !== undefined &&
        unknownVariables(`${variant.subject} ${variant.content}`, context.knownVariables).length > 0);
    if (unknown) add('variable_not_exist', index);
    if (variant.hasDynamicText && !context.capabilities.dynamicText) add('dynamic_text_plan', index);
    if (variant.overLimitDynamicText) add('dynamic_text_too_long', index);
  });
  return issues;
}

function linkedinBlockIssues(
  block: FlowchartBlockOf<'linkedin'>,
  context: FlowchartCheckContext,
  repeatedInChain: boolean,
): FlowchartIssue[] {
  const issues: FlowchartIssue[] = [];
  const add = (key: ErrorKey) => issues.push({ blockId: block.id, key });
  if (!context.capabilities.socialNetwork) add('linkedin_plan_size');
  const action = block.actionType;
  if (!action) {
    add('linkedin_no_action_type');
    return issues;
  }
  if (repeatedInChain) add('linkedin_one_in_flow');
  if (action === 'in_mail' && isBlank(block.subject)) add('linkedin_in_mail_no_subject');
  if (CONTENT_REQUIRED_ACTION_TYPES.includes(action) && isBlank(block.content)) add('linkedin_no_content');
  const limits = LINKEDIN_ACTION_LIMITS[action];
  if (limits?.subject !== undefined && [...block.subject.trim()].length > limits.subject) add('linkedin_subject_too_long');
  if (limits && [...block.content.trim()].length > limits.content) add('linkedin_content_too_long');
  return issues;
}

export function triggerBlockIssues(block: FlowchartBlockOf<'trigger'>): FlowchartIssue[] {
  const add = (key: ErrorKey): FlowchartIssue[] => [{ blockId: block.id, key }];
  if (!block.triggerType || !block.time || block.time <= 0) return add('trigger_incomplete');
  if (!DEGREE_TRIGGER_TYPES.includes(block.triggerType)) return [];
  if (block.degreeLevels.length === 0) return add('trigger_incomplete');
  const allowed = DEGREE_LEVELS as readonly number[];
  const unique = new Set(block.degreeLevels);
  if (unique.size !== block.degreeLevels.length || block.degreeLevels.some((level) => !allowed.includes(level))) {
    return add('trigger_invalid_levels');
  }
  // Branching on every degree would send everyone down the same branch.
  if (allowed.every((level) => unique.has(level))) return add('trigger_not_all_levels');
  return [];
}

/**
 * All checks of a flowchart: structure first, then every block's own checks.
 *
 * Email subject: the spec asks the email that opens a thread for a subject; an email block with
 * an email block before it on every path may leave it empty (it is sent as a reply in the same
 * thread). "One in flow" social actions are looked for along every chain from the start.
 */
export function validateFlowchart(flowchart: Flowchart, context: FlowchartCheckContext): FlowchartIssue[] {
  const graph = buildGraph(flowchart);
  const issues = flowchartStructureIssues(flowchart);
  const reachable = reachableFromStart(graph);
  const hasLoops = issues.some((issue) => issue.key === 'looped_flowchart');

  // For each reachable block: can it be reached without passing an email block, and which
  // one-in-flow actions can precede it. Computed over a topological order (no loops); with loops
  // the chain checks are skipped because looped_flowchart already blocks launch.
  const reachableWithoutEmail = new Set<string>();
  const actionsBefore = new Map<string, Set<LinkedinActionType>>();
  if (!hasLoops && graph.startId) {
    for (const id of topologicalOrder(graph, reachable)) {
      const parents = (graph.previous.get(id) ?? []).filter((p) => reachable.has(p));
      const before = new Set<LinkedinActionType>();
      let withoutEmail = id === graph.startId;
      for (const parentId of parents) {
        const parent = graph.blocks.get(parentId) as FlowchartBlock;
        if (reachableWithoutEmail.has(parentId) && parent.type !== 'email') withoutEmail = true;
        for (const action of actionsBefore.get(parentId) ?? []) before.add(action);
        if (parent.type === 'linkedin' && parent.actionType && ONE_IN_FLOW_ACTION_TYPES.includes(parent.actionType)) {
          before.add(parent.actionType);
        }
      }
      if (withoutEmail) reachableWithoutEmail.add(id);
      actionsBefore.set(id, before);
    }
  }

  for (const block of graph.blocks.values()) {
    switch (block.type) {
      case 'start':
        break;
      case 'email':
        // An unconnected email block has no thread yet, so it needs its own subject.
        issues.push(
          ...emailBlockIssues(block, context, hasLoops || !reachable.has(block.id) || reachableWithoutEmail.has(block.id)),
        );
        break;
      case 'linkedin': {
        const repeated = block.actionType !== null && (actionsBefore.get(block.id)?.has(block.actionType) ?? false);
        issues.push(...linkedinBlockIssues(block, context, repeated));
        break;
      }
      case 'trigger':
        issues.push(...triggerBlockIssues(block));
        break;
      case 'delay':
        if (block.waiting_val === null || block.waiting_val <= 0) issues.push({ blockId: block.id, key: 'delay_no_time' });
        break;
      case 'goal':
        if (isBlank(block.goal_name)) issues.push({ blockId: block.id, key: 'goal_no_name' });
        break;
    }
  }
  return issues;
}

/** Counts blocks by type (flowchart block counts, and what the launch checks need to know). */
export function countBlocks(flowchart: Flowchart): Record<FlowchartBlock['type'], number> {
  const counts: Record<FlowchartBlock['type'], number> = { start: 0, email: 0, linkedin: 0, trigger: 0, delay: 0, goal: 0 };
  for (const operator of flowchart.operators) counts[operator.block.type] += 1;
  return counts;
}
