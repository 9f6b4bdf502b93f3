/**
 * The rules of the campaigns area: who may see and change a campaign, how each settings section
 * is saved (lists, tags, senders and schedules must be the owner's to use; start and end shift
 * on the 48-slot rule; a launched campaign's structure is locked), the launch (checks, version,
 * recipients and status in one transaction, all or nothing), set-state, copy, delete, folders and
 * the wizard's helpers. Services never see HTTP; the SQL is in repository.ts and audience.ts.
 */
import {
  CAMPAIGN_COMMON_SETTINGS_DEFAULTS,
  CAMPAIGN_DEFAULTS,
  CAMPAIGN_TIP_KEYS,
  EMAIL_TEMPLATE_VARIABLES,
  PAGE_SIZES,
  SOCIAL_ACCOUNT_LAUNCH_KEYS,
  campaignCapabilities,
  campaignMomentSchema,
  campaignPlanTier,
  campaignStateChange,
  canFilterByOwner,
  scheduleIssues,
  compileFlowchart,
  countBlocks,
  flowchartSchema,
  FlowchartCompileError,
  launchIssueField,
  launchIssues,
  validateFlowchart,
  variantFlags,
  type CampaignCommonSettings,
  type CampaignCreationStep,
  type CampaignGraph,
  type CampaignLaunchIssue,
  type CampaignListItem,
  type CampaignListParams,
  type CampaignMoment,
  type CampaignPartialSettings,
  type CampaignProspectsCount,
  type CampaignQuickStats,
  type CampaignResponse,
  type CampaignStateAction,
  type CampaignStatus,
  type CampaignUserInfo,
  type CampaignView,
  type DealsSettings,
  type ErrorKey,
  type Flowchart,
  type SocialAccountState,
} from '@leadforge/contracts';
import type { Db, DbOrTx } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import { scopeOf, type Caller, type Scope } from '../account/caller';
import { checkFlowchartAttachments, copyFlowchartAttachments } from '../email-content/service';
import type { CampaignExecutorHooks } from './area';
import { countAudience, materialiseRecipients, type AudienceOutcome, type AudienceParams } from './audience';
import { momentToDate, shiftStartEnd } from './moments';
import * as repo from './repository';
import type { CampaignPatch, CampaignRow } from './repository';

/** Options stored in campaigns.options (the rest of the common settings have their own columns). */
const OPTION_KEYS = [
  'sendToAll',
  'catchAll',
  'notVerified',
  'needToCheck',
  'skipUsedRecipients',
  'includeTeamCampaigns',
  'dailyLimit',
  'firstEmailDailyLimit',
  'wrapLinks',
  'trackOpen',
  'stopForReply',
  'unsubscribeHeader',
  'automaticallyComplete',
  'archivedInMonth',
  'providerMatching',
  'recipientsPriority',
  'campaignPriority',
] as const satisfies readonly (keyof CampaignCommonSettings)[];
type CampaignOptions = Pick<CampaignCommonSettings, (typeof OPTION_KEYS)[number]>;

const DEFAULT_OPTIONS: CampaignOptions = Object.fromEntries(OPTION_KEYS.map((key) => [key, CAMPAIGN_COMMON_SETTINGS_DEFAULTS[key]])) as CampaignOptions;

const DEFAULT_DEALS: DealsSettings = {
  enabled: false,
  event: 'replied',
  pipelineId: null,
  pipelineStageId: null,
  potentialValue: CAMPAIGN_DEFAULTS.potentialValue,
  potentialValueCurrency: null,
};

/** A new campaign's flowchart: the start block, where the editor's palette attaches the first step. */
const NEW_FLOWCHART: Flowchart = { operators: [{ block: { id: 'start', type: 'start' }, position: { x: 0, y: 0 } }], links: [] };

