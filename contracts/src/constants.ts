/** Business constants and limits of document 2 §9, typed. Screens and services read them from here. */

export const LOCALES = ['en', 'uk', 'zh', 'pt', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
/** The API speaks `ua` where the UI speaks `uk` (document 1 §1). */
export const API_LOCALES = ['en', 'ua', 'zh', 'pt', 'es'] as const;
export type ApiLocale = (typeof API_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function toApiLocale(locale: Locale): ApiLocale {
  return locale === 'uk' ? 'ua' : locale;
}
export function fromApiLocale(locale: string | null | undefined): Locale {
  if (locale === 'ua' || locale === 'uk') return 'uk';
  return (LOCALES as readonly string[]).includes(locale ?? '') ? (locale as Locale) : DEFAULT_LOCALE;
}

export const PLAN_NAMES = ['XS', 'DC', 'ZB', 'ZB2', 'ZB3', 'XXL'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
export const FREE_PLAN_NAME = 'FREE' as const;
export const TRIAL_PLAN_NAME = 'TRIAL' as const;
export const BIGGEST_PLAN: PlanName = 'XXL';
export const FREE_TRIAL_DAYS = 14;

export const CACHE = {
  /** Time-zone list: "36000 units" in the spec; we read the unit as seconds (10 hours). */
  timeZonesSeconds: 36_000,
  countriesMs: 36_000_000,
  industriesMs: 36_000_000,
  currenciesMs: 36_000_000,
  userTagsMs: 7_200_000,
  searchOptionsMs: 6_000_000,
  /** "About one hour". */
  prospectColumnsMs: 3_600_000,
} as const;

export const ENRICHMENT = {
  rowsPageSize: 200,
  rowLimit: 50_000,
  defaultOffset: 1,
  columnLimit: 20,
  transactionLogPage: 20,
} as const;

export const WARMUP = {
  listPerPage: 20,
  statusBatchSize: 100,
} as const;

export const PINNED_NOTES_LIMIT_DEFAULT = 5;

export const UNIBOX = {
  firstParsingPeriodDefault: 30,
  firstParsingPeriodOptions: [3, 30, 90, 180] as const,
} as const;

export const PAGE_SIZES = {
  campaignRecipients: 10,
  prospects: 50,
  prospectLists: 20,
  companyTable: 50,
  campaignList: 20,
  searchCampaigns: 5,
  domainsSearch: 8,
} as const;

export const PROSPECTS_DEFAULT_SORT = { field: 'add_date', order: 'desc' } as const;

export const LINKEDIN_PENDING_CONNECT_LIMIT_DEFAULT = 100;
export const DEFAULT_MAILBOX_FORM_ROWS = 5;
export const RANDOM_ID_LENGTH = 16;
export const AI_GENERATION_TIMEOUT_MS = 60_000;
export const SCRIPT_LOAD_TIMEOUT_MS = 120_000;
export const CHAT_WIDGET = { retries: 5, delayMs: 3_000 } as const;
export const TOAST_DURATION_MS = 5_000;
export const TIME_SLOTS = { minutes: 30, perDay: 48 } as const;
export const RECIPIENT_FILTER_COUNT_OPTIONS = ['0', '1+', '3+'] as const;

/** Stacking order of sticky layers (z-index). */
export const LAYER_ORDER = {
  filters: 6,
  export: 6,
  tableTopActions: 5,
  header: 4,
  stickyColumn: 3,
} as const;

export const PAYMENT_METHOD_ORDER = ['card', 'google_pay', 'apple_pay', 'pix', 'wechat_pay', 'alipay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHOD_ORDER)[number];
export const PAYMENT_ELEMENT_TYPES = ['address', 'payment'] as const;
export const PAYMENT_EVENTS = ['showOrderForm', 'paymentSucceeded', 'subscriptionRenewed', 'paymentProcessing'] as const;
export type PaymentEventName = (typeof PAYMENT_EVENTS)[number];

export const STUDIO = {
  subjectMax: 250,
  bodyMax: 5_000,
  strategies: 14,
  styles: 28,
  uspsToPick: 4,
} as const;

export const CAMPAIGN_DEFAULTS = {
  priority: -1,
  dailyLimit: -1,
  firstEmailDailyLimit: -1,
  archivedInMonth: 1,
  potentialValue: '100',
} as const;

export const PROSPECT_NAME_MAX = 251;

/**
 * Per-mailbox sending defaults and bounds (issue 13): what a new email account starts with and
 * what its settings may be set to. The sending scheduler (api engines/mail/outbound/limits.ts)
 * reads the same numbers.
 */
export const MAILBOX_DEFAULTS = {
  /** Messages a mailbox sends per day (warm-up mail not counted). */
  dailyLimit: 30,
  /** The highest daily limit a mailbox may be given (a large provider's own daily cap). */
  dailyLimitMax: 2_000,
  /** Pause between two sends of one mailbox: a random value between min and max, in seconds. */
  minGapSeconds: 60,
  maxGapSeconds: 120,
  gapSecondsMax: 86_400,
  /** Days of mail the first IMAP sync reads back, and the choices offered. */
  firstSyncDays: 30,
  firstSyncDaysOptions: [3, 30, 90, 180] as const,
  /** Deadline of each step of a connection test (DNS, TCP, TLS, login, INBOX), in ms. */
  connectionStepTimeoutMs: 10_000,
  /** Email accounts one page of the list shows. */
  listPerPage: 50,
} as const;

/** How a mail server connection is secured: implicit TLS (465, 993), STARTTLS (587, 143) or none. */
export const MAIL_SECURITY_MODES = ['tls', 'starttls', 'none'] as const;
export type MailSecurity = (typeof MAIL_SECURITY_MODES)[number];

export interface MailServerPreset {
  readonly host: string;
  readonly port: number;
  readonly security: MailSecurity;
}

export interface MailProviderPreset {
  readonly id: string;
  /** The provider's own name (a brand, not translated). */
  readonly name: string;
  readonly smtp: MailServerPreset;
  readonly imap: MailServerPreset;
  /**
   * Whether the provider refuses the account password over SMTP/IMAP (with two-step sign-in, or
   * always) and wants an app password generated in its security settings.
   */
  readonly appPassword: boolean;
  /** The OAuth provider that connects this kind of mailbox without any password, if any. */
  readonly oauth: 'google' | 'microsoft' | null;
  /** i18n key (warmup remote) of the short help: where to turn IMAP on and make an app password. */
  readonly helpKey: string;
}

/**
 * Server settings of common providers, as their own help pages give them; picking one fills
 * hosts, ports and security of the connect form. `custom` is every other server.
 */
export const MAIL_PROVIDER_PRESETS = [
  {
    id: 'gmail',
    name: 'Gmail / Google Workspace',
    smtp: { host: 'smtp.gmail.com', port: 465, security: 'tls' },
    imap: { host: 'imap.gmail.com', port: 993, security: 'tls' },
    appPassword: true,
    oauth: 'google',
    helpKey: 'emailAccounts.presets.gmail',
  },
  {
    id: 'outlook',
    name: 'Outlook / Microsoft 365',
    smtp: { host: 'smtp.office365.com', port: 587, security: 'starttls' },
    imap: { host: 'outlook.office365.com', port: 993, security: 'tls' },
    appPassword: true,
    oauth: 'microsoft',
    helpKey: 'emailAccounts.presets.outlook',
  },
  {
    id: 'zoho',
    name: 'Zoho Mail',
    smtp: { host: 'smtp.zoho.com', port: 465, security: 'tls' },
    imap: { host: 'imap.zoho.com', port: 993, security: 'tls' },
    appPassword: true,
    oauth: null,
    helpKey: 'emailAccounts.presets.zoho',
  },
  {
    id: 'yandex',
    name: 'Yandex Mail',
    smtp: { host: 'smtp.yandex.com', port: 465, security: 'tls' },
    imap: { host: 'imap.yandex.com', port: 993, security: 'tls' },
    appPassword: true,
    oauth: null,
    helpKey: 'emailAccounts.presets.yandex',
  },
  {
    id: 'fastmail',
    name: 'Fastmail',
    smtp: { host: 'smtp.fastmail.com', port: 465, security: 'tls' },
    imap: { host: 'imap.fastmail.com', port: 993, security: 'tls' },
    appPassword: true,
    oauth: null,
    helpKey: 'emailAccounts.presets.fastmail',
  },
  {
    id: 'icloud',
    name: 'iCloud Mail',
    smtp: { host: 'smtp.mail.me.com', port: 587, security: 'starttls' },
    imap: { host: 'imap.mail.me.com', port: 993, security: 'tls' },
    appPassword: true,
    oauth: null,
    helpKey: 'emailAccounts.presets.icloud',
  },
  {
    id: 'yahoo',
    name: 'Yahoo Mail',
    smtp: { host: 'smtp.mail.yahoo.com', port: 465, security: 'tls' },
    imap: { host: 'imap.mail.yahoo.com', port: 993, security: 'tls' },
    appPassword: true,
    oauth: null,
    helpKey: 'emailAccounts.presets.yahoo',
  },
  {
    id: 'aol',
    name: 'AOL Mail',
    smtp: { host: 'smtp.aol.com', port: 465, security: 'tls' },
    imap: { host: 'imap.aol.com', port: 993, security: 'tls' },
    appPassword: true,
    oauth: null,
    helpKey: 'emailAccounts.presets.aol',
  },
  {
    id: 'gmx',
    name: 'GMX Mail',
    smtp: { host: 'mail.gmx.com', port: 587, security: 'starttls' },
    imap: { host: 'imap.gmx.com', port: 993, security: 'tls' },
    appPassword: false,
    oauth: null,
    helpKey: 'emailAccounts.presets.gmx',
  },
  {
    id: 'ionos',
    name: 'IONOS',
    smtp: { host: 'smtp.ionos.com', port: 587, security: 'starttls' },
    imap: { host: 'imap.ionos.com', port: 993, security: 'tls' },
    appPassword: false,
    oauth: null,
    helpKey: 'emailAccounts.presets.ionos',
  },
] as const satisfies readonly MailProviderPreset[];

export type MailPresetId = (typeof MAIL_PROVIDER_PRESETS)[number]['id'];
export const MAIL_PRESET_IDS = MAIL_PROVIDER_PRESETS.map((preset) => preset.id) as readonly MailPresetId[];

export function mailPreset(id: string | null | undefined): MailProviderPreset | undefined {
  return MAIL_PROVIDER_PRESETS.find((preset) => preset.id === id);
}

/** Polling intervals of document 2 §7.11. */
export const POLLING = {
  verificationMs: 10_000,
  parsingEmailSearchMs: 10_000,
  tagCreationMs: 10_000,
  withoutEmailCountMs: 8_000,
} as const;

export const STUDIO_LIMIT_TYPES = [
  'companyProfilePerUser',
  'idealClientProfilesPerProfile',
  'uniqueSalePointsGeneration',
  'emailsGeneration',
  'emailsCustomization',
  'workflowsCreationFree',
  'workflowsCreationPaidMonthly',
] as const;

export const ONBOARDING_STEPS = {
  signUp: 1,
  domainSearch: 2,
  addProspectFinderExtension: 3,
  addProspectFromExtension: 4,
  addEmailAccount: 5,
  warmUp: 6,
  sendCampaign: 7,
} as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[keyof typeof ONBOARDING_STEPS];
/** Steps the client reports to the server itself (document 1 §4); the others the server detects. */
export const CLIENT_REPORTED_ONBOARDING_STEPS: readonly OnboardingStep[] = [3, 6];

export const SESSION = {
  cookieName: 'lf_session',
  csrfCookieName: 'lf_csrf',
  csrfHeaderName: 'x-csrf-token',
  timeZoneCookieName: 'lf_tz',
  /** Sliding inactivity timeout. */
  idleTimeoutMs: 2 * 60 * 60 * 1000,
  /** Absolute lifetime, whatever the activity. */
  absoluteTimeoutMs: 14 * 24 * 60 * 60 * 1000,
} as const;

export const AUTH_LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 120,
  emailMax: 254,
  resetTokenTtlMs: 60 * 60 * 1000,
  /** Attempts per window for login, 2FA and forgot-password, per account and per IP. */
  loginAttemptsPerWindow: 10,
  rateLimitWindowMs: 15 * 60 * 1000,
  recoveryCodes: 10,
} as const;

/** Team groups of document 1 §6. */
export const TEAM_GROUPS = ['Team records', 'Only own record'] as const;
export type TeamGroup = (typeof TEAM_GROUPS)[number];

/** Largest JSON body the API accepts (bigger bodies are refused with body_too_large). */
export const MAX_JSON_BODY_BYTES = 1_048_576;

/**
 * Credits a new account starts with (not in the specification; the free tiers of the tools we
 * measure ourselves against give 50 a month): enough to try the verifier and the finder.
 * Self-hosters change it with SIGNUP_CREDITS.
 */
export const DEFAULT_SIGNUP_CREDITS = 50;

/**
 * Email attachments of campaign emails (document 1 §3 "Email block … attachments"; the spec gives
 * no figures, so Gmail's: 25 MB per message). A file is at most 10 MB, an email variant's files
 * together at most 25 MB, and a variant holds at most 10 files.
 */
export const EMAIL_ATTACHMENT_LIMITS = {
  fileBytesMax: 10 * 1024 * 1024,
  emailBytesMax: 25 * 1024 * 1024,
  filesPerEmailMax: 10,
} as const;
