/**
 * The registrable domain of a mail domain (`mail.acme.co.uk` → `acme.co.uk`) by the Public
 * Suffix List, used to tell a colleague's reply from a stranger's.
 */
import { getDomain } from 'tldts';
import { isFreeMailDomain } from '../../verification/domain-lists';

export function registrableDomain(domain: string): string {
  const host = domain.toLowerCase().replace(/\.$/, '');
  // Private suffixes count too: two shops on one hosting suffix are not colleagues.
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

/** Free-mail addresses share a domain with millions of strangers, so they never make a company. */
export function isFreeMail(domain: string): boolean {
  return isFreeMailDomain(domain) || isFreeMailDomain(registrableDomain(domain));
}

/** Same registrable domain, and not a free-mail one. */
export function isSameCompany(domainA: string, domainB: string): boolean {
  if (isFreeMail(domainA) || isFreeMail(domainB)) return false;
  return registrableDomain(domainA) === registrableDomain(domainB);
}
