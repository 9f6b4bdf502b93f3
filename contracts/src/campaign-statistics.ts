/**
 * Campaign statistics and the team dashboard (issue 15; document 2 §7.5 "team statistics", §7.6
 * "statistics: campaign-totals, flowchart, daily, recipients, exports; dashboard email, linkedin
 * and summary charts and tables"). Every figure comes from campaign events (counted per day and
 * block in campaign_daily_stats) or from the recipients' rows: nothing is estimated.
 */
import * as z from './zod';
import { idSchema } from './common';
import { campaignStatusSchema } from './campaigns';
import { countSchema, recordIdSchema } from './fields';
import { defineRoute, type AnyRoute } from './http';
import {
  CAMPAIGN_EVENT_KINDS,
  RECIPIENT_DISPLAY_STATUSES,
  recipientFilterQuerySchema,
  type CampaignEventKind,
  type RecipientDisplayStatus,
} from './recipients';

// ------------------------------------------------------------------ figures and rates

/** A figure: events of a kind (`count`) and recipients they happened to (`unique`: a recipient opening three times counts once). */
export const campaignFigureSchema = z.object({ count: countSchema, unique: countSchema });
export type CampaignFigure = z.infer<typeof campaignFigureSchema>;

/** Every event kind's figure (zero when it never happened). */
export const campaignFiguresSchema = z.object(
  Object.fromEntries(CAMPAIGN_EVENT_KINDS.map((kind) => [kind, campaignFigureSchema])) as Record<CampaignEventKind, typeof campaignFigureSchema>,
);
export type CampaignFigures = z.infer<typeof campaignFiguresSchema>;

export function emptyCampaignFigures(): CampaignFigures {
  return Object.fromEntries(CAMPAIGN_EVENT_KINDS.map((kind) => [kind, { count: 0, unique: 0 }])) as CampaignFigures;
}

/**
 * Rates as fractions 0..1 over recipients (unique counts): delivery and bounce over sent, the
 * others over delivered (sent minus bounced) — an address that never received the mail cannot
 * open it. A rate over nothing is 0.
 */
export const campaignRatesSchema = z.object({
  delivery: z.number().min(0).max(1),
  open: z.number().min(0).max(1),
  click: z.number().min(0).max(1),
  reply: z.number().min(0).max(1),
  autoReply: z.number().min(0).max(1),
  bounce: z.number().min(0).max(1),
  unsubscribe: z.number().min(0).max(1),
  /** LinkedIn invitations accepted over invitations sent. */
  linkedinAccept: z.number().min(0).max(1),
});
export type CampaignRates = z.infer<typeof campaignRatesSchema>;

/** Delivered = sent − bounced, for events and for recipients alike. */
export function deliveredFigure(figures: CampaignFigures): CampaignFigure {
  return {
    count: Math.max(0, figures.sent.count - figures.bounced.count),
    unique: Math.max(0, figures.sent.unique - figures.bounced.unique),
  };
}

function share(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(1, Math.round((part / whole) * 10_000) / 10_000);
}

export function campaignRates(figures: CampaignFigures): CampaignRates {
  const delivered = deliveredFigure(figures).unique;
  return {
    delivery: share(delivered, figures.sent.unique),
    open: share(figures.opened.unique, delivered),
    click: share(figures.clicked.unique, delivered),
    reply: share(figures.replied.unique, delivered),
    autoReply: share(figures.auto_replied.unique, delivered),
    bounce: share(figures.bounced.unique, figures.sent.unique),
    unsubscribe: share(figures.unsubscribed.unique, delivered),
    linkedinAccept: share(figures.linkedin_invite_accepted.unique, figures.linkedin_invite.unique),
  };
}

/** The kinds each dashboard channel charts (summary charts all of them). */
export const EMAIL_EVENT_KINDS = ['sent', 'opened', 'clicked', 'replied', 'auto_replied', 'bounced', 'unsubscribed', 'complained'] as const satisfies readonly CampaignEventKind[];
export const LINKEDIN_EVENT_KINDS = CAMPAIGN_EVENT_KINDS.filter((kind) => kind.startsWith('linkedin_'));
export const DASHBOARD_CHANNELS = ['email', 'linkedin', 'summary'] as const;
export type DashboardChannel = (typeof DASHBOARD_CHANNELS)[number];
export function dashboardKinds(channel: DashboardChannel): readonly CampaignEventKind[] {
  if (channel === 'email') return EMAIL_EVENT_KINDS;
  if (channel === 'linkedin') return LINKEDIN_EVENT_KINDS;
  return CAMPAIGN_EVENT_KINDS;
}

