/**
 * Domain health (issue 17, "Warm-up and deliverability"): for each domain the caller sends from
 * (the domains of their connected mailboxes), DNS checks of MX, SPF, DKIM, DMARC, the sending
 * host's reverse DNS and DNS blocklists, each with a verdict and what to fix. Document 2 §7 names
 * the `api/domain-health` prefix and the "domain health checked" push (events.ts,
 * `domain.healthChecked`); document 1 §4 maps health good/ok/bad to success/warning/error
 * (`healthSeverity`, warmup.ts).
 *
 * What a check found and what to do are catalogue keys of the screen's namespace with their
 * values (never English text), so every locale says them in its own words.
 */
import * as z from './zod';
import { WARMUP_HEALTH, type WarmupHealth } from './warmup';
import { timestampSchema } from './fields';
import { defineRoute, type AnyRoute } from './http';
import { isHostName } from './verification';

/** The checks, in the order a screen lists them. */
export const DOMAIN_CHECK_KINDS = ['mx', 'spf', 'dkim', 'dmarc', 'rdns', 'blocklist'] as const;
export type DomainCheckKind = (typeof DOMAIN_CHECK_KINDS)[number];

/** good → success, ok → warning, bad → error (the warm-up health scale of document 1 §4). */
export const DOMAIN_HEALTH_STATUSES = WARMUP_HEALTH;
export type DomainHealthStatus = WarmupHealth;

/**
 * What a check found (`details.key`). `dns_unavailable`: the resolver failed or timed out, so the
 * check could not be made (an `ok` verdict, never a guess).
 */
export const DOMAIN_CHECK_FINDINGS = [
  'dns_unavailable',
  'no_sending_host',
  'mx_found',
  'mx_missing',
  'mx_null',
  'spf_pass',
  'spf_missing',
  'spf_multiple',
  'spf_syntax',
  'spf_too_many_lookups',
  'spf_too_many_void_lookups',
  'spf_include_missing',
  'spf_host_not_permitted',
  'spf_allows_all',
  'spf_weak_all',
  'dkim_ok',
  'dkim_key_1024',
  'dkim_key_too_short',
  'dkim_key_invalid',
  'dkim_revoked',
  'dkim_mismatch',
  'dkim_missing',
  'dkim_no_selector',
  'dmarc_enforced',
  'dmarc_partial',
  'dmarc_none',
  'dmarc_missing',
  'dmarc_multiple',
  'dmarc_syntax',
  'rdns_confirmed',
  'rdns_missing',
  'rdns_mismatch',
  'blocklist_clear',
  'blocklist_listed',
  'blocklist_partial',
] as const;
export type DomainCheckFinding = (typeof DOMAIN_CHECK_FINDINGS)[number];

/** What to do about a finding (`fix.key`), in plain words on the screen. */
export const DOMAIN_CHECK_FIXES = [
  'retry_later',
  'add_mx',
  'add_spf',
  'merge_spf',
  'correct_spf',
  'reduce_spf_lookups',
  'fix_spf_include',
  'permit_host_in_spf',
  'end_spf_with_fail',
  'set_dkim_key',
  'publish_dkim_key',
  'use_2048_bit_key',
  'add_dmarc',
  'merge_dmarc',
  'correct_dmarc',
  'enforce_dmarc',
  'raise_dmarc_pct',
  'ask_ptr',
  'fix_ptr',
  'request_delisting',
] as const;
export type DomainCheckFix = (typeof DOMAIN_CHECK_FIXES)[number];

/** Values a finding's or fix's text names (hosts, addresses, counts, records). */
const messageParamsSchema = z.record(z.string().max(40), z.union([z.string().max(2_000), z.number()]));
export type DomainCheckParams = z.infer<typeof messageParamsSchema>;

export const domainCheckSchema = z.object({
  kind: z.enum(DOMAIN_CHECK_KINDS),
  status: z.enum(DOMAIN_HEALTH_STATUSES),
  /** What was found: a key of the screen's `domainHealth.findings` and its values. */
  details: z.object({ key: z.enum(DOMAIN_CHECK_FINDINGS), params: messageParamsSchema }),
  /** The DNS records the verdict read, as published (shown verbatim). */
  records: z.array(z.string().max(4_000)).max(20),
  /** What to do; null when nothing needs doing. */
  fix: z.object({ key: z.enum(DOMAIN_CHECK_FIXES), params: messageParamsSchema }).nullable(),
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;

export const domainHealthSchema = z.object({
  domain: z.string().max(253),
  /** The caller's mailboxes at the domain. */
  mailboxes: z.array(z.string().max(254)).max(500),
  /** The worst status of the checks; null until the domain is first checked. */
  health: z.enum(DOMAIN_HEALTH_STATUSES).nullable(),
  /** In DOMAIN_CHECK_KINDS order; empty until the first check. */
  checks: z.array(domainCheckSchema).max(DOMAIN_CHECK_KINDS.length),
  checkedAt: timestampSchema.nullable(),
});
export type DomainHealth = z.infer<typeof domainHealthSchema>;

/** The overall health of a set of checks: the worst of them (bad > ok > good). */
export function overallDomainHealth(checks: readonly Pick<DomainCheck, 'status'>[]): DomainHealthStatus {
  if (checks.some((check) => check.status === 'bad')) return 'bad';
  if (checks.some((check) => check.status === 'ok')) return 'ok';
  return 'good';
}

/** The business numbers of the checks (document 2 §9 style: one place for both sides). */
export const DOMAIN_HEALTH_LIMITS = {
  /** RFC 7208 §4.6.4: DNS-querying SPF terms (include, a, mx, ptr, exists, redirect) per evaluation. */
  spfMaxLookups: 10,
  /** RFC 7208 §4.6.4: lookups answering nothing, beyond which SPF is a permanent error. */
  spfMaxVoidLookups: 2,
  /** RFC 8301 §3.2: receivers refuse shorter RSA keys. */
  dkimMinKeyBits: 1024,
  /** Current practice (Gmail, Yahoo, M3AAWG): 2048-bit keys. */
  dkimGoodKeyBits: 2048,
  /** A domain whose last check is older than this is re-checked by the daily job. */
  recheckAfterHours: 20,
} as const;

export const domainHealthListResponseSchema = z.object({ items: z.array(domainHealthSchema) });

export const domainHealthCheckBodySchema = z
  .object({
    domain: z
      .string()
      .trim()
      .toLowerCase()
      .min(1)
      .max(253)
      .transform((value) => value.replace(/\.$/, ''))
      .refine((value) => isHostName(value), { message: 'a domain name such as example.com' }),
  })
  .strict();

export const domainHealthCheckResponseSchema = z.object({ item: domainHealthSchema });

export const domainHealthRoutes = {
  listDomainHealth: defineRoute({
    id: 'domainHealth.list',
    method: 'GET',
    path: '/api/domain-health',
    response: domainHealthListResponseSchema,
    summary: 'The domains of the caller’s mailboxes, each with its last MX, SPF, DKIM, DMARC, reverse DNS and blocklist checks',
  }),
  checkDomainHealth: defineRoute({
    id: 'domainHealth.check',
    method: 'POST',
    path: '/api/domain-health/check',
    body: domainHealthCheckBodySchema,
    response: domainHealthCheckResponseSchema,
    summary: 'Checks a domain of the caller’s mailboxes now (not_found for any other), stores the result and pushes domain.healthChecked',
  }),
} as const satisfies Record<string, AnyRoute>;
