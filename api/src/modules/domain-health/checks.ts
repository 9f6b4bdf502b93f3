/**
 * The six checks of a sending domain, each a verdict (good / ok / bad), what was found and what
 * to fix, as catalogue keys of the screen with their values. A resolver failure or timeout is an
 * `ok` verdict with `dns_unavailable` ("could not check"), never a guess in either direction.
 */
import { tagsOf } from '../email-accounts/dkim';
import { createPublicKey } from 'node:crypto';
import { isIP } from 'node:net';
import {
  DOMAIN_CHECK_KINDS,
  DOMAIN_HEALTH_LIMITS,
  type DomainCheck,
  type DomainCheckFinding,
  type DomainCheckFix,
  type DomainCheckKind,
  type DomainCheckParams,
  type DomainHealthStatus,
} from '@leadforge/contracts';
import ipaddr from 'ipaddr.js';
import { getDomain } from 'tldts';
import { normaliseName, type DnsAnswer, type DomainDns } from './dns';
import { evaluateSpf, finalAll, walkSpf } from './spf';

export interface DomainCheckInput {
  domain: string;
  /** The SMTP hosts of the owner's mailboxes at the domain (host names or addresses). */
  sendingHosts: string[];
  /** The DKIM keys the owner's mailboxes sign with (email_accounts dkim_selector / dkim_public_key). */
  dkimKeys: { selector: string; publicKey: string | null }[];
  /** Providers of those mailboxes (google, microsoft, smtp, sandbox): which selectors to look for without a key of ours. */
  providers: string[];
}

export interface BlocklistZones {
  ip: readonly string[];
  domain: readonly string[];
}

const MAX_RECORDS = 20;
const MAX_RECORD_LENGTH = 4_000;
/** Selectors the big providers publish, looked up when no mailbox at the domain has a key of its own. */
const PROVIDER_SELECTORS: Record<string, string[]> = { google: ['google'], microsoft: ['selector1', 'selector2'] };
const COMMON_SELECTORS = ['default', 'selector1', 'selector2', 'google', 'k1', 'dkim', 'mail', 's1'];

function check(
  kind: DomainCheckKind,
  status: DomainHealthStatus,
  finding: DomainCheckFinding,
  params: DomainCheckParams = {},
  fix: DomainCheckFix | null = null,
  fixParams: DomainCheckParams = params,
  records: string[] = [],
): DomainCheck {
  return {
    kind,
    status,
    details: { key: finding, params },
    records: records.slice(0, MAX_RECORDS).map((record) => record.slice(0, MAX_RECORD_LENGTH)),
    fix: fix ? { key: fix, params: fixParams } : null,
  };
}

const couldNotCheck = (kind: DomainCheckKind, params: DomainCheckParams = {}, records: string[] = []) =>
  check(kind, 'ok', 'dns_unavailable', params, 'retry_later', {}, records);

const listed = (values: readonly string[]) => values.join(', ');

// ------------------------------------------------------------------ sending hosts

export interface SendingAddresses {
  /** host → its addresses; 'failed' when the resolver failed, [] when the name has none. */
  byHost: Map<string, string[] | 'failed'>;
  all: string[];
}

export async function resolveSendingHosts(dns: DomainDns, hosts: string[]): Promise<SendingAddresses> {
  const byHost = new Map<string, string[] | 'failed'>();
  for (const host of [...new Set(hosts.map(normaliseName))]) {
    if (isIP(host)) {
      byHost.set(host, [host]);
      continue;
    }
    const answer = await dns.addresses(host);
    byHost.set(host, answer.kind === 'found' ? answer.value : answer.kind === 'failed' ? 'failed' : []);
  }
  const all = [...new Set([...byHost.values()].flatMap((value) => (value === 'failed' ? [] : value)))];
  return { byHost, all };
}

const anyHostFailed = (sending: SendingAddresses) => [...sending.byHost.values()].some((value) => value === 'failed');

// ------------------------------------------------------------------ MX

export async function checkMx(dns: DomainDns, domain: string): Promise<DomainCheck> {
  const answer = await dns.mx(domain);
  if (answer.kind === 'failed') return couldNotCheck('mx');
  if (answer.kind === 'none') return check('mx', 'bad', 'mx_missing', { domain }, 'add_mx');
  const records = answer.value.map((mx) => `${mx.priority} ${mx.exchange || '.'}`);
  // RFC 7505: a single MX of "." says the domain takes no mail, so replies and bounces are lost.
  if (answer.value.length === 1 && normaliseName(answer.value[0]!.exchange) === '') {
    return check('mx', 'bad', 'mx_null', { domain }, 'add_mx', { domain }, records);
  }
  return check('mx', 'good', 'mx_found', { hosts: listed(answer.value.map((mx) => normaliseName(mx.exchange))) }, null, {}, records);
}

