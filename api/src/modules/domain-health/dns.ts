/**
 * The DNS questions of the domain checks, through DNS_SERVERS when set (tests and e2e point it at
 * a loopback server), like the DKIM and tracking-domain checks of the email-accounts area. Every
 * question has a deadline of its own on top of the resolver's timeout, so a resolver that never
 * answers costs one deadline and never hangs a check; its answer is `failed`, which the checks
 * turn into "could not check" instead of a verdict.
 */
import { Resolver } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export type DnsAnswer<T> = { kind: 'found'; value: T } | { kind: 'none' } | { kind: 'failed'; code: string };

/** Answers that mean "the name or the record does not exist", not "the resolver failed". */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

export interface DnsOptions {
  servers: readonly string[];
  timeoutMs: number;
  /** The whole check's budget: past it every further question fails at once (a slow resolver costs this much at most). */
  budgetMs: number;
}

export class DomainDns {
  private readonly resolver: Resolver;
  /** Questions asked so far (the SPF walk and the tests read it). */
  questions = 0;

  private readonly deadlineAt: number;

  constructor(private readonly options: DnsOptions) {
    this.deadlineAt = Date.now() + options.budgetMs;
    // One try: the deadline below is the whole budget of a question.
    this.resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
    if (options.servers.length > 0) this.resolver.setServers([...options.servers]);
  }

  private async ask<T>(question: () => Promise<T>, empty: (value: T) => boolean): Promise<DnsAnswer<T>> {
    this.questions += 1;
    const left = this.deadlineAt - Date.now();
    if (left <= 0) return { kind: 'failed', code: 'EBUDGET' };
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<DnsAnswer<T>>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'failed', code: 'ETIMEOUT' }), Math.min(this.options.timeoutMs + 250, left));
    });
    const answer = question().then(
      (value): DnsAnswer<T> => (empty(value) ? { kind: 'none' } : { kind: 'found', value }),
      (error: unknown): DnsAnswer<T> => {
        const code = String((error as { code?: unknown }).code ?? 'EFAIL');
        return NO_RECORD.has(code) ? { kind: 'none' } : { kind: 'failed', code };
      },
    );
    try {
      return await Promise.race([answer, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** TXT records, each joined from its character-strings (RFC 7208 §3.3, RFC 6376 §3.6.2.2). */
  txt(name: string): Promise<DnsAnswer<string[]>> {
    return this.ask(
      async () => (await this.resolver.resolveTxt(name)).map((strings) => strings.join('')),
      (value) => value.length === 0,
    );
  }

  mx(name: string): Promise<DnsAnswer<{ exchange: string; priority: number }[]>> {
    return this.ask(
      async () => (await this.resolver.resolveMx(name)).sort((a, b) => a.priority - b.priority),
      (value) => value.length === 0,
    );
  }

  a(name: string): Promise<DnsAnswer<string[]>> {
    return this.ask(() => this.resolver.resolve4(name), (value) => value.length === 0);
  }

  aaaa(name: string): Promise<DnsAnswer<string[]>> {
    return this.ask(() => this.resolver.resolve6(name), (value) => value.length === 0);
  }

  /**
   * PTR names of an address, asked of DNS itself: `Resolver.reverse` answers from /etc/hosts
   * first (c-ares' getHostByAddr), which would judge the machine's own hosts file, not the zone.
   */
  ptr(ip: string): Promise<DnsAnswer<string[]>> {
    return this.ask(() => this.resolver.resolvePtr(reverseName(ip)), (value) => value.length === 0);
  }

  /** Both address families; failed only when neither answered. */
  async addresses(name: string): Promise<DnsAnswer<string[]>> {
    const [v4, v6] = await Promise.all([this.a(name), this.aaaa(name)]);
    const found = [...(v4.kind === 'found' ? v4.value : []), ...(v6.kind === 'found' ? v6.value : [])];
    if (found.length > 0) return { kind: 'found', value: found };
    if (v4.kind === 'failed') return v4;
    if (v6.kind === 'failed' && v4.kind !== 'none') return v6;
    return { kind: 'none' };
  }

  /** Stops what is still in flight (a check that is over its budget). */
  cancel(): void {
    this.resolver.cancel();
  }
}

export const normaliseName = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

/** The reverse-lookup name of an address: `4.3.2.1.in-addr.arpa`, or the nibbles of an IPv6 address under `ip6.arpa`. */
export function reverseName(ip: string): string {
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv4') return `${ip.split('.').reverse().join('.')}.in-addr.arpa`;
  const hex = address.toByteArray().map((byte) => byte.toString(16).padStart(2, '0')).join('');
  const nibbles = hex.split('').reverse().join('.');
  return `${nibbles}.ip6.arpa`;
}
