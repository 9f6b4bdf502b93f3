/** Campaign, schedule and flowchart entities (document 1 §3 "Campaign", §4). */
import * as z from './zod';
import { CAMPAIGN_DEFAULTS } from './constants';
import { moneyAmountSchema } from './crm';
import { calendarDateSchema, countSchema, recordIdSchema, timeZoneNameSchema, timestampSchema } from './fields';
import { CAMPAIGN_BLOCK_ERROR_KEYS, CAMPAIGN_LAUNCH_ERROR_KEYS, errorKeySchema, type ErrorKey } from './errors';
import { defineRoute } from './http';

export const CAMPAIGN_TITLE_MAX = 255;

/**
 * Campaign statuses. The spec names new, active and pause; completed and archived follow from
 * `automaticallyComplete` and `archivedInMonth`. Transitions: rules/campaign-state.ts.
 */
export const CAMPAIGN_STATUSES = ['new', 'active', 'pause', 'completed', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);

/**
 * Values of the set-state call; `start` is the default (document 2 §7.6). archive and unarchive
 * are ours: a completed campaign is archived (by hand or `archivedInMonth` months after it
 * completed) and unarchived back to completed (rules/campaign-state.ts).
 */
export const CAMPAIGN_STATE_ACTIONS = ['start', 'pause', 'resume', 'complete', 'archive', 'unarchive'] as const;
export type CampaignStateAction = (typeof CAMPAIGN_STATE_ACTIONS)[number];
export const campaignStateActionSchema = z.enum(CAMPAIGN_STATE_ACTIONS).default('start');

/** The four creation steps, starting with status new (document 1 §2, §4). */
export const CAMPAIGN_CREATION_STEPS = ['sequence', 'prospects', 'sending_options', 'review'] as const;
export type CampaignCreationStep = (typeof CAMPAIGN_CREATION_STEPS)[number];

/** A clock time as the campaign screens write it: 'h:mm AM/PM' (see rules/campaign-time.ts). */
export const clockTimeSchema = z.string().regex(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);

/** Start or end of a campaign (document 1 §3). */
export const campaignMomentSchema = z.object({
  date: calendarDateSchema,
  time: clockTimeSchema,
  timeZone: timeZoneNameSchema,
});
export type CampaignMoment = z.infer<typeof campaignMomentSchema>;

export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export const scheduleDaySchema = z.object({
  day: z.enum(WEEK_DAYS),
  enabled: z.boolean(),
  from: clockTimeSchema,
  to: clockTimeSchema,
});

