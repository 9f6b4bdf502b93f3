/**
 * Rules of the finder: single email search, domain search, positions and company suggestions,
 * technology checks, history and the extension history pages. Never sees HTTP.
 */
import { randomBytes } from 'node:crypto';
import {
  EMAIL_PATTERNS,
  FINDER_LIMITS,
  RANDOM_ID_LENGTH,
  normaliseDomain,
  type Candidate,
  type CompanyInfo,
  type DomainEmail,
  type DomainSearchResult,
  type EmailPattern,
  type FinderResultStatus,
  type ProspectTarget,
  type SearchHistoryItem,
  type SingleSearchResult,
  type TechcheckResult,
} from '@leadforge/contracts';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/types';
import { crawlDomain } from '../../engines/web-fetch/crawler';
import { UrlNotAllowedError, type WebFetcher } from '../../engines/web-fetch/fetcher';
import { checkSite } from '../../engines/techcheck/techcheck';
import { DomainError, isDomainError } from '../../http/domain-error';
import { scopeOf, type Caller } from '../account/caller';
import type { FoundProspect, ProspectsModule } from '../prospects/module';
import type { VerificationModule, VerificationOutcome } from '../verification/module';
import { candidateAddresses, patternsOf, rankPatterns, splitName, type PatternCounts, type PatternKnowledge } from './patterns';
import * as repo from './repository';

/** Candidates verified at most per person: each costs a credit, and past these the odds are slim. */
export const MAX_CANDIDATES_VERIFIED = FINDER_LIMITS.candidatesVerifiedMax;
/** Weight of an own-data address not (yet) verified valid, against 1 for a verified one. */
const UNVERIFIED_OWN_WEIGHT = 0.5;
/** Verification reasons meaning the domain takes no mail at all: trying more candidates is pointless. */
const DOMAIN_DEAD_REASONS = ['mx_missing', 'domain_missing', 'no_mx', 'domain_not_found'];
const RECENT_SEARCHES_SHOWN = 5;
/** Whole-crawl deadline of one domain search. */
const CRAWL_DEADLINE_MS = 30_000;
const POSITION_SOURCES_SCANNED = 20;

/** Common titles offered when the user's own data has few (url-emails/positions). */
export const COMMON_POSITIONS = [
  'Chief Executive Officer',
  'Chief Technology Officer',
  'Chief Financial Officer',
  'Chief Operating Officer',
  'Chief Marketing Officer',
  'Founder',
  'Co-Founder',
  'Owner',
  'President',
  'Vice President of Sales',
  'VP Marketing',
  'Head of Sales',
  'Head of Marketing',
  'Head of Growth',
  'Head of Product',
  'Head of Engineering',
  'Sales Director',
  'Marketing Director',
  'Sales Manager',
  'Marketing Manager',
  'Account Executive',
  'Account Manager',
  'Business Development Manager',
  'Sales Development Representative',
  'Customer Success Manager',
  'Product Manager',
  'Project Manager',
  'Software Engineer',
  'HR Manager',
  'Recruiter',
  'Office Manager',
  'Operations Manager',
];

/** How senior a position reads (best-company contacts and default ordering). */
export function seniority(position: string | null, email: string): number {
  const local = email.split('@')[0] ?? '';
  if (/^(info|sales|support|contact|hello|office|press|admin|team|jobs|careers|marketing|billing|help)$/.test(local)) return 0;
  const text = (position ?? '').toLowerCase();
  if (/\b(founder|owner|ceo|chief executive|president|managing director)\b/.test(text)) return 100;
  if (/\b(chief|cto|cfo|coo|cmo|cio)\b/.test(text)) return 90;
  if (/\b(vp|vice president|partner)\b/.test(text)) return 80;
  if (/\b(head|director)\b/.test(text)) return 70;
  if (/\b(manager|lead)\b/.test(text)) return 50;
  return text ? 30 : 10;
}

export function newSearchId(): string {
  return randomBytes(RANDOM_ID_LENGTH).toString('base64url').slice(0, RANDOM_ID_LENGTH);
}

