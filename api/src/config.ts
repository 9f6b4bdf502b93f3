/**
 * Start-up configuration from the environment, validated once. A bad value stops the process
 * with a message naming the variable, instead of failing later at the first request.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { DEFAULT_SIGNUP_CREDITS } from '@leadforge/contracts';

/** The repository root, two folders above `api/src`. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const urlText = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.join(' or ')}//`);

/** `min-max` in hours, e.g. `1-48`; min ≤ max is checked with the other cross-field rules. */
const hoursRange = z.string().trim().regex(/^\d+(\.\d+)?-\d+(\.\d+)?$/, 'must be a range of hours such as 1-48');

function parseHours(range: string): { min: number; max: number } {
  const [min, max] = range.split('-').map(Number) as [number, number];
  return { min, max };
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default(path.join(REPO_ROOT, '.data')),
  DATABASE_URL: urlText(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: urlText(['redis:', 'rediss:']).optional(),
  SMTP_HOST: optionalText,
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
  SMTP_USER: optionalText,
  SMTP_PASS: optionalText,
  SMTP_SECURE: booleanFlag.default(false),
  MAIL_FROM: z.string().trim().min(3).default('Leadforge <no-reply@leadforge.local>'),
  LEADFORGE_ENV: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and dashes (the name of environments/<name>.json)')
    .default('local'),
  WEB_ROOT: z.string().trim().min(1).default(path.join(REPO_ROOT, 'host', 'dist')),
  RELEASES_DIR: z.string().trim().min(1).default(path.join(REPO_ROOT, 'releases', 'remotes')),
  ENVIRONMENTS_DIR: z.string().trim().min(1).default(path.join(REPO_ROOT, 'environments')),
  PUBLIC_URL: urlText(['http:', 'https:']).optional(),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** Development only: an offline stand-in for Google sign-in whose consent page accepts any typed e-mail. */
  IDENTITY_SANDBOX: booleanFlag.default(false),
  STRIPE_SECRET_KEY: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  EMBEDDED_WORKERS: booleanFlag.optional(),
  /** Credits a newly registered account starts with. */
  SIGNUP_CREDITS: z.coerce.number().int().min(0).max(1_000_000).default(DEFAULT_SIGNUP_CREDITS),
  /** `host:port` comma list of DNS resolvers (verification engine and SSRF-safe fetching); system resolvers when unset. */
  DNS_SERVERS: optionalText,
  /** Comma list of CIDR ranges the SSRF-safe fetcher may reach although private (tests and e2e only). */
  FETCH_ALLOW_PRIVATE: optionalText,
  /** Port used for http:// URLs without an explicit port (a loopback test site stands in for port 80). */
  FETCH_HTTP_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Port used for https:// URLs without an explicit port. */
  FETCH_HTTPS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  FETCH_MAX_BYTES: z.coerce.number().int().min(1_024).max(50_000_000).default(2_000_000),
  /** Pages and link depth of one domain-search crawl. */
  CRAWL_MAX_PAGES: z.coerce.number().int().min(1).max(200).default(20),
  CRAWL_MAX_DEPTH: z.coerce.number().int().min(0).max(5).default(2),
  /** Social-network adapter of the LinkedIn search tasks: the offline sandbox until accounts can be connected. */
  SOCIAL_NETWORK_PROVIDER: z.enum(['sandbox', 'linkedin']).default('sandbox'),
  /** The sandbox network (engines/social/sandbox): share of invitations its people accept, 0…1. */
  SOCIAL_SANDBOX_ACCEPT_RATE: z.coerce.number().min(0).max(1).default(0.6),
  /** `min-max` hours after which a sandbox invitation is accepted (spread evenly between them). */
  SOCIAL_SANDBOX_ACCEPT_HOURS: hoursRange.default('1-48'),
  /** Share of messages (and accepted invitations) a sandbox person answers, 0…1. */
  SOCIAL_SANDBOX_REPLY_RATE: z.coerce.number().min(0).max(1).default(0.3),
  /** `min-max` hours after which a sandbox person answers. */
  SOCIAL_SANDBOX_REPLY_HOURS: hoursRange.default('1-24'),
  /** Days a sandbox session stays signed in after it connects (a cookie containing `expire-soon` expires at once). */
  SOCIAL_SANDBOX_SESSION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  /** Comma list of CIDR ranges a LinkedIn account's custom proxy may resolve to although private (tests and e2e only). */
  SOCIAL_PROXY_ALLOW_PRIVATE: optionalText,
  /** Domain health (modules/domain-health): DNSBL zones asked about the sending host's IPv4 address. */
  DOMAIN_HEALTH_IP_BLOCKLISTS: z.string().trim().default('zen.spamhaus.org,bl.spamcop.net,b.barracudacentral.org'),
  /** Domain blocklists asked about the sending domain itself. */
  DOMAIN_HEALTH_DOMAIN_BLOCKLISTS: z.string().trim().default('dbl.spamhaus.org'),
  /** Deadline of one DNS question of the domain checks (a resolver that never answers costs this, not a hang). */
  DOMAIN_HEALTH_DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Email verification engine (engines/verification): SMTP probe port, identity, timeouts, politeness, caching. */
  VERIFY_SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(25),
  VERIFY_HELO_NAME: z.string().trim().min(1).max(255).default('verify.leadforge.local'),
  VERIFY_MAIL_FROM: z.string().trim().min(3).max(254).regex(/^[^\s<>@]+@[^\s<>@]+$/, 'must be a bare address such as verify@example.com').default('verify@leadforge.local'),
  VERIFY_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  VERIFY_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  VERIFY_PER_MX_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(3),
  VERIFY_GLOBAL_CONCURRENCY: z.coerce.number().int().min(1).max(5_000).default(100),
  VERIFY_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(31_536_000).default(86_400),
  /** Comma list of CIDR ranges an MX may resolve to although private (tests, bench and e2e only). */
  VERIFY_ALLOW_PRIVATE: optionalText,
  VERIFY_GREYLIST_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** A name that always resolves, asked before a domain is called missing (a broken resolver is not proof). */
  VERIFY_DNS_CANARY: z.string().trim().min(1).max(253).regex(/^[a-z0-9.-]+$/i).default('a.root-servers.net'),
  /** Key of the mailbox credentials (32 bytes, base64); unset: generated into DATA_DIR/mail-secret.key on first start. */
  MAIL_SECRET_KEY: optionalText,
  /** Earlier keys, still read while stored credentials are re-encrypted (rotation). */
  MAIL_SECRET_KEYS_OLD: optionalText,
  /** Development only: an offline stand-in for Google / Microsoft mailbox OAuth where those are not configured. */
  MAIL_OAUTH_SANDBOX: booleanFlag.default(false),
  /** Comma list of CIDR ranges a user-entered SMTP/IMAP server may resolve to although private (tests and e2e only). */
  MAIL_ALLOW_PRIVATE: optionalText,
  /** Microsoft mailbox OAuth (Outlook / Microsoft 365): an app registration of the Microsoft identity platform. */
  MICROSOFT_CLIENT_ID: optionalText,
  MICROSOFT_CLIENT_SECRET: optionalText,
  MICROSOFT_TENANT: z.string().trim().regex(/^[a-z0-9.-]+$/i, 'must be common, organizations, consumers or a tenant id/domain').default('common'),
  /**
   * Key of the HMAC that makes outgoing Message-IDs (at least 32 bytes). Unset: derived with HKDF
   * from the mail credential key (engines/mail/outbound/message-id-secret.ts).
   */
  MAIL_MESSAGE_ID_SECRET: optionalText,
  /**
   * Test servers only (e2e): campaign delays and trigger windows are divided by this factor, so a
   * "wait 1 day" runs in seconds; the LinkedIn runner's gaps, re-checks, back-off and inbox polls
   * and the sandbox network's acceptance and reply delays keep the same clock
   * (engines/social/time-scale.ts). 1 (the default) is real time; refused in production.
   */
  CAMPAIGN_TIME_SCALE: z.coerce.number().min(1).max(1_000_000).default(1),
  /**
   * Comma list of the addresses or CIDR ranges of reverse proxies in front of the API. Only a
   * request arriving from one of them has its client address read from X-Forwarded-For (rate
   * limits, sessions, the tracking's machine detection); unset, nobody's header is believed.
   */
  TRUST_PROXY: optionalText,
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Folder of the embedded database, or `memory://` (tests). Ignored when databaseUrl is set. */
  pgliteDataDir: string;
  redisUrl: string | undefined;
  smtp: { host: string; port: number; user: string | undefined; pass: string | undefined; secure: boolean } | undefined;
  mailFrom: string;
  /** Where mail goes when no SMTP server is configured. */
  outboxDir: string;
  environmentName: string;
  webRoot: string;
  releasesDir: string;
  environmentsDir: string;
  publicUrl: string | undefined;
  /** TRUST_PROXY: the reverse proxies whose X-Forwarded-For is believed (addresses or CIDR ranges). */
  trustProxy: string[];
  google: { clientId: string; clientSecret: string } | undefined;
  /** The offline identity sandbox (IDENTITY_SANDBOX); never used when Google is configured. */
  identitySandbox: boolean;
  stripeSecretKey: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  embeddedWorkers: boolean;
  signupCredits: number;
  /** DNS resolvers as `host:port` (empty: the system's). */
  dnsServers: string[];
  /** SSRF-safe fetching (engines/web-fetch) and the domain-search crawler. */
  fetch: {
    allowPrivate: string[];
    httpPort: number | undefined;
    httpsPort: number | undefined;
    timeoutMs: number;
    maxBytes: number;
    crawlMaxPages: number;
    crawlMaxDepth: number;
  };
  /** Adapter of the LinkedIn search tasks (finder). */
  socialNetworkProvider: 'sandbox' | 'linkedin';
  /** How the sandbox network's people answer (engines/social/sandbox/network.ts). */
  socialSandboxNetwork: {
    acceptRate: number;
    acceptHours: { min: number; max: number };
    replyRate: number;
    replyHours: { min: number; max: number };
  };
  /** LinkedIn accounts' sessions and proxies (modules/linkedin-accounts, engines/social/sandbox/session.ts and linkedin/session.ts). */
  socialAccounts: {
    /** SOCIAL_SANDBOX_SESSION_DAYS: how long a sandbox session stays signed in. */
    sandboxSessionDays: number;
    /** CIDR ranges a custom proxy may resolve to although private (tests and e2e only). */
    proxyAllowPrivate: string[];
  };
  /** The email verification engine; DNS comes from dnsServers. */
  verification: {
    smtpPort: number;
    heloName: string;
    mailFrom: string;
    connectTimeoutMs: number;
    commandTimeoutMs: number;
    perMxConcurrency: number;
    globalConcurrency: number;
    cacheTtlSeconds: number;
    greylistRetrySeconds: number;
    allowPrivate: string[];
    dnsCanary?: string;
  };
  /** Email accounts (modules/email-accounts): credential keys, OAuth providers, who may be reached. */
  emailAccounts: {
    /** MAIL_SECRET_KEY; undefined: the key generated into DATA_DIR. */
    secretKey: string | undefined;
    /** MAIL_SECRET_KEYS_OLD: keys only read (rotation). */
    oldSecretKeys: string[];
    /** The offline OAuth sandbox stands in for a provider that is not configured. */
    oauthSandbox: boolean;
    /** Google mailbox OAuth uses the Google sign-in client (GOOGLE_CLIENT_ID/SECRET) with the Gmail scope. */
    google: { clientId: string; clientSecret: string } | undefined;
    microsoft: { clientId: string; clientSecret: string; tenant: string } | undefined;
    /** CIDR ranges user-entered mail servers may resolve to although private (tests and e2e only). */
    allowPrivate: string[];
  };
  /** Domain health checks (modules/domain-health); DNS comes from dnsServers. */
  domainHealth: {
    ipBlocklists: string[];
    domainBlocklists: string[];
    dnsTimeoutMs: number;
  };
  /** MAIL_MESSAGE_ID_SECRET; undefined: derived from the mail credential key. */
  mailMessageIdSecret: string | undefined;
  /**
   * CAMPAIGN_TIME_SCALE: campaign delays and trigger windows, the LinkedIn runner's waits and the
   * sandbox network's delays are divided by it (test servers; 1 = real time).
   */
  campaignTimeScale: number;
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration from an environment (process.env by default). Throws ConfigError. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Empty strings are treated as unset so `PORT= pnpm start` means the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return `${name}=${JSON.stringify(cleaned[name] ?? '')}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.SMTP_USER && !e.SMTP_PASS) problems.push('SMTP_PASS: required when SMTP_USER is set');
  if (!e.SMTP_HOST && (e.SMTP_USER || e.SMTP_PASS)) problems.push('SMTP_HOST: required when SMTP_USER/SMTP_PASS are set');
  if (e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) problems.push('GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set');
  for (const range of splitList(e.FETCH_ALLOW_PRIVATE)) {
    if (!ipaddr.isValidCIDR(range)) problems.push(`FETCH_ALLOW_PRIVATE: "${range}" is not a CIDR range such as 127.0.0.0/8`);
  }
  for (const entry of splitList(e.TRUST_PROXY)) {
    if (!ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry)) problems.push(`TRUST_PROXY: "${entry}" is not an address or a CIDR range such as 10.0.0.0/8`);
  }
  for (const range of splitList(e.VERIFY_ALLOW_PRIVATE)) {
    if (!ipaddr.isValidCIDR(range)) problems.push(`VERIFY_ALLOW_PRIVATE: "${range}" is not a CIDR range such as 127.0.0.0/8`);
  }
  for (const name of ['DOMAIN_HEALTH_IP_BLOCKLISTS', 'DOMAIN_HEALTH_DOMAIN_BLOCKLISTS'] as const) {
    for (const zone of splitList(e[name])) {
      if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/i.test(zone)) problems.push(`${name}: "${zone}" is not a DNS zone such as zen.spamhaus.org`);
    }
  }
  for (const server of splitList(e.DNS_SERVERS)) {
    if (!/^(\[[0-9a-f:.]+\]|[0-9.]+)(:\d{1,5})?$/i.test(server)) problems.push(`DNS_SERVERS: "${server}" is not an IP address with an optional :port`);
  }
  if (e.MAIL_MESSAGE_ID_SECRET !== undefined && Buffer.byteLength(e.MAIL_MESSAGE_ID_SECRET) < 32) {
    problems.push('MAIL_MESSAGE_ID_SECRET: must be at least 32 bytes (openssl rand -base64 32)');
  }
  const base64Key = /^[A-Za-z0-9+/_-]+={0,2}$/;
  const isMailKey = (key: string) => base64Key.test(key) && Buffer.from(key.replace(/-/g, '+').replace(/_/g, '/'), 'base64').length === 32;
  if (e.MAIL_SECRET_KEY && !isMailKey(e.MAIL_SECRET_KEY)) problems.push('MAIL_SECRET_KEY: must be 32 bytes written in base64 (openssl rand -base64 32)');
  for (const [index, key] of (e.MAIL_SECRET_KEYS_OLD ?? '').split(/[\s,]+/).filter(Boolean).entries()) {
    if (!isMailKey(key)) problems.push(`MAIL_SECRET_KEYS_OLD: entry ${index + 1} is not 32 bytes written in base64`);
  }
  for (const range of splitList(e.MAIL_ALLOW_PRIVATE)) {
    if (!ipaddr.isValidCIDR(range)) problems.push(`MAIL_ALLOW_PRIVATE: "${range}" is not a CIDR range such as 127.0.0.0/8`);
  }
  if (e.MICROSOFT_CLIENT_ID && !e.MICROSOFT_CLIENT_SECRET) problems.push('MICROSOFT_CLIENT_SECRET: required when MICROSOFT_CLIENT_ID is set');
  for (const range of splitList(e.SOCIAL_PROXY_ALLOW_PRIVATE)) {
    if (!ipaddr.isValidCIDR(range)) problems.push(`SOCIAL_PROXY_ALLOW_PRIVATE: "${range}" is not a CIDR range such as 127.0.0.0/8`);
  }
  for (const name of ['SOCIAL_SANDBOX_ACCEPT_HOURS', 'SOCIAL_SANDBOX_REPLY_HOURS'] as const) {
    const hours = parseHours(e[name]);
    if (hours.min > hours.max) problems.push(`${name}: the first number of the range must not be above the second`);
  }
  // The production environment refuses it. NODE_ENV=production alone does not: the journeys' test
  // server runs the production build that way, with a fast clock for the campaign journeys.
  if (e.CAMPAIGN_TIME_SCALE !== 1 && e.LEADFORGE_ENV === 'production')
    problems.push('CAMPAIGN_TIME_SCALE: a fast campaign and LinkedIn clock is for test servers only, never in production');
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDataDir: path.join(dataDir, 'pglite'),
    redisUrl: e.REDIS_URL,
    smtp: e.SMTP_HOST
      ? { host: e.SMTP_HOST, port: e.SMTP_PORT, user: e.SMTP_USER, pass: e.SMTP_PASS, secure: e.SMTP_SECURE }
      : undefined,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    environmentName: e.LEADFORGE_ENV,
    webRoot: path.resolve(e.WEB_ROOT),
    releasesDir: path.resolve(e.RELEASES_DIR),
    environmentsDir: path.resolve(e.ENVIRONMENTS_DIR),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: splitList(e.TRUST_PROXY),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    identitySandbox: e.IDENTITY_SANDBOX && !(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET),
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    logLevel: e.LOG_LEVEL,
    // One process does everything in the embedded default; with PostgreSQL the worker may run apart.
    embeddedWorkers: e.EMBEDDED_WORKERS ?? !e.DATABASE_URL,
    signupCredits: e.SIGNUP_CREDITS,
    dnsServers: splitList(e.DNS_SERVERS),
    fetch: {
      allowPrivate: splitList(e.FETCH_ALLOW_PRIVATE),
      httpPort: e.FETCH_HTTP_PORT,
      httpsPort: e.FETCH_HTTPS_PORT,
      timeoutMs: e.FETCH_TIMEOUT_MS,
      maxBytes: e.FETCH_MAX_BYTES,
      crawlMaxPages: e.CRAWL_MAX_PAGES,
      crawlMaxDepth: e.CRAWL_MAX_DEPTH,
    },
    socialNetworkProvider: e.SOCIAL_NETWORK_PROVIDER,
    socialSandboxNetwork: {
      acceptRate: e.SOCIAL_SANDBOX_ACCEPT_RATE,
      acceptHours: parseHours(e.SOCIAL_SANDBOX_ACCEPT_HOURS),
      replyRate: e.SOCIAL_SANDBOX_REPLY_RATE,
      replyHours: parseHours(e.SOCIAL_SANDBOX_REPLY_HOURS),
    },
    socialAccounts: {
      sandboxSessionDays: e.SOCIAL_SANDBOX_SESSION_DAYS,
      proxyAllowPrivate: splitList(e.SOCIAL_PROXY_ALLOW_PRIVATE),
    },
    verification: {
      smtpPort: e.VERIFY_SMTP_PORT,
      heloName: e.VERIFY_HELO_NAME,
      mailFrom: e.VERIFY_MAIL_FROM,
      connectTimeoutMs: e.VERIFY_CONNECT_TIMEOUT_MS,
      commandTimeoutMs: e.VERIFY_COMMAND_TIMEOUT_MS,
      perMxConcurrency: e.VERIFY_PER_MX_CONCURRENCY,
      globalConcurrency: e.VERIFY_GLOBAL_CONCURRENCY,
      cacheTtlSeconds: e.VERIFY_CACHE_TTL_SECONDS,
      greylistRetrySeconds: e.VERIFY_GREYLIST_RETRY_SECONDS,
      allowPrivate: splitList(e.VERIFY_ALLOW_PRIVATE),
      dnsCanary: e.VERIFY_DNS_CANARY,
    },
    emailAccounts: {
      secretKey: e.MAIL_SECRET_KEY,
      oldSecretKeys: (e.MAIL_SECRET_KEYS_OLD ?? '').split(/[\s,]+/).filter(Boolean),
      oauthSandbox: e.MAIL_OAUTH_SANDBOX,
      google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : undefined,
      microsoft:
        e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET
          ? { clientId: e.MICROSOFT_CLIENT_ID, clientSecret: e.MICROSOFT_CLIENT_SECRET, tenant: e.MICROSOFT_TENANT }
          : undefined,
      allowPrivate: splitList(e.MAIL_ALLOW_PRIVATE),
    },
    domainHealth: {
      ipBlocklists: splitList(e.DOMAIN_HEALTH_IP_BLOCKLISTS).map((zone) => zone.toLowerCase()),
      domainBlocklists: splitList(e.DOMAIN_HEALTH_DOMAIN_BLOCKLISTS).map((zone) => zone.toLowerCase()),
      dnsTimeoutMs: e.DOMAIN_HEALTH_DNS_TIMEOUT_MS,
    },
    mailMessageIdSecret: e.MAIL_MESSAGE_ID_SECRET,
    campaignTimeScale: e.CAMPAIGN_TIME_SCALE,
  };
}
