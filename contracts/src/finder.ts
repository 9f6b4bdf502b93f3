/**
 * Finder calls (issue 4): single and bulk email search, domain search and positions, company
 * search, technology checker, extension history pages, LinkedIn search tasks and social-url
 * imports (document 2 §7.5; both run on one of the caller's connected LinkedIn accounts, issue 14).
 *
 * Page routes of document 1 §2 (/search/single-email, /domain-search, /url-emails, …) are
 * screens; the calls they make live under /email-finder, /domain-search/…, /finder/… so a browser
 * navigation to a screen never collides with a call.
 */
import * as z from './zod';
import { PAGE_SIZES, RANDOM_ID_LENGTH } from './constants';
import { emailSchema, idParamsSchema, isoDateTimeSchema, okResponseSchema, pageOf, text } from './common';
import { countSchema, recordIdSchema, webUrlSchema } from './fields';
import { defineRoute, type AnyRoute } from './http';
import { isValidDomain } from './rules/domain';
import { SEARCH_TASK_PROSPECTS_MAX, SOCIAL_TASK_STATUSES, socialUrlImportSchema } from './social';

/** Limits of the finder that are ours (the spec names only the domains page size and id length). */
export const FINDER_LIMITS = {
  /** Rows of one bulk email search (names) or bulk domain search. */
  bulkRowsMax: 5_000,
  /** Characters of a pasted or uploaded CSV (the JSON body limit is 1 MiB). */
  csvCharsMax: 900_000,
  nameMax: 100,
  domainMax: 253,
  /** Domain search results per page (document 2 §9 "Domains search limit"). */
  domainSearchPerPage: PAGE_SIZES.domainsSearch,
  /** History pages. */
  historyPerPage: 20,
  /** Position suggestions answered by url-emails/positions. */
  positionsMax: 10,
  companiesMax: 10,
  termMax: 100,
  /**
   * Candidates verified at most per person (each costs one verification credit): a bulk search
   * from names costs at most rows × this, which the screen shows before the run starts.
   */
  candidatesVerifiedMax: 6,
  /** Ids one batch-show call answers for (the rows of a list page). */
  batchShowMax: 50,
} as const;

/** Search ids are random strings of document 2 §9 "Random id length". */
export const searchIdSchema = z
  .string()
  .trim()
  .length(RANDOM_ID_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/);
export const searchIdParamsSchema = z.object({ searchId: searchIdSchema }).strict();

/**
 * A domain as users type it (`https://www.acme.com/about`, `jane@acme.com`, `ACME.com.`) reduced
 * to its host name; the result is checked with the domain format rule of document 1 §5.
 */