export const scheduleSchema = z.object({
  id: recordIdSchema,
  name: z.string().trim().min(1).max(100),
  timezone: timeZoneNameSchema,
  days: z.array(scheduleDaySchema).max(7),
  /** Campaigns that use this schedule. */
  campaignList: z.array(z.object({ campaignId: recordIdSchema, title: z.string().max(CAMPAIGN_TITLE_MAX) })),
  /** Mailboxes whose warm-up (running, pending or paused) sends on this schedule: while any does, it cannot be deleted. */
  warmupCount: z.number().int().nonnegative(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** When a campaign creates a deal for a recipient. */
export const DEAL_CREATION_EVENTS = ['replied', 'interested', 'opened', 'clicked'] as const;

export const dealsSettingsSchema = z.object({
  enabled: z.boolean(),
  event: z.enum(DEAL_CREATION_EVENTS),
  pipelineId: recordIdSchema.nullable(),
  pipelineStageId: recordIdSchema.nullable(),
  potentialValue: moneyAmountSchema.default(CAMPAIGN_DEFAULTS.potentialValue),
  potentialValueCurrency: recordIdSchema.nullable(),
});
export type DealsSettings = z.infer<typeof dealsSettingsSchema>;

// ---- Flowchart ------------------------------------------------------------------------------

export const BLOCK_TYPES = ['start', 'email', 'linkedin', 'trigger', 'delay', 'goal'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const LINKEDIN_ACTION_TYPES = ['visit', 'like', 'follow', 'invite', 'message', 'in_mail'] as const;
export type LinkedinActionType = (typeof LINKEDIN_ACTION_TYPES)[number];
export const linkedinActionTypeSchema = z.enum(LINKEDIN_ACTION_TYPES);

export const EMAIL_SUBJECT_MAX = 255;
export const EMAIL_CONTENT_MAX = 100_000;

export const attachmentSchema = z.object({
  id: recordIdSchema,
  fileName: z.string().min(1).max(255),
  size: countSchema,
  mimeType: z.string().max(255),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * One A/B variant of an email block. The flags are computed by the editor and re-checked by the
 * API when the flowchart is saved; the block checks read them.
 */
export const emailVariantSchema = z.object({
  /** May be empty in a saved draft; the block checks report it. */
  subject: z.string().max(EMAIL_SUBJECT_MAX * 4),
  content: z.string().max(EMAIL_CONTENT_MAX),
  attachments: z.array(attachmentSchema).max(10),
  plainTextMode: z.boolean(),
  hasContent: z.boolean(),
  hasInvalidVariables: z.boolean(),
  hasDynamicText: z.boolean(),
  overLimitDynamicText: z.boolean(),
});
export type EmailVariant = z.infer<typeof emailVariantSchema>;

/**
 * Trigger conditions. The email ones are the recipient's human opens, clicks and replies (machine
 * opens and clicks never fire a trigger, auto-replies are not replies); the social ones are read
 * from the social network, so a flowchart with one needs a social-network sender.
 */
export const EMAIL_TRIGGER_TYPES = ['email_opened', 'email_clicked', 'email_replied'] as const;
export const SOCIAL_TRIGGER_TYPES = ['connection_degree', 'invite_accepted', 'message_replied'] as const;
export const TRIGGER_TYPES = [...EMAIL_TRIGGER_TYPES, ...SOCIAL_TRIGGER_TYPES] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];
export function isSocialTrigger(type: TriggerType | null): boolean {
  return type !== null && (SOCIAL_TRIGGER_TYPES as readonly string[]).includes(type);
}
/** Trigger types that branch on connection degrees (the others ignore degreeLevels). */
export const DEGREE_TRIGGER_TYPES: readonly TriggerType[] = ['connection_degree'];
/** A trigger's window, in minutes: from 1 minute to 30 days. */
export const TRIGGER_WINDOW_MINUTES_MAX = 30 * 24 * 60;
/** Professional-network connection degrees a trigger branches on. */
export const DEGREE_LEVELS = [1, 2, 3] as const;
export type DegreeLevel = (typeof DEGREE_LEVELS)[number];
/** Delays and trigger waits are counted in hours, up to 90 days. */
export const WAIT_HOURS_MAX = 90 * 24;

/** Block payloads; drafts may hold empty values that the block checks report. */
export const startBlockSchema = z.object({ id: z.string().min(1).max(64), type: z.literal('start') });
export const emailBlockSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.literal('email'),
  emails: z.array(emailVariantSchema).min(1).max(10),
});
export const linkedinBlockSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.literal('linkedin'),
  actionType: linkedinActionTypeSchema.nullable(),
  subject: z.string().max(2_000),
  content: z.string().max(20_000),
});
export const triggerBlockSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.literal('trigger'),
  triggerType: z.enum(TRIGGER_TYPES).nullable(),
  /** Minutes to wait for the condition before the "no" branch (1 minute to 30 days). */
  time: z.number().int().min(0).max(TRIGGER_WINDOW_MINUTES_MAX).nullable(),
  /**
   * Connection degrees that go "yes" (connection_degree only). Kept as plain integers so the
   * block check can report invalid levels instead of failing the parse.
   */
  degreeLevels: z.array(z.number().int()).max(10),
});
export const delayBlockSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.literal('delay'),
  /** Hours to wait; null or 0 is reported by delay_no_time. */
  waiting_val: z.number().int().min(0).max(WAIT_HOURS_MAX).nullable(),
});
export const goalBlockSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.literal('goal'),
  goal_name: z.string().max(100),
});

export const flowchartBlockSchema = z.discriminatedUnion('type', [
  startBlockSchema,
  emailBlockSchema,
  linkedinBlockSchema,
  triggerBlockSchema,
  delayBlockSchema,
  goalBlockSchema,
]);
export type FlowchartBlock = z.infer<typeof flowchartBlockSchema>;
export type FlowchartBlockOf<T extends BlockType> = Extract<FlowchartBlock, { type: T }>;

/** A block on the canvas: its payload plus where it is drawn. */
export const flowchartOperatorSchema = z.object({
  block: flowchartBlockSchema,
  position: z.object({ x: z.number().finite(), y: z.number().finite() }),
});
export type FlowchartOperator = z.infer<typeof flowchartOperatorSchema>;

/** Trigger blocks have a yes and a no output; every other block has one `next` output. */
export const LINK_OUTPUTS = ['next', 'yes', 'no'] as const;
export type LinkOutput = (typeof LINK_OUTPUTS)[number];

export const flowchartLinkSchema = z.object({
  from: z.string().min(1).max(64),
  to: z.string().min(1).max(64),
  output: z.enum(LINK_OUTPUTS).default('next'),
});
export type FlowchartLink = z.infer<typeof flowchartLinkSchema>;

export const flowchartSchema = z.object({
  operators: z.array(flowchartOperatorSchema).max(200),
  links: z.array(flowchartLinkSchema).max(400),
});
export type Flowchart = z.infer<typeof flowchartSchema>;

// ---- Campaign -------------------------------------------------------------------------------