interface Audience {
  includeTags: number[];
  excludeTags: number[];
  duplicates: { skip: boolean; includeTeam: boolean };
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function optionsOf(row: CampaignRow): CampaignOptions {
  return { ...DEFAULT_OPTIONS, ...(row.options as Partial<CampaignOptions>) };
}

function audienceOf(row: CampaignRow): Audience {
  const stored = row.audience as Partial<Audience>;
  return {
    includeTags: stored.includeTags ?? [],
    excludeTags: stored.excludeTags ?? [],
    duplicates: stored.duplicates ?? CAMPAIGN_COMMON_SETTINGS_DEFAULTS.duplicates,
  };
}

function momentOf(value: unknown): CampaignMoment | null {
  const parsed = campaignMomentSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function flowchartOf(row: CampaignRow): Flowchart {
  const parsed = flowchartSchema.safeParse(row.flowchart);
  return parsed.success ? parsed.data : NEW_FLOWCHART;
}

/** Block ids with their types and the links between them: what running recipients depend on. */
function structureKey(flowchart: Flowchart): string {
  const blocks = flowchart.operators.map((operator) => `${operator.block.id}:${operator.block.type}`).sort();
  const links = flowchart.links.map((link) => `${link.from}>${link.to}:${link.output}`).sort();
  return JSON.stringify([blocks, links]);
}

function payloadKey(flowchart: Flowchart): string {
  return JSON.stringify(flowchart.operators.map((operator) => operator.block).sort((a, b) => a.id.localeCompare(b.id)));
}

const isLaunched = (status: string) => status !== 'new';

function rate(part: number, whole: number): number | null {
  return whole > 0 ? Math.min(1, part / whole) : null;
}

export class CampaignsService {
  private readonly db: Db;

  constructor(private readonly deps: { db: Db; executor: () => CampaignExecutorHooks | undefined }) {
    this.db = deps.db;
  }

  // ------------------------------------------------------------------ access

  private async visible(db: DbOrTx, caller: Caller, id: number, forUpdate = false): Promise<CampaignRow> {
    const row = await repo.visibleCampaign(db, scopeOf(caller), id, forUpdate);
    if (!row) throw new DomainError('not_found');
    return row;
  }

  /** The owner may change a campaign, and so may the lead of the owner's team; view-all members only read. */
  canEdit(caller: Caller, ownerId: number): boolean {
    return ownerId === caller.userId || (caller.team.isLead === 1 && caller.teamUserIds.includes(ownerId));
  }

  private async editable(db: DbOrTx, caller: Caller, id: number, forUpdate = false): Promise<CampaignRow> {
    const row = await this.visible(db, caller, id, forUpdate);
    if (!this.canEdit(caller, Number(row.user_id))) throw new DomainError('campaign_not_editable');
    return row;
  }

  /**
   * Lists, tags, mailboxes and schedules a campaign uses are its owner's to use: the caller's own
   * scope for their campaigns; for a lead changing a member's campaign, the member's own records.
   */
  private ownerScope(caller: Caller, row: Pick<CampaignRow, 'user_id' | 'account_id'>): Scope {
    if (Number(row.user_id) === caller.userId) return scopeOf(caller);
    return { userId: Number(row.user_id), accountId: Number(row.account_id), readableUserIds: [Number(row.user_id)], teamUserIds: caller.teamUserIds };
  }

  private async knownVariables(db: DbOrTx, scope: Scope, ownerId: number): Promise<string[]> {
    return [...EMAIL_TEMPLATE_VARIABLES, ...(await repo.customFieldNames(db, scope, ownerId))];
  }

  // ------------------------------------------------------------------ views

  private async view(db: DbOrTx, caller: Caller, row: CampaignRow): Promise<CampaignResponse> {
    const senders = await repo.campaignSenders(db, scopeOf(caller), [Number(row.id)]);
    const options = optionsOf(row);
    const audience = audienceOf(row);
    const flowchart = flowchartOf(row);
    const campaign: CampaignView = {
      campaignId: Number(row.id),
      title: row.title,
      status: row.status as CampaignStatus,
      listId: row.list_id === null ? null : Number(row.list_id),
      schedule: row.schedule_id === null ? null : Number(row.schedule_id),
      startAt: momentOf(row.start_at),
      completeAt: momentOf(row.complete_at),
      ...options,
      folder: row.folder_id === null ? null : Number(row.folder_id),
      dealsSettings: { ...DEFAULT_DEALS, ...(row.deals_settings as Partial<DealsSettings>) },
      blacklist: row.blacklist_id === null ? null : Number(row.blacklist_id),
      includeTags: audience.includeTags,
      excludeTags: audience.excludeTags,
      duplicates: audience.duplicates,
      senderEmailAccounts: senders.filter((s) => s.kind === 'email').map((s) => Number(s.sender_id)),
      senderLinkedinAccounts: senders.filter((s) => s.kind === 'linkedin').map((s) => Number(s.sender_id)),
      flowchart,
      ownerId: Number(row.user_id),
      createdAt: iso(row.created_at),
      creationStep: row.creation_step as CampaignCreationStep,
      pausedReason: (row.paused_reason as CampaignView['pausedReason']) ?? null,
      listDeleted: Boolean(row.list_deleted),
      activeVersion: Number(row.active_version),
      launchedAt: isoOrNull(row.launched_at),
      completedAt: isoOrNull(row.completed_at),
      owner: { id: Number(row.user_id), name: row.owner_name },
      editable: this.canEdit(caller, Number(row.user_id)),
    };
    const issues = await this.flowchartIssues(db, caller, row, flowchart);
    return { campaign, issues };
  }

  private async flowchartIssues(db: DbOrTx, caller: Caller, row: CampaignRow, flowchart: Flowchart): Promise<CampaignLaunchIssue[]> {
    const scope = this.ownerScope(caller, row);
    return validateFlowchart(flowchart, {
      capabilities: campaignCapabilities(campaignPlanTier(caller.plan)),
      isNewCampaign: row.status === 'new',
      knownVariables: await this.knownVariables(db, scope, Number(row.user_id)),
    }).map((issue) => ({ ...issue }));
  }

  async get(caller: Caller, id: number): Promise<CampaignResponse> {
    return this.view(this.db, caller, await this.visible(this.db, caller, id));
  }

  async section(caller: Caller, id: number) {
    const { campaign } = await this.get(caller, id);
    const pick = <K extends keyof CampaignView>(keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, campaign[key]])) as Pick<CampaignView, K>;
    return {
      commonSettings: pick(Object.keys(CAMPAIGN_COMMON_SETTINGS_DEFAULTS) as (keyof CampaignCommonSettings)[]) as CampaignCommonSettings,
      about: pick(['title', 'folder', 'creationStep']),
      flowcharts: { flowchart: campaign.flowchart },
      dealsSettings: campaign.dealsSettings,
      timeSettings: pick(['schedule', 'startAt', 'completeAt']),
      senderLinkedinAccounts: pick(['senderLinkedinAccounts']),
    };
  }

