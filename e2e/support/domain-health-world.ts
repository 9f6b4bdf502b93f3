/**
 * The domain the domain-health journey sends from, and the records the journeys' loopback DNS
 * (finder-peers.ts) publishes for it: MX, SPF permitting the loopback sending server, a PTR for
 * that server that resolves back, and no DKIM key nor DMARC record, so the journey has two bad
 * checks to read the fixes of. The blocklist zones asked (the defaults) answer NXDOMAIN there.
 */
import type { ZoneRecord } from '../../api/src/engines/verification/test-peers';

export const HEALTH_DOMAIN = 'health-mail.test';
/** The mailbox's SMTP server: the journey's submission peer on loopback. */
export const HEALTH_SENDING_IP = '127.0.0.1';

export const HEALTH_ZONE: Record<string, ZoneRecord> = {
  [HEALTH_DOMAIN]: { mx: [{ exchange: `mx.${HEALTH_DOMAIN}`, priority: 10 }], txt: [`v=spf1 ip4:${HEALTH_SENDING_IP} -all`] },
  [`mx.${HEALTH_DOMAIN}`]: { a: [HEALTH_SENDING_IP] },
  [`smtp.${HEALTH_DOMAIN}`]: { a: [HEALTH_SENDING_IP] },
  [`${HEALTH_SENDING_IP.split('.').reverse().join('.')}.in-addr.arpa`]: { ptr: [`smtp.${HEALTH_DOMAIN}`] },
};