// ------------------------------------------------------------------ SPF

export async function checkSpf(dns: DomainDns, domain: string, sending: SendingAddresses): Promise<DomainCheck> {
  const walk = await walkSpf(domain, dns);
  const { records } = walk;
  const root = walk.root;
  const suggestion = `v=spf1 ${sending.all.length ? sending.all.map((ip) => (ip.includes(':') ? `ip6:${ip}` : `ip4:${ip}`)).join(' ') : 'mx'} ~all`;
  if (root.problem?.kind === 'failed') return couldNotCheck('spf');
  if (root.problem?.kind === 'none') return check('spf', 'bad', 'spf_missing', { domain }, 'add_spf', { domain, record: suggestion });
  if (root.problem?.kind === 'multiple') return check('spf', 'bad', 'spf_multiple', { domain }, 'merge_spf', { domain }, records);
  if (root.problem?.kind === 'syntax') return check('spf', 'bad', 'spf_syntax', { term: root.problem.term ?? '' }, 'correct_spf', { term: root.problem.term ?? '' }, records);
  const limits = { lookups: walk.lookups, max: DOMAIN_HEALTH_LIMITS.spfMaxLookups };
  if (walk.lookups > DOMAIN_HEALTH_LIMITS.spfMaxLookups) return check('spf', 'bad', 'spf_too_many_lookups', limits, 'reduce_spf_lookups', limits, records);
  if (walk.nestedSyntax) return check('spf', 'bad', 'spf_syntax', { term: walk.nestedSyntax }, 'correct_spf', { term: walk.nestedSyntax }, records);
  if (walk.missingInclude || walk.nestedMultiple) {
    const include = walk.missingInclude ?? walk.nestedMultiple!;
    return check('spf', 'bad', 'spf_include_missing', { include }, 'fix_spf_include', { include }, records);
  }
  if (walk.voidLookups > DOMAIN_HEALTH_LIMITS.spfMaxVoidLookups) {
    const params = { voidLookups: walk.voidLookups, max: DOMAIN_HEALTH_LIMITS.spfMaxVoidLookups };
    return check('spf', 'bad', 'spf_too_many_void_lookups', params, 'reduce_spf_lookups', limits, records);
  }
  const all = finalAll(walk);
  if (all === '+') return check('spf', 'bad', 'spf_allows_all', {}, 'end_spf_with_fail', {}, records);

  // Whether each sending address may send for the domain, as a receiver would judge it.
  if (sending.all.length === 0) return anyHostFailed(sending) ? couldNotCheck('spf', {}, records) : check('spf', 'ok', 'no_sending_host', {}, null, {}, records);
  const results = new Map(sending.all.map((ip) => [ip, evaluateSpf(walk, ip)] as const));
  const refused = sending.all.filter((ip) => results.get(ip) !== 'pass' && results.get(ip) !== 'temperror');
  const unknown = walk.incomplete || anyHostFailed(sending) || [...results.values()].includes('temperror');
  if (refused.length > 0) {
    const params = { ips: listed(refused), hosts: listed([...sending.byHost.keys()]) };
    return check('spf', 'bad', 'spf_host_not_permitted', params, 'permit_host_in_spf', { ...params, domain }, records);
  }
  if (unknown) return couldNotCheck('spf', {}, records);
  if (all !== '-' && all !== '~') return check('spf', 'ok', 'spf_weak_all', limits, 'end_spf_with_fail', {}, records);
  return check('spf', 'good', 'spf_pass', { ...limits, hosts: listed([...sending.byHost.keys()]) }, null, {}, records);
}

// ------------------------------------------------------------------ DKIM


/** The RSA modulus length of a published p= (SubjectPublicKeyInfo or bare PKCS#1), null when it is no RSA key. */
function rsaBits(key: string): number | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key)) return null;
  const der = Buffer.from(key, 'base64');
  for (const type of ['spki', 'pkcs1'] as const) {
    try {
      const publicKey = createPublicKey({ key: der, format: 'der', type });
      if (publicKey.asymmetricKeyType !== 'rsa') return null;
      return publicKey.asymmetricKeyDetails?.modulusLength ?? null;
    } catch {
      // Not this encoding; try the next.
    }
  }
  return null;
}