  // ------------------------------------------------------------------ list and search

  async list(caller: Caller, query: CampaignListParams) {
    if (query.title !== undefined && query.title.length > 0 && [...query.title].length < 3) throw new DomainError('filter_campaign_title_too_short');
    const scope = scopeOf(caller);
    // Members limited to their own records have no owner filter: whatever they send, they see their own.
    const showOwner = canFilterByOwner(caller.team);
    const ownerIds = !showOwner ? [caller.userId] : query.ownerId ? (scope.readableUserIds.includes(query.ownerId) ? [query.ownerId] : []) : scope.readableUserIds;
    const perPage = PAGE_SIZES.campaignList;
    const { rows, total } = await repo.listCampaigns(this.db, scope, {
      title: query.title || undefined,
      listId: query.listId,
      createdFrom: query.createdFrom,
      createdTo: query.createdTo,
      ownerIds,
      senderAccountId: query.senderAccountId,
      status: query.status,
      folderId: query.folderId,
      offset: (query.page - 1) * perPage,
      limit: perPage,
    });
    const senders = await repo.campaignSenders(this.db, scope, rows.map((row) => Number(row.id)));
    const mailboxes = await repo.mailboxNames(this.db, senders.filter((s) => s.kind === 'email').map((s) => Number(s.sender_id)));
    const linkedin = await repo.linkedinNames(this.db, senders.filter((s) => s.kind === 'linkedin').map((s) => Number(s.sender_id)));
    const items: CampaignListItem[] = rows.map((row) => {
      const own = senders.filter((s) => Number(s.campaign_id) === Number(row.id));
      const stats: CampaignQuickStats = {
        sent: row.sent,
        opened: row.opened,
        clicked: row.clicked,
        replied: row.replied,
        bounced: row.bounced,
        openRate: rate(row.u_opened, row.u_sent),
        clickRate: rate(row.u_clicked, row.u_sent),
        replyRate: rate(row.u_replied, row.u_sent),
        bounceRate: rate(row.u_bounced, row.u_sent),
      };
      return {
        campaignId: Number(row.id),
        title: row.title,
        status: row.status as CampaignStatus,
        pausedReason: (row.paused_reason as CampaignListItem['pausedReason']) ?? null,
        creationStep: row.creation_step as CampaignCreationStep,
        folder: row.folder_id === null ? null : Number(row.folder_id),
        owner: { id: Number(row.user_id), name: row.owner_name },
        list: row.list_id === null ? null : { id: Number(row.list_id), name: row.list_name ?? '' },
        listDeleted: Boolean(row.list_deleted),
        senders: {
          email: own.filter((s) => s.kind === 'email').map((s) => ({ id: Number(s.sender_id), email: mailboxes.get(Number(s.sender_id)) ?? '' })),
          linkedin: own.filter((s) => s.kind === 'linkedin').map((s) => ({ id: Number(s.sender_id), name: linkedin.get(Number(s.sender_id)) ?? '' })),
        },
        recipients: Number(row.recipients),
        stats,
        editable: this.canEdit(caller, Number(row.user_id)),
        createdAt: iso(row.created_at),
        launchedAt: isoOrNull(row.launched_at),
      };
    });
    return { items, total, page: query.page, perPage };
  }

  async search(caller: Caller, text: string) {
    const rows = await repo.searchCampaigns(this.db, scopeOf(caller), text, PAGE_SIZES.searchCampaigns);
    return { items: rows.map((row) => ({ campaignId: Number(row.id), title: row.title, status: row.status as CampaignStatus })) };
  }

  // ------------------------------------------------------------------ create and change

  async save(caller: Caller, body: CampaignPartialSettings & { campaignId?: number | undefined; title: string }): Promise<CampaignResponse> {
    if (body.campaignId !== undefined) {
      const { campaignId, ...changes } = body;
      return this.update(caller, campaignId, changes);
    }
    // A campaign starts as new and is checked against the plan (document 1 §4): an ended plan creates none.
    if (caller.plan.expired) throw new DomainError('plan_expired');
    const { title, ...changes } = body;
    return this.db.transaction(async (tx) => {
      const id = await repo.insertCampaign(tx, scopeOf(caller), {
        title,
        teamId: caller.teamId,
        options: DEFAULT_OPTIONS,
        audience: { includeTags: [], excludeTags: [], duplicates: CAMPAIGN_COMMON_SETTINGS_DEFAULTS.duplicates },
        dealsSettings: DEFAULT_DEALS,
        flowchart: NEW_FLOWCHART,
      });
      const row = await this.editable(tx, caller, id, true);
      await this.applyChanges(tx, caller, row, changes);
      return this.view(tx, caller, await this.visible(tx, caller, id));
    });
  }

