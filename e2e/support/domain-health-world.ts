/**
 * The domain the domain-health journey sends from, and the records the journeys' loopback DNS
 * (finder-peers.ts) publishes for it: MX, SPF permitting the loopback sending server, a PTR for
 * that server that resolves back, and no DKIM key nor DMARC record, so the journey has two bad
 * checks to read the fixes of. The blocklist zones asked (the defaults) answer NXDOMAIN there.
 *
 * The warm-up journey's domain (tests/deliverability) is published beside it: its mail goes to
 * the loopback server, but its SPF record names an address that is no address, so the domain
 * health page has a broken SPF record to explain.
 */
import type { ZoneRecord } from '../../api/src/engines/verification/test-peers';

export const HEALTH_DOMAIN = 'health-mail.test';
/** The mailbox's SMTP server: the journey's submission peer on loopback. */
export const HEALTH_SENDING_IP = '127.0.0.1';

export const WARM_POOL_DOMAIN = 'warm-pool.test';
export const WARM_POOL_BROKEN_SPF_TERM = 'ip4:127.0.0.300';

export const HEALTH_ZONE: Record<string, ZoneRecord> = {
  [HEALTH_DOMAIN]: { mx: [{ exchange: `mx.${HEALTH_DOMAIN}`, priority: 10 }], txt: [`v=spf1 ip4:${HEALTH_SENDING_IP} -all`] },
  [`mx.${HEALTH_DOMAIN}`]: { a: [HEALTH_SENDING_IP] },
  [`smtp.${HEALTH_DOMAIN}`]: { a: [HEALTH_SENDING_IP] },
  [`${HEALTH_SENDING_IP.split('.').reverse().join('.')}.in-addr.arpa`]: { ptr: [`smtp.${HEALTH_DOMAIN}`] },
  [WARM_POOL_DOMAIN]: { mx: [{ exchange: `mx.${WARM_POOL_DOMAIN}`, priority: 10 }], txt: [`v=spf1 ${WARM_POOL_BROKEN_SPF_TERM} -all`] },
  [`mx.${WARM_POOL_DOMAIN}`]: { a: [HEALTH_SENDING_IP] },
};
