import type { Flowchart, FlowchartBlock, LinkOutput } from '@leadforge/contracts';

/**
 * One line of the plan: a translation key under `wizard.plan.` with its values, indented by its
 * depth in the branches. Pure, so the review screen only translates.
 */
export type PlanLine = { key: string; values: Record<string, string | number>; depth: number };

/** A wait in hours or minutes written in the largest whole unit: 48 h → 2 days. */
export function waitInUnits(amount: number, unit: 'hours' | 'minutes'): { count: number; unit: 'minutes' | 'hours' | 'days' } {
  const minutes = unit === 'hours' ? amount * 60 : amount;
  if (minutes % (24 * 60) === 0 && minutes > 0) return { count: minutes / (24 * 60), unit: 'days' };
  if (minutes % 60 === 0 && minutes > 0) return { count: minutes / 60, unit: 'hours' };
  return { count: minutes, unit: 'minutes' };
}

function blockLine(block: FlowchartBlock, depth: number): PlanLine | null {
  switch (block.type) {
    case 'start':
      return null;
    case 'email': {
      const subject = block.emails[0]?.subject.trim() ?? '';
      return block.emails.length > 1
        ? { key: 'emailVariants', values: { subject, variants: block.emails.length }, depth }
        : { key: 'email', values: { subject }, depth };
    }
    case 'linkedin':
      return { key: 'linkedin', values: { action: block.actionType ?? 'none' }, depth };
    case 'delay': {
      const wait = waitInUnits(block.waiting_val ?? 0, 'hours');
      return { key: 'delay', values: { count: wait.count, unit: wait.unit }, depth };
    }
    case 'trigger': {
      const wait = waitInUnits(block.time ?? 0, 'minutes');
      return { key: 'trigger', values: { count: wait.count, unit: wait.unit, condition: block.triggerType ?? 'none' }, depth };
    }
    case 'goal':
      return { key: 'goal', values: { name: block.goal_name }, depth };
  }
}

/**
 * The sequence in words, from the start block along its links: each block a line, a trigger's
 * "yes" and "no" branches indented beneath it. A block reached again (a loop, or two branches
 * joining) is named once and then referred to, so the walk always ends.
 */
export function sequenceInWords(flowchart: Flowchart): PlanLine[] {
  const blocks = new Map(flowchart.operators.map((operator) => [operator.block.id, operator.block]));
  const outOf = (id: string, output: LinkOutput) => flowchart.links.find((link) => link.from === id && link.output === output)?.to ?? null;
  const start = flowchart.operators.find((operator) => operator.block.type === 'start')?.block;
  const lines: PlanLine[] = [];
  if (!start) return [{ key: 'noStart', values: {}, depth: 0 }];
  const seen = new Map<string, number>();
  let stepNumber = 0;

  const walk = (id: string | null, depth: number) => {
    let current = id;
    while (current !== null) {
      const block = blocks.get(current);
      if (!block) return;
      const earlier = seen.get(current);
      if (earlier !== undefined) {
        lines.push({ key: 'continueAt', values: { step: earlier }, depth });
        return;
      }
      const line = blockLine(block, depth);
      if (line) {
        stepNumber += 1;
        seen.set(current, stepNumber);
        lines.push({ ...line, values: { ...line.values, step: stepNumber } });
      } else {
        seen.set(current, 0);
      }
      if (block.type === 'trigger') {
        lines.push({ key: 'ifYes', values: {}, depth: depth + 1 });
        walk(outOf(current, 'yes'), depth + 2);
        lines.push({ key: 'ifNo', values: {}, depth: depth + 1 });
        walk(outOf(current, 'no'), depth + 2);
        return;
      }
      current = outOf(current, 'next');
    }
    lines.push({ key: 'end', values: {}, depth });
  };
  walk(start.id, 0);
  return lines;
}