  async update(caller: Caller, id: number, changes: CampaignPartialSettings): Promise<CampaignResponse> {
    return this.db.transaction(async (tx) => {
      const row = await this.editable(tx, caller, id, true);
      await this.applyChanges(tx, caller, row, changes);
      return this.view(tx, caller, await this.visible(tx, caller, id));
    });
  }

  private async applyChanges(tx: DbOrTx, caller: Caller, row: CampaignRow, changes: CampaignPartialSettings): Promise<void> {
    const id = Number(row.id);
    const scope = scopeOf(caller);
    const ownerScope = this.ownerScope(caller, row);
    const patch: CampaignPatch = {};

    if (changes.title !== undefined) patch.title = changes.title;
    if (changes.creationStep !== undefined) patch.creation_step = changes.creationStep;
    if (changes.folder !== undefined) {
      if (changes.folder !== null && !(await repo.ownFolder(tx, scope, changes.folder))) throw new DomainError('not_found', { field: 'folder' });
      patch.folder_id = changes.folder;
    }
    for (const [key, column] of [['listId', 'list_id'], ['blacklist', 'blacklist_id']] as const) {
      const value = changes[key];
      if (value === undefined) continue;
      if (value !== null) {
        const [list] = await repo.readableLists(tx, ownerScope, [value]);
        if (!list || list.deleted) throw new DomainError('list_not_found', { field: key });
      }
      patch[column] = value;
    }

    const options = Object.fromEntries(OPTION_KEYS.filter((key) => changes[key] !== undefined).map((key) => [key, changes[key]]));
    if (Object.keys(options).length > 0) patch.options = { ...optionsOf(row), ...options };

    if (changes.includeTags !== undefined || changes.excludeTags !== undefined || changes.duplicates !== undefined) {
      const audience = audienceOf(row);
      for (const key of ['includeTags', 'excludeTags'] as const) {
        const ids = changes[key];
        if (ids === undefined) continue;
        const unique = [...new Set(ids)];
        const found = await repo.readableTagIds(tx, ownerScope, unique);
        if (found.length !== unique.length) throw new DomainError('not_found', { field: key });
        audience[key] = unique;
      }
      if (changes.duplicates !== undefined) audience.duplicates = changes.duplicates;
      patch.audience = audience as unknown as Record<string, unknown>;
    }

    if (changes.dealsSettings !== undefined) patch.deals_settings = changes.dealsSettings as unknown as Record<string, unknown>;

    if (changes.schedule !== undefined) {
      if (changes.schedule !== null && !(await repo.ownScheduleExists(tx, ownerScope, changes.schedule))) throw new DomainError('not_found', { field: 'schedule' });
      patch.schedule_id = changes.schedule;
    }
    if (changes.startAt !== undefined || changes.completeAt !== undefined) {
      const shifted = shiftStartEnd(
        changes.startAt !== undefined ? changes.startAt : momentOf(row.start_at),
        changes.completeAt !== undefined ? changes.completeAt : momentOf(row.complete_at),
        changes.changed ?? (changes.startAt !== undefined ? 'start' : 'end'),
      );
      patch.start_at = shifted.startAt;
      patch.complete_at = shifted.completeAt;
    }

    if (changes.senderEmailAccounts !== undefined) {
      const ids = [...new Set(changes.senderEmailAccounts)];
      const found = await repo.usableMailboxes(tx, ownerScope, ids);
      if (found.filter((mailbox) => !mailbox.deleted).length !== ids.length) throw new DomainError('not_found', { field: 'senderEmailAccounts' });
      await repo.replaceSenders(tx, scope, id, 'email', ids, isLaunched(row.status));
    }
    if (changes.senderLinkedinAccounts !== undefined) {
      const ids = [...new Set(changes.senderLinkedinAccounts)];
      const found = await repo.usableLinkedinAccounts(tx, ownerScope, ids);
      if (found.filter((account) => !account.deleted).length !== ids.length) throw new DomainError('not_found', { field: 'senderLinkedinAccounts' });
      await repo.replaceSenders(tx, scope, id, 'linkedin', ids, isLaunched(row.status));
    }

    if (changes.flowchart !== undefined) {
      const known = await this.knownVariables(tx, ownerScope, Number(row.user_id));
      // Attachments must be this campaign's own files (email-content area).
      const flowchart = await checkFlowchartAttachments(tx, scope, id, normaliseFlowchart(changes.flowchart, known));
      if (isLaunched(row.status)) await this.editLaunchedFlowchart(tx, scope, row, flowchart, patch);
      patch.flowchart = flowchart;
    }

    await repo.updateCampaignColumns(tx, scope, id, patch);
  }

  /**
   * A launched campaign's recipients run the structure they were launched with, so adding,
   * removing or relinking blocks is refused (campaign_structure_locked, as Lemlist does). Text
   * and settings of existing blocks may change: a new version with the same structure and the
   * same step numbers becomes the active one, read by the executor for the next moves.
   */
  private async editLaunchedFlowchart(tx: DbOrTx, scope: Scope, row: CampaignRow, flowchart: Flowchart, patch: CampaignPatch): Promise<void> {
    const current = flowchartOf(row);
    if (structureKey(current) !== structureKey(flowchart)) throw new DomainError('campaign_structure_locked', { field: 'flowchart' });
    if (payloadKey(current) === payloadKey(flowchart)) return;
    const version = Number(row.active_version);
    const previous = await repo.versionOf(tx, scope, Number(row.id), version);
    if (!previous) return;
    const graph = compileFlowchart(flowchart);
    const previousNodes = (previous.graph as CampaignGraph).nodes;
    for (const [nodeId, node] of Object.entries(graph.nodes)) node.step = previousNodes[nodeId]?.step ?? node.step;
    await repo.insertVersion(tx, scope, Number(row.id), version + 1, graph, previous.settings);
    patch.active_version = version + 1;
  }