/** Whether a published p= is the mailbox's key, in either encoding (SubjectPublicKeyInfo or bare PKCS#1). */
function isSameKey(published: string, ours: string): boolean {
  if (published === ours) return true;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(published)) return false;
  const der = Buffer.from(published, 'base64');
  for (const type of ['spki', 'pkcs1'] as const) {
    try {
      return createPublicKey({ key: der, format: 'der', type }).export({ type: 'spki', format: 'der' }).toString('base64') === ours;
    } catch {
      // Not this encoding; try the next.
    }
  }
  return false;
}

interface SelectorVerdict {
  check: DomainCheck;
  rank: number;
}

async function checkSelector(dns: DomainDns, domain: string, selector: string, ourKey: string | null): Promise<SelectorVerdict | null> {
  const name = `${selector}._domainkey.${domain}`;
  const answer = await dns.txt(name);
  if (answer.kind === 'failed') return { check: couldNotCheck('dkim', { selector }), rank: 1 };
  const found = answer.kind === 'found' ? answer.value : [];
  const keys = found.filter((record) => {
    const tags = tagsOf(record);
    return tags.has('p') && (tags.get('v') ?? 'DKIM1') === 'DKIM1';
  });
  const records = found.map((record) => `${name}: ${record}`);
  if (keys.length === 0) return null;
  const tags = tagsOf(keys[0]!);
  const published = (tags.get('p') ?? '').replace(/\s+/g, '');
  const params = { selector, record: name };
  if (published === '') return { check: check('dkim', 'bad', 'dkim_revoked', params, 'publish_dkim_key', params, records), rank: 2 };
  if (ourKey && !isSameKey(published, ourKey)) {
    return { check: check('dkim', 'bad', 'dkim_mismatch', params, 'publish_dkim_key', params, records), rank: 2 };
  }
  const kind = (tags.get('k') ?? 'rsa').toLowerCase();
  if (kind === 'ed25519') return { check: check('dkim', 'good', 'dkim_ok', { ...params, bits: 256, algorithm: 'ed25519' }, null, {}, records), rank: 0 };
  const bits = rsaBits(published);
  if (bits === null) return { check: check('dkim', 'bad', 'dkim_key_invalid', params, 'publish_dkim_key', params, records), rank: 2 };
  if (bits < DOMAIN_HEALTH_LIMITS.dkimMinKeyBits) {
    return { check: check('dkim', 'bad', 'dkim_key_too_short', { ...params, bits }, 'use_2048_bit_key', { ...params, bits }, records), rank: 2 };
  }
  if (bits < DOMAIN_HEALTH_LIMITS.dkimGoodKeyBits) {
    return { check: check('dkim', 'ok', 'dkim_key_1024', { ...params, bits }, 'use_2048_bit_key', { ...params, bits }, records), rank: 1 };
  }
  return { check: check('dkim', 'good', 'dkim_ok', { ...params, bits, algorithm: 'rsa' }, null, {}, records), rank: 0 };
}

export async function checkDkim(dns: DomainDns, input: DomainCheckInput): Promise<DomainCheck> {
  const domain = input.domain;
  const ours = new Map<string, string | null>();
  for (const key of input.dkimKeys) ours.set(key.selector.toLowerCase(), key.publicKey);
  if (ours.size > 0) {
    // Every key our mailboxes sign with must verify: the worst of them is the verdict.
    let worst: SelectorVerdict | null = null;
    for (const [selector, publicKey] of ours) {
      const verdict =
        (await checkSelector(dns, domain, selector, publicKey)) ?? {
          check: check('dkim', 'bad', 'dkim_missing', { selector, record: `${selector}._domainkey.${domain}` }, 'publish_dkim_key', { selector, record: `${selector}._domainkey.${domain}` }),
          rank: 2,
        };
      if (!worst || verdict.rank > worst.rank) worst = verdict;
    }
    return worst!.check;
  }
  // No key of ours: the provider may sign (Google, Microsoft); look where they and common hosts publish.
  const selectors = [...new Set([...input.providers.flatMap((provider) => PROVIDER_SELECTORS[provider] ?? []), ...COMMON_SELECTORS])];
  let failed = false;
  for (const selector of selectors) {
    const verdict = await checkSelector(dns, domain, selector, null);
    if (!verdict) continue;
    if (verdict.check.details.key === 'dns_unavailable') {
      failed = true;
      continue;
    }
    return verdict.check;
  }
  if (failed) return couldNotCheck('dkim');
  return check('dkim', 'bad', 'dkim_no_selector', { domain, selectors: listed(selectors) }, 'set_dkim_key', { domain });
}