export const campaignSchema = z.object({
  campaignId: recordIdSchema,
  title: z.string().trim().min(1).max(CAMPAIGN_TITLE_MAX),
  status: campaignStatusSchema,
  listId: recordIdSchema.nullable(),
  schedule: recordIdSchema.nullable(),
  startAt: campaignMomentSchema.nullable(),
  completeAt: campaignMomentSchema.nullable(),
  wrapLinks: z.boolean(),
  trackOpen: z.boolean(),
  stopForReply: z.boolean(),
  sendToAll: z.boolean(),
  catchAll: z.boolean(),
  notVerified: z.boolean(),
  needToCheck: z.boolean(),
  automaticallyComplete: z.boolean(),
  /** Months after completion before the campaign is archived. */
  archivedInMonth: z.number().int().min(0).max(120).default(CAMPAIGN_DEFAULTS.archivedInMonth),
  /** -1 means no limit. */
  dailyLimit: z.number().int().min(-1).max(100_000).default(CAMPAIGN_DEFAULTS.dailyLimit),
  firstEmailDailyLimit: z.number().int().min(-1).max(100_000).default(CAMPAIGN_DEFAULTS.firstEmailDailyLimit),
  providerMatching: z.boolean(),
  recipientsPriority: z.number().int().min(-1).max(100).default(CAMPAIGN_DEFAULTS.priority),
  campaignPriority: z.number().int().min(-1).max(100).default(CAMPAIGN_DEFAULTS.priority),
  unsubscribeHeader: z.boolean(),
  skipUsedRecipients: z.boolean(),
  includeTeamCampaigns: z.boolean(),
  folder: recordIdSchema.nullable(),
  dealsSettings: dealsSettingsSchema,
  /** The no-send list. */
  blacklist: recordIdSchema.nullable(),
  includeTags: z.array(recordIdSchema),
  excludeTags: z.array(recordIdSchema),
  duplicates: z.object({ skip: z.boolean(), includeTeam: z.boolean() }),
  senderEmailAccounts: z.array(recordIdSchema),
  senderLinkedinAccounts: z.array(recordIdSchema),
  flowchart: flowchartSchema,
  ownerId: recordIdSchema,
  createdAt: timestampSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

// ---- Calls of the campaigns area (issue 15; document 2 §7.5, §7.6) ---------------------------
//
// Paths beyond the ones the spec names are ours. Every call answers 404 not_found for a campaign
// the caller may not see (another tenant's, or a teammate's for a member limited to own records).

/** The creation step the wizard resumes at after a reload. */
export const campaignCreationStepSchema = z.enum(CAMPAIGN_CREATION_STEPS);

/**
 * Why a running campaign paused itself; null when a user paused it. A deleted prospect list does
 * not pause a campaign: its recipients were materialised at launch and keep going; the campaign
 * shows `listDeleted` (campaignsListDeleted) and adds no recipients from that list.
 */
export const CAMPAIGN_PAUSED_REASONS = ['bounce_rate', 'complaint_rate', 'sender_removed'] as const;
export type CampaignPausedReason = (typeof CAMPAIGN_PAUSED_REASONS)[number];

/** A block or launch check (the launch's 422 carries each as an error item, see launchIssueField). */
export const launchIssueSchema = z.object({
  key: errorKeySchema,
  accountId: recordIdSchema.optional(),
  blockId: z.string().max(64).nullable().optional(),
  variant: z.number().int().min(0).optional(),
});
export type CampaignLaunchIssue = z.infer<typeof launchIssueSchema>;

/**
 * The refused launch answers the error envelope (422) with one item per issue; the block,
 * variant or account an item is about travels in its `field`: `flowchart.<blockId>`,
 * `flowchart.<blockId>.emails.<variant>`, `senders.<accountId>`.
 */
export function launchIssueField(issue: CampaignLaunchIssue): string | undefined {
  if (issue.blockId) return issue.variant === undefined ? `flowchart.${issue.blockId}` : `flowchart.${issue.blockId}.emails.${issue.variant}`;
  if (issue.accountId !== undefined) return `senders.${issue.accountId}`;
  return undefined;
}

/** The reverse of launchIssueField, for the client reading a refused launch. */
export function launchIssueFromErrorItem(item: { key: ErrorKey; field?: string | undefined }): CampaignLaunchIssue {
  const block = /^flowchart\.(.+?)(?:\.emails\.(\d+))?$/.exec(item.field ?? '');
  if (block) return { key: item.key, blockId: block[1]!, ...(block[2] !== undefined ? { variant: Number(block[2]) } : {}) };
  const sender = /^senders\.(\d+)$/.exec(item.field ?? '');
  if (sender) return { key: item.key, accountId: Number(sender[1]) };
  return { key: item.key };
}

/** Step 1 of the wizard name and filing (GET/PUT …/about). */
export const campaignAboutSchema = z.object({
  title: campaignSchema.shape.title,
  folder: recordIdSchema.nullable(),
  creationStep: campaignCreationStepSchema,
});
export type CampaignAbout = z.infer<typeof campaignAboutSchema>;

/**
 * Steps 2 and 3 of the wizard (GET/PUT …/common-settings): who receives the campaign and how it
 * sends. The schedule, start and end are in time-settings; LinkedIn senders in
 * sender-linkedin-accounts; deals in deals-settings.
 */
export const campaignCommonSettingsSchema = z.object({
  // step 2: prospects
  listId: recordIdSchema.nullable(),
  blacklist: recordIdSchema.nullable(),
  includeTags: z.array(recordIdSchema).max(100),
  excludeTags: z.array(recordIdSchema).max(100),
  duplicates: z.object({ skip: z.boolean(), includeTeam: z.boolean() }),
  /** Send also to addresses whose verification found them invalid (otherwise skipped). */
  sendToAll: z.boolean(),
  /** Send to catch-all domains' addresses. */
  catchAll: z.boolean(),
  /** Send to addresses never verified. */
  notVerified: z.boolean(),
  /** Addresses that need checking join as `tocheck` (started by hand) instead of being skipped. */
  needToCheck: z.boolean(),
  skipUsedRecipients: z.boolean(),
  includeTeamCampaigns: z.boolean(),
  // step 3: sending options
  senderEmailAccounts: z.array(recordIdSchema).max(500),
  // Bounds restated without the entity's defaults: a partial update must not reset an absent field to its default.
  dailyLimit: z.number().int().min(-1).max(100_000),
  firstEmailDailyLimit: z.number().int().min(-1).max(100_000),
  wrapLinks: z.boolean(),
  trackOpen: z.boolean(),
  stopForReply: z.boolean(),
  unsubscribeHeader: z.boolean(),
  automaticallyComplete: z.boolean(),
  archivedInMonth: z.number().int().min(0).max(120),
  providerMatching: z.boolean(),
  recipientsPriority: z.number().int().min(-1).max(100),
  campaignPriority: z.number().int().min(-1).max(100),
});
export type CampaignCommonSettings = z.infer<typeof campaignCommonSettingsSchema>;

/** What a new campaign starts with (a sensible, safe default: track opens, stop on reply, unsubscribe header). */
export const CAMPAIGN_COMMON_SETTINGS_DEFAULTS: CampaignCommonSettings = {
  listId: null,
  blacklist: null,
  includeTags: [],
  excludeTags: [],
  duplicates: { skip: true, includeTeam: false },
  sendToAll: false,
  catchAll: true,
  notVerified: true,
  needToCheck: false,
  skipUsedRecipients: false,
  includeTeamCampaigns: false,
  senderEmailAccounts: [],
  dailyLimit: CAMPAIGN_DEFAULTS.dailyLimit,
  firstEmailDailyLimit: CAMPAIGN_DEFAULTS.firstEmailDailyLimit,
  wrapLinks: false,
  trackOpen: true,
  stopForReply: true,
  unsubscribeHeader: true,
  automaticallyComplete: true,
  archivedInMonth: CAMPAIGN_DEFAULTS.archivedInMonth,
  providerMatching: false,
  recipientsPriority: CAMPAIGN_DEFAULTS.priority,
  campaignPriority: CAMPAIGN_DEFAULTS.priority,
};

/**
 * GET/PUT …/time-settings. On save, a start not before the end on the same day moves the value
 * the user did not change to the adjacent half-hour slot (rules/campaign-time.ts adjustStartEnd);
 * `changed` says which one the user changed (start when absent).
 */
export const campaignTimeSettingsSchema = z.object({
  schedule: recordIdSchema.nullable(),
  startAt: campaignMomentSchema.nullable(),
  completeAt: campaignMomentSchema.nullable(),
});
export type CampaignTimeSettings = z.infer<typeof campaignTimeSettingsSchema>;
export const campaignTimeSettingsBodySchema = campaignTimeSettingsSchema.extend({ changed: z.enum(['start', 'end']).optional() }).strict();

export const campaignSenderLinkedinAccountsSchema = z.object({ senderLinkedinAccounts: z.array(recordIdSchema).max(100) });
export const campaignFlowchartBodySchema = z.object({ flowchart: flowchartSchema }).strict();

/** The campaign as the wizard and the campaign page read it. */
export const campaignViewSchema = campaignSchema.extend({
  creationStep: campaignCreationStepSchema,
  pausedReason: z.enum(CAMPAIGN_PAUSED_REASONS).nullable(),
  /**
   * The prospect list was deleted (campaignsListDeleted, document 2 §8): for a draft, the list it
   * names is in the bin; for a launched campaign, the list it was launched with is in the bin or
   * gone for good. Its recipients keep going either way.
   */
  listDeleted: z.boolean(),
  activeVersion: z.number().int().min(0),
  launchedAt: timestampSchema.nullable(),
  completedAt: timestampSchema.nullable(),
  owner: z.object({ id: recordIdSchema, name: z.string() }),
  /** The caller may change it (owner, or the team lead). */
  editable: z.boolean(),
});
export type CampaignView = z.infer<typeof campaignViewSchema>;

/** Answers of calls that change a campaign; `issues` are the flowchart's current block checks (a draft may have some). */
export const campaignResponseSchema = z.object({ campaign: campaignViewSchema, issues: z.array(launchIssueSchema) });
export type CampaignResponse = z.infer<typeof campaignResponseSchema>;

/** Any subset of the sections, for the wizard's autosave (PATCH update) and a draft save. */
export const campaignPartialSettingsSchema = campaignCommonSettingsSchema
  .extend(campaignAboutSchema.shape)
  .extend(campaignTimeSettingsSchema.shape)
  .extend(campaignSenderLinkedinAccountsSchema.shape)
  .extend({ dealsSettings: dealsSettingsSchema, flowchart: flowchartSchema, changed: z.enum(['start', 'end']) })
  .partial();
export type CampaignPartialSettings = z.infer<typeof campaignPartialSettingsSchema>;

/** POST campaign/save: without campaignId creates a campaign (status new); with it saves a whole draft. */
export const saveCampaignBodySchema = campaignPartialSettingsSchema
  .extend({ campaignId: recordIdSchema.optional(), title: campaignSchema.shape.title })
  .strict();
export const updateCampaignBodySchema = campaignPartialSettingsSchema.extend({ campaignId: recordIdSchema }).strict();

export const setCampaignStateBodySchema = z.object({ campaignId: recordIdSchema, state: campaignStateActionSchema }).strict();
export const createCampaignCopyBodySchema = z.object({ withAttachments: z.boolean().default(false) }).strict();

export const deleteCampaignResponseSchema = z.object({
  ok: z.literal(true),
  /** Mail the campaign had queued and not yet sent, now cancelled (never sent). */
  cancelledMessages: countSchema,
  /** LinkedIn actions it had queued and not yet done, now cancelled. */
  cancelledActions: countSchema,
});

export const launchCheckResponseSchema = z.object({
  issues: z.array(launchIssueSchema),
  /** Recipients a launch now would add. */
  recipients: countSchema,
});

// ---- list and search

export const campaignListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    /** At least 3 characters (filter_campaign_title_too_short). */
    title: z.string().trim().max(CAMPAIGN_TITLE_MAX).optional(),
    listId: z.coerce.number().int().positive().optional(),
    createdFrom: calendarDateSchema.optional(),
    createdTo: calendarDateSchema.optional(),
    /** Ignored for a member limited to own records (the filter is hidden for them). */
    ownerId: z.coerce.number().int().positive().optional(),
    senderAccountId: z.coerce.number().int().positive().optional(),
    /** Absent: every status but archived (archived campaigns show only when asked for). */
    status: campaignStatusSchema.optional(),
    /** A folder, or 0 for campaigns in no folder; absent: all. */
    folderId: z.coerce.number().int().min(0).optional(),
  })
  .strict();
