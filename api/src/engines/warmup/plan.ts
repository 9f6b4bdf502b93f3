/**
 * One day of the warm-up pool (issue 17): who sends a warm-up mail to whom. The pool is this
 * installation's mailboxes with warm-up on, across all accounts; every mailbox sends its day's
 * target (contracts rules/warmup.ts) to as many different partners.
 *
 * Rules, in order of weight:
 * 1. never to itself, and never to a partner it exchanged warm-up mail with (either way) within
 *    the cooldown (WARMUP_RULES.pairCooldownDays; `recentPairs`) or earlier today;
 * 2. no mailbox receives much more than it sends (at most 1.5 × its own target + 1), so each looks
 *    like a correspondent, not a sink;
 * 3. across different domains, then different providers, first; among equals, the partner that
 *    received least so far, then at random.
 *
 * Senders take turns one mail at a time in a random order, so when partners run short (a small
 * pool: with a 7-day cooldown a mailbox needs 7 × its target partners a week) the shortfall is
 * spread over everybody instead of starving the last ones; what could not be placed is answered
 * as `unmet` per mailbox. Pure: the caller reads the pool and the recent pairs and stores the plan.
 */

export interface PoolMailbox {
  id: number;
  /** The address's domain, lower case. */
  domain: string;
  /** The mailbox's provider (google, microsoft, smtp, …). */
  provider: string;
  /** Warm-up mails it sends today (warmupDailyTarget). */
  target: number;
}

export interface PlannedSend {
  from: number;
  to: number;
}

export interface DayPlan {
  sends: PlannedSend[];
  /** Mails a mailbox could not send today for want of partners, by mailbox id (absent: none). */
  unmet: Map<number, number>;
}

/** The key of an unordered pair of mailboxes, as `recentPairs` holds it. */
export function pairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/** How much a mailbox may receive in a day: about what it sends, never a sink. */
export function receivingCapacity(target: number): number {
  return Math.ceil(Math.max(0, target) * 1.5) + 1;
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

export function planWarmupDay(pool: readonly PoolMailbox[], recentPairs: ReadonlySet<string>, random: () => number = Math.random): DayPlan {
  // Every pool member may receive; those with a target also send. The scan below runs once per
  // mail over the whole pool (tens of millions of steps for 1,000 mailboxes), so it works on
  // arrays by position and numeric partner sets rather than maps and string keys.
  const members = shuffled(pool, random);
  const count = members.length;
  const positionOf = new Map(members.map((mailbox, index) => [mailbox.id, index]));
  const partners = members.map(() => new Set<number>());
  for (const key of recentPairs) {
    const [a, b] = key.split(':').map((part) => positionOf.get(Number(part)));
    if (a === undefined || b === undefined) continue;
    partners[a]!.add(b);
    partners[b]!.add(a);
  }
  const remaining = members.map((mailbox) => Math.max(0, Math.floor(mailbox.target)));
  const received = new Array<number>(count).fill(0);
  const capacity = members.map((mailbox) => receivingCapacity(mailbox.target));
  // A random tie-break per receiver, drawn once: the scan itself stays deterministic and cheap.
  const tieBreak = members.map(() => random() * 0.01);
  const sends: PlannedSend[] = [];
  const unmet = new Map<number, number>();

  let active = members.map((_, index) => index).filter((index) => remaining[index]! > 0);
  while (active.length > 0) {
    const next: number[] = [];
    for (const sender of active) {
      const from = members[sender]!;
      const taken = partners[sender]!;
      let best = -1;
      let bestScore = Number.NEGATIVE_INFINITY;
      for (let candidate = 0; candidate < count; candidate += 1) {
        const load = received[candidate]!;
        const room = capacity[candidate]!;
        if (candidate === sender || load >= room || taken.has(candidate)) continue;
        const to = members[candidate]!;
        const score = (to.domain !== from.domain ? 4 : 0) + (to.provider !== from.provider ? 2 : 0) - load / room + tieBreak[candidate]!;
        if (score > bestScore) {
          bestScore = score;
          best = candidate;
        }
      }
      if (best === -1) {
        unmet.set(from.id, remaining[sender]!);
        continue;
      }
      sends.push({ from: from.id, to: members[best]!.id });
      taken.add(best);
      partners[best]!.add(sender);
      received[best] = received[best]! + 1;
      remaining[sender] = remaining[sender]! - 1;
      if (remaining[sender]! > 0) next.push(sender);
    }
    active = next;
  }
  return { sends, unmet };
}
