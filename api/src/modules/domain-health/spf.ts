/**
 * SPF (RFC 7208): a parser of the record, and a walk that resolves its includes and redirect,
 * counts the DNS-querying terms and evaluates whether an address may send for the domain.
 *
 * Written here rather than taken from npm: mailauth's SPF is a check_host() for one message that
 * stops at the first matching term, so it cannot tell a domain owner how many lookups the whole
 * record costs (what breaks a record once a provider adds an include); the small parsers on the
 * registry (spf-parse and the like) are unmaintained and do not validate macros or CIDR lengths.
 *
 * Limits counted as receivers count them (§4.6.4): include, a, mx, ptr, exists and redirect each
 * cost one lookup, at most 10 in all; lookups that answer nothing ("void") at most 2. The walk
 * goes on past 10 (up to WALK_LOOKUP_CAP) so the owner learns the real count.
 */
import ipaddr from 'ipaddr.js';
import { DOMAIN_HEALTH_LIMITS } from '@leadforge/contracts';
import { normaliseName, type DnsAnswer } from './dns';

export type SpfQualifier = '+' | '-' | '~' | '?';
export type SpfMechanismKind = 'all' | 'include' | 'a' | 'mx' | 'ptr' | 'ip4' | 'ip6' | 'exists';

export interface SpfMechanism {
  qualifier: SpfQualifier;
  kind: SpfMechanismKind;
  /** The domain-spec (include, a, mx, ptr, exists) or the network (ip4, ip6); null when left out. */
  value: string | null;
  /** CIDR prefix lengths (ip4/ip6, and the dual CIDR of a and mx). */
  cidr4: number | null;
  cidr6: number | null;
  /** The term as written. */
  term: string;
}

export interface SpfRecord {
  mechanisms: SpfMechanism[];
  redirect: string | null;
  exp: string | null;
}

export type SpfParse = { ok: true; record: SpfRecord } | { ok: false; term: string };

/** Whether a TXT record is an SPF record at all (§4.5): `v=spf1` alone or followed by a space. */
export function isSpfRecord(text: string): boolean {
  return /^v=spf1(\s|$)/i.test(text.trim());
}

/** The terms that make a receiver ask DNS (§4.6.4). */
export const LOOKUP_KINDS: ReadonlySet<SpfMechanismKind> = new Set(['include', 'a', 'mx', 'ptr', 'exists']);

const MACRO = /%(?:\{[slodiphcrtv]\d*r?[.\-+,/_=]*\}|%|_|-)/gi;
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/i;

/** A domain-spec (§7.1): macros where the RFC allows them, otherwise a host name with labels of letters, digits, hyphens and underscores. */
export function isDomainSpec(value: string): boolean {
  if (!value || value.length > 253 || /\s/.test(value)) return false;
  const withoutMacros = value.replace(MACRO, 'm');
  if (withoutMacros.includes('%')) return false;
  if (value !== withoutMacros) return /^[\x21-\x7e]+$/.test(value);
  const labels = value.replace(/\.$/, '').split('.');
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && /[a-z]/i.test(labels[labels.length - 1]!);
}

export const hasMacro = (value: string) => value.includes('%');

function readCidr(text: string, max: number): number | null | undefined {
  if (text === '') return null;
  if (!/^(0|[1-9]\d{0,2})$/.test(text)) return undefined;
  const value = Number(text);
  return value <= max ? value : undefined;
}

/** `/24//64`, `/24`, `//64` or nothing after a domain-spec of a or mx. */
function splitDualCidr(argument: string): { spec: string; cidr4: number | null; cidr6: number | null } | null {
  const match = /^(.*?)(?:\/(\d+))?(?:\/\/(\d+))?$/.exec(argument);
  if (!match) return null;
  const cidr4 = match[2] === undefined ? null : readCidr(match[2], 32);
  const cidr6 = match[3] === undefined ? null : readCidr(match[3], 128);
  if (cidr4 === undefined || cidr6 === undefined) return null;
  return { spec: match[1] ?? '', cidr4, cidr6 };
}