export type CampaignListQuery = z.input<typeof campaignListQuerySchema>;
export type CampaignListParams = z.output<typeof campaignListQuerySchema>;

/** Quick figures of a campaign (campaign_daily_stats, whole-campaign rows). Rates use unique counts over recipients sent to. */
export const campaignQuickStatsSchema = z.object({
  sent: countSchema,
  opened: countSchema,
  clicked: countSchema,
  replied: countSchema,
  bounced: countSchema,
  /** 0…1, null before anything was sent. */
  openRate: z.number().min(0).max(1).nullable(),
  clickRate: z.number().min(0).max(1).nullable(),
  replyRate: z.number().min(0).max(1).nullable(),
  bounceRate: z.number().min(0).max(1).nullable(),
});
export type CampaignQuickStats = z.infer<typeof campaignQuickStatsSchema>;

export const campaignListItemSchema = z.object({
  campaignId: recordIdSchema,
  title: z.string(),
  status: campaignStatusSchema,
  pausedReason: z.enum(CAMPAIGN_PAUSED_REASONS).nullable(),
  creationStep: campaignCreationStepSchema,
  folder: recordIdSchema.nullable(),
  owner: z.object({ id: recordIdSchema, name: z.string() }),
  list: z.object({ id: recordIdSchema, name: z.string() }).nullable(),
  listDeleted: z.boolean(),
  senders: z.object({
    email: z.array(z.object({ id: recordIdSchema, email: z.string() })),
    linkedin: z.array(z.object({ id: recordIdSchema, name: z.string() })),
  }),
  recipients: countSchema,
  stats: campaignQuickStatsSchema,
  editable: z.boolean(),
  createdAt: timestampSchema,
  launchedAt: timestampSchema.nullable(),
});
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;