export interface FinderDeps {
  db: Db;
  config: AppConfig;
  verification: VerificationModule;
  prospects: ProspectsModule;
  fetcher: WebFetcher;
}

export interface FoundEmail {
  email: string | null;
  status: FinderResultStatus;
  pattern: EmailPattern | null;
  /** null until a mail server's answer settles it. */
  catchAll: boolean | null;
  patternSource: 'account' | 'global' | 'default';
  candidates: Candidate[];
}

function parseDomainOrThrow(input: string): string {
  const domain = normaliseDomain(input);
  if (!domain) throw new DomainError('domain_invalid', { field: 'domain' });
  return domain;
}

function candidateStatus(outcome: VerificationOutcome): Candidate['status'] {
  if (outcome.flags.catchAll || outcome.status === 'catch_all') return 'catch_all';
  if (outcome.status === 'valid') return 'valid';
  if (outcome.status === 'not_valid') return 'invalid';
  if (outcome.status === 'greylist' || outcome.status === 'in_progress') return 'greylist';
  return 'unknown';
}

function emailStatusOf(outcome: VerificationOutcome | undefined): DomainEmail['status'] {
  if (!outcome) return 'not_verified';
  return outcome.status === 'in_progress' ? 'greylist' : outcome.status;
}

/** Prospects' errors keep their catalogue key; a list the user may not write to is list_not_found. */
export function asListError(error: unknown): unknown {
  if (isDomainError(error) && error.items[0]?.key === 'not_found') return new DomainError('list_not_found', { field: 'target' });
  return error;
}

export class FinderService {
  constructor(private readonly deps: FinderDeps) {}

  // ------------------------------------------------------------ patterns

  /** What is known of the domain's address pattern: the account's (own data, finds) and everyone's counts. */
  async patternKnowledge(caller: Caller, domain: string): Promise<PatternKnowledge> {
    const scope = scopeOf(caller);
    const account: PatternCounts = {};
    const global: PatternCounts = {};
    for (const row of await repo.patternCounts(this.deps.db, scope, domain)) {
      const pattern = row.pattern as EmailPattern;
      if (!(EMAIL_PATTERNS as readonly string[]).includes(pattern)) continue;
      global[pattern] = (global[pattern] ?? 0) + row.hits;
      if (row.ownHits > 0) account[pattern] = (account[pattern] ?? 0) + row.ownHits;
    }
    const own = await repo.ownAddressesAt(this.deps.db, scope, domain);
    if (own.length > 0) {
      const verified = await this.latestSafe(
        caller,
        own.map((row) => row.email.toLowerCase()),
      );
      for (const row of own) {
        const [local, host] = row.email.toLowerCase().split('@');
        if (!local || host !== domain) continue;
        const names = row.firstName || row.lastName ? { firstName: row.firstName ?? '', lastName: row.lastName ?? '' } : splitName(row.name);
        const patterns = patternsOf(local, names.firstName, names.lastName);
        if (patterns.length === 0) continue;
        const weight = (verified.get(row.email.toLowerCase())?.status === 'valid' ? 1 : UNVERIFIED_OWN_WEIGHT) / patterns.length;
        for (const pattern of patterns) account[pattern] = (account[pattern] ?? 0) + weight;
      }
    }
    return { account, global };
  }

  /** Latest verification outcomes; empty when the verification area cannot answer (never fails a search). */
  private async latestSafe(caller: Caller, emails: string[]): Promise<Map<string, VerificationOutcome>> {
    if (emails.length === 0) return new Map();
    try {
      return await this.deps.verification.latest(caller, emails);
    } catch {
      return new Map();
    }
  }

  // ------------------------------------------------------------ single search

