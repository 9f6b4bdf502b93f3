/**
 * The per-block funnel drawn on the read-only flowchart: the figures of each block as the
 * SequenceEditor's `counts` ({[blockId]: {label: count}}), labels translated by the caller.
 */
import type { CampaignEventKind, Flowchart, FlowchartBlockStatistics } from '@leadforge/contracts';

export type FunnelLabel =
  | 'entered'
  | 'waiting'
  | 'reached'
  | 'sent'
  | 'opened'
  | 'clicked'
  | 'replied'
  | 'bounced'
  | 'linkedin_visit'
  | 'linkedin_like'
  | 'linkedin_follow'
  | 'linkedin_invite'
  | 'linkedin_invite_accepted'
  | 'linkedin_message'
  | 'linkedin_in_mail'
  | 'linkedin_replied';

const EMAIL_KINDS = ['sent', 'opened', 'clicked', 'replied', 'bounced'] as const satisfies readonly CampaignEventKind[];
const LINKEDIN_KINDS = [
  'linkedin_visit',
  'linkedin_like',
  'linkedin_follow',
  'linkedin_invite',
  'linkedin_invite_accepted',
  'linkedin_message',
  'linkedin_in_mail',
  'linkedin_replied',
] as const satisfies readonly CampaignEventKind[];

export type BlockCounts = Record<string, Record<string, number>>;

/**
 * Which figures each block shows (recipients, unique per kind): every block how many entered it;
 * a delay or trigger how many wait in it; an email block its sends, opens, clicks, replies and
 * bounces; a LinkedIn block the actions it did; a goal how many reached it.
 */
export function flowchartCounts(flowchart: Flowchart, blocks: readonly FlowchartBlockStatistics[], label: (key: FunnelLabel) => string): BlockCounts {
  const byId = new Map(blocks.map((block) => [block.blockId, block]));
  const counts: BlockCounts = {};
  for (const { block } of flowchart.operators) {
    const stats = byId.get(block.id);
    if (!stats) continue;
    const entry: Record<string, number> = {};
    switch (block.type) {
      case 'goal':
        entry[label('reached')] = stats.entered;
        break;
      case 'delay':
      case 'trigger':
        entry[label('entered')] = stats.entered;
        entry[label('waiting')] = stats.current;
        break;
      case 'email':
        entry[label('entered')] = stats.entered;
        for (const kind of EMAIL_KINDS) entry[label(kind)] = stats.figures[kind].unique;
        break;
      case 'linkedin':
        entry[label('entered')] = stats.entered;
        for (const kind of LINKEDIN_KINDS) if (stats.figures[kind].unique > 0) entry[label(kind)] = stats.figures[kind].unique;
        break;
      default:
        entry[label('entered')] = stats.entered;
    }
    counts[block.id] = entry;
  }
  return counts;
}
