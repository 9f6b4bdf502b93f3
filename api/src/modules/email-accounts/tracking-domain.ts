/**
 * The custom tracking domain check: the domain's CNAME record must point at this server's public
 * host (PUBLIC_URL), so that pixels and links on the domain reach us. DNS goes through DNS_SERVERS
 * when set (tests point it at a loopback server), like the verification engine's lookups.
 */
import { Resolver } from 'node:dns/promises';
import type { ErrorKey } from '@leadforge/contracts';

export interface TrackingDomainFinding {
  verified: boolean;
  /** The CNAME targets found, lower-case, without the final dot. */
  found: string[];
  errorKey: ErrorKey | null;
}

const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);
const normalise = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

export class TrackingDomainChecker {
  private readonly resolver: Resolver;

  constructor(options: { dnsServers: readonly string[]; timeoutMs: number }) {
    this.resolver = new Resolver({ timeout: Math.min(options.timeoutMs, 5_000), tries: 2 });
    if (options.dnsServers.length > 0) this.resolver.setServers([...options.dnsServers]);
  }

  async check(domain: string, target: string): Promise<TrackingDomainFinding> {
    let found: string[];
    try {
      found = (await this.resolver.resolveCname(domain)).map(normalise);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return { verified: false, found: [], errorKey: typeof code === 'string' && NO_RECORD.has(code) ? 'tracking_domain_cname_missing' : 'mail_dns_failed' };
    }
    if (found.length === 0) return { verified: false, found, errorKey: 'tracking_domain_cname_missing' };
    const verified = found.includes(normalise(target));
    return { verified, found, errorKey: verified ? null : 'tracking_domain_cname_mismatch' };
  }
}