export const campaignListResponseSchema = z.object({
  items: z.array(campaignListItemSchema),
  total: countSchema,
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});

export const campaignSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(CAMPAIGN_TITLE_MAX) }).strict();
export const campaignSearchResponseSchema = z.object({
  items: z.array(z.object({ campaignId: recordIdSchema, title: z.string(), status: campaignStatusSchema })),
});

// ---- folders

export const campaignFolderSchema = z.object({
  id: recordIdSchema,
  name: z.string(),
  position: z.number().int(),
  /** Campaigns filed in it that the caller sees. */
  campaigns: countSchema,
});
export type CampaignFolder = z.infer<typeof campaignFolderSchema>;
export const campaignFolderBodySchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();
export const campaignFolderSortBodySchema = z.object({ ids: z.array(recordIdSchema).min(1).max(500) }).strict();
export const campaignFolderListResponseSchema = z.object({ items: z.array(campaignFolderSchema) });

// ---- helpers of the wizard

export const campaignVariableSchema = z.object({
  /** As written in a template: `{{name}}`. */
  name: z.string(),
  source: z.enum(['prospect', 'custom']),
});

export const campaignUserInfoResponseSchema = z.object({
  planTier: z.enum(['free', 'starter', 'paid']),
  capabilities: z.object({ abTesting: z.boolean(), dynamicText: z.boolean(), socialNetwork: z.boolean(), wrapLinks: z.boolean() }),
  /** False when the plan has ended: no campaign can be created or launched. */
  canCreate: z.boolean(),
  /** The owner filter of the list shows (hidden for members limited to their own records). */
  showOwnerFilter: z.boolean(),
  /** Owners the filter offers (the caller first). */
  owners: z.array(z.object({ id: recordIdSchema, name: z.string() })),
  variables: z.array(campaignVariableSchema),
  pageSizes: z.object({ campaignList: z.number().int(), searchCampaigns: z.number().int(), campaignRecipients: z.number().int() }),
});
export type CampaignUserInfo = z.infer<typeof campaignUserInfoResponseSchema>;

