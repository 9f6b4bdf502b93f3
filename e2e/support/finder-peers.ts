/**
 * Starts the loopback peers of the finder and verifier journeys (a DNS server, scripted SMTP
 * servers, the company website) and answers the API environment that points at them. Loaded by
 * start-server.mjs through tsx; reuses the peers the API's own tests use.
 */
import { startLoopbackDns, startScriptedSmtp, type RcptBehaviour, type ZoneRecord } from '../../api/src/engines/verification/test-peers';
import { startTestSite } from '../../api/src/engines/web-fetch/test-peers';
import { ADDRESSES, FINDER_PERSON, MAIL_HOSTS, REFUSED, SITE, isBulkMailbox } from './finder-world';
import { HEALTH_ZONE } from './domain-health-world';
import { CAMPAIGN_TRACKING_DOMAIN } from './mail-world';

export interface FinderPeers {
  env: Record<string, string>;
  close(): Promise<void>;
}

function behaviourFor(localAddress: string, recipient: string): RcptBehaviour {
  const [localPart = ''] = recipient.split('@');
  switch (localAddress) {
    case MAIL_HOSTS.accept.address:
      return recipient === ADDRESSES.valid ? 'accept' : 'reject';
    case MAIL_HOSTS.catchAll.address:
      return 'accept';
    case MAIL_HOSTS.grey.address:
      return recipient === ADDRESSES.greylisted ? 'greylist' : 'reject';
    case MAIL_HOSTS.finder.address:
      return recipient === FINDER_PERSON.email ? 'accept' : 'reject';
    case MAIL_HOSTS.bulk.address:
      return isBulkMailbox(localPart) ? 'accept' : 'reject';
    default:
      return 'reject';
  }
}

export async function startFinderPeers(): Promise<FinderPeers> {
  const zone: Record<string, ZoneRecord> = {};
  for (const host of Object.values(MAIL_HOSTS)) {
    zone[host.domain] = { mx: [{ exchange: host.mx, priority: 10 }] };
    zone[host.mx] = { a: [host.address] };
  }
  zone[SITE.domain] = { a: [SITE.address] };
  zone[`www.${SITE.domain}`] = { a: [SITE.address] };
  zone[REFUSED.domain] = { a: [REFUSED.address] };
  // The campaign delivery journey's tracking domain: its CNAME names the app's host, so the
  // mailbox's links and List-Unsubscribe are https on it (delivery.spec.ts).
  zone[CAMPAIGN_TRACKING_DOMAIN] = { cname: '127.0.0.1' };
  // The domain-health journey's sending domain (domain-health.spec.ts).
  Object.assign(zone, HEALTH_ZONE);

  const dns = await startLoopbackDns(zone);
  const smtp = await startScriptedSmtp({
    hosts: Object.values(MAIL_HOSTS).map((host) => host.address),
    script: ({ localAddress, recipient }) => behaviourFor(localAddress, recipient),
  });
  const site = await startTestSite();
  return {
    env: {
      DNS_SERVERS: dns.servers.join(','),
      VERIFY_SMTP_PORT: String(smtp.port),
      VERIFY_ALLOW_PRIVATE: '127.0.0.0/8',
      VERIFY_GREYLIST_RETRY_SECONDS: '2',
      VERIFY_CONNECT_TIMEOUT_MS: '3000',
      VERIFY_COMMAND_TIMEOUT_MS: '5000',
      // Loopback only: the site and the mail servers live there; 169.254.x and 10.x stay refused.
      FETCH_ALLOW_PRIVATE: '127.0.0.0/8',
      FETCH_HTTP_PORT: String(site.port),
      // A new account needs credits to verify (see the lead's note on SIGNUP_CREDITS).
      SIGNUP_CREDITS: '5000',
    },
    close: async () => {
      await Promise.allSettled([dns.close(), smtp.close(), site.close()]);
    },
  };
}