export function normaliseDomain(input: string): string | null {
  let value = input.trim().toLowerCase();
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  value = value.split(/[/?#]/)[0] ?? '';
  value = value.replace(/^[^@]*@/, '').replace(/:\d+$/, '').replace(/\.$/, '');
  if (value.startsWith('www.')) value = value.slice(4);
  return value.length > 0 && isValidDomain(value) ? value : null;
}
/** The raw domain field; the service answers `domain_invalid` for what normaliseDomain refuses. */
const domainInput = z.string().trim().min(1).max(2048);

const personName = text(FINDER_LIMITS.nameMax);

/** Candidate local-part patterns, best-known first by default (Hunter/Snov order of frequency). */
export const EMAIL_PATTERNS = [
  'first.last',
  'flast',
  'first',
  'firstlast',
  'f.last',
  'last',
  'first_last',
  'lastf',
  'first-last',
  'last.first',
  'firstl',
  'first.l',
  'lastfirst',
  'fl',
  'last_first',
  'last.f',
] as const;
export type EmailPattern = (typeof EMAIL_PATTERNS)[number];
export const emailPatternSchema = z.enum(EMAIL_PATTERNS);

/**
 * What the finder answers per candidate or per search: `valid` (the mailbox accepts), `unverifiable`
 * (the domain accepts everything, so the best pattern is a guess), `not_found` (every candidate
 * was refused), `unknown` (servers did not answer in time), `greylist` (retried in the background).
 */
export const FINDER_RESULT_STATUSES = ['valid', 'unverifiable', 'not_found', 'unknown', 'greylist', 'invalid'] as const;
export type FinderResultStatus = (typeof FINDER_RESULT_STATUSES)[number];
export const finderResultStatusSchema = z.enum(FINDER_RESULT_STATUSES);

export const candidateSchema = z.object({
  email: z.string(),
  pattern: emailPatternSchema,
  /** Share of the domain's known addresses using this pattern, 0…1 (0 when nothing is known). */
  score: z.number().min(0).max(1),
  status: z.enum(['valid', 'invalid', 'catch_all', 'unknown', 'greylist', 'not_checked']),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const singleSearchBodySchema = z
  .object({ firstName: personName, lastName: personName, domain: domainInput })
  .strict();

export const singleSearchResultSchema = z.object({
  searchId: searchIdSchema,
  firstName: z.string(),
  lastName: z.string(),
  domain: z.string(),
  email: z.string().nullable(),
  status: finderResultStatusSchema,
  pattern: emailPatternSchema.nullable(),
  /**
   * Whether the domain accepts every address: null when no candidate reached the mail server's
   * answer that would tell (domain without mail, every probe unknown or greylisted).
   */
  catchAll: z.boolean().nullable(),
  /** Where the ranking came from: the domain's known addresses, or the general frequency order. */
  patternSource: z.enum(['account', 'global', 'default']),
  candidates: z.array(candidateSchema),
  createdAt: isoDateTimeSchema,
});
export type SingleSearchResult = z.infer<typeof singleSearchResultSchema>;

/** Where a domain search address comes from. */
export const domainEmailSourceSchema = z.enum(['own_data', 'website']);

export const domainEmailSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  position: z.string().nullable(),
  source: domainEmailSourceSchema,
  /** The page the address was seen on (website source). */
  sourceUrl: z.string().nullable(),
  /** The verification status already known for the address, if any. */
  status: z.enum(['valid', 'not_valid', 'catch_all', 'unknown', 'greylist', 'not_verified']),
});
export type DomainEmail = z.infer<typeof domainEmailSchema>;

export const companyInfoSchema = z.object({
  domain: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  /** Social profile links found on the site, by network. */
  socials: z.array(z.object({ network: z.string(), url: z.string() })),
  /** A logo or icon address found on the site. */
  logo: z.string().nullable(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

export const crawlSummarySchema = z.object({
  pagesFetched: countSchema,
  /** Paths skipped because robots.txt disallows them. */
  blockedByRobots: countSchema,
  /** Pages that failed (timeouts, errors, refused redirects). */
  failed: countSchema,
  /** Whether the crawl stopped at the page cap. */
  truncated: z.boolean(),
});

export const domainSearchBodySchema = z
  .object({
    domain: domainInput,
    /** Only addresses whose position contains this text. */
    position: z.string().trim().max(FINDER_LIMITS.termMax).optional(),
  })
  .strict();

export const domainSearchPageQuerySchema = z
  .object({ page: z.coerce.number().int().min(1).max(1_000).default(1) })
  .strict();

export const domainSearchResultSchema = z.object({
  searchId: searchIdSchema,
  domain: z.string(),
  position: z.string().nullable(),
  company: companyInfoSchema,
  emails: z.array(domainEmailSchema),
  total: countSchema,
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
  crawl: crawlSummarySchema,
  createdAt: isoDateTimeSchema,
});
export type DomainSearchResult = z.infer<typeof domainSearchResultSchema>;

/** Where found prospects go: an existing list of the caller or a new list by name. */
export const prospectTargetSchema = z.union([
  z.object({ listId: recordIdSchema }).strict(),
  z.object({ listName: text(255) }).strict(),
]);
export type ProspectTarget = z.infer<typeof prospectTargetSchema>;

export const saveToListResultSchema = z.object({ listId: recordIdSchema, added: countSchema, duplicates: countSchema });

/** History of the single and domain searches (finder pages and extension history pages). */
export const SEARCH_KINDS = ['single', 'domain'] as const;
export const searchHistoryItemSchema = z.object({
  searchId: searchIdSchema,
  kind: z.enum(SEARCH_KINDS),
  /** Name + domain for a single search, the domain for a domain search. */
  label: z.string(),
  domain: z.string(),
  email: z.string().nullable(),
  status: finderResultStatusSchema.nullable(),
  found: countSchema,
  createdAt: isoDateTimeSchema,
});
export type SearchHistoryItem = z.infer<typeof searchHistoryItemSchema>;

export const historyQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    kind: z.enum(SEARCH_KINDS).optional(),
  })
  .strict();

// ---------------------------------------------------------------- bulk searches

export const BULK_KINDS = ['names', 'domains'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];
export const BULK_STATES = ['queued', 'active', 'paused', 'completed', 'failed', 'cancelled'] as const;
export type BulkState = (typeof BULK_STATES)[number];

/** One pasted row of a bulk email search: the domain may be a company name when no site is known. */
export const nameRowSchema = z
  .object({
    firstName: z.string().max(FINDER_LIMITS.nameMax),
    lastName: z.string().max(FINDER_LIMITS.nameMax),
    domain: z.string().max(FINDER_LIMITS.domainMax * 2),
  })
  .strict();

const bulkCommon = {
  name: text(255),
  target: prospectTargetSchema,
};

export const bulkNamesBodySchema = z
  .object({
    ...bulkCommon,
    /** CSV text with a header (first name, last name, domain or company) — or rows. */
    csv: z.string().max(FINDER_LIMITS.csvCharsMax).optional(),
    rows: z.array(nameRowSchema).max(FINDER_LIMITS.bulkRowsMax).optional(),
  })
  .strict();

export const bulkDomainsBodySchema = z
  .object({
    ...bulkCommon,
    domains: z.array(z.string().max(2048)).min(1).max(FINDER_LIMITS.bulkRowsMax),
    position: z.string().trim().max(FINDER_LIMITS.termMax).optional(),
  })
  .strict();

export const rowErrorSchema = z.object({
  /** 1-based row number as the user sees it (the CSV header is row 1). */
  row: z.number().int().min(1),
  field: z.enum(['firstName', 'lastName', 'domain', 'row']),
  key: z.enum(['field_required', 'field_invalid', 'field_too_long', 'domain_invalid']),
});
export type RowError = z.infer<typeof rowErrorSchema>;

export const bulkJobSchema = z.object({
  id: recordIdSchema,
  kind: z.enum(BULK_KINDS),
  name: z.string(),
  state: z.enum(BULK_STATES),
  total: countSchema,
  processed: countSchema,
  found: countSchema,
  listId: recordIdSchema.nullable(),
  /** Credits the run may take at most (one verification per candidate tried). */
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

/** `jobId` of the `job.progress` pushes of a bulk search (kind `finder.bulk.names` / `finder.bulk.domains`). */
export function bulkProgressJobId(bulkId: number): string {
  return `finder-bulk-${bulkId}`;
}
/** `jobId` of the `job.progress` pushes of a LinkedIn search task (kind `linkedin.search`). */
export function linkedinProgressJobId(taskId: number): string {
  return `finder-linkedin-${taskId}`;
}
/** `jobId` of the `job.progress` pushes of a social-url import (kind `linkedin.social-url`). */
export function socialUrlProgressJobId(importId: number): string {
  return `finder-social-url-${importId}`;
}

export const bulkCreateResultSchema = z.object({
  /** null when no row was usable (then rowErrors says why). */
  job: bulkJobSchema.nullable(),
  accepted: countSchema,
  rowErrors: z.array(rowErrorSchema),
});

export const bulkRowResultSchema = z.object({
  row: z.number().int().min(1),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  domain: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  position: z.string().nullable(),
  status: finderResultStatusSchema,
});
export type BulkRowResult = z.infer<typeof bulkRowResultSchema>;

export const bulkListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    kind: z.enum(BULK_KINDS).optional(),
  })
  .strict();

// ---------------------------------------------------------------- technology checker

export const technologySchema = z.object({
  name: z.string(),
  slug: z.string(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  version: z.string().nullable(),
  /** 0…100 as the fingerprint data set weighs its patterns. */
  confidence: z.number().int().min(0).max(100),
  website: z.string().nullable(),
  icon: z.string().nullable(),
});
export type Technology = z.infer<typeof technologySchema>;

export const techcheckResultSchema = z.object({
  url: z.string(),
  finalUrl: z.string(),
  /** HTTP status of the home page (a site that does not answer is the error `site_unreachable`). */
  status: z.number().int(),
  technologies: z.array(technologySchema),
  checkedAt: isoDateTimeSchema,
});
export type TechcheckResult = z.infer<typeof techcheckResultSchema>;

// ---------------------------------------------------------------- LinkedIn search tasks (§7.5)

export const linkedinSearchUrlSchema = webUrlSchema.refine((value) => {
  try {
    const host = new URL(value).hostname.toLowerCase();
    return host === 'linkedin.com' || host.endsWith('.linkedin.com');
  } catch {
    return false;
  }
}, 'field_invalid');

/**
 * The handle of a LinkedIn profile link (`https://www.linkedin.com/in/<handle>`), lower-cased, or
 * null when the text is no profile link. People paste links as they find them: another country
 * host (`de.linkedin.com`), no scheme, a trailing slash, a tracking query — all the same profile.
 */
export function linkedinProfileHandle(link: string): string | null {
  let text = link.trim();
  if (/^([a-z0-9-]+\.)?linkedin\.com\//i.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || (host !== 'linkedin.com' && !host.endsWith('.linkedin.com'))) return null;
  const match = /^\/in\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return null;
  let handle: string;
  try {
    handle = decodeURIComponent(match[1]!).toLowerCase();
  } catch {
    return null;
  }
  return handle.length > 0 && handle.length <= 100 && !/[\s/?#]/.test(handle) ? handle : null;
}

/** The one spelling of a profile link the product stores, or null when the text is no profile link. */
export function normaliseLinkedinProfileLink(link: string): string | null {
  const handle = linkedinProfileHandle(link);
  return handle === null ? null : `https://www.linkedin.com/in/${encodeURIComponent(handle)}`;
}

export const linkedinTaskCreateBodySchema = z
  .object({
    url: linkedinSearchUrlSchema,
    accountId: recordIdSchema,
    prospectsListId: recordIdSchema,
    prospectsTotal: z.number().int().min(1).max(SEARCH_TASK_PROSPECTS_MAX),
    isSkipSaved: z.boolean().default(false),
    isSaveWithoutEmail: z.boolean().default(false),
  })
  .strict();

/**
 * Which social-network adapter served a task: `sandbox` is the offline network of made-up sample
 * people (every screen showing its output says so), `linkedin` the real one.
 */
export const SOCIAL_NETWORK_PROVIDERS = ['sandbox', 'linkedin'] as const;
export type SocialNetworkProviderName = (typeof SOCIAL_NETWORK_PROVIDERS)[number];
export const socialNetworkProviderSchema = z.enum(SOCIAL_NETWORK_PROVIDERS);

/** Prospect source of people saved from the sandbox network (the prospect view shows it). */
export const SANDBOX_PROSPECT_SOURCE = 'sandbox_network';

export const linkedinTaskSchema = z.object({
  id: recordIdSchema,
  provider: socialNetworkProviderSchema,
  url: z.string(),
  /** The connected LinkedIn account (linkedin-accounts) the search runs on. */
  accountId: recordIdSchema,
  prospectsListId: recordIdSchema,
  prospectsTotal: countSchema,
  isSkipSaved: z.boolean(),
  isSaveWithoutEmail: z.boolean(),
  status: z.enum(SOCIAL_TASK_STATUSES),
  /**
   * Why the task stopped or failed by itself, as an error key the screen translates (e.g.
   * `linkedin_account_not_active` when its account lost its session); null otherwise.
   */
  statusReason: z.string().nullable(),
  prospectsFound: countSchema,
  prospectsSaved: countSchema,
  badLinksCount: countSchema,
  createdAt: isoDateTimeSchema,
});
export type LinkedinTask = z.infer<typeof linkedinTaskSchema>;

/** `?ids=1,2,3`: the records a list screen polls (at most FINDER_LIMITS.batchShowMax). */
export const batchShowQuerySchema = z
  .object({
    ids: z
      .string()
      .trim()
      .regex(/^\d{1,15}(,\d{1,15})*$/, 'field_invalid')
      .transform((value) => [...new Set(value.split(',').map(Number))])
      .pipe(z.array(recordIdSchema).min(1).max(FINDER_LIMITS.batchShowMax)),
  })
  .strict();

// ---------------------------------------------------------------- social-url imports (§7.5)

/** Rows a social-url file may have (one profile link a row). */
export const SOCIAL_URL_ROWS_MAX = 5_000;

/** An import is `uploaded` until it is started on an account; then as a search task. */
export const SOCIAL_URL_IMPORT_STATUSES = ['uploaded', ...SOCIAL_TASK_STATUSES] as const;
export type SocialUrlImportStatus = (typeof SOCIAL_URL_IMPORT_STATUSES)[number];

/** Upload: the file's text (CSV, one profile link a row, a header row optional) and the list to fill. */
export const socialUrlImportCreateBodySchema = z
  .object({
    /** The name of the file as the user chose it. */
    fileName: text(255),
    csv: z.string().min(1).max(FINDER_LIMITS.csvCharsMax),
    prospectsListId: recordIdSchema,
  })
  .strict();

export const socialUrlImportStartBodySchema = z.object({ accountId: recordIdSchema }).strict();

export const socialUrlImportViewSchema = socialUrlImportSchema.extend({
  provider: socialNetworkProviderSchema,
  status: z.enum(SOCIAL_URL_IMPORT_STATUSES),
  statusReason: z.string().nullable(),
  /** The connected LinkedIn account reading the profiles; null until started. */
  accountId: recordIdSchema.nullable(),
  /** Distinct profile links of the file (rows with a usable link). */
  linksCount: countSchema,
  linksRead: countSchema,
  prospectsSaved: countSchema,
});
export type SocialUrlImportView = z.infer<typeof socialUrlImportViewSchema>;
// ---------------------------------------------------------------- routes

export const finderSingleSearch = defineRoute({
  id: 'finder.singleSearch',
  method: 'POST',
  path: '/email-finder/search',
  body: singleSearchBodySchema,
  response: singleSearchResultSchema,
  errors: ['domain_invalid', 'billing_source', 'insufficient_balance'],
  summary: 'Finds the address of a person at a domain: candidate patterns ranked by the domain’s known pattern, verified in turn.',
});

export const finderSearchHistory = defineRoute({
  id: 'finder.searchHistory',
  method: 'GET',
  path: '/email-finder/history',
  query: historyQuerySchema,
  response: pageOf(searchHistoryItemSchema),
  summary: 'The caller’s single and domain searches, newest first.',
});

export const finderSingleSearchGet = defineRoute({
  id: 'finder.singleSearchGet',
  method: 'GET',
  path: '/email-finder/search/:searchId',
  params: searchIdParamsSchema,
  response: singleSearchResultSchema,
  errors: ['not_found'],
  summary: 'One single search of the caller by its id.',
});

export const finderSingleSearchSave = defineRoute({
  id: 'finder.singleSearchSave',
  method: 'POST',
  path: '/email-finder/search/:searchId/save',
  params: searchIdParamsSchema,
  body: z.object({ target: prospectTargetSchema }).strict(),
  response: saveToListResultSchema,
  errors: ['not_found', 'list_not_found'],
  summary: 'Saves the found person into a prospect list.',
});

export const finderDomainSearch = defineRoute({
  id: 'finder.domainSearch',
  method: 'POST',
  path: '/domain-search/search',
  body: domainSearchBodySchema,
  response: domainSearchResultSchema,
  errors: ['domain_invalid', 'url_not_allowed'],
  summary:
    'Addresses known at a domain from the caller’s own data plus its public pages (robots.txt respected), with company info; first page.',
});

export const finderDomainSearchGet = defineRoute({
  id: 'finder.domainSearchGet',
  method: 'GET',
  path: '/domain-search/search/:searchId',
  params: searchIdParamsSchema,
  query: domainSearchPageQuerySchema,
  response: domainSearchResultSchema,
  errors: ['not_found'],
  summary: 'A page (document 2 §9 limit) of a stored domain search of the caller.',
});

export const finderDomainSearchSave = defineRoute({
  id: 'finder.domainSearchSave',
  method: 'POST',
  path: '/domain-search/search/:searchId/save',
  params: searchIdParamsSchema,
  body: z
    .object({
      target: prospectTargetSchema,
      /** Addresses to save; all of the search when absent. */
      emails: z.array(emailSchema).max(FINDER_LIMITS.bulkRowsMax).optional(),
    })
    .strict(),
  response: saveToListResultSchema,
  errors: ['not_found', 'list_not_found'],
  summary: 'Saves addresses of a domain search into a prospect list.',
});

export const finderPositions = defineRoute({
  id: 'finder.positions',
  method: 'POST',
  path: '/url-emails/positions',
  body: z.object({ term: z.string().trim().max(FINDER_LIMITS.termMax) }).strict(),
  response: z.object({ positions: z.array(z.string()) }),
  summary: 'Position suggestions for a typed term (document 2 §7.4), from known positions and common titles.',
});

export const finderCompanies = defineRoute({
  id: 'finder.companies',
  method: 'POST',
  path: '/search/companies',
  body: z.object({ query: z.string().trim().max(FINDER_LIMITS.termMax) }).strict(),
  response: z.object({
    companies: z.array(z.object({ name: z.string(), domain: z.string(), logo: z.string().nullable() })),
  }),
  summary: 'Companies (name and domain) matching a typed name, from the caller’s searches and prospects (document 2 §7.4).',
});

export const finderBulkNames = defineRoute({
  id: 'finder.bulkNames',
  method: 'POST',
  path: '/emails-from-names/jobs',
  body: bulkNamesBodySchema,
  response: bulkCreateResultSchema,
  errors: ['list_not_found', 'field_required'],
  summary: 'Starts a bulk email search from names (CSV or rows); bad rows are reported, not run.',
});

export const finderBulkDomains = defineRoute({
  id: 'finder.bulkDomains',
  method: 'POST',
  path: '/url-emails/jobs',
  body: bulkDomainsBodySchema,
  response: bulkCreateResultSchema,
  errors: ['list_not_found'],
  summary: 'Starts a bulk domain search over a list of domains.',
});

export const finderBulkList = defineRoute({
  id: 'finder.bulkList',
  method: 'GET',
  path: '/finder/bulk-jobs',
  query: bulkListQuerySchema,
  response: pageOf(bulkJobSchema),
  summary: 'The caller’s bulk searches, newest first.',
});

export const finderBulkGet = defineRoute({
  id: 'finder.bulkGet',
  method: 'GET',
  path: '/finder/bulk-jobs/:id',
  params: idParamsSchema,
  response: bulkJobSchema,
  errors: ['not_found'],
  summary: 'One bulk search with its progress.',
});

export const finderBulkResults = defineRoute({
  id: 'finder.bulkResults',
  method: 'GET',
  path: '/finder/bulk-jobs/:id/results',
  params: idParamsSchema,
  query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict(),
  response: pageOf(bulkRowResultSchema),
  errors: ['not_found'],
  summary: 'Result rows of a bulk search so far.',
});

export const finderBulkPause = defineRoute({
  id: 'finder.bulkPause',
  method: 'POST',
  path: '/finder/bulk-jobs/:id/pause',
  params: idParamsSchema,
  response: bulkJobSchema,
  errors: ['not_found', 'conflict'],
  summary: 'Pauses a queued or running bulk search after the row in progress.',
});

export const finderBulkResume = defineRoute({
  id: 'finder.bulkResume',
  method: 'POST',
  path: '/finder/bulk-jobs/:id/resume',
  params: idParamsSchema,
  response: bulkJobSchema,
  errors: ['not_found', 'conflict'],
  summary: 'Resumes a paused bulk search where it stopped.',
});

export const finderBulkCancel = defineRoute({
  id: 'finder.bulkCancel',
  method: 'POST',
  path: '/finder/bulk-jobs/:id/cancel',
  params: idParamsSchema,
  response: bulkJobSchema,
  errors: ['not_found', 'conflict'],
  summary: 'Cancels a bulk search; rows done so far stay downloadable.',
});

export const finderBulkDownload = defineRoute({
  id: 'finder.bulkDownload',
  method: 'GET',
  path: '/finder/bulk-jobs/:id/download',
  params: idParamsSchema,
  response: z.unknown(),
  responseKind: 'file',
  errors: ['not_found'],
  summary: 'The results as CSV (cells starting with = + - @ are prefixed with an apostrophe).',
});

export const finderTechcheck = defineRoute({
  id: 'finder.techcheck',
  method: 'POST',
  path: '/techcheck/check',
  body: z.object({ url: z.string().trim().min(1).max(2048) }).strict(),
  response: techcheckResultSchema,
  errors: ['url_not_allowed', 'domain_invalid', 'site_unreachable'],
  summary: 'Technologies of a site from its home page (headers, cookies, HTML, scripts, meta).',
});

export const finderToolsOverview = defineRoute({
  id: 'finder.toolsOverview',
  method: 'GET',
  path: '/finder-tools/overview',
  response: z.object({
    singleSearches: countSchema,
    domainSearches: countSchema,
    bulkJobsActive: countSchema,
    linkedinTasksActive: countSchema,
    recent: z.array(searchHistoryItemSchema),
  }),
  summary: 'What the finder tools page shows: counts and the latest searches.',
});

export const finderPluginHistory = defineRoute({
  id: 'finder.pluginHistory',
  method: 'GET',
  path: '/plugin/history/:searchId/data',
  params: searchIdParamsSchema,
  response: z.object({
    item: searchHistoryItemSchema,
    single: singleSearchResultSchema.nullable(),
    domain: domainSearchResultSchema.nullable(),
  }),
  errors: ['not_found'],
  summary: 'One search of the caller by id, for the extension history page.',
});

export const finderPluginBestCompany = defineRoute({
  id: 'finder.pluginBestCompany',
  method: 'GET',
  path: '/plugin/history-best-company/:searchId/data',
  params: searchIdParamsSchema,
  response: z.object({
    searchId: searchIdSchema,
    company: companyInfoSchema,
    /** The company’s most senior contacts found, best first. */
    contacts: z.array(domainEmailSchema),
    total: countSchema,
  }),
  errors: ['not_found'],
  summary: 'The best-company view of a domain search: company info and its most senior contacts.',
});

export const finderLinkedinCreate = defineRoute({
  id: 'finder.linkedinCreate',
  method: 'POST',
  path: '/linkedin-search/tasks',
  body: linkedinTaskCreateBodySchema,
  response: linkedinTaskSchema,
  errors: ['list_not_found', 'field_invalid', 'not_found', 'linkedin_account_not_active'],
  summary:
    'Starts a social-network search task that harvests profiles into a prospect list on one of the caller’s connected, active LinkedIn accounts (document 2 §7.5).',
});

export const finderLinkedinList = defineRoute({
  id: 'finder.linkedinList',
  method: 'GET',
  path: '/linkedin-search/tasks',
  query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict(),
  // provider: the adapter new tasks will run through, so the screen can label it before any task exists.
  response: pageOf(linkedinTaskSchema).extend({ provider: socialNetworkProviderSchema }),
  summary: 'The caller’s social-network search tasks, newest first, and the network new tasks use.',
});

export const finderLinkedinStatus = defineRoute({
  id: 'finder.linkedinStatus',
  method: 'GET',
  path: '/linkedin-search/tasks/:id',
  params: idParamsSchema,
  response: linkedinTaskSchema,
  errors: ['not_found'],
  summary: 'Status of one search task.',
});

export const finderLinkedinStop = defineRoute({
  id: 'finder.linkedinStop',
  method: 'POST',
  path: '/linkedin-search/tasks/:id/stop',
  params: idParamsSchema,
  response: linkedinTaskSchema,
  errors: ['not_found', 'conflict'],
  summary: 'Stops a queued or running search task (what was saved stays).',
});

export const finderLinkedinDelete = defineRoute({
  id: 'finder.linkedinDelete',
  method: 'DELETE',
  path: '/linkedin-search/tasks/:id',
  params: idParamsSchema,
  response: okResponseSchema,
  errors: ['not_found'],
  summary: 'Deletes a search task (stopping it first).',
});

export const finderLinkedinBadLinks = defineRoute({
  id: 'finder.linkedinBadLinks',
  method: 'GET',
  path: '/linkedin-search/tasks/:id/bad-links',
  params: idParamsSchema,
  response: z.unknown(),
  responseKind: 'file',
  errors: ['not_found'],
  summary: 'CSV of the profile links the task could not use.',
});

export const finderLinkedinBatchShow = defineRoute({
  id: 'finder.linkedinBatchShow',
  method: 'GET',
  path: '/linkedin-search/batch-show/tasks',
  query: batchShowQuerySchema,
  response: z.object({ items: z.array(linkedinTaskSchema) }),
  summary: 'The status of several search tasks of the caller in one call (ids that are not theirs are left out).',
});

export const finderSocialUrlCreate = defineRoute({
  id: 'finder.socialUrlCreate',
  method: 'POST',
  path: '/linkedin-search/social-url-imports',
  body: socialUrlImportCreateBodySchema,
  response: socialUrlImportViewSchema,
  errors: ['list_not_found', 'social_url_file_invalid', 'import_file_too_large'],
  summary: 'Uploads a CSV of profile links for a prospect list; rows without a profile link are counted as bad links at once.',
});

export const finderSocialUrlImport = defineRoute({
  id: 'finder.socialUrlImport',
  method: 'POST',
  path: '/linkedin-search/social-url-imports/:id/import',
  params: idParamsSchema,
  body: socialUrlImportStartBodySchema,
  response: socialUrlImportViewSchema,
  errors: ['not_found', 'linkedin_account_not_active', 'conflict'],
  summary: 'Starts (or resumes, after a stop) reading the profiles of an upload on a connected account into its list.',
});

export const finderSocialUrlList = defineRoute({
  id: 'finder.socialUrlList',
  method: 'GET',
  path: '/linkedin-search/social-url-imports',
  query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).strict(),
  response: pageOf(socialUrlImportViewSchema).extend({ provider: socialNetworkProviderSchema }),
  summary: 'The caller’s social-url imports, newest first, and the network they run on.',
});

export const finderSocialUrlStatus = defineRoute({
  id: 'finder.socialUrlStatus',
  method: 'GET',
  path: '/linkedin-search/social-url-imports/:id',
  params: idParamsSchema,
  response: socialUrlImportViewSchema,
  errors: ['not_found'],
  summary: 'Status of one social-url import.',
});

export const finderSocialUrlStop = defineRoute({
  id: 'finder.socialUrlStop',
  method: 'POST',
  path: '/linkedin-search/social-url-imports/:id/stop',
  params: idParamsSchema,
  response: socialUrlImportViewSchema,
  errors: ['not_found', 'conflict'],
  summary: 'Stops a queued or running social-url import (what was saved stays; it can be started again).',
});

export const finderSocialUrlDelete = defineRoute({
  id: 'finder.socialUrlDelete',
  method: 'DELETE',
  path: '/linkedin-search/social-url-imports/:id',
  params: idParamsSchema,
  response: okResponseSchema,
  errors: ['not_found'],
  summary: 'Deletes a social-url import (stopping it first).',
});

export const finderSocialUrlBadLinks = defineRoute({
  id: 'finder.socialUrlBadLinks',
  method: 'GET',
  path: '/linkedin-search/social-url-imports/:id/bad-links',
  params: idParamsSchema,
  response: z.unknown(),
  responseKind: 'file',
  errors: ['not_found'],
  summary: 'CSV of the rows whose link could not be used (row, link, reason).',
});

export const finderSocialUrlBatchShow = defineRoute({
  id: 'finder.socialUrlBatchShow',
  method: 'GET',
  path: '/linkedin-search/batch-show/social-url-imports',
  query: batchShowQuerySchema,
  response: z.object({ items: z.array(socialUrlImportViewSchema) }),
  summary: 'The status of several social-url imports of the caller in one call (ids that are not theirs are left out).',
});

/** Every finder call; each has its handler in api/src/modules/finder/routes.ts. */
export const finderRoutes = {
  finderSingleSearch,
  finderSearchHistory,
  finderSingleSearchGet,
  finderSingleSearchSave,
  finderDomainSearch,
  finderDomainSearchGet,
  finderDomainSearchSave,
  finderPositions,
  finderCompanies,
  finderTechcheck,
  finderToolsOverview,
  finderPluginHistory,
  finderPluginBestCompany,
  finderBulkNames,
  finderBulkDomains,
  finderBulkList,
  finderBulkGet,
  finderBulkResults,
  finderBulkPause,
  finderBulkResume,
  finderBulkCancel,
  finderBulkDownload,
  finderLinkedinCreate,
  finderLinkedinList,
  finderLinkedinStatus,
  finderLinkedinStop,
  finderLinkedinDelete,
  finderLinkedinBadLinks,
  finderLinkedinBatchShow,
  finderSocialUrlCreate,
  finderSocialUrlImport,
  finderSocialUrlList,
  finderSocialUrlStatus,
  finderSocialUrlStop,
  finderSocialUrlDelete,
  finderSocialUrlBadLinks,
  finderSocialUrlBatchShow,
} as const satisfies Record<string, AnyRoute>;
