/**
 * Classification lists: disposable domains (the `disposable-email-domains` package, refreshed by
 * its maintainers; `pnpm update disposable-email-domains` updates it), free-mail providers
 * (`free-email-domains`) and role accounts.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const disposableDomains = new Set<string>(require('disposable-email-domains') as string[]);
/** Domains whose every sub-domain is disposable (mailinator-style wildcards). */
const disposableWildcards = new Set<string>(require('disposable-email-domains/wildcard.json') as string[]);
const freeDomains = new Set<string>(require('free-email-domains') as string[]);

/**
 * Local parts that name a function, not a person (as Reacher's roles list): mail to them reaches
 * a group or a ticket system, so they are flagged (not rejected). No maintained npm list exists
 * (the one package has a few hundred downloads), hence this short list.
 */
const ROLE_LOCAL_PARTS = new Set([
  'abuse', 'accounting', 'accounts', 'admin', 'administrator', 'billing', 'careers', 'contact', 'customerservice',
  'dev', 'devnull', 'enquiries', 'feedback', 'finance', 'help', 'helpdesk', 'hello', 'hostmaster', 'hr', 'info',
  'inquiries', 'investors', 'jobs', 'legal', 'mail', 'mailer-daemon', 'marketing', 'media', 'news', 'newsletter',
  'no-reply', 'noreply', 'do-not-reply', 'donotreply', 'office', 'orders', 'postmaster', 'press', 'privacy',
  'recruiting', 'root', 'sales', 'security', 'service', 'support', 'team', 'webmaster', 'www',
]);

function selfAndParents(domain: string): string[] {
  const labels = domain.split('.');
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

export function isDisposableDomain(domain: string): boolean {
  return selfAndParents(domain).some((candidate) => disposableDomains.has(candidate) || disposableWildcards.has(candidate));
}

export function isFreeMailDomain(domain: string): boolean {
  return freeDomains.has(domain);
}

export function isRoleAccount(local: string): boolean {
  // sales+eu, support.team: the part before a separator names the role.
  const head = local.split(/[+.]/)[0] ?? local;
  return ROLE_LOCAL_PARTS.has(local) || ROLE_LOCAL_PARTS.has(head);
}