// ------------------------------------------------------------------ DMARC

async function dmarcRecords(dns: DomainDns, domain: string): Promise<{ name: string; answer: DnsAnswer<string[]> }> {
  const name = `_dmarc.${domain}`;
  const answer = await dns.txt(name);
  const own = answer.kind === 'found' ? answer.value.filter((record) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(record.trim())) : [];
  if (own.length > 0 || answer.kind === 'failed') return { name, answer: answer.kind === 'found' ? { kind: 'found', value: own } : answer };
  // RFC 7489 §6.6.3: a subdomain without its own record falls under its organisational domain's.
  const organisational = getDomain(domain);
  if (organisational && organisational !== domain) {
    const orgName = `_dmarc.${organisational}`;
    const orgAnswer = await dns.txt(orgName);
    const found = orgAnswer.kind === 'found' ? orgAnswer.value.filter((record) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(record.trim())) : [];
    if (orgAnswer.kind === 'failed') return { name: orgName, answer: orgAnswer };
    if (found.length > 0) return { name: orgName, answer: { kind: 'found', value: found } };
  }
  return { name, answer: { kind: 'none' } };
}

export async function checkDmarc(dns: DomainDns, domain: string): Promise<DomainCheck> {
  const { name, answer } = await dmarcRecords(dns, domain);
  const suggestion = `v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain}`;
  if (answer.kind === 'failed') return couldNotCheck('dmarc');
  if (answer.kind === 'none') return check('dmarc', 'bad', 'dmarc_missing', { domain }, 'add_dmarc', { name: `_dmarc.${domain}`, record: suggestion });
  const records = answer.value.map((record) => `${name}: ${record}`);
  if (answer.value.length > 1) return check('dmarc', 'bad', 'dmarc_multiple', { name }, 'merge_dmarc', { name }, records);
  const tags = tagsOf(answer.value[0]!);
  const fromOrganisation = name !== `_dmarc.${domain}`;
  // A subdomain under its organisation's record follows sp= when given (RFC 7489 §6.3).
  const policy = ((fromOrganisation ? tags.get('sp') : undefined) ?? tags.get('p') ?? '').toLowerCase();
  if (!['none', 'quarantine', 'reject'].includes(policy)) return check('dmarc', 'bad', 'dmarc_syntax', { name }, 'correct_dmarc', { name, record: suggestion }, records);
  const pctText = tags.get('pct');
  const pct = pctText !== undefined && /^\d{1,3}$/.test(pctText) ? Math.min(Number(pctText), 100) : 100;
  // Our mail carries d=<domain> and MAIL FROM at the domain, so both alignments hold in relaxed
  // and in strict mode; the screen still says which mode the owner chose.
  const params: DomainCheckParams = {
    policy,
    pct,
    adkim: tags.get('adkim')?.toLowerCase() === 's' ? 'strict' : 'relaxed',
    aspf: tags.get('aspf')?.toLowerCase() === 's' ? 'strict' : 'relaxed',
    rua: tags.get('rua') ?? '',
    name,
  };
  if (policy === 'none') return check('dmarc', 'ok', 'dmarc_none', params, 'enforce_dmarc', { name }, records);
  if (pct < 100) return check('dmarc', 'ok', 'dmarc_partial', params, 'raise_dmarc_pct', { name, pct }, records);
  return check('dmarc', 'good', 'dmarc_enforced', params, null, {}, records);
}

// ------------------------------------------------------------------ reverse DNS