  // ------------------------------------------------------------------ copy and delete

  async copy(caller: Caller, id: number, withAttachments: boolean): Promise<CampaignResponse> {
    if (caller.plan.expired) throw new DomainError('plan_expired');
    return this.db.transaction(async (tx) => {
      const source = await this.visible(tx, caller, id);
      const flowchart = flowchartOf(source);
      const copied: Flowchart = withAttachments
        ? flowchart
        : {
            ...flowchart,
            operators: flowchart.operators.map((operator) =>
              operator.block.type === 'email'
                ? { ...operator, block: { ...operator.block, emails: operator.block.emails.map((email) => ({ ...email, attachments: [] })) } }
                : operator,
            ),
          };
      const suffix = ' (copy)';
      const newId = await repo.insertCampaign(tx, scopeOf(caller), {
        title: `${[...source.title].slice(0, 255 - suffix.length).join('')}${suffix}`,
        teamId: caller.teamId,
        options: optionsOf(source),
        audience: audienceOf(source) as unknown as Record<string, unknown>,
        dealsSettings: { ...DEFAULT_DEALS, ...source.deals_settings },
        flowchart: copied,
      });
      const own = Number(source.user_id) === caller.userId;
      await repo.updateCampaignColumns(tx, scopeOf(caller), newId, {
        // A teammate's folder, list or schedule is theirs: a copy made by the lead keeps only what the lead may use.
        folder_id: own ? source.folder_id : null,
        list_id: source.list_id,
        blacklist_id: source.blacklist_id,
        schedule_id: own ? source.schedule_id : null,
        start_at: source.start_at ?? null,
        complete_at: source.complete_at ?? null,
      });
      if (own) await repo.copySenders(tx, scopeOf(caller), id, newId);
      // The copy gets its own copies of the files, and its flowchart their ids.
      if (withAttachments) await copyFlowchartAttachments(tx, scopeOf(caller), id, newId, flowchart);
      return this.view(tx, caller, await this.visible(tx, caller, newId));
    });
  }

  async remove(caller: Caller, id: number) {
    return this.db.transaction(async (tx) => {
      await this.editable(tx, caller, id, true);
      const scope = scopeOf(caller);
      const cancelled = await repo.cancelQueuedWork(tx, scope, id);
      await repo.deleteCampaignRow(tx, scope, id);
      return { ok: true as const, cancelledMessages: cancelled.messages, cancelledActions: cancelled.actions };
    });
  }

  // ------------------------------------------------------------------ launch and states

  /** What the launch checks need to know, read on the server (senders, lists), and the issues. */
  private async launchFacts(tx: DbOrTx, caller: Caller, row: CampaignRow) {
    const scope = scopeOf(caller);
    const ownerScope = this.ownerScope(caller, row);
    const flowchart = flowchartOf(row);
    const senders = await repo.campaignSenders(tx, scope, [Number(row.id)]);
    const emailIds = senders.filter((s) => s.kind === 'email').map((s) => Number(s.sender_id));
    const linkedinIds = senders.filter((s) => s.kind === 'linkedin').map((s) => Number(s.sender_id));
    const mailboxes = new Map((await repo.usableMailboxes(tx, ownerScope, emailIds)).map((m) => [Number(m.id), m]));
    const slots = new Map((await repo.usableLinkedinAccounts(tx, ownerScope, linkedinIds)).map((l) => [Number(l.id), l]));
    const listIds = [row.list_id, row.blacklist_id].filter((value): value is number => value !== null).map(Number);
    const lists = new Map((await repo.readableLists(tx, ownerScope, listIds)).map((l) => [Number(l.id), l]));
    const list = row.list_id === null ? undefined : lists.get(Number(row.list_id));
    const blacklist = row.blacklist_id === null ? undefined : lists.get(Number(row.blacklist_id));
    const options = optionsOf(row);

    const issues: CampaignLaunchIssue[] = launchIssues({
      listId: list && !list.deleted ? Number(list.id) : null,
      blacklist: blacklist && !blacklist.deleted ? Number(blacklist.id) : null,
      wrapLinks: options.wrapLinks,
      flowchart,
      emailAccounts: emailIds.map((id) => {
        const mailbox = mailboxes.get(id);
        return { id, valid: Boolean(mailbox && !mailbox.deleted && mailbox.status === 'active') };
      }),
      linkedinAccounts: linkedinIds.map((id) => {
        const slot = slots.get(id);
        return { id, state: (!slot || slot.deleted ? 'deleted' : slot.state) as SocialAccountState };
      }),
      capabilities: campaignCapabilities(campaignPlanTier(caller.plan)),
      isNewCampaign: row.status === 'new',
      knownVariables: await this.knownVariables(tx, ownerScope, Number(row.user_id)),
    }).map((issue) => ({ ...issue }));
    // A list deleted since it was chosen says so, not "choose a list".
    if (list?.deleted) {
      const index = issues.findIndex((issue) => issue.key === 'launch_choose_prospect_list');
      if (index >= 0) issues[index] = { key: 'campaigns_list_deleted' };
    }
    // A schedule that never opens would hold every recipient forever: saved before its rules, it is refused here.
    if (row.schedule_id !== null) {
      const days = await repo.scheduleDays(tx, ownerScope, Number(row.schedule_id));
      if (days !== undefined) for (const key of new Set(scheduleIssues(days).map((issue) => issue.key))) issues.push({ key });
    }
    return { flowchart, options, list: list && !list.deleted ? list : undefined, issues, emailIds, linkedinIds };
  }