  /** Ranks the candidates and verifies them in turn until one is valid (see FINDER statuses). */
  async findEmail(caller: Caller, firstName: string, lastName: string, domain: string, signal?: AbortSignal): Promise<FoundEmail> {
    const { source, ranked } = rankPatterns(await this.patternKnowledge(caller, domain));
    const addresses = candidateAddresses(firstName, lastName, domain, ranked);
    const candidates: Candidate[] = addresses.map((candidate) => ({ ...candidate, status: 'not_checked' }));
    const found: FoundEmail = { email: null, status: 'not_found', pattern: null, catchAll: null, patternSource: source, candidates };
    if (candidates.length === 0) return found;

    let firstUnsure: Candidate | null = null;
    let greylisted = false;
    for (const candidate of candidates.slice(0, MAX_CANDIDATES_VERIFIED)) {
      if (signal?.aborted) break;
      const [outcome] = await this.deps.verification.verify(caller, [candidate.email], { signal });
      if (!outcome) continue;
      candidate.status = candidateStatus(outcome);
      const domainDead = outcome.reasons.some((reason) => DOMAIN_DEAD_REASONS.includes(reason));
      // A server that accepts one address but not a random one, or refuses a mailbox, is not catch-all.
      if (candidate.status === 'valid' || (candidate.status === 'invalid' && !domainDead)) found.catchAll = false;
      if (candidate.status === 'valid') {
        Object.assign(found, { email: candidate.email, status: 'valid', pattern: candidate.pattern });
        await repo.recordPatternHit(this.deps.db, scopeOf(caller), domain, candidate.pattern);
        return found;
      }
      if (candidate.status === 'catch_all') {
        // Every address is accepted: the best-ranked pattern is the honest guess.
        const top = candidates[0]!;
        Object.assign(found, { email: top.email, status: 'unverifiable', pattern: top.pattern, catchAll: true });
        return found;
      }
      if (candidate.status === 'invalid' && domainDead) return found;
      if (candidate.status === 'greylist') greylisted = true;
      if ((candidate.status === 'greylist' || candidate.status === 'unknown') && !firstUnsure) firstUnsure = candidate;
    }
    if (firstUnsure) {
      Object.assign(found, { email: firstUnsure.email, status: greylisted ? 'greylist' : 'unknown', pattern: firstUnsure.pattern });
    }
    return found;
  }

  async singleSearch(caller: Caller, body: { firstName: string; lastName: string; domain: string }): Promise<SingleSearchResult> {
    const domain = parseDomainOrThrow(body.domain);
    const found = await this.findEmail(caller, body.firstName, body.lastName, domain);
    const result: SingleSearchResult = {
      searchId: newSearchId(),
      firstName: body.firstName,
      lastName: body.lastName,
      domain,
      ...found,
      createdAt: new Date().toISOString(),
    };
    await repo.insertSearch(this.deps.db, scopeOf(caller), {
      searchId: result.searchId,
      kind: 'single',
      domain,
      label: `${body.firstName} ${body.lastName} @ ${domain}`,
      email: result.email,
      status: result.status,
      found: result.email ? 1 : 0,
      result,
    });
    return result;
  }

  /**
   * One single search. A greylisted answer is re-checked by the verification area's back-off job;
   * reading the search picks up what that re-check found (the screen re-polls every 10 s, §7.11).
   */
  async singleSearchGet(caller: Caller, searchId: string): Promise<SingleSearchResult> {
    const scope = scopeOf(caller);
    const row = await repo.searchOf(this.deps.db, scope, searchId);
    if (!row || row.kind !== 'single') throw new DomainError('not_found');
    const result = row.result as SingleSearchResult;
    if (result.status !== 'greylist') return result;
    const pending = result.candidates.filter((candidate) => candidate.status === 'greylist');
    const latest = await this.latestSafe(caller, pending.map((candidate) => candidate.email));
    let changed = false;
    for (const candidate of pending) {
      const outcome = latest.get(candidate.email);
      if (!outcome || outcome.status === 'greylist' || outcome.status === 'in_progress') continue;
      candidate.status = candidateStatus(outcome);
      changed = true;
    }
    if (!changed) return result;
    const valid = result.candidates.find((candidate) => candidate.status === 'valid');
    const stillGrey = result.candidates.find((candidate) => candidate.status === 'greylist');
    if (valid) {
      Object.assign(result, { email: valid.email, status: 'valid', pattern: valid.pattern });
      await repo.recordPatternHit(this.deps.db, scope, result.domain, valid.pattern);
    } else if (stillGrey) {
      Object.assign(result, { email: stillGrey.email, pattern: stillGrey.pattern });
    } else {
      const unsure = result.candidates.find((candidate) => candidate.status === 'unknown');
      Object.assign(result, unsure ? { email: unsure.email, status: 'unknown', pattern: unsure.pattern } : { email: null, status: 'not_found', pattern: null });
    }
    await repo.updateSearchResult(this.deps.db, scope, row.id, { email: result.email, status: result.status, found: result.email ? 1 : 0, result });
    return result;
  }