export async function checkRdns(dns: DomainDns, sending: SendingAddresses): Promise<DomainCheck> {
  if (sending.byHost.size === 0) return check('rdns', 'ok', 'no_sending_host');
  if (sending.all.length === 0) return anyHostFailed(sending) ? couldNotCheck('rdns') : check('rdns', 'ok', 'no_sending_host');
  const records: string[] = [];
  const missing: string[] = [];
  const mismatched: { ip: string; ptr: string }[] = [];
  let failed = anyHostFailed(sending);
  const confirmed: string[] = [];
  for (const ip of sending.all) {
    const ptr = await dns.ptr(ip);
    if (ptr.kind === 'failed') {
      failed = true;
      continue;
    }
    if (ptr.kind === 'none') {
      missing.push(ip);
      continue;
    }
    const names = ptr.value.map(normaliseName);
    records.push(`${ip}: PTR ${names.join(', ')}`);
    // Forward-confirmed: one of the PTR names resolves back to the address.
    let matched = false;
    for (const name of names) {
      const forward = await dns.addresses(name);
      if (forward.kind === 'failed') failed = true;
      if (forward.kind === 'found' && forward.value.some((address) => ipaddr.parse(address).toNormalizedString() === ipaddr.parse(ip).toNormalizedString())) {
        matched = true;
        confirmed.push(`${ip} → ${name}`);
        break;
      }
    }
    if (!matched) mismatched.push({ ip, ptr: names[0] ?? '' });
  }
  if (missing.length > 0) return check('rdns', 'bad', 'rdns_missing', { ips: listed(missing) }, 'ask_ptr', { ips: listed(missing) }, records);
  if (mismatched.length > 0 && !failed) {
    const params = { ips: listed(mismatched.map((entry) => entry.ip)), ptr: listed(mismatched.map((entry) => entry.ptr)) };
    return check('rdns', 'bad', 'rdns_mismatch', params, 'fix_ptr', params, records);
  }
  if (failed) return couldNotCheck('rdns', {}, records);
  return check('rdns', 'good', 'rdns_confirmed', { names: listed(confirmed) }, null, {}, records);
}

// ------------------------------------------------------------------ blocklists

/**
 * A DNSBL answers an A record inside 127.0.0.0/16 for a listed name (127.0.0.2…, Spamhaus DBL
 * 127.0.1.x); its own errors come back as x.x.x.255 or 127.255.255.x (a refused or over-quota
 * resolver), which say nothing about the name.
 */
function listingOf(addresses: string[]): 'listed' | 'error' {
  const listedAnswer = addresses.some((address) => /^127\.0\.\d{1,3}\.\d{1,3}$/.test(address) && !address.endsWith('.255'));
  return listedAnswer ? 'listed' : 'error';
}

export async function checkBlocklists(dns: DomainDns, domain: string, sending: SendingAddresses, zones: BlocklistZones): Promise<DomainCheck> {
  const ipv4 = sending.all.filter((ip) => isIP(ip) === 4);
  const questions: { name: string; label: string }[] = [
    ...ipv4.flatMap((ip) => zones.ip.map((zone) => ({ name: `${ip.split('.').reverse().join('.')}.${zone}`, label: `${ip} @ ${zone}` }))),
    ...zones.domain.map((zone) => ({ name: `${domain}.${zone}`, label: `${domain} @ ${zone}` })),
  ];
  const answers = await Promise.all(questions.map(async (question) => ({ question, answer: await dns.a(question.name) })));
  const listings: string[] = [];
  const records: string[] = [];
  let failed = anyHostFailed(sending);
  for (const { question, answer } of answers) {
    if (answer.kind === 'none') continue;
    if (answer.kind === 'failed') {
      failed = true;
      continue;
    }
    records.push(`${question.name}: A ${answer.value.join(', ')}`);
    if (listingOf(answer.value) === 'listed') listings.push(question.label);
    else failed = true;
  }
  const checkedParams = { ips: listed(ipv4), lists: listed([...zones.ip, ...zones.domain]) };
  if (listings.length > 0) return check('blocklist', 'bad', 'blocklist_listed', { listings: listed(listings) }, 'request_delisting', { listings: listed(listings) }, records);
  if (failed) return check('blocklist', 'ok', 'blocklist_partial', checkedParams, 'retry_later', {}, records);
  return check('blocklist', 'good', 'blocklist_clear', checkedParams, null, {}, records);
}

// ------------------------------------------------------------------ all of them

export async function runDomainChecks(dns: DomainDns, input: DomainCheckInput, zones: BlocklistZones): Promise<DomainCheck[]> {
  const domain = normaliseName(input.domain);
  const sending = await resolveSendingHosts(dns, input.sendingHosts);
  const checks = await Promise.all([
    checkMx(dns, domain),
    checkSpf(dns, domain, sending),
    checkDkim(dns, { ...input, domain }),
    checkDmarc(dns, domain),
    checkRdns(dns, sending),
    checkBlocklists(dns, domain, sending, zones),
  ]);
  return DOMAIN_CHECK_KINDS.map((kind) => checks.find((entry) => entry.kind === kind)!);
}
