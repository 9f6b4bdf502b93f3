/**
 * Email address patterns: the candidates for a person at a domain, the pattern a known address
 * follows, and the ranking of patterns by what is known of the domain (pure, no I/O).
 */
import { EMAIL_PATTERNS, type EmailPattern } from '@leadforge/contracts';

/** Lower-case ASCII letters only: accents folded (José → jose), everything else dropped. */
export function nameToken(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z]/g, '');
}

/** The local part a pattern gives for a name; null when the name lacks what the pattern needs. */
export function localPartFor(pattern: EmailPattern, first: string, last: string): string | null {
  if (!first || !last) {
    if (pattern === 'first' && first) return first;
    if (pattern === 'last' && last) return last;
    return null;
  }
  const f = first[0]!;
  const l = last[0]!;
  switch (pattern) {
    case 'first.last':
      return `${first}.${last}`;
    case 'flast':
      return `${f}${last}`;
    case 'first':
      return first;
    case 'firstlast':
      return `${first}${last}`;
    case 'f.last':
      return `${f}.${last}`;
    case 'last':
      return last;
    case 'first_last':
      return `${first}_${last}`;
    case 'lastf':
      return `${last}${f}`;
    case 'first-last':
      return `${first}-${last}`;
    case 'last.first':
      return `${last}.${first}`;
    case 'firstl':
      return `${first}${l}`;
    case 'first.l':
      return `${first}.${l}`;
    case 'lastfirst':
      return `${last}${first}`;
    case 'fl':
      return `${f}${l}`;
    case 'last_first':
      return `${last}_${first}`;
    case 'last.f':
      return `${last}.${f}`;
  }
}

/** Patterns that produce `localPart` for this person (several when the name is short or repeated). */
export function patternsOf(localPart: string, firstName: string, lastName: string): EmailPattern[] {
  const first = nameToken(firstName);
  const last = nameToken(lastName);
  const local = localPart.toLowerCase();
  return EMAIL_PATTERNS.filter((pattern) => localPartFor(pattern, first, last) === local);
}

/** Splits a full name into first and last (the last word is the last name). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: '', lastName: '' };
  if (words.length === 1) return { firstName: words[0]!, lastName: '' };
  return { firstName: words[0]!, lastName: words[words.length - 1]! };
}

export type PatternCounts = Partial<Record<EmailPattern, number>>;

export interface PatternKnowledge {
  /** Patterns of addresses this account knows at the domain (own data and its finds). */
  account: PatternCounts;
  /** Pattern counts across every account for the domain (counts only, never addresses). */
  global: PatternCounts;
}

export interface RankedPattern {
  pattern: EmailPattern;
  /** Share of the known addresses using it (0 when nothing is known). */
  score: number;
}

function total(counts: PatternCounts): number {
  return Object.values(counts).reduce((sum, value) => sum + (value ?? 0), 0);
}

/**
 * Patterns best first. The account's own knowledge wins when it has any (it is about the very
 * addresses the user works with); otherwise the global statistics; otherwise the general
 * frequency order of EMAIL_PATTERNS. Ties keep that general order.
 */
export function rankPatterns(knowledge: PatternKnowledge): { source: 'account' | 'global' | 'default'; ranked: RankedPattern[] } {
  const accountTotal = total(knowledge.account);
  const globalTotal = total(knowledge.global);
  const source = accountTotal > 0 ? 'account' : globalTotal > 0 ? 'global' : 'default';
  const counts = source === 'account' ? knowledge.account : source === 'global' ? knowledge.global : {};
  const sum = source === 'account' ? accountTotal : globalTotal;
  const ranked = EMAIL_PATTERNS.map((pattern, order) => {
    // The global share breaks ties inside the account's ranking (a small weight, never a reorder of clear winners).
    const own = sum > 0 ? (counts[pattern] ?? 0) / sum : 0;
    const tieBreak = source === 'account' && globalTotal > 0 ? ((knowledge.global[pattern] ?? 0) / globalTotal) * 1e-3 : 0;
    return { pattern, score: own, key: own + tieBreak, order };
  })
    .sort((a, b) => b.key - a.key || a.order - b.order)
    .map(({ pattern, score }) => ({ pattern, score: Math.round(score * 1000) / 1000 }));
  return { source, ranked };
}

export interface CandidateAddress {
  email: string;
  pattern: EmailPattern;
  score: number;
}

/** Candidate addresses for a person in ranked order, one per distinct local part. */
export function candidateAddresses(firstName: string, lastName: string, domain: string, ranked: RankedPattern[]): CandidateAddress[] {
  const first = nameToken(firstName);
  const last = nameToken(lastName);
  const seen = new Set<string>();
  const candidates: CandidateAddress[] = [];
  for (const { pattern, score } of ranked) {
    const local = localPartFor(pattern, first, last);
    if (!local || seen.has(local)) continue;
    seen.add(local);
    candidates.push({ email: `${local}@${domain}`, pattern, score });
  }
  return candidates;
}
