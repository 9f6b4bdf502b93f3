/**
 * Which IP addresses the server may connect to on a user's behalf. Only globally routable unicast
 * addresses are allowed: private, loopback, link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, multicast, broadcast, reserved and IPv6 transition ranges are refused, unless
 * an explicit allow-list (FETCH_ALLOW_PRIVATE, tests and e2e only) names them.
 */
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export class AddressPolicy {
  private readonly allowed: [Address, number][];

  constructor(allowPrivate: readonly string[] = []) {
    this.allowed = allowPrivate.map((range) => ipaddr.parseCIDR(range));
  }

  /** null when the address may be reached, else the range name that refuses it. */
  refusal(address: string): string | null {
    if (!ipaddr.isValid(address)) return 'invalid';
    // `process` turns IPv4-mapped IPv6 (::ffff:10.0.0.1) into the IPv4 it hides.
    const parsed = ipaddr.process(address);
    if (this.allowed.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits))) return null;
    const range = parsed.range();
    return range === 'unicast' ? null : range;
  }
}