/** Parses an SPF record; the first term that is not valid RFC 7208 syntax makes the whole record invalid (a permerror for receivers). */
export function parseSpf(text: string): SpfParse {
  const terms = text.trim().split(/\s+/);
  if (!/^v=spf1$/i.test(terms[0] ?? '')) return { ok: false, term: terms[0] ?? '' };
  const record: SpfRecord = { mechanisms: [], redirect: null, exp: null };
  for (const term of terms.slice(1)) {
    const modifier = /^([a-z][a-z0-9_.-]*)=(.*)$/i.exec(term);
    if (modifier) {
      const name = modifier[1]!.toLowerCase();
      const value = modifier[2]!;
      if (name === 'redirect' || name === 'exp') {
        if (record[name] !== null || !isDomainSpec(value)) return { ok: false, term };
        record[name] = value;
      } else if (!/^[\x21-\x7e]*$/.test(value)) {
        return { ok: false, term };
      }
      // Unknown modifiers are ignored (§6).
      continue;
    }
    const qualified = /^([+\-~?]?)([a-z0-9]+)(?:([:/])(.*))?$/i.exec(term);
    if (!qualified) return { ok: false, term };
    const qualifier = (qualified[1] || '+') as SpfQualifier;
    const kind = qualified[2]!.toLowerCase();
    const separator = qualified[3];
    const rest = qualified[4] ?? '';
    const argument = separator === '/' ? `/${rest}` : rest;
    const base = { qualifier, term };
    switch (kind) {
      case 'all':
        if (separator) return { ok: false, term };
        record.mechanisms.push({ ...base, kind, value: null, cidr4: null, cidr6: null });
        break;
      case 'include':
      case 'exists':
        if (separator !== ':' || !isDomainSpec(argument)) return { ok: false, term };
        record.mechanisms.push({ ...base, kind, value: argument, cidr4: null, cidr6: null });
        break;
      case 'ptr':
        if (separator === '/' || (separator === ':' && !isDomainSpec(argument))) return { ok: false, term };
        record.mechanisms.push({ ...base, kind, value: separator ? argument : null, cidr4: null, cidr6: null });
        break;
      case 'a':
      case 'mx': {
        const split = splitDualCidr(argument);
        if (!split || (separator === ':' && !isDomainSpec(split.spec)) || (separator !== ':' && split.spec !== '')) return { ok: false, term };
        record.mechanisms.push({ ...base, kind, value: split.spec || null, cidr4: split.cidr4, cidr6: split.cidr6 });
        break;
      }
      case 'ip4':
      case 'ip6': {
        if (separator !== ':') return { ok: false, term };
        const slash = argument.indexOf('/', kind === 'ip6' ? argument.lastIndexOf(':') : 0);
        const address = slash < 0 ? argument : argument.slice(0, slash);
        const cidr = slash < 0 ? null : readCidr(argument.slice(slash + 1), kind === 'ip4' ? 32 : 128);
        const valid = kind === 'ip4' ? ipaddr.IPv4.isValidFourPartDecimal(address) : ipaddr.IPv6.isValid(address);
        if (!valid || cidr === undefined) return { ok: false, term };
        record.mechanisms.push({ ...base, kind, value: address, cidr4: kind === 'ip4' ? cidr : null, cidr6: kind === 'ip6' ? cidr : null });
        break;
      }
      default:
        return { ok: false, term };
    }
  }
  return { ok: true, record };
}

// ------------------------------------------------------------------ the walk

/** What the walk asks DNS; DomainDns answers it (tests may give a table). */
export interface SpfDns {
  txt(name: string): Promise<DnsAnswer<string[]>>;
  addresses(name: string): Promise<DnsAnswer<string[]>>;
  mx(name: string): Promise<DnsAnswer<{ exchange: string; priority: number }[]>>;
}

export type SpfResult = 'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'permerror' | 'temperror';

/** The record of one domain in the tree, with what its mechanisms resolved to. */
interface SpfNode {
  domain: string;
  text: string | null;
  record: SpfRecord | null;
  /** none: no SPF record; multiple; syntax (term); failed: the resolver failed. */
  problem: { kind: 'none' | 'multiple' | 'syntax' | 'failed' | 'loop'; term?: string } | null;
  includes: Map<number, SpfNode>;
  redirect: SpfNode | null;
  /** Addresses an a or mx mechanism (by index) stands for; 'failed' when the resolver failed. */
  addresses: Map<number, string[] | 'failed'>;
}