export const teamProspectListSchema = z.object({
  id: recordIdSchema,
  name: z.string(),
  contacts: countSchema,
  owner: z.object({ id: recordIdSchema, name: z.string() }),
  isOwn: z.boolean(),
});
export const teamProspectListsResponseSchema = z.object({ items: z.array(teamProspectListSchema) });

/** A mailbox a campaign of the caller may send from (own, or a teammate's shared with the team). */
export const campaignSenderEmailAccountSchema = z.object({
  id: recordIdSchema,
  email: z.string(),
  senderName: z.string(),
  status: z.string(),
  /** Can send now (active and not awaiting a reconnect). */
  sendable: z.boolean(),
  dailyLimit: z.number().int().min(0),
  owner: z.object({ id: recordIdSchema, name: z.string() }),
  isOwn: z.boolean(),
});
export const campaignSenderLinkedinAccountSchema = z.object({
  id: recordIdSchema,
  name: z.string(),
  state: z.string(),
  /** The launch key this state would raise; null when the account can act. */
  issueKey: errorKeySchema.nullable(),
  owner: z.object({ id: recordIdSchema, name: z.string() }),
  isOwn: z.boolean(),
});
export const campaignSenderAccountsResponseSchema = z.object({
  email: z.array(campaignSenderEmailAccountSchema),
  linkedin: z.array(campaignSenderLinkedinAccountSchema),
});

/** Recipients the current step-2 choices would add, and why the others are skipped. */
export const campaignProspectsResponseSchema = z.object({
  listId: recordIdSchema.nullable(),
  /** Prospects of the list. */
  total: countSchema,
  /** Recipients a launch (or an add) would insert, `tocheck` ones included. */
  willAdd: countSchema,
  /** Of willAdd, those that would wait as `tocheck`. */
  toCheck: countSchema,
  skipped: z.object({
    noEmail: countSchema,
    noSend: countSchema,
    duplicates: countSchema,
    usedInOtherCampaigns: countSchema,
    tags: countSchema,
    invalid: countSchema,
    catchAll: countSchema,
    notVerified: countSchema,
    needToCheck: countSchema,
  }),
});
export type CampaignProspectsCount = z.infer<typeof campaignProspectsResponseSchema>;

export const checkAccountsResponseSchema = z.object({
  email: z.array(z.object({ id: recordIdSchema, email: z.string(), valid: z.boolean(), status: z.string(), reason: z.string().nullable() })),
  linkedin: z.array(z.object({ id: recordIdSchema, name: z.string(), state: z.string(), issueKey: errorKeySchema.nullable() })),
  /** The sender launch issues (no accounts, invalid, LinkedIn states). */
  issues: z.array(launchIssueSchema),
});

export const emailAccountsEverHadResponseSchema = z.object({
  items: z.array(z.object({ id: recordIdSchema, email: z.string(), current: z.boolean(), removedAt: timestampSchema.nullable() })),
});

export const flowchartBlockCountResponseSchema = z.object({
  counts: z.object(Object.fromEntries(BLOCK_TYPES.map((type) => [type, countSchema])) as Record<BlockType, typeof countSchema>),
  total: countSchema,
});

/** Tips the campaign screens show; each key is translated by the remote (`tips.<key>`). No figures. */
export const CAMPAIGN_TIP_KEYS = [
  'warm_up_new_mailboxes',
  'verify_before_sending',
  'keep_first_email_short',
  'use_no_send_list',
  'personalise_with_variables',
  'spread_over_mailboxes',
  'follow_up_with_triggers',
  'test_before_launch',
] as const;
export const campaignTipsResponseSchema = z.object({ items: z.array(z.object({ key: z.enum(CAMPAIGN_TIP_KEYS) })) });

const PIPELINES = '/pipelines/api';
const campaignIdParams = z.object({ id: z.coerce.number().int().positive() }).strict();

/** Keys a change of a campaign's sections may answer with. */
const CAMPAIGN_CHANGE_ERRORS = ['not_found', 'campaign_structure_locked', 'campaign_not_editable', 'plan_expired'] as const satisfies readonly ErrorKey[];
const LAUNCH_ERRORS = [
  ...CAMPAIGN_LAUNCH_ERROR_KEYS,
  ...CAMPAIGN_BLOCK_ERROR_KEYS,
  'launch_no_recipients',
  // The campaign's schedule never opens (saved before the schedule rules): nothing would ever send.
  'schedule_no_days',
  'schedule_hours_invalid',
] as const satisfies readonly ErrorKey[];