  async singleSearchSave(caller: Caller, searchId: string, target: ProspectTarget) {
    const result = await this.singleSearchGet(caller, searchId);
    if (!result.email) throw new DomainError('not_found');
    return this.save(caller, target, [
      {
        name: `${result.firstName} ${result.lastName}`.trim(),
        firstName: result.firstName,
        lastName: result.lastName,
        email: result.email,
        ...(result.status === 'valid' ? { emailStatus: 'valid' as const } : result.status === 'unverifiable' ? { emailStatus: 'catch_all' as const } : {}),
        companyUrl: result.domain,
      },
    ]);
  }

  async save(caller: Caller, target: ProspectTarget, rows: FoundProspect[], source?: string) {
    try {
      return await this.deps.prospects.addFoundProspects(caller, target, rows, source ? { source } : undefined);
    } catch (error) {
      throw asListError(error);
    }
  }

  // ------------------------------------------------------------ domain search

  /** Own data + crawl, merged, with known statuses, best contacts first. */
  async collectDomain(caller: Caller, domain: string, signal?: AbortSignal) {
    const own = await repo.ownAddressesAt(this.deps.db, scopeOf(caller), domain);
    // A slow site must not hold a request (or a bulk row) for pages × fetch timeout: what the
    // crawl found by the deadline is the answer, marked truncated.
    const deadline = AbortSignal.timeout(CRAWL_DEADLINE_MS);
    let crawl;
    try {
      crawl = await crawlDomain(this.deps.fetcher, domain, {
        maxPages: this.deps.config.fetch.crawlMaxPages,
        maxDepth: this.deps.config.fetch.crawlMaxDepth,
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      });
      if (deadline.aborted) crawl.truncated = true;
    } catch (error) {
      if (error instanceof UrlNotAllowedError) throw new DomainError('url_not_allowed', { field: 'domain' });
      throw error;
    }
    const byEmail = new Map<string, DomainEmail>();
    for (const row of own) {
      const email = row.email.toLowerCase();
      const names = row.firstName || row.lastName ? { firstName: row.firstName ?? '', lastName: row.lastName ?? '' } : splitName(row.name);
      byEmail.set(email, {
        email,
        name: row.name || null,
        firstName: names.firstName || null,
        lastName: names.lastName || null,
        position: null,
        source: 'own_data',
        sourceUrl: null,
        status: 'not_verified',
      });
    }
    for (const person of crawl.people) {
      const known = byEmail.get(person.email);
      const names = person.name ? splitName(person.name) : { firstName: '', lastName: '' };
      if (known) {
        byEmail.set(person.email, { ...known, name: known.name ?? person.name, position: known.position ?? person.position, sourceUrl: person.sourceUrl });
      } else {
        byEmail.set(person.email, {
          email: person.email,
          name: person.name,
          firstName: names.firstName || null,
          lastName: names.lastName || null,
          position: person.position,
          source: 'website',
          sourceUrl: person.sourceUrl,
          status: 'not_verified',
        });
      }
    }
    const statuses = await this.latestSafe(caller, [...byEmail.keys()]);
    const emails = [...byEmail.values()]
      .map((entry) => ({ ...entry, status: emailStatusOf(statuses.get(entry.email)) }))
      .sort((a, b) => seniority(b.position, b.email) - seniority(a.position, a.email) || a.email.localeCompare(b.email));
    const company: CompanyInfo = { domain, ...crawl.company };
    return {
      emails,
      company,
      crawl: { pagesFetched: crawl.pagesFetched, blockedByRobots: crawl.blockedByRobots, failed: crawl.failed, truncated: crawl.truncated },
    };
  }