export interface SpfWalk {
  root: SpfNode;
  /** DNS-querying terms met in the whole tree. */
  lookups: number;
  voidLookups: number;
  /** Whether some part could not be read (resolver failure, or the walk stopped at its cap). */
  incomplete: boolean;
  /** Every record read, as `domain: record`. */
  records: string[];
  /** The first include or redirect whose domain publishes no SPF record. */
  missingInclude: string | null;
  /** The first syntax error below the root, as `domain: term`. */
  nestedSyntax: string | null;
  /** The first include or redirect whose domain publishes several SPF records. */
  nestedMultiple: string | null;
}

/** The walk stops resolving here: enough to report "you have 23 lookups", bounded whatever the zones hold. */
const WALK_LOOKUP_CAP = 40;
const MAX_DEPTH = 10;
/** §4.6.4: an mx mechanism looks at no more than 10 MX hosts. */
const MAX_MX_HOSTS = 10;

export async function walkSpf(domain: string, dns: SpfDns): Promise<SpfWalk> {
  const walk: SpfWalk = {
    root: undefined as unknown as SpfNode,
    lookups: 0,
    voidLookups: 0,
    incomplete: false,
    records: [],
    missingInclude: null,
    nestedSyntax: null,
    nestedMultiple: null,
  };

  async function load(name: string, depth: number, path: readonly string[]): Promise<SpfNode> {
    const node: SpfNode = { domain: name, text: null, record: null, problem: null, includes: new Map(), redirect: null, addresses: new Map() };
    if (path.includes(name) || depth > MAX_DEPTH) {
      node.problem = { kind: 'loop' };
      return node;
    }
    const answer = await dns.txt(name);
    if (answer.kind === 'failed') {
      node.problem = { kind: 'failed' };
      walk.incomplete = true;
      return node;
    }
    const spf = answer.kind === 'found' ? answer.value.filter(isSpfRecord) : [];
    if (spf.length === 0) {
      node.problem = { kind: 'none' };
      return node;
    }
    if (spf.length > 1) {
      node.problem = { kind: 'multiple' };
      walk.records.push(...spf.map((text) => `${name}: ${text}`));
      return node;
    }
    node.text = spf[0]!;
    walk.records.push(`${name}: ${node.text}`);
    const parsed = parseSpf(node.text);
    if (!parsed.ok) {
      node.problem = { kind: 'syntax', term: parsed.term };
      return node;
    }
    node.record = parsed.record;
    const nextPath = [...path, name];
    for (const [index, mechanism] of parsed.record.mechanisms.entries()) {
      if (!LOOKUP_KINDS.has(mechanism.kind)) continue;
      walk.lookups += 1;
      if (walk.lookups > WALK_LOOKUP_CAP) {
        walk.incomplete = true;
        continue;
      }
      const target = mechanism.value ?? name;
      // A macro needs the message (sender, client address): counted, not resolved.
      if (hasMacro(target) || mechanism.kind === 'ptr') continue;
      const targetName = normaliseName(target);
      if (mechanism.kind === 'include') {
        const child = await load(targetName, depth + 1, nextPath);
        node.includes.set(index, child);
        if (child.problem?.kind === 'none') walk.voidLookups += 1;
      } else if (mechanism.kind === 'a' || mechanism.kind === 'exists') {
        const found = await dns.addresses(targetName);
        if (found.kind === 'failed') walk.incomplete = true;
        if (found.kind === 'none') walk.voidLookups += 1;
        node.addresses.set(index, found.kind === 'found' ? found.value : found.kind === 'failed' ? 'failed' : []);
      } else if (mechanism.kind === 'mx') {
        const hosts = await dns.mx(targetName);
        if (hosts.kind === 'failed') {
          walk.incomplete = true;
          node.addresses.set(index, 'failed');
          continue;
        }
        if (hosts.kind === 'none') {
          walk.voidLookups += 1;
          node.addresses.set(index, []);
          continue;
        }
        const all: string[] = [];
        let failed = false;
        for (const host of hosts.value.slice(0, MAX_MX_HOSTS)) {
          const found = await dns.addresses(normaliseName(host.exchange));
          if (found.kind === 'found') all.push(...found.value);
          if (found.kind === 'failed') failed = true;
        }
        if (failed) walk.incomplete = true;
        node.addresses.set(index, failed && all.length === 0 ? 'failed' : all);
      }
    }
    if (parsed.record.redirect !== null) {
      walk.lookups += 1;
      if (walk.lookups > WALK_LOOKUP_CAP) walk.incomplete = true;
      else if (!hasMacro(parsed.record.redirect)) {
        node.redirect = await load(normaliseName(parsed.record.redirect), depth + 1, nextPath);
        if (node.redirect.problem?.kind === 'none') walk.voidLookups += 1;
      }
    }
    return node;
  }

  walk.root = await load(normaliseName(domain), 0, []);
  const visit = (node: SpfNode) => {
    for (const child of [...node.includes.values(), ...(node.redirect ? [node.redirect] : [])]) {
      if (child.problem?.kind === 'none' && walk.missingInclude === null) walk.missingInclude = child.domain;
      if (child.problem?.kind === 'syntax' && walk.nestedSyntax === null) walk.nestedSyntax = `${child.domain}: ${child.problem.term}`;
      if (child.problem?.kind === 'multiple' && walk.nestedMultiple === null) walk.nestedMultiple = child.domain;
      visit(child);
    }
  };
  visit(walk.root);
  return walk;
}