function sectionRoutes<S extends z.ZodType, B extends z.ZodType>(name: string, path: string, section: S, body: B, summary: string) {
  return {
    get: defineRoute({
      id: `campaigns.${name}.get`,
      method: 'GET',
      path: `${PIPELINES}/campaign/:id/${path}`,
      params: campaignIdParams,
      response: section,
      errors: ['not_found'],
      summary: `Reads ${summary}`,
    }),
    put: defineRoute({
      id: `campaigns.${name}.put`,
      method: 'PUT',
      path: `${PIPELINES}/campaign/:id/${path}`,
      params: campaignIdParams,
      body,
      response: campaignResponseSchema,
      errors: CAMPAIGN_CHANGE_ERRORS,
      summary: `Saves ${summary}`,
    }),
  };
}

const commonSettings = sectionRoutes('commonSettings', 'common-settings', campaignCommonSettingsSchema, campaignCommonSettingsSchema.strict(), 'the prospects (step 2) and sending options (step 3) of a campaign');
const about = sectionRoutes('about', 'about', campaignAboutSchema, campaignAboutSchema.strict(), 'the title, folder and creation step of a campaign');
const flowcharts = sectionRoutes('flowcharts', 'flowcharts', campaignFlowchartBodySchema, campaignFlowchartBodySchema, 'the flowchart (a draft may be invalid: the answer lists its issues; a launched campaign refuses structural changes)');
const dealsSettings = sectionRoutes('dealsSettings', 'deals-settings', dealsSettingsSchema, dealsSettingsSchema.strict(), 'when the campaign creates deals');
const timeSettings = sectionRoutes('timeSettings', 'time-settings', campaignTimeSettingsSchema, campaignTimeSettingsBodySchema, 'the schedule, start and end (half-hour slots shifted on save)');
const senderLinkedin = sectionRoutes('senderLinkedinAccounts', 'sender-linkedin-accounts', campaignSenderLinkedinAccountsSchema, campaignSenderLinkedinAccountsSchema.strict(), 'the LinkedIn sender accounts');

