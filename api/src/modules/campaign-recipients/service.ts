/**
 * The recipients table and its bulk actions (document 1 §2 campaign page, §3 Recipient; document
 * 2 §7.6 recipients). Status changes follow the recipient state machine of contracts
 * rules/recipient-status.ts; recipients taken out of the sequence have their queued mail and
 * LinkedIn actions cancelled by the executor, recipients let back in wake it.
 */
import {
  RECIPIENT_STATUSES,
  canMoveRecipient,
  isRunningRecipientStatus,
  isUserSettableRecipientStatus,
  stopsRecipient,
  type ParsedRecipientFilter,
  type RecipientSender,
  type RecipientStatus,
  type RecipientsBulkResponse,
  type RecipientsListResponse,
  type RecipientTableColumn,
} from '@leadforge/contracts';
import type { Db, DbOrTx } from '../../db/types';
import { DomainError, notFound } from '../../http/domain-error';
import { scopeOf, type Caller } from '../account/caller';
import type { VerificationModule } from '../verification/module';
import { readableCampaign, writableCampaign, type CampaignRef } from './campaign-access';
import * as repo from './repository';
import type { RecipientSelection } from './repository';

/** What the recipients area asks of the executor (api/src/engines/campaign CampaignExecutor). */
export interface RecipientExecutorHooks {
  wake(campaignId: number): Promise<void>;
  recipientsStopped(campaignId: number, recipientIds: readonly number[]): Promise<void>;
}

export interface CampaignRecipientsDeps {
  db: Db;
  /** Read lazily: the executor may be missing from a build (its wake-ups are then skipped). */
  executor: () => RecipientExecutorHooks | undefined;
  verification: () => VerificationModule | undefined;
}

/** A bulk body as the contract parses it: ticked ids or a filter. */
export interface SelectionInput {
  campaignId: number;
  recipientIds?: number[] | undefined;
  filter?: ParsedRecipientFilter | undefined;
}

function selectionOf(input: SelectionInput): RecipientSelection {
  return input.recipientIds ? { recipientIds: input.recipientIds } : { filter: input.filter ?? {} };
}

/** Campaigns whose recipients may still be sent to: adding or re-activating recipients means something. */
const LAUNCHED = new Set(['active', 'pause', 'completed']);