// ------------------------------------------------------------------ evaluation

function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    const parsed = ipaddr.parse(ip);
    // An IPv4-mapped IPv6 address is its IPv4 address (§5).
    return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  } catch {
    return null;
  }
}

function inNetwork(ip: ipaddr.IPv4 | ipaddr.IPv6, network: string, bits: number | null): boolean {
  const net = parseAddress(network);
  if (!net || net.kind() !== ip.kind()) return false;
  const length = bits ?? (ip.kind() === 'ipv4' ? 32 : 128);
  return ip.kind() === 'ipv4'
    ? (ip as ipaddr.IPv4).match(net as ipaddr.IPv4, length)
    : (ip as ipaddr.IPv6).match(net as ipaddr.IPv6, length);
}

const QUALIFIER_RESULT: Record<SpfQualifier, SpfResult> = { '+': 'pass', '-': 'fail', '~': 'softfail', '?': 'neutral' };

function evaluateNode(node: SpfNode, ip: ipaddr.IPv4 | ipaddr.IPv6): SpfResult {
  if (node.problem) {
    if (node.problem.kind === 'failed') return 'temperror';
    if (node.problem.kind === 'none') return 'none';
    return 'permerror';
  }
  const record = node.record!;
  for (const [index, mechanism] of record.mechanisms.entries()) {
    let matched = false;
    switch (mechanism.kind) {
      case 'all':
        matched = true;
        break;
      case 'ip4':
      case 'ip6':
        matched = inNetwork(ip, mechanism.value!, mechanism.kind === 'ip4' ? mechanism.cidr4 : mechanism.cidr6);
        break;
      case 'a':
      case 'mx':
      case 'exists': {
        const addresses = node.addresses.get(index);
        if (addresses === 'failed') return 'temperror';
        if (!addresses) break;
        if (mechanism.kind === 'exists') matched = addresses.length > 0;
        else matched = addresses.some((address) => inNetwork(ip, address, ip.kind() === 'ipv4' ? mechanism.cidr4 : mechanism.cidr6));
        break;
      }
      case 'include': {
        const child = node.includes.get(index);
        if (!child) break;
        const result = evaluateNode(child, ip);
        if (result === 'pass') matched = true;
        else if (result === 'temperror') return 'temperror';
        else if (result === 'permerror' || result === 'none') return 'permerror';
        break;
      }
      case 'ptr':
        // Deprecated (§5.5) and needs the connection: never counted as a match here.
        break;
    }
    if (matched) return QUALIFIER_RESULT[mechanism.qualifier];
  }
  if (node.redirect) {
    const result = evaluateNode(node.redirect, ip);
    return result === 'none' ? 'permerror' : result;
  }
  return 'neutral';
}

/** What a receiver's check_host() would answer for mail from `ip` (over the walked tree). */
export function evaluateSpf(walk: SpfWalk, ip: string): SpfResult {
  const address = parseAddress(ip);
  if (!address) return 'permerror';
  if (walk.lookups > DOMAIN_HEALTH_LIMITS.spfMaxLookups || walk.voidLookups > DOMAIN_HEALTH_LIMITS.spfMaxVoidLookups) return 'permerror';
  return evaluateNode(walk.root, address);
}

/** The root record's `all` qualifier, or null when it ends without one (and has no redirect). */
export function finalAll(walk: SpfWalk): SpfQualifier | null {
  const all = walk.root.record?.mechanisms.find((mechanism) => mechanism.kind === 'all');
  return all ? all.qualifier : null;
}