  private audienceParams(row: CampaignRow, flowchart: Flowchart, listId: number): AudienceParams {
    const options = optionsOf(row);
    const audience = audienceOf(row);
    const counts = countBlocks(flowchart);
    return {
      campaignId: Number(row.id),
      ownerAccountId: Number(row.account_id),
      listId,
      blacklistId: row.blacklist_id === null ? null : Number(row.blacklist_id),
      includeTags: audience.includeTags,
      excludeTags: audience.excludeTags,
      duplicates: audience.duplicates,
      skipUsedRecipients: options.skipUsedRecipients,
      includeTeamCampaigns: options.includeTeamCampaigns,
      sendToAll: options.sendToAll,
      catchAll: options.catchAll,
      notVerified: options.notVerified,
      needToCheck: options.needToCheck,
      needs: counts.email > 0 && counts.linkedin > 0 ? 'either' : counts.linkedin > 0 && counts.email === 0 ? 'social' : 'email',
    };
  }

  async launchCheck(caller: Caller, id: number) {
    const row = await this.visible(this.db, caller, id);
    const facts = await this.launchFacts(this.db, caller, row);
    let recipients = 0;
    if (facts.list) {
      const counts = await countAudience(this.db, this.ownerScope(caller, row), this.audienceParams(row, facts.flowchart, Number(facts.list.id)));
      recipients = (counts.get('active') ?? 0) + (counts.get('tocheck') ?? 0);
      if (recipients === 0 && row.status === 'new') facts.issues.push({ key: 'launch_no_recipients' });
    }
    return { issues: facts.issues, recipients };
  }

  async setState(caller: Caller, id: number, state: CampaignStateAction): Promise<CampaignResponse> {
    const executor = this.deps.executor();
    const result = await this.db.transaction(async (tx) => {
      const row = await this.editable(tx, caller, id, true);
      const status = row.status as CampaignStatus;
      const scope = scopeOf(caller);
      // The transitions are rules/campaign-state.ts; an unchanged one (pausing a paused campaign) writes nothing.
      const change = campaignStateChange(status, state);
      let after: 'wake' | 'paused' | 'resumed' | null = null;
      if (change.kind === 'invalid') throw new DomainError('campaign_state_invalid');
      if (change.kind === 'launch') {
        await this.launch(tx, caller, row);
        after = 'wake';
      } else if (change.kind === 'move') {
        const patch: CampaignPatch = { status: change.to, paused_reason: null };
        if (change.to === 'completed' && status !== 'archived') patch.completed_at = new Date();
        if (change.to === 'archived') patch.archived_at = new Date();
        await repo.updateCampaignColumns(tx, scope, id, patch);
        after = change.after;
      }
      return { after, view: await this.view(tx, caller, await this.visible(tx, caller, id)) };
    });
    // After the commit: the executor acts on what is now visible to its workers. Until the executor
    // area is built into this app the hooks are absent and nothing is woken.
    if (result.after === 'wake') await executor?.wake(id);
    if (result.after === 'paused') await executor?.paused(id);
    if (result.after === 'resumed') await executor?.resumed(id);
    return result.view;
  }

  /**
   * The launch, inside the caller's transaction: every check on the server's knowledge, refused
   * with all issue keys at once (nothing written); then the compiled version, the recipients
   * (one INSERT … SELECT) and the status. A refusal after writing (no recipient added) throws,
   * and the transaction undoes it all.
   */
  private async launch(tx: DbOrTx, caller: Caller, row: CampaignRow): Promise<void> {
    if (caller.plan.expired) throw new DomainError('plan_expired');
    const facts = await this.launchFacts(tx, caller, row);
    if (facts.issues.length > 0 || !facts.list) throw refusal(facts.issues.length > 0 ? facts.issues : [{ key: 'launch_choose_prospect_list' }]);
    let graph: CampaignGraph;
    try {
      graph = compileFlowchart(facts.flowchart);
    } catch (error) {
      if (error instanceof FlowchartCompileError) throw refusal(error.keys.map((key) => ({ key: key as ErrorKey })));
      throw error;
    }
    const id = Number(row.id);
    const scope = scopeOf(caller);
    const version = Number(row.active_version) + 1;
    const startAt = momentOf(row.start_at);
    const completeAt = momentOf(row.complete_at);
    const now = new Date();
    const startMoment = startAt ? momentToDate(startAt) : null;
    const nextRunAt = startMoment && startMoment > now ? startMoment : now;
    const audience = audienceOf(row);
    await repo.insertVersion(tx, scope, id, version, graph, {
      options: facts.options,
      senders: { email: facts.emailIds, linkedin: facts.linkedinIds },
      scheduleId: row.schedule_id === null ? null : Number(row.schedule_id),
      startAt,
      completeAt,
      startsAt: nextRunAt.toISOString(),
      completesAt: completeAt ? (momentToDate(completeAt)?.toISOString() ?? null) : null,
      listId: Number(facts.list.id),
      blacklistId: row.blacklist_id === null ? null : Number(row.blacklist_id),
      audience,
      dealsSettings: { ...DEFAULT_DEALS, ...row.deals_settings },
    });
    const added = await materialiseRecipients(tx, this.ownerScope(caller, row), this.audienceParams(row, facts.flowchart, Number(facts.list.id)), version, nextRunAt);
    if ((added.get('active') ?? 0) + (added.get('tocheck') ?? 0) === 0) throw refusal([{ key: 'launch_no_recipients' }]);
    await repo.updateCampaignColumns(tx, scope, id, { status: 'active', active_version: version, launched_at: now, paused_reason: null, creation_step: 'review' });
  }