export const campaignsRoutes = {
  listCampaigns: defineRoute({
    id: 'campaigns.list',
    method: 'GET',
    path: `${PIPELINES}/campaigns`,
    query: campaignListQuerySchema,
    response: campaignListResponseSchema,
    errors: ['filter_campaign_title_too_short'],
    summary: 'The campaigns the caller sees, filtered, 20 a page, with owner, list, senders and quick figures',
  }),
  searchCampaigns: defineRoute({
    id: 'campaigns.search',
    method: 'GET',
    path: `${PIPELINES}/campaigns/search`,
    query: campaignSearchQuerySchema,
    response: campaignSearchResponseSchema,
    summary: 'The first 5 campaigns whose title contains the text',
  }),
  getCampaign: defineRoute({
    id: 'campaigns.get',
    method: 'GET',
    path: `${PIPELINES}/campaign/:id`,
    params: campaignIdParams,
    response: campaignResponseSchema,
    errors: ['not_found'],
    summary: 'A campaign with every setting, its flowchart and the flowchart’s current issues',
  }),
  saveCampaign: defineRoute({
    id: 'campaigns.save',
    method: 'POST',
    path: `${PIPELINES}/campaign/save`,
    body: saveCampaignBodySchema,
    response: campaignResponseSchema,
    errors: CAMPAIGN_CHANGE_ERRORS,
    summary: 'Creates a campaign (status new) or, with campaignId, saves a whole draft',
  }),
  updateCampaign: defineRoute({
    id: 'campaigns.update',
    method: 'PATCH',
    path: `${PIPELINES}/campaign/update`,
    body: updateCampaignBodySchema,
    response: campaignResponseSchema,
    errors: CAMPAIGN_CHANGE_ERRORS,
    summary: 'Changes any subset of a campaign’s settings (also moves it to a folder)',
  }),
  getCampaignCommonSettings: commonSettings.get,
  putCampaignCommonSettings: commonSettings.put,
  getCampaignAbout: about.get,
  putCampaignAbout: about.put,
  getCampaignFlowchart: flowcharts.get,
  putCampaignFlowchart: flowcharts.put,
  getCampaignDealsSettings: dealsSettings.get,
  putCampaignDealsSettings: dealsSettings.put,
  getCampaignTimeSettings: timeSettings.get,
  putCampaignTimeSettings: timeSettings.put,
  getCampaignSenderLinkedinAccounts: senderLinkedin.get,
  putCampaignSenderLinkedinAccounts: senderLinkedin.put,
  createCampaignCopy: defineRoute({
    id: 'campaigns.createCopy',
    method: 'POST',
    path: `${PIPELINES}/campaign/:id/create-copy`,
    params: campaignIdParams,
    body: createCampaignCopyBodySchema,
    response: campaignResponseSchema,
    errors: ['not_found', 'plan_expired'],
    summary: 'Copies a campaign’s settings and flowchart into a new campaign (status new), with or without the emails’ attachments',
  }),
  deleteCampaign: defineRoute({
    id: 'campaigns.delete',
    method: 'DELETE',
    path: `${PIPELINES}/campaign/:id`,
    params: campaignIdParams,
    response: deleteCampaignResponseSchema,
    errors: ['not_found', 'campaign_not_editable'],
    summary: 'Deletes a campaign: the mail and LinkedIn actions it queued and has not sent are cancelled; sent mail stays sent',
  }),
  setCampaignState: defineRoute({
    id: 'campaigns.setState',
    method: 'POST',
    path: `${PIPELINES}/campaign/set-state`,
    body: setCampaignStateBodySchema,
    response: campaignResponseSchema,
    errors: ['not_found', 'campaign_state_invalid', 'campaign_not_editable', 'plan_expired', ...LAUNCH_ERRORS],
    summary: 'start (a new campaign: launch after every check, all or nothing), pause, resume, complete, archive (a completed campaign) or unarchive (back to completed)',
  }),
  campaignLaunchCheck: defineRoute({
    id: 'campaigns.launchCheck',
    method: 'POST',
    path: `${PIPELINES}/campaign/:id/launch-check`,
    params: campaignIdParams,
    response: launchCheckResponseSchema,
    errors: ['not_found'],
    summary: 'The launch checks without launching (step 4), and how many recipients a launch would add',
  }),
  listCampaignFolders: defineRoute({
    id: 'campaigns.folders.list',
    method: 'GET',
    path: `${PIPELINES}/folders`,
    response: campaignFolderListResponseSchema,
    summary: 'The caller’s campaign folders in their order',
  }),
  createCampaignFolder: defineRoute({
    id: 'campaigns.folders.create',
    method: 'POST',
    path: `${PIPELINES}/folders`,
    body: campaignFolderBodySchema,
    response: z.object({ folder: campaignFolderSchema }),
    summary: 'Creates a campaign folder at the end',
  }),
  renameCampaignFolder: defineRoute({
    id: 'campaigns.folders.rename',
    method: 'PATCH',
    path: `${PIPELINES}/folders/:id`,
    params: campaignIdParams,
    body: campaignFolderBodySchema,
    response: z.object({ folder: campaignFolderSchema }),
    errors: ['not_found'],
    summary: 'Renames a campaign folder',
  }),
  deleteCampaignFolder: defineRoute({
    id: 'campaigns.folders.delete',
    method: 'DELETE',
    path: `${PIPELINES}/folders/:id`,
    params: campaignIdParams,
    response: z.object({ ok: z.literal(true) }),
    errors: ['not_found'],
    summary: 'Deletes a campaign folder; its campaigns stay, in no folder',
  }),
  sortCampaignFolders: defineRoute({
    id: 'campaigns.folders.sort',
    method: 'POST',
    path: `${PIPELINES}/folders/sort`,
    body: campaignFolderSortBodySchema,
    response: campaignFolderListResponseSchema,
    errors: ['not_found'],
    summary: 'Orders the caller’s campaign folders as given',
  }),
  campaignUserInfo: defineRoute({
    id: 'campaigns.userInfo',
    method: 'GET',
    path: '/campaigns/user-info',
    response: campaignUserInfoResponseSchema,
    summary: 'What the caller’s plan allows in campaigns, whether the owner filter shows, and the variables emails may use',
  }),
  teamProspectLists: defineRoute({
    id: 'campaigns.teamProspectLists',
    method: 'GET',
    path: '/team/prospect-lists',
    response: teamProspectListsResponseSchema,
    summary: 'Prospect lists the caller may send a campaign to: own, and the team’s where their role lets them see them',
  }),
  campaignSenderAccounts: defineRoute({
    id: 'campaigns.senderAccounts',
    method: 'GET',
    path: '/campaigns/sender-accounts',
    response: campaignSenderAccountsResponseSchema,
    summary: 'Mailboxes (own and shared with the team) and LinkedIn accounts a campaign of the caller may use, with whether each can act',
  }),
  campaignProspects: defineRoute({
    id: 'campaigns.prospects',
    method: 'GET',
    path: '/campaigns/:id/prospects',
    params: campaignIdParams,
    response: campaignProspectsResponseSchema,
    errors: ['not_found'],
    summary: 'How many recipients the current step-2 choices would add, and why the others are skipped',
  }),
  checkCampaignAccounts: defineRoute({
    id: 'campaigns.checkAccounts',
    method: 'POST',
    path: '/campaigns/:id/check-accounts',
    params: campaignIdParams,
    response: checkAccountsResponseSchema,
    errors: ['not_found'],
    summary: 'Whether each selected sender can act (mailboxes sendable, LinkedIn states)',
  }),
  emailAccountsEverHad: defineRoute({
    id: 'campaigns.emailAccountsEverHad',
    method: 'GET',
    path: '/campaigns/email-accounts-ever-had/:id',
    params: campaignIdParams,
    response: emailAccountsEverHadResponseSchema,
    errors: ['not_found'],
    summary: 'Every mailbox the campaign has had as a sender, current or removed',
  }),
  flowchartBlockCount: defineRoute({
    id: 'campaigns.flowchartBlockCount',
    method: 'GET',
    path: `${PIPELINES}/flowchart-block-count/:id`,
    params: campaignIdParams,
    response: flowchartBlockCountResponseSchema,
    errors: ['not_found'],
    summary: 'How many blocks of each type the campaign’s flowchart has',
  }),
  campaignTips: defineRoute({
    id: 'campaigns.tips',
    method: 'GET',
    path: `${PIPELINES}/tips`,
    response: campaignTipsResponseSchema,
    summary: 'Short tips for the campaign screens (keys the remote translates)',
  }),
};
