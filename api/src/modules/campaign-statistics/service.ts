/**
 * Campaign statistics, the dashboard and the team statistics (document 2 §7.5, §7.6). Figures
 * are read from campaign_daily_stats, which the executor keeps in the transaction of each event
 * (api/src/engines/campaign/events.ts), so a campaign of 100,000 recipients answers from a few
 * hundred rows; recipient counts come from campaign_recipients.
 */
import {
  CAMPAIGN_EVENT_KINDS,
  RECIPIENT_DISPLAY_STATUSES,
  STATISTICS_DEFAULT_RANGE_DAYS,
  STATISTICS_RANGE_DAYS_MAX,
  accountKind,
  campaignRates,
  dashboardKinds,
  deliveredFigure,
  emptyCampaignFigures,
  recipientDisplayStatus,
  type CampaignEventKind,
  type CampaignFigures,
  type CampaignTotalsResponse,
  type DashboardChannel,
  type DashboardChartsResponse,
  type DashboardTableRow,
  type DashboardTablesResponse,
  type FlowchartBlockStatistics,
  type ParsedRecipientFilter,
  type RecipientDisplayStatus,
  type RecipientStatus,
  type StatisticsPoint,
  type TeamMemberStatistics,
} from '@leadforge/contracts';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import { scopeOf, type Caller } from '../account/caller';
import { readableCampaign } from '../campaign-recipients/campaign-access';
import * as repo from './repository';
import { recipientsCsv } from './csv';

const KINDS = new Set<string>(CAMPAIGN_EVENT_KINDS);
const DAY_MS = 86_400_000;

/** Adds rows of (kind, count, unique) into figures; kinds the contract does not know are ignored. */
function addInto(figures: CampaignFigures, rows: readonly repo.KindRow[]): CampaignFigures {
  for (const row of rows) {
    if (!KINDS.has(row.kind)) continue;
    const figure = figures[row.kind as CampaignEventKind];
    figure.count += Number(row.count);
    figure.unique += Number(row.unique);
  }
  return figures;
}

function summary(figures: CampaignFigures) {
  return { figures, delivered: deliveredFigure(figures), rates: campaignRates(figures) };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) days.push(isoDay(new Date(t)));
  return days;
}

/** A range both ends included; refused (field_invalid) when reversed or longer than STATISTICS_RANGE_DAYS_MAX. */
function checkedRange(from: string, to: string): { from: string; to: string } {
  if (from > to) throw new DomainError('field_invalid', { field: 'to' });
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1 > STATISTICS_RANGE_DAYS_MAX) {
    throw new DomainError('field_invalid', { field: 'from' });
  }
  return { from, to };
}

/** Every day of the range for each kind, zero where nothing happened (charts draw gaps as zero). */
function points(from: string, to: string, kinds: readonly CampaignEventKind[], rows: readonly (repo.KindRow & { day: string })[]): StatisticsPoint[] {
  const found = new Map(rows.map((row) => [`${row.day}|${row.kind}`, row]));
  return daysBetween(from, to).flatMap((day) =>
    kinds.map((kind) => {
      const row = found.get(`${day}|${kind}`);
      return { day, kind, count: Number(row?.count ?? 0), unique: Number(row?.unique ?? 0) };
    }),
  );
}

/** The block ids of an editor flowchart document (`{operators: [{block: {id}}]}`), tolerant of older shapes. */
function flowchartBlockIds(flowchart: unknown): string[] {
  const operators = (flowchart as { operators?: unknown } | null)?.operators;
  if (!Array.isArray(operators)) return [];
  return operators
    .map((operator) => (operator as { block?: { id?: unknown } } | null)?.block?.id)
    .filter((id): id is string => typeof id === 'string');
}

export class CampaignStatisticsService {
  constructor(private readonly deps: { db: Db; now?: () => Date }) {}

  private get db(): Db {
    return this.deps.db;
  }

  private today(): string {
    return isoDay(this.deps.now?.() ?? new Date());
  }

  async totals(caller: Caller, campaignId: number): Promise<CampaignTotalsResponse> {
    const scope = scopeOf(caller);
    await readableCampaign(this.db, scope, campaignId);
    const [kinds, statuses] = await Promise.all([
      repo.campaignTotals(this.db, scope, campaignId),
      repo.recipientsByStatus(this.db, scope, campaignId),
    ]);
    const recipients = statuses.filter((row) => row.status !== 'deleted').reduce((sum, row) => sum + Number(row.n), 0);
    return { campaignId, recipients, ...summary(addInto(emptyCampaignFigures(), kinds)) };
  }

  async flowchart(caller: Caller, campaignId: number): Promise<{ campaignId: number; blocks: FlowchartBlockStatistics[] }> {
    const scope = scopeOf(caller);
    const campaign = await readableCampaign(this.db, scope, campaignId);
    const [figures, at, entered] = await Promise.all([
      repo.blockTotals(this.db, scope, campaignId),
      repo.recipientsAtBlocks(this.db, scope, campaignId),
      repo.recipientsEnteredBlocks(this.db, scope, campaignId),
    ]);
    // The editor's blocks first (in its order, zero when nobody reached them), then any block
    // only a launched version still has.
    const ids = [...new Set([...flowchartBlockIds(campaign.flowchart), ...entered.map((row) => row.nodeId), ...at.map((row) => row.nodeId), ...figures.map((row) => row.nodeId)])];
    const atMap = new Map(at.map((row) => [row.nodeId, Number(row.n)]));
    const enteredMap = new Map(entered.map((row) => [row.nodeId, Number(row.n)]));
    return {
      campaignId,
      blocks: ids.map((blockId) => ({
        blockId,
        current: atMap.get(blockId) ?? 0,
        entered: enteredMap.get(blockId) ?? 0,
        figures: addInto(
          emptyCampaignFigures(),
          figures.filter((row) => row.nodeId === blockId),
        ),
      })),
    };
  }