  // ------------------------------------------------------------------ folders

  async folders(caller: Caller) {
    return { items: (await repo.ownFolders(this.db, scopeOf(caller))).map(folderView) };
  }

  async createFolder(caller: Caller, name: string) {
    const scope = scopeOf(caller);
    const id = await repo.insertFolder(this.db, scope, name);
    return { folder: folderView((await repo.ownFolder(this.db, scope, id))!) };
  }

  async renameFolder(caller: Caller, id: number, name: string) {
    const scope = scopeOf(caller);
    if (!(await repo.renameFolder(this.db, scope, id, name))) throw new DomainError('not_found');
    return { folder: folderView((await repo.ownFolder(this.db, scope, id))!) };
  }

  async deleteFolder(caller: Caller, id: number) {
    if (!(await repo.deleteFolder(this.db, scopeOf(caller), id))) throw new DomainError('not_found');
    return { ok: true as const };
  }

  async sortFolders(caller: Caller, ids: readonly number[]) {
    await this.db.transaction(async (tx) => {
      if (!(await repo.sortFolders(tx, scopeOf(caller), ids))) throw new DomainError('not_found');
    });
    return this.folders(caller);
  }

  // ------------------------------------------------------------------ helpers of the wizard

  async userInfo(caller: Caller): Promise<CampaignUserInfo> {
    const scope = scopeOf(caller);
    const tier = campaignPlanTier(caller.plan);
    const showOwnerFilter = canFilterByOwner(caller.team);
    const custom = await repo.customFieldNames(this.db, scope, caller.userId);
    return {
      planTier: tier,
      capabilities: campaignCapabilities(tier),
      canCreate: !caller.plan.expired,
      showOwnerFilter,
      owners: showOwnerFilter ? await repo.teamUsers(this.db, scope) : (await repo.teamUsers(this.db, { ...scope, readableUserIds: [caller.userId] })),
      variables: [
        ...EMAIL_TEMPLATE_VARIABLES.map((name) => ({ name, source: 'prospect' as const })),
        ...custom.map((name) => ({ name, source: 'custom' as const })),
      ],
      pageSizes: { campaignList: PAGE_SIZES.campaignList, searchCampaigns: PAGE_SIZES.searchCampaigns, campaignRecipients: PAGE_SIZES.campaignRecipients },
    };
  }

