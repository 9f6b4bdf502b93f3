/**
 * Where mail for a domain goes (RFC 5321 §5.1): the MX hosts by preference, else the domain's own
 * address records (the implicit MX), with RFC 7505 null MX recognised. The resolver's servers are
 * configurable (DNS_SERVERS) so tests and the bench point it at a DNS server on loopback.
 *
 * "Domain does not exist" is a charged, final verdict, so it is only given when the resolver is
 * known to work: a resolver that answers NXDOMAIN for everything (a captive portal, a broken
 * container network) must not turn every address invalid. Before such a verdict a well-known
 * canary name is looked up through the same resolver; if it fails too, the lookup failed.
 */
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

export type MailRoute =
  | { kind: 'hosts'; hosts: { host: string; priority: number }[]; implicit: boolean }
  /** RFC 7505: the domain says it accepts no mail. */
  | { kind: 'null_mx' }
  /** The domain exists but has neither MX nor address records. */
  | { kind: 'no_mail_host' }
  | { kind: 'nxdomain' }
  /** SERVFAIL, timeout, refused: nothing can be concluded. */
  | { kind: 'dns_error'; code: string };

export interface DnsLookupOptions {
  /** host:port entries; empty = the system resolvers. */
  servers: readonly string[];
  timeoutMs: number;
  tries?: number;
  /** A name that always resolves (A record); null disables the check. */
  canary?: string | null;
  /** How long the canary's answer is reused. */
  canaryTtlMs?: number;
}

/** Public and always resolvable: a root name server's own name. */
export const DEFAULT_DNS_CANARY = 'a.root-servers.net';
const DEFAULT_CANARY_TTL_MS = 30_000;

const NOT_FOUND = new Set(['ENOTFOUND', 'NXDOMAIN']);
const NO_DATA = new Set(['ENODATA', 'ENOTIMP']);

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : 'EUNKNOWN';
}

export class DnsLookup {
  private readonly resolver: Resolver;
  private readonly canary: string | null;
  private readonly canaryTtlMs: number;
  private canaryState: { healthy: boolean; expires: number } | null = null;
  private canaryLookup: Promise<boolean> | null = null;

  constructor(options: DnsLookupOptions) {
    this.resolver = new Resolver({ timeout: options.timeoutMs, tries: options.tries ?? 2 });
    if (options.servers.length > 0) this.resolver.setServers([...options.servers]);
    this.canary = options.canary === undefined ? DEFAULT_DNS_CANARY : options.canary;
    this.canaryTtlMs = options.canaryTtlMs ?? DEFAULT_CANARY_TTL_MS;
  }

  /** Whether the resolver answers for the canary (shared by concurrent callers, cached briefly). */
  async resolverWorks(): Promise<boolean> {
    if (!this.canary) return true;
    if (this.canaryState && this.canaryState.expires > Date.now()) return this.canaryState.healthy;
    if (!this.canaryLookup) {
      const canary = this.canary;
      this.canaryLookup = this.resolver
        .resolve4(canary)
        .then((found) => found.length > 0, () => false)
        .then((healthy) => {
          this.canaryState = { healthy, expires: Date.now() + this.canaryTtlMs };
          return healthy;
        })
        .finally(() => {
          this.canaryLookup = null;
        });
    }
    return this.canaryLookup;
  }

  /** A "missing" verdict stands only when the canary resolves; otherwise the lookup failed. */
  private async confirmMissing(route: MailRoute): Promise<MailRoute> {
    return (await this.resolverWorks()) ? route : { kind: 'dns_error', code: 'RESOLVER_FAILED' };
  }

  async mailRoute(domain: string): Promise<MailRoute> {
    try {
      const records = await this.resolver.resolveMx(domain);
      if (records.length === 1 && (records[0]!.exchange === '' || records[0]!.exchange === '.')) return { kind: 'null_mx' };
      const hosts = records
        .filter((record) => record.exchange !== '' && record.exchange !== '.')
        .sort((a, b) => a.priority - b.priority)
        .map((record) => ({ host: record.exchange.toLowerCase().replace(/\.$/, ''), priority: record.priority }));
      if (hosts.length > 0) return { kind: 'hosts', hosts, implicit: false };
    } catch (error) {
      const code = codeOf(error);
      if (NOT_FOUND.has(code)) return this.confirmMissing({ kind: 'nxdomain' });
      if (!NO_DATA.has(code)) return { kind: 'dns_error', code };
    }
    // No MX: RFC 5321 §5.1 says deliver to the domain's address records.
    const addresses = await this.addresses(domain);
    if (addresses === 'error') return { kind: 'dns_error', code: 'ADDRESS_LOOKUP' };
    if (addresses.length === 0) return this.confirmMissing({ kind: 'no_mail_host' });
    return { kind: 'hosts', hosts: [{ host: domain, priority: 0 }], implicit: true };
  }

  /** IPv4 first (most MX servers listen there), then IPv6; 'error' when the lookup itself failed. */
  async addresses(host: string): Promise<string[] | 'error'> {
    if (isIP(host)) return [host];
    const settled = await Promise.allSettled([this.resolver.resolve4(host), this.resolver.resolve6(host)]);
    const found = settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
    if (found.length > 0) return found;
    const failures = settled.map((result) => (result.status === 'rejected' ? codeOf(result.reason) : 'ENODATA'));
    return failures.every((code) => NOT_FOUND.has(code) || NO_DATA.has(code)) ? [] : 'error';
  }
}