  async daily(caller: Caller, campaignId: number, query: { from?: string | undefined; to?: string | undefined }) {
    const scope = scopeOf(caller);
    await readableCampaign(this.db, scope, campaignId);
    const to = query.to ?? this.today();
    const from = query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (STATISTICS_DEFAULT_RANGE_DAYS - 1) * DAY_MS));
    const range = checkedRange(from, to);
    const rows = await repo.campaignDaily(this.db, scope, campaignId, range.from, range.to);
    return { campaignId, ...range, points: points(range.from, range.to, CAMPAIGN_EVENT_KINDS, rows) };
  }

  async recipients(caller: Caller, campaignId: number) {
    const scope = scopeOf(caller);
    await readableCampaign(this.db, scope, campaignId);
    const rows = await repo.recipientsByStatus(this.db, scope, campaignId);
    const byStatus = Object.fromEntries(RECIPIENT_DISPLAY_STATUSES.map((status) => [status, 0])) as Record<RecipientDisplayStatus, number>;
    for (const row of rows) {
      const status = recipientDisplayStatus(row.status as RecipientStatus);
      if (status in byStatus) byStatus[status] += Number(row.n);
    }
    const total = Object.entries(byStatus).reduce((sum, [status, n]) => (status === 'deleted' ? sum : sum + n), 0);
    return { campaignId, total, byStatus };
  }

  /** The CSV export: checks the campaign, then streams the rows page by page. */
  async export(caller: Caller, campaignId: number, filter: ParsedRecipientFilter | undefined) {
    const scope = scopeOf(caller);
    const campaign = await readableCampaign(this.db, scope, campaignId);
    return { title: campaign.title, stream: await recipientsCsv(this.db, scope, campaignId, filter) };
  }

  /** The owners a dashboard covers: those the caller sees, narrowed to the ones asked for. */
  private dashboardChoice(caller: Caller, body: { from: string; to: string; userIds?: number[] | undefined; campaignIds?: number[] | undefined }) {
    const scope = scopeOf(caller);
    const range = checkedRange(body.from, body.to);
    const userIds = body.userIds?.filter((id) => scope.readableUserIds.includes(id));
    return { scope, choice: { ...range, userIds, campaignIds: body.campaignIds } };
  }

  async dashboardCharts(caller: Caller, channel: DashboardChannel, body: { from: string; to: string; userIds?: number[]; campaignIds?: number[] }): Promise<DashboardChartsResponse> {
    const { scope, choice } = this.dashboardChoice(caller, body);
    const kinds = dashboardKinds(channel);
    const rows = await repo.dashboardDaily(this.db, scope, choice, kinds);
    return { from: choice.from, to: choice.to, points: points(choice.from, choice.to, kinds, rows) };
  }

  async dashboardTables(caller: Caller, channel: DashboardChannel, body: { from: string; to: string; userIds?: number[]; campaignIds?: number[] }): Promise<DashboardTablesResponse> {
    const { scope, choice } = this.dashboardChoice(caller, body);
    const channelKinds = new Set<string>(dashboardKinds(channel));
    const rows = await repo.dashboardByCampaign(this.db, scope, choice, CAMPAIGN_EVENT_KINDS);
    const byCampaign = new Map<number, { head: Omit<DashboardTableRow, 'figures' | 'delivered' | 'rates'>; rows: repo.KindRow[] }>();
    for (const row of rows) {
      const id = Number(row.campaignId);
      const entry = byCampaign.get(id) ?? {
        head: { campaignId: id, title: row.title, status: row.status as DashboardTableRow['status'], ownerUserId: Number(row.ownerUserId) },
        rows: [],
      };
      entry.rows.push(row);
      byCampaign.set(id, entry);
    }
    const total = emptyCampaignFigures();
    const tableRows = [...byCampaign.values()]
      // A campaign belongs to a channel's table when something of that channel happened in the range.
      .filter((entry) => entry.rows.some((row) => channelKinds.has(row.kind) && Number(row.count) > 0))
      .map((entry) => {
        addInto(total, entry.rows);
        return { ...entry.head, ...summary(addInto(emptyCampaignFigures(), entry.rows)) };
      })
      .sort((a, b) => b.figures.sent.count - a.figures.sent.count || a.campaignId - b.campaignId);
    return { from: choice.from, to: choice.to, rows: tableRows, total: summary(total) };
  }

  /** Per member: a team lead sees every member of the team, anyone else only themselves. */
  async team(caller: Caller, body: { from: string; to: string }): Promise<{ from: string; to: string; members: TeamMemberStatistics[] }> {
    const scope = scopeOf(caller);
    const range = checkedRange(body.from, body.to);
    const userIds = accountKind(caller.team) === 'teamLead' ? [...caller.teamUserIds] : [caller.userId];
    const [members, figures, campaigns] = await Promise.all([
      repo.teamMembers(this.db, scope, userIds),
      repo.figuresByOwner(this.db, scope, userIds, range.from, range.to),
      repo.campaignsWithEventsByOwner(this.db, scope, userIds, range.from, range.to),
    ]);
    const campaignsOf = new Map(campaigns.map((row) => [Number(row.userId), Number(row.n)]));
    return {
      ...range,
      members: members.map((member) => ({
        userId: Number(member.userId),
        name: member.name,
        email: member.email,
        isLead: member.isLead,
        campaigns: campaignsOf.get(Number(member.userId)) ?? 0,
        ...summary(
          addInto(
            emptyCampaignFigures(),
            figures.filter((row) => Number(row.userId) === Number(member.userId)),
          ),
        ),
      })),
    };
  }
}