/** One point of a chart: a day (UTC) and a kind; every day of the range is present for each charted kind. */
export const statisticsPointSchema = z.object({
  day: z.iso.date(),
  kind: z.enum(CAMPAIGN_EVENT_KINDS),
  count: countSchema,
  unique: countSchema,
});
export type StatisticsPoint = z.infer<typeof statisticsPointSchema>;

/** The longest range a chart or table covers. */
export const STATISTICS_RANGE_DAYS_MAX = 366;
/** The range a daily chart shows when none is asked for: the last 30 days. */
export const STATISTICS_DEFAULT_RANGE_DAYS = 30;

const campaignParams = z.object({ campaignId: idSchema }).strict();
const statisticsErrors = ['not_found'] as const;

// ------------------------------------------------------------------ one campaign

export const campaignTotalsResponseSchema = z.object({
  campaignId: recordIdSchema,
  /** Recipients in the campaign (deleted ones left out). */
  recipients: countSchema,
  figures: campaignFiguresSchema,
  delivered: campaignFigureSchema,
  rates: campaignRatesSchema,
});
export type CampaignTotalsResponse = z.infer<typeof campaignTotalsResponseSchema>;

export const statisticsCampaignTotals = defineRoute({
  id: 'campaignStatistics.campaignTotals',
  method: 'GET',
  path: '/pipelines/api/statistics/campaign-totals/:campaignId',
  params: campaignParams,
  response: campaignTotalsResponseSchema,
  errors: [...statisticsErrors],
  summary: 'Totals of a campaign: sent, delivered, opened, clicked, replied, bounced, unsubscribed, auto-replied, LinkedIn actions, with rates.',
});

export const flowchartBlockStatisticsSchema = z.object({
  blockId: z.string(),
  /** Recipients at the block now (waiting in a delay or a trigger window, or about to act). */
  current: countSchema,
  /** Recipients that entered the block so far. */
  entered: countSchema,
  /** Events that happened at the block (an email block's sends, opens, replies…). */
  figures: campaignFiguresSchema,
});
export type FlowchartBlockStatistics = z.infer<typeof flowchartBlockStatisticsSchema>;

export const statisticsFlowchart = defineRoute({
  id: 'campaignStatistics.flowchart',
  method: 'GET',
  path: '/pipelines/api/statistics/flowchart/:campaignId',
  params: campaignParams,
  response: z.object({ campaignId: recordIdSchema, blocks: z.array(flowchartBlockStatisticsSchema) }),
  errors: [...statisticsErrors],
  summary: 'Per-block counts (recipients at and through each block, events per block) to draw on the flowchart.',
});

/** A date range, both ends included (UTC days). */
export const statisticsRangeQuerySchema = z
  .object({ from: z.iso.date().optional(), to: z.iso.date().optional() })
  .strict();

export const statisticsDailyResponseSchema = z.object({
  campaignId: recordIdSchema,
  from: z.iso.date(),
  to: z.iso.date(),
  points: z.array(statisticsPointSchema),
});
export type StatisticsDailyResponse = z.infer<typeof statisticsDailyResponseSchema>;

export const statisticsDaily = defineRoute({
  id: 'campaignStatistics.daily',
  method: 'GET',
  path: '/pipelines/api/statistics/daily/:campaignId',
  params: campaignParams,
  query: statisticsRangeQuerySchema,
  response: statisticsDailyResponseSchema,
  errors: [...statisticsErrors, 'field_invalid'],
  summary: 'Events per day and kind (the last 30 days by default, at most 366 days).',
});

export const recipientStatusCountsSchema = z.object(
  Object.fromEntries(RECIPIENT_DISPLAY_STATUSES.map((status) => [status, countSchema])) as Record<RecipientDisplayStatus, typeof countSchema>,
);

export const statisticsRecipients = defineRoute({
  id: 'campaignStatistics.recipients',
  method: 'GET',
  path: '/pipelines/api/statistics/recipients/:campaignId',
  params: campaignParams,
  response: z.object({ campaignId: recordIdSchema, total: countSchema, byStatus: recipientStatusCountsSchema }),
  errors: [...statisticsErrors],
  summary: 'Recipients per status (processing counted as active).',
});

export const statisticsExport = defineRoute({
  id: 'campaignStatistics.export',
  method: 'GET',
  path: '/pipelines/api/statistics/exports/:campaignId',
  params: campaignParams,
  /** The table's filter (JSON, as the recipients list takes it); all recipients without one. */
  query: z.object({ filter: recipientFilterQuerySchema.optional() }).strict(),
  response: z.unknown(),
  responseKind: 'file',
  errors: [...statisticsErrors],
  summary: 'CSV of the recipients with their figures, streamed.',
});