export class CampaignRecipientsService {
  constructor(private readonly deps: CampaignRecipientsDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  async list(
    caller: Caller,
    query: {
      campaignId: number;
      page: number;
      perPage: number;
      sortField?: RecipientTableColumn | undefined;
      sortOrder: 'asc' | 'desc';
      filter?: ParsedRecipientFilter | undefined;
    },
  ): Promise<RecipientsListResponse> {
    const scope = scopeOf(caller);
    await readableCampaign(this.db, scope, query.campaignId);
    const [items, total] = await Promise.all([
      repo.recipientsPage(this.db, scope, query.campaignId, {
        filter: query.filter,
        sortField: query.sortField,
        sortOrder: query.sortOrder,
        page: query.page,
        perPage: query.perPage,
      }),
      repo.countRecipients(this.db, scope, query.campaignId, query.filter),
    ]);
    return { items, total, page: query.page, perPage: query.perPage };
  }

  async count(caller: Caller, campaignId: number, filter: ParsedRecipientFilter): Promise<{ count: number }> {
    const scope = scopeOf(caller);
    await readableCampaign(this.db, scope, campaignId);
    return { count: await repo.countRecipients(this.db, scope, campaignId, filter) };
  }

  async add(caller: Caller, input: { campaignId: number; prospectIds?: number[] | undefined; listId?: number | undefined }) {
    const campaign = await writableCampaign(this.db, caller, input.campaignId);
    if (!LAUNCHED.has(campaign.status) || campaign.activeVersion === 0) throw new DomainError('recipients_campaign_not_launched');
    const scope = scopeOf(caller);
    if (input.listId !== undefined) {
      const list = await repo.readableProspectListState(this.db, scope, input.listId);
      if (list === null) throw new DomainError('list_not_found');
      // A list in the bin adds nobody (campaignsListDeleted); the recipients it gave at launch keep going.
      if (list === 'deleted') throw new DomainError('campaigns_list_deleted', { field: 'listId' });
    }
    const source = input.prospectIds ? { prospectIds: input.prospectIds } : { listId: input.listId! };
    const { added, considered } = await repo.insertRecipients(this.db, scope, campaign, source);
    if (added > 0 && campaign.status === 'active') await this.deps.executor()?.wake(campaign.id);
    const asked = input.prospectIds ? input.prospectIds.length : considered;
    return { added, skipped: Math.max(0, asked - added) };
  }

  async setSender(caller: Caller, input: SelectionInput & { sender: RecipientSender }): Promise<RecipientsBulkResponse> {
    const campaign = await writableCampaign(this.db, caller, input.campaignId);
    const scope = scopeOf(caller);
    const { sender } = input;
    const exists =
      sender.kind === 'email'
        ? await repo.teamEmailAccountExists(this.db, scope, sender.emailAccountId)
        : await repo.teamLinkedinAccountExists(this.db, scope, sender.linkedinAccountId);
    if (!exists) throw notFound();
    const selection = selectionOf(input);
    const selected = await repo.countSelected(this.db, scope, campaign.id, selection);
    const updated = await repo.setSender(this.db, scope, campaign.id, selection, sender);
    return { updated, skipped: Math.max(0, selected - updated) };
  }

  async moveToList(caller: Caller, input: SelectionInput & { listId: number }): Promise<RecipientsBulkResponse> {
    const campaign = await writableCampaign(this.db, caller, input.campaignId);
    const scope = scopeOf(caller);
    if (!(await repo.ownProspectListExists(this.db, scope, input.listId))) throw new DomainError('list_not_found');
    const selection = selectionOf(input);
    const selected = await repo.countSelected(this.db, scope, campaign.id, selection);
    const updated = await repo.addToList(this.db, scope, campaign.id, selection, input.listId);
    return { updated, skipped: Math.max(0, selected - updated) };
  }

  async setStatus(caller: Caller, input: SelectionInput & { status: RecipientStatus }): Promise<RecipientsBulkResponse> {
    if (!isUserSettableRecipientStatus(input.status)) throw new DomainError('recipient_status_not_settable', { field: 'status' });
    const campaign = await writableCampaign(this.db, caller, input.campaignId);
    const from = RECIPIENT_STATUSES.filter((status) => canMoveRecipient(status, input.status, 'user'));
    return this.move(caller, campaign, selectionOf(input), from, input.status);
  }

  async addToBlacklist(caller: Caller, input: SelectionInput): Promise<RecipientsBulkResponse> {
    const campaign = await writableCampaign(this.db, caller, input.campaignId);
    const selection = selectionOf(input);
    const from = RECIPIENT_STATUSES.filter((status) => canMoveRecipient(status, 'nosend', 'user'));
    // One transaction: the addresses are on the no-send list exactly when the statuses say so;
    // the executor hears of it after the commit, when it can see the new statuses.
    const { result, moved } = await this.db.transaction(async (tx) => {
      await repo.suppressSelected(tx, scopeOf(caller), campaign, selection);
      return this.moveOnly(tx, caller, campaign, selection, from, 'nosend', 'manual');
    });
    await this.notify(campaign, 'nosend', moved);
    return result;
  }

  async createDeal(caller: Caller, input: SelectionInput): Promise<never> {
    // The campaign is checked first, so another tenant's id is still not_found.
    await writableCampaign(this.db, caller, input.campaignId);
    throw new DomainError('not_available_yet');
  }

  async remove(caller: Caller, input: SelectionInput): Promise<RecipientsBulkResponse> {
    const campaign = await writableCampaign(this.db, caller, input.campaignId);
    const from = RECIPIENT_STATUSES.filter((status) => status !== 'deleted');
    return this.move(caller, campaign, selectionOf(input), from, 'deleted');
  }

  /**
   * Verifies the to-check recipients' addresses (the caller's verification credits pay, as a
   * verification from the prospects table does): valid ones start, invalid ones become nosend,
   * the rest (catch-all, unknown, greylisted) stay to check — force-start sends to them anyway.
   * A LinkedIn-only recipient has nothing to verify and starts.
   */
  async toCheckStart(caller: Caller, input: { campaignId: number; recipientIds?: number[] | undefined }) {
    const campaign = await writableCampaign(this.db, caller, input.campaignId);
    const scope = scopeOf(caller);
    const rows = await repo.toCheckRecipients(this.db, scope, campaign.id, input.recipientIds);
    const withEmail = rows.filter((row) => row.email);
    const verification = this.deps.verification();
    if (withEmail.length > 0 && !verification) throw new DomainError('service_unavailable');
    const outcomes =
      withEmail.length > 0 ? await verification!.verify(caller, [...new Set(withEmail.map((row) => row.email!))], { source: 'other' }) : [];
    const statusOf = new Map(outcomes.map((outcome) => [outcome.email.toLowerCase(), outcome.status]));
    const valid: number[] = [];
    const invalid: number[] = [];
    for (const row of rows) {
      const status = row.email ? statusOf.get(row.email.toLowerCase()) : 'valid';
      if (status === 'valid') valid.push(row.id);
      else if (status === 'not_valid') invalid.push(row.id);
    }
    const started = await this.move(caller, campaign, { recipientIds: valid }, ['tocheck'], 'active');
    const refused = await this.move(caller, campaign, { recipientIds: invalid }, ['tocheck'], 'nosend', { reason: 'verification_invalid' });
    return { started: started.updated, invalid: refused.updated, pending: rows.length - started.updated - refused.updated };
  }

  async toCheckForceStart(caller: Caller, input: { campaignId: number; recipientIds?: number[] | undefined }) {
    const campaign = await writableCampaign(this.db, caller, input.campaignId);
    const rows = await repo.toCheckRecipients(this.db, scopeOf(caller), campaign.id, input.recipientIds);
    const started = await this.move(caller, campaign, { recipientIds: rows.map((row) => row.id) }, ['tocheck'], 'active');
    return { started: started.updated, invalid: 0, pending: rows.length - started.updated };
  }

  /**
   * Moves the selection to `to` from the statuses that allow it, then tells the executor: a
   * stopping status cancels what was queued for them, a running one wakes the campaign.
   */
  private async move(
    caller: Caller,
    campaign: CampaignRef,
    selection: RecipientSelection,
    from: readonly RecipientStatus[],
    to: RecipientStatus,
    options: { reason?: string } = {},
  ): Promise<RecipientsBulkResponse> {
    const { result, moved } = await this.moveOnly(this.db, caller, campaign, selection, from, to, options.reason);
    await this.notify(campaign, to, moved);
    return result;
  }

  private async moveOnly(
    db: DbOrTx,
    caller: Caller,
    campaign: CampaignRef,
    selection: RecipientSelection,
    from: readonly RecipientStatus[],
    to: RecipientStatus,
    reason: string | undefined,
  ): Promise<{ result: RecipientsBulkResponse; moved: number[] }> {
    if ('recipientIds' in selection && selection.recipientIds.length === 0) return { result: { updated: 0, skipped: 0 }, moved: [] };
    const scope = scopeOf(caller);
    const selected = await repo.countSelected(db, scope, campaign.id, selection);
    const moved = await repo.moveStatus(db, scope, campaign.id, selection, from, to, {
      running: isRunningRecipientStatus(to),
      ...(reason ? { reason } : {}),
    });
    return { result: { updated: moved.length, skipped: Math.max(0, selected - moved.length) }, moved };
  }

  private async notify(campaign: CampaignRef, to: RecipientStatus, moved: readonly number[]): Promise<void> {
    if (moved.length === 0) return;
    const executor = this.deps.executor();
    if (stopsRecipient(to)) await executor?.recipientsStopped(campaign.id, moved);
    else if (campaign.status === 'active') await executor?.wake(campaign.id);
  }
}
