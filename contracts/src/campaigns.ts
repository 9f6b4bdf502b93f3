/** Campaign, schedule and flowchart entities (document 1 §3 "Campaign", §4). */
import * as z from './zod';
import { CAMPAIGN_DEFAULTS } from './constants';
import { moneyAmountSchema } from './crm';
import { calendarDateSchema, countSchema, recordIdSchema, timeZoneNameSchema, timestampSchema } from './fields';

export const CAMPAIGN_TITLE_MAX = 255;

/**
 * Campaign statuses. The spec names new, active and pause; completed and archived follow from
 * `automaticallyComplete` and `archivedInMonth`.
 */
export const CAMPAIGN_STATUSES = ['new', 'active', 'pause', 'completed', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);

/** Values of the set-state call; `start` is the default (document 2 §7.6). */
export const CAMPAIGN_STATE_ACTIONS = ['start', 'pause', 'complete'] as const;
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

/** Trigger conditions; all are read from the social network, so triggers need a social-network sender. */
export const TRIGGER_TYPES = ['connection_degree', 'invite_accepted', 'message_replied'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];
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
  /** Hours to wait for the condition before the "no" branch. */
  time: z.number().int().min(0).max(WAIT_HOURS_MAX).nullable(),
  /** Kept as plain integers so the block check can report invalid levels instead of failing the parse. */
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