  async domainSearch(caller: Caller, body: { domain: string; position?: string | undefined }): Promise<DomainSearchResult> {
    const domain = parseDomainOrThrow(body.domain);
    const collected = await this.collectDomain(caller, domain);
    const position = body.position?.trim() || null;
    const emails = position ? collected.emails.filter((entry) => entry.position?.toLowerCase().includes(position.toLowerCase())) : collected.emails;
    const searchId = newSearchId();
    const createdAt = new Date().toISOString();
    const stored = { searchId, domain, position, company: collected.company, emails, crawl: collected.crawl, createdAt };
    await repo.insertSearch(this.deps.db, scopeOf(caller), {
      searchId,
      kind: 'domain',
      domain,
      label: domain,
      found: emails.length,
      companyName: collected.company.name,
      result: stored,
    });
    return pageOfDomainSearch(stored, 1);
  }

  private async storedDomainSearch(caller: Caller, searchId: string): Promise<StoredDomainSearch> {
    const row = await repo.searchOf(this.deps.db, scopeOf(caller), searchId);
    if (!row || row.kind !== 'domain') throw new DomainError('not_found');
    return row.result as StoredDomainSearch;
  }

  async domainSearchGet(caller: Caller, searchId: string, page: number): Promise<DomainSearchResult> {
    return pageOfDomainSearch(await this.storedDomainSearch(caller, searchId), page);
  }

  async domainSearchSave(caller: Caller, searchId: string, target: ProspectTarget, emails?: string[]) {
    const stored = await this.storedDomainSearch(caller, searchId);
    const wanted = emails ? new Set(emails.map((email) => email.toLowerCase())) : null;
    const rows = stored.emails.filter((entry) => !wanted || wanted.has(entry.email)).map((entry) => domainEmailToProspect(entry, stored.domain, stored.company.name));
    return this.save(caller, target, rows);
  }

  // ------------------------------------------------------------ suggestions

  async positions(caller: Caller, term: string): Promise<string[]> {
    const scope = scopeOf(caller);
    const wanted = term.trim().toLowerCase();
    const found = new Map<string, string>();
    const add = (position: string | null | undefined) => {
      const clean = position?.trim();
      if (clean && clean.toLowerCase().includes(wanted) && !found.has(clean.toLowerCase())) found.set(clean.toLowerCase(), clean);
    };
    for (const position of await repo.ownPositionsLike(this.deps.db, scope, wanted, FINDER_LIMITS.positionsMax)) add(position);
    for (const row of await repo.recentDomainResults(this.deps.db, scope, POSITION_SOURCES_SCANNED)) {
      for (const entry of (row.result as StoredDomainSearch).emails ?? []) add(entry.position);
    }
    for (const position of COMMON_POSITIONS) add(position);
    return [...found.values()].slice(0, FINDER_LIMITS.positionsMax);
  }

  async companies(caller: Caller, query: string) {
    const term = query.trim();
    if (!term) return [];
    const scope = scopeOf(caller);
    const found = new Map<string, { name: string; domain: string; logo: string | null }>();
    for (const row of await repo.ownCompaniesLike(this.deps.db, scope, term, FINDER_LIMITS.companiesMax)) {
      const domain = normaliseDomain(row.domain ?? row.url ?? '');
      if (domain && !found.has(domain)) found.set(domain, { name: row.name, domain, logo: row.logo ?? null });
    }
    for (const row of await repo.companiesLike(this.deps.db, scope, term, FINDER_LIMITS.companiesMax)) {
      const company = (row.result as StoredDomainSearch).company;
      if (!found.has(row.domain)) found.set(row.domain, { name: row.name ?? row.domain, domain: row.domain, logo: company?.logo ?? null });
    }
    return [...found.values()].slice(0, FINDER_LIMITS.companiesMax);
  }

  // ------------------------------------------------------------ technology checker

