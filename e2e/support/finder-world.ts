/**
 * The loopback world of the finder and verifier journeys: which test domains exist, what their
 * mail servers answer and what the company website holds. finder-peers.ts builds the peers from
 * it before the API starts; the journeys read their expectations from it.
 */

/** Each MX name resolves to its own loopback address; every scripted SMTP server listens on one port there. */
export const MAIL_HOSTS = {
  accept: { domain: 'mail-accept.test', mx: 'mx.mail-accept.test', address: '127.0.1.1' },
  catchAll: { domain: 'mail-catchall.test', mx: 'mx.mail-catchall.test', address: '127.0.1.2' },
  grey: { domain: 'mail-grey.test', mx: 'mx.mail-grey.test', address: '127.0.1.3' },
  finder: { domain: 'finder-corp.test', mx: 'mx.finder-corp.test', address: '127.0.1.4' },
  bulk: { domain: 'mail-bulk.test', mx: 'mx.mail-bulk.test', address: '127.0.1.5' },
} as const;

export const ADDRESSES = {
  /** The only mailbox mail-accept.test has. */
  valid: `ada@${MAIL_HOSTS.accept.domain}`,
  /** Refused with 550 5.1.1. */
  invalid: `nobody@${MAIL_HOSTS.accept.domain}`,
  /** mail-catchall.test accepts every recipient. */
  catchAll: `anyone@${MAIL_HOSTS.catchAll.domain}`,
  /** 450 on the first try, accepted on the retry; every other recipient there is refused. */
  greylisted: `grace@${MAIL_HOSTS.grey.domain}`,
} as const;

/** finder-corp.test has exactly one mailbox, in the first.last pattern. */
export const FINDER_PERSON = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  domain: MAIL_HOSTS.finder.domain,
  email: `ada.lovelace@${MAIL_HOSTS.finder.domain}`,
} as const;

/** mail-bulk.test accepts user<n> for even n and refuses odd n. */
export const BULK_ROWS = 500;
export const bulkAddress = (n: number) => `user${n}@${MAIL_HOSTS.bulk.domain}`;
export const isBulkMailbox = (localPart: string) => {
  const match = /^user(\d+)$/.exec(localPart);
  return match !== null && Number(match[1]) % 2 === 0;
};

/** The company website (api/src/engines/web-fetch/test-peers.ts) on 127.0.0.2, port FETCH_HTTP_PORT. */
export const SITE = {
  domain: 'acme.test',
  address: '127.0.0.2',
  /** Addresses on its public pages (robots.txt hides /private/). */
  emails: ['jane.doe@acme.test', 'john.smith@acme.test'],
  hiddenEmail: 'secret.person@acme.test',
  technologies: ['WordPress', 'jQuery', 'React'],
} as const;

/** A name that resolves to the cloud metadata address, which the fetcher must refuse. */
export const REFUSED = { domain: 'metadata.test', address: '169.254.169.254' } as const;