// ------------------------------------------------------------------ dashboard and team

export const dashboardBodySchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    /** Campaign owners to include (among those the caller may see); all of them when absent. */
    userIds: z.array(recordIdSchema).max(500).optional(),
    campaignIds: z.array(recordIdSchema).max(1_000).optional(),
  })
  .strict()
  .refine((body) => body.from <= body.to, { message: 'from must not be after to', path: ['to'] });
export type DashboardBody = z.input<typeof dashboardBodySchema>;

export const dashboardChartsResponseSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** The channel's kinds (dashboardKinds) for every day of the range. */
  points: z.array(statisticsPointSchema),
});
export type DashboardChartsResponse = z.infer<typeof dashboardChartsResponseSchema>;

export const dashboardTableRowSchema = z.object({
  campaignId: recordIdSchema,
  title: z.string(),
  status: campaignStatusSchema,
  ownerUserId: recordIdSchema,
  figures: campaignFiguresSchema,
  delivered: campaignFigureSchema,
  rates: campaignRatesSchema,
});
export type DashboardTableRow = z.infer<typeof dashboardTableRowSchema>;

export const dashboardTablesResponseSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** Campaigns with any event of the channel in the range, most sends first. */
  rows: z.array(dashboardTableRowSchema),
  /** The rows added up. */
  total: z.object({ figures: campaignFiguresSchema, delivered: campaignFigureSchema, rates: campaignRatesSchema }),
});
export type DashboardTablesResponse = z.infer<typeof dashboardTablesResponseSchema>;

const dashboardErrors = ['field_invalid'] as const;

function dashboardCharts<C extends DashboardChannel>(channel: C) {
  return defineRoute({
    id: `dashboard.${channel}Charts`,
    method: 'POST',
    path: `/pipelines/api/dashboard/${channel}/charts`,
    body: dashboardBodySchema,
    response: dashboardChartsResponseSchema,
    errors: [...dashboardErrors],
    summary: `The ${channel} dashboard chart: events per day and kind over the campaigns the caller sees.`,
  });
}

function dashboardTables<C extends DashboardChannel>(channel: C) {
  return defineRoute({
    id: `dashboard.${channel}Tables`,
    method: 'POST',
    path: `/pipelines/api/dashboard/${channel}/tables`,
    body: dashboardBodySchema,
    response: dashboardTablesResponseSchema,
    errors: [...dashboardErrors],
    summary: `The ${channel} dashboard table: figures and rates per campaign in the range.`,
  });
}

export const dashboardEmailCharts = dashboardCharts('email');
export const dashboardEmailTables = dashboardTables('email');
export const dashboardLinkedinCharts = dashboardCharts('linkedin');
export const dashboardLinkedinTables = dashboardTables('linkedin');
export const dashboardSummaryCharts = dashboardCharts('summary');
export const dashboardSummaryTables = dashboardTables('summary');

export const teamStatisticsBodySchema = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .strict()
  .refine((body) => body.from <= body.to, { message: 'from must not be after to', path: ['to'] });

export const teamMemberStatisticsSchema = z.object({
  userId: recordIdSchema,
  name: z.string(),
  email: z.string(),
  isLead: z.boolean(),
  /** The member's campaigns with events in the range. */
  campaigns: countSchema,
  figures: campaignFiguresSchema,
  delivered: campaignFigureSchema,
  rates: campaignRatesSchema,
});
export type TeamMemberStatistics = z.infer<typeof teamMemberStatisticsSchema>;

export const teamStatistics = defineRoute({
  id: 'campaignStatistics.teamStatistics',
  method: 'POST',
  path: '/team/statistics',
  body: teamStatisticsBodySchema,
  response: z.object({ from: z.iso.date(), to: z.iso.date(), members: z.array(teamMemberStatisticsSchema) }),
  errors: ['field_invalid'],
  summary: 'Figures per team member in a date range: a team lead gets every member, anyone else only themselves.',
});

export const campaignStatisticsRoutes = {
  statisticsCampaignTotals,
  statisticsFlowchart,
  statisticsDaily,
  statisticsRecipients,
  statisticsExport,
  dashboardEmailCharts,
  dashboardEmailTables,
  dashboardLinkedinCharts,
  dashboardLinkedinTables,
  dashboardSummaryCharts,
  dashboardSummaryTables,
  teamStatistics,
} as const satisfies Record<string, AnyRoute>;