  async teamProspectLists(caller: Caller) {
    const rows = await repo.readableLists(this.db, scopeOf(caller));
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        contacts: Number(row.contacts),
        owner: { id: Number(row.user_id), name: row.owner_name },
        isOwn: Number(row.user_id) === caller.userId,
      })),
    };
  }

  async senderAccounts(caller: Caller) {
    const scope = scopeOf(caller);
    const mailboxes = await repo.usableMailboxes(this.db, scope);
    const slots = await repo.usableLinkedinAccounts(this.db, scope);
    return {
      email: mailboxes.map((m) => ({
        id: Number(m.id),
        email: m.email,
        senderName: m.sender_name,
        status: m.status,
        sendable: m.status === 'active',
        dailyLimit: Number(m.daily_limit),
        owner: { id: Number(m.user_id), name: m.owner_name },
        isOwn: Number(m.user_id) === caller.userId,
      })),
      linkedin: slots.map((l) => ({
        id: Number(l.id),
        name: l.name,
        state: l.state,
        issueKey: SOCIAL_ACCOUNT_LAUNCH_KEYS[l.state as SocialAccountState] ?? null,
        owner: { id: Number(l.user_id), name: l.owner_name },
        isOwn: Number(l.user_id) === caller.userId,
      })),
    };
  }

  async prospects(caller: Caller, id: number): Promise<CampaignProspectsCount> {
    const row = await this.visible(this.db, caller, id);
    const ownerScope = this.ownerScope(caller, row);
    const empty: CampaignProspectsCount = {
      listId: row.list_id === null ? null : Number(row.list_id),
      total: 0,
      willAdd: 0,
      toCheck: 0,
      skipped: { noEmail: 0, noSend: 0, duplicates: 0, usedInOtherCampaigns: 0, tags: 0, invalid: 0, catchAll: 0, notVerified: 0, needToCheck: 0 },
    };
    if (row.list_id === null) return empty;
    const [list] = await repo.readableLists(this.db, ownerScope, [Number(row.list_id)]);
    if (!list || list.deleted) return empty;
    const counts = await countAudience(this.db, ownerScope, this.audienceParams(row, flowchartOf(row), Number(list.id)));
    const of = (outcome: AudienceOutcome) => counts.get(outcome) ?? 0;
    return {
      listId: Number(list.id),
      total: [...counts.values()].reduce((sum, n) => sum + n, 0),
      willAdd: of('active') + of('tocheck'),
      toCheck: of('tocheck'),
      skipped: {
        noEmail: of('noEmail'),
        // Addresses on the no-send list of the campaign, and those the account may not mail (unsubscribed, bounced).
        noSend: of('noSend') + of('nosend'),
        duplicates: of('duplicates'),
        usedInOtherCampaigns: of('usedInOtherCampaigns'),
        tags: of('tags'),
        invalid: of('invalid'),
        catchAll: of('catchAll'),
        notVerified: of('notVerified'),
        needToCheck: of('needToCheck'),
      },
    };
  }

  async checkAccounts(caller: Caller, id: number) {
    const row = await this.visible(this.db, caller, id);
    const ownerScope = this.ownerScope(caller, row);
    const facts = await this.launchFacts(this.db, caller, row);
    const mailboxes = new Map((await repo.usableMailboxes(this.db, ownerScope, facts.emailIds)).map((m) => [Number(m.id), m]));
    const slots = new Map((await repo.usableLinkedinAccounts(this.db, ownerScope, facts.linkedinIds)).map((l) => [Number(l.id), l]));
    const names = await repo.mailboxNames(this.db, facts.emailIds.filter((mailboxId) => mailboxes.has(mailboxId)));
    const senderKeys = new Set<ErrorKey>(['launch_no_email_accounts', 'launch_invalid_email_accounts', 'launch_no_linkedin_accounts', ...Object.values(SOCIAL_ACCOUNT_LAUNCH_KEYS)]);
    return {
      email: facts.emailIds.map((mailboxId) => {
        const mailbox = mailboxes.get(mailboxId);
        const valid = Boolean(mailbox && !mailbox.deleted && mailbox.status === 'active');
        return {
          id: mailboxId,
          email: names.get(mailboxId) ?? '',
          valid,
          status: !mailbox || mailbox.deleted ? 'deleted' : mailbox.status,
          reason: mailbox?.status_reason ?? null,
        };
      }),
      linkedin: facts.linkedinIds.map((slotId) => {
        const slot = slots.get(slotId);
        const state = (!slot || slot.deleted ? 'deleted' : slot.state) as SocialAccountState;
        return { id: slotId, name: slot?.name ?? '', state, issueKey: SOCIAL_ACCOUNT_LAUNCH_KEYS[state] ?? null };
      }),
      issues: facts.issues.filter((issue) => senderKeys.has(issue.key)),
    };
  }

  async emailAccountsEverHad(caller: Caller, id: number) {
    await this.visible(this.db, caller, id);
    const senders = (await repo.campaignSenders(this.db, scopeOf(caller), [id], true)).filter((s) => s.kind === 'email');
    const names = await repo.mailboxNames(this.db, senders.map((s) => Number(s.sender_id)));
    return {
      items: senders.map((s) => ({
        id: Number(s.sender_id),
        email: names.get(Number(s.sender_id)) ?? '',
        current: s.removed_at === null,
        removedAt: isoOrNull(s.removed_at),
      })),
    };
  }

  async blockCount(caller: Caller, id: number) {
    const counts = countBlocks(flowchartOf(await this.visible(this.db, caller, id)));
    return { counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0) };
  }

  tips() {
    return { items: CAMPAIGN_TIP_KEYS.map((key) => ({ key })) };
  }
}

function folderView(row: repo.FolderRow) {
  return { id: Number(row.id), name: row.name, position: Number(row.position), campaigns: Number(row.campaigns) };
}

/** The refused launch: 422 with one error item per issue (launchIssueField says what it is about). */
function refusal(issues: readonly CampaignLaunchIssue[]): DomainError {
  const items = issues.map((issue) => {
    const field = launchIssueField(issue);
    return field ? { key: issue.key, field } : { key: issue.key };
  });
  return new DomainError(issues[0]!.key, { status: 422, items });
}

/**
 * The editor computes each email variant's flags; the server recomputes those it can know
 * (content present, unknown variables) so a crafted body cannot hide an issue.
 */
function normaliseFlowchart(flowchart: Flowchart, knownVariables: readonly string[]): Flowchart {
  return {
    ...flowchart,
    operators: flowchart.operators.map((operator) => {
      if (operator.block.type !== 'email') return operator;
      return {
        ...operator,
        block: {
          ...operator.block,
          // The flags the block checks read are the server's, never the client's.
          emails: operator.block.emails.map((variant) => ({ ...variant, ...variantFlags(variant, knownVariables) })),
        },
      };
    }),
  };
}
