/**
 * The editor's edits as pure functions of the flowchart: the canvas and the block drawer only call
 * these, so every rule about links (one link per output, nothing into the start, the start never
 * removed) lives here and is tested without a browser.
 */
import type { BlockType, Flowchart, FlowchartBlock, FlowchartLink, LinkOutput } from '@leadforge/contracts';
import { BLOCK_GAP_Y, newBlock, nextBlockId } from './block-factories';

export interface Point {
  x: number;
  y: number;
}

/** Horizontal shift of a block added on a trigger's yes (left) or no (right) branch. */
const BRANCH_OFFSET_X = 160;

/** The outputs a block links from: a trigger branches yes / no, every other block goes on `next`. */
export function outputsOf(block: Pick<FlowchartBlock, 'type'>): LinkOutput[] {
  return block.type === 'trigger' ? ['yes', 'no'] : ['next'];
}

export function linkKey(link: FlowchartLink): string {
  return `${link.from}:${link.output}>${link.to}`;
}

function blockOf(flowchart: Flowchart, id: string): FlowchartBlock | undefined {
  return flowchart.operators.find((operator) => operator.block.id === id)?.block;
}

/** The first output of the block that has no link yet, or null when all are used. */
export function freeOutput(flowchart: Flowchart, blockId: string): LinkOutput | null {
  const block = blockOf(flowchart, blockId);
  if (!block) return null;
  const used = new Set(flowchart.links.filter((link) => link.from === blockId).map((link) => link.output));
  return outputsOf(block).find((output) => !used.has(output)) ?? null;
}

export interface ConnectionAttempt {
  source: string | null;
  target: string | null;
  /** The source handle: the output's name. */
  sourceHandle?: string | null;
}

export type ConnectionRefusal = 'unknown_block' | 'self' | 'into_start' | 'wrong_output' | 'output_used';

/** Why a link drawn on the canvas is refused, or null when it may be made. */
export function connectionRefusal(flowchart: Flowchart, attempt: ConnectionAttempt): ConnectionRefusal | null {
  const source = attempt.source ? blockOf(flowchart, attempt.source) : undefined;
  const target = attempt.target ? blockOf(flowchart, attempt.target) : undefined;
  if (!source || !target) return 'unknown_block';
  if (source.id === target.id) return 'self';
  if (target.type === 'start') return 'into_start';
  const output = (attempt.sourceHandle ?? 'next') as LinkOutput;
  if (!outputsOf(source).includes(output)) return 'wrong_output';
  if (flowchart.links.some((link) => link.from === source.id && link.output === output)) return 'output_used';
  return null;
}

/** Adds a link; a refused one leaves the flowchart as it was (same object). */
export function connectBlocks(flowchart: Flowchart, link: FlowchartLink): Flowchart {
  if (connectionRefusal(flowchart, { source: link.from, target: link.to, sourceHandle: link.output }) !== null) return flowchart;
  return { ...flowchart, links: [...flowchart.links, link] };
}

/** The lowest block on the canvas that still has a free output: where a chain is being built. */
export function chainTail(flowchart: Flowchart): string | null {
  let tail: { id: string; y: number } | null = null;
  for (const { block, position } of flowchart.operators) {
    if (freeOutput(flowchart, block.id) === null) continue;
    if (!tail || position.y > tail.y) tail = { id: block.id, y: position.y };
  }
  return tail?.id ?? null;
}

export interface AddBlockOptions {
  /** The block to add below and link from; its first free output is used. */
  after?: string | null;
  /** Where to draw the block (a drop on the canvas); it is then left unlinked. */
  position?: Point;
}

/**
 * Adds a block. Below `after`, linked from its free output; when `after` has one `next` output
 * already in use, the new block is inserted between it and the block it led to.
 */
export function addBlock(flowchart: Flowchart, type: BlockType, options: AddBlockOptions = {}): { flowchart: Flowchart; id: string } {
  const id = nextBlockId(flowchart, type);
  const block = newBlock(type, id);
  const anchor = options.after ? flowchart.operators.find((operator) => operator.block.id === options.after) : undefined;
  if (options.position || !anchor) {
    const lowest = Math.max(0, ...flowchart.operators.map((operator) => operator.position.y));
    const position = options.position ?? { x: 0, y: flowchart.operators.length > 0 ? lowest + BLOCK_GAP_Y : 0 };
    return { id, flowchart: { ...flowchart, operators: [...flowchart.operators, { block, position }] } };
  }
  const output = freeOutput(flowchart, anchor.block.id);
  const offsetX = output === 'yes' ? -BRANCH_OFFSET_X : output === 'no' ? BRANCH_OFFSET_X : 0;
  const position = { x: anchor.position.x + offsetX, y: anchor.position.y + BLOCK_GAP_Y };
  const operators = [...flowchart.operators, { block, position }];
  if (output) return { id, flowchart: { operators, links: [...flowchart.links, { from: anchor.block.id, to: id, output }] } };
  const onward = anchor.block.type === 'trigger' ? undefined : flowchart.links.find((link) => link.from === anchor.block.id);
  if (!onward) return { id, flowchart: { ...flowchart, operators } };
  // Inserted into the chain: anchor → new block → where the anchor led.
  const links = flowchart.links.filter((link) => link !== onward);
  links.push({ from: anchor.block.id, to: id, output: onward.output }, { from: id, to: onward.to, output: 'next' });
  return { id, flowchart: { operators, links } };
}

/** Removes blocks and their links; the start block stays. */
export function removeBlocks(flowchart: Flowchart, ids: readonly string[]): Flowchart {
  const gone = new Set(ids.filter((id) => blockOf(flowchart, id)?.type !== 'start'));
  if (gone.size === 0) return flowchart;
  return {
    operators: flowchart.operators.filter((operator) => !gone.has(operator.block.id)),
    links: flowchart.links.filter((link) => !gone.has(link.from) && !gone.has(link.to)),
  };
}

export function removeLinks(flowchart: Flowchart, links: readonly FlowchartLink[]): Flowchart {
  const gone = new Set(links.map(linkKey));
  const kept = flowchart.links.filter((link) => !gone.has(linkKey(link)));
  return kept.length === flowchart.links.length ? flowchart : { ...flowchart, links: kept };
}

/** Moves blocks; positions of unknown ids are ignored. */
export function moveBlocks(flowchart: Flowchart, positions: Readonly<Record<string, Point>>): Flowchart {
  let moved = false;
  const operators = flowchart.operators.map((operator) => {
    const position = positions[operator.block.id];
    if (!position || (position.x === operator.position.x && position.y === operator.position.y)) return operator;
    moved = true;
    return { ...operator, position: { x: position.x, y: position.y } };
  });
  return moved ? { ...flowchart, operators } : flowchart;
}

/** Replaces a block's payload (same id and type), keeping where it is drawn. */
export function replaceBlock(flowchart: Flowchart, block: FlowchartBlock): Flowchart {
  return {
    ...flowchart,
    operators: flowchart.operators.map((operator) => (operator.block.id === block.id ? { ...operator, block } : operator)),
  };
}