  async techcheck(input: string): Promise<TechcheckResult> {
    const explicit = /^https?:\/\//i.test(input.trim());
    let target = input.trim();
    if (!explicit) target = parseDomainOrThrow(input);
    else {
      try {
        new URL(target);
      } catch {
        throw new DomainError('domain_invalid', { field: 'url' });
      }
    }
    try {
      const outcome = await checkSite(this.deps.fetcher, target);
      return { ...outcome, checkedAt: new Date().toISOString() };
    } catch (error) {
      if (isDomainError(error)) throw error;
      // A well-formed name that does not resolve, refuses or times out is a site we could not
      // reach; "invalid domain" is only for malformed input (checked above).
      if (error instanceof UrlNotAllowedError && error.reason !== 'dns') throw new DomainError('url_not_allowed', { field: 'url' });
      throw new DomainError('site_unreachable', { field: 'url' });
    }
  }

  // ------------------------------------------------------------ history

  async history(caller: Caller, kind: 'single' | 'domain' | undefined, page: number) {
    const perPage = FINDER_LIMITS.historyPerPage;
    const { rows, total } = await repo.searchesOf(this.deps.db, scopeOf(caller), kind, page, perPage);
    return { items: rows.map(historyItem), total, page, perPage };
  }

  async overview(caller: Caller, counts: { bulkJobsActive: number; linkedinTasksActive: number }) {
    const scope = scopeOf(caller);
    const byKind = await repo.searchCounts(this.deps.db, scope);
    const { rows } = await repo.searchesOf(this.deps.db, scope, undefined, 1, RECENT_SEARCHES_SHOWN);
    return { singleSearches: byKind.single ?? 0, domainSearches: byKind.domain ?? 0, ...counts, recent: rows.map(historyItem) };
  }

  async pluginHistory(caller: Caller, searchId: string) {
    const row = await repo.searchOf(this.deps.db, scopeOf(caller), searchId);
    if (!row) throw new DomainError('not_found');
    return {
      item: historyItem(row),
      single: row.kind === 'single' ? (row.result as SingleSearchResult) : null,
      domain: row.kind === 'domain' ? pageOfDomainSearch(row.result as StoredDomainSearch, 1) : null,
    };
  }

  async pluginBestCompany(caller: Caller, searchId: string) {
    const stored = await this.storedDomainSearch(caller, searchId);
    const contacts = stored.emails.filter((entry) => seniority(entry.position, entry.email) > 0).slice(0, FINDER_LIMITS.domainSearchPerPage);
    return { searchId, company: stored.company, contacts, total: stored.emails.length };
  }
}

export interface StoredDomainSearch {
  searchId: string;
  domain: string;
  position: string | null;
  company: CompanyInfo;
  emails: DomainEmail[];
  crawl: DomainSearchResult['crawl'];
  createdAt: string;
}

export function pageOfDomainSearch(stored: StoredDomainSearch, page: number): DomainSearchResult {
  const perPage = FINDER_LIMITS.domainSearchPerPage;
  return {
    ...stored,
    emails: stored.emails.slice((page - 1) * perPage, page * perPage),
    total: stored.emails.length,
    page,
    perPage,
  };
}

export function domainEmailToProspect(entry: DomainEmail, domain: string, companyName: string | null): FoundProspect {
  const emailStatus = entry.status === 'not_verified' ? undefined : entry.status;
  return {
    name: entry.name ?? entry.email,
    ...(entry.firstName ? { firstName: entry.firstName } : {}),
    ...(entry.lastName ? { lastName: entry.lastName } : {}),
    email: entry.email,
    ...(emailStatus ? { emailStatus } : {}),
    ...(entry.position ? { position: entry.position } : {}),
    ...(companyName ? { companyName } : {}),
    companyUrl: domain,
  };
}

function historyItem(row: repo.SearchRow): SearchHistoryItem {
  return {
    searchId: row.searchId,
    kind: row.kind,
    label: row.label,
    domain: row.domain,
    email: row.email,
    status: (row.status as FinderResultStatus | null) ?? null,
    found: row.found,
    createdAt: row.createdAt.toISOString(),
  };
}
