/**
 * The campaign executor: moves each running recipient through its campaign's graph, one node at
 * a time, durably.
 *
 * A recipient row holds the executor's state {nodeId, epoch, nextRunAt, waitUntil}. A tick
 * (jobs.ts) claims due recipients (FOR UPDATE SKIP LOCKED, then a lease on next_run_at) and runs
 * each one as far as it can go now:
 *
 *   enter node ── insert campaign_recipient_steps (recipient, node, epoch+1) ON CONFLICT DO NOTHING
 *        │         (a conflict: that move was made already — a replayed job — and is not made again)
 *        ▼
 *   its effect:  start ─▶ next          goal ─▶ event 'goal', next          no next ─▶ status done
 *                email ─▶ enqueue (unique per campaign, recipient, step) ─▶ wait for the send
 *                         ─▶ SENT: event 'sent', thread ids ─▶ next  (delays count from the send)
 *                delay ─▶ wait until entered + hours (÷ time scale), pushed into the schedule
 *                trigger ─▶ yes as soon as a human event of its kind since the previous email
 *                           exists; no when the window ends
 *                linkedin ─▶ the runner (unique per campaign, recipient, step) ─▶ wait for its outcome
 *
 * Every external effect is idempotent (the mail engine and the LinkedIn runner key campaign
 * steps on (campaign, recipient, step)), so a worker that stops between an effect and its record
 * repeats the call and gets the same message or action back — exactly once. What the executor
 * waits for (a send, an action, an open, a reply) is read from the durable record (mail_outbound,
 * linkedin_actions, mail_tracking_events, mail_inbound); listeners only make it look sooner.
 */
import {
  OPEN_RECIPIENT_STATUSES,
  RECIPIENT_STATUSES,
  nextNodeId,
  recipientMovesTo,
  renderDynamicText,
  type CampaignEventKind,
  type CampaignGraph,
  type FlowchartBlockOf,
  type GraphNode,
  type ProspectInfo,
  type RecipientStatus,
  type TriggerType,
} from '@leadforge/contracts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/types';
import type { EngineLogger, EnqueueResult as MailEnqueueResult, OutboundMessage } from '../mail/outbound/outbox';
import type { SendingWindow } from '../mail/outbound/limits';
import type { EnqueueRequest, EnqueueResult as ActionEnqueueResult } from '../social/runner';
import {
  escapeHtml,
  fillPlaceholders,
  plainTextOf,
  prospectVariables,
  sanitizeMailHtml,
  sanitizeSubject,
} from '../../modules/mail-engine/template';
import { momentToDate } from '../../modules/campaigns/moments';
import { recordEvent, type CampaignEventInput } from './events';
import * as repo from './repository';
import type { CampaignRow, RecipientRow } from './repository';
import { scheduleWindow, withinSchedule } from './schedule';
import { campaignDay, campaignLimitsOf, hasDailyLimits, messagePriority, releaseDailySend, reserveDailySend, type CampaignLimits } from './limits';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How long a claimed recipient is held by one tick before another may take it. */
const CLAIM_LEASE_MS = 5 * MINUTE;
/** After a send is due, when to look at its answer if no listener says so first. */
const SEND_POLL_MS = 30_000;
/** A message or action still in flight is looked at again this often. */
const IN_FLIGHT_POLL_MS = MINUTE;
/** Hops one recipient may make in one tick (a graph has at most 200 blocks; a bound keeps a tick short). */
const HOPS_PER_TICK = 25;
/** Rows of a durable source read per batch, recipients claimed per batch. */
const SOURCE_BATCH = 500;
const CLAIM_BATCH = 200;
/**
 * Source rows younger than this are read again by the next tick before the cursor passes them:
 * a row whose transaction commits after a later id's would otherwise be skipped.
 */
const COMMIT_LAG_MS = 60_000;

/** Auto-pause thresholds (issue 15): after this many sends, these rates pause the campaign. */
export const AUTO_PAUSE = { minSends: 50, bounceRate: 0.05, complaintRate: 0.001 } as const;

export interface ExecutorOptions {
  db: Db;
  mail: { enqueue(message: OutboundMessage): Promise<MailEnqueueResult> };
  /** The LinkedIn runner; without it LinkedIn blocks are passed (their action recorded as not reached). */
  linkedin?: { enqueue(request: EnqueueRequest): Promise<ActionEnqueueResult> } | undefined;
  /** The executor's clock (tests move it). */
  now?: () => Date;
  /** Delays and trigger windows are divided by it (CAMPAIGN_TIME_SCALE, test servers only). */
  timeScale?: number;
  /** Recipients moved side by side in a tick (default 1; the database's pool bounds it). */
  concurrency?: number;
  logger?: EngineLogger;
  /** A campaign changed state on its own (auto-pause, auto-complete, sender removed). */
  onCampaignState?: (change: CampaignStateChange) => void | Promise<void>;
}

export interface CampaignStateChange {
  campaignId: number;
  accountId: number;
  userId: number;
  status: 'pause' | 'completed';
  reason: 'bounce_rate' | 'complaint_rate' | 'sender_removed' | null;
}

export interface TickReport {
  moved: number;
  events: number;
  nextDueAt: Date | null;
  more: boolean;
}

const SILENT: EngineLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface CampaignOptions {
  wrapLinks: boolean;
  trackOpen: boolean;
  stopForReply: boolean;
  automaticallyComplete: boolean;
  providerMatching: boolean;
  unsubscribeHeader: boolean;
}

function optionsOf(raw: Record<string, unknown> | string | null): CampaignOptions {
  const options = (typeof raw === 'string' ? JSON.parse(raw) : raw) ?? {};
  const flag = (name: string, fallback: boolean) => (typeof options[name] === 'boolean' ? (options[name] as boolean) : fallback);
  return {
    wrapLinks: flag('wrapLinks', false),
    trackOpen: flag('trackOpen', true),
    stopForReply: flag('stopForReply', true),
    automaticallyComplete: flag('automaticallyComplete', false),
    providerMatching: flag('providerMatching', false),
    unsubscribeHeader: flag('unsubscribeHeader', false),
  };
}

/** A campaign as one tick sees it (read once per tick). */
interface CampaignView {
  row: CampaignRow;
  options: CampaignOptions;
  window: SendingWindow | null;
  graphs: Map<number, Promise<CampaignGraph | null>>;
  /** The usable email senders with their recipient counts, read once per tick and counted on in memory. */
  emailSenders?: Promise<repo.SenderRow[]>;
  /** dailyLimit, firstEmailDailyLimit and the priorities (limits.ts). */
  limits: CampaignLimits;
  /** Days whose limit this tick found reached ('all:' or 'first:' + date): the rest of the tick skips the reservation. */
  fullDays: Set<string>;
}

/** The event kinds that answer a trigger "yes". */
const TRIGGER_EVENTS: Record<TriggerType, readonly CampaignEventKind[]> = {
  email_opened: ['opened'],
  email_clicked: ['clicked'],
  email_replied: ['replied'],
  invite_accepted: ['linkedin_invite_accepted'],
  message_replied: ['linkedin_replied'],
  // The network tells the degree only through an accepted invitation (first degree).
  connection_degree: ['linkedin_invite_accepted'],
};

/** The recipient's value set and event of each LinkedIn action once done. */
const LINKEDIN_EVENTS: Record<string, CampaignEventKind> = {
  visit: 'linkedin_visit',
  like: 'linkedin_like',
  follow: 'linkedin_follow',
  invite: 'linkedin_invite',
  message: 'linkedin_message',
  in_mail: 'linkedin_in_mail',
};

/** Statuses an outcome of mail may move a recipient from (the state machine's executor moves). */
const fromStatuses = (to: RecipientStatus) => recipientMovesTo(to, 'executor', RECIPIENT_STATUSES);

export class CampaignExecutorEngine {
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly scale: number;
  private readonly logger: EngineLogger;
  private readonly concurrency: number;

  constructor(private readonly options: ExecutorOptions) {
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.scale = Math.max(1, options.timeScale ?? 1);
    this.logger = options.logger ?? SILENT;
  }

  // ─── The tick ─────────────────────────────────────────────────────────────────────────────

  /**
   * One pass: turns new opens, clicks, unsubscribes, replies and bounces into events, moves every
   * due recipient as far as it can go, pauses or completes the campaigns that call for it, and
   * answers when the next recipient is due.
   */
  async tick(options: { signal?: AbortSignal; budgetMs?: number } = {}): Promise<TickReport> {
    const started = Date.now();
    const budget = options.budgetMs ?? 60_000;
    const touched = new Set<number>();
    const events = await this.sweepSources(touched);
    await this.completeEnded();
    let moved = 0;
    let more = false;
    const views = new Map<number, Promise<CampaignView | null>>();
    while (!options.signal?.aborted) {
      if (Date.now() - started > budget) {
        more = true;
        break;
      }
      const now = this.now();
      const due = await repo.claimDue(this.db, now, CLAIM_BATCH, new Date(now.getTime() + CLAIM_LEASE_MS));
      if (due.length === 0) break;
      const waiting = [...due];
      const lane = async () => {
        for (let recipient = waiting.shift(); recipient; recipient = waiting.shift()) {
          touched.add(recipient.campaign_id);
          try {
            const view = await this.viewOf(views, recipient.campaign_id);
            const made = await this.run(recipient, view);
            moved += made;
          } catch (error) {
            // The lease brings the recipient back; one broken recipient never stops the others.
            this.logger.error({ err: error, recipientId: recipient.id }, 'Campaign executor: a recipient could not move');
          }
        }
      };
      // Claimed recipients are independent: several run side by side (one on PGlite's single connection).
      await Promise.all(Array.from({ length: Math.min(this.concurrency, due.length) }, lane));
    }
    for (const campaignId of touched) await this.reviewCampaign(campaignId);
    return { moved, events, nextDueAt: await repo.nextDueAt(this.db), more: more || Boolean(options.signal?.aborted) };
  }

  private viewOf(views: Map<number, Promise<CampaignView | null>>, campaignId: number): Promise<CampaignView | null> {
    let view = views.get(campaignId);
    if (!view) {
      // The promise is kept, so recipients of one campaign running side by side read it once.
      view = repo.campaignsByIds(this.db, [campaignId]).then(([row]) =>
        row
          ? {
              row,
              options: optionsOf(row.options),
              limits: campaignLimitsOf(row.options ?? {}),
              fullDays: new Set<string>(),
              window: row.schedule_timezone ? scheduleWindow({ timezone: row.schedule_timezone, days: row.schedule_days }) : null,
              graphs: new Map(),
            }
          : null,
      );
      views.set(campaignId, view);
    }
    return view;
  }

  private graphOf(view: CampaignView, version: number): Promise<CampaignGraph | null> {
    let graph = view.graphs.get(version);
    if (!graph) {
      graph = repo.graphOf(this.db, view.row.id, version);
      view.graphs.set(version, graph);
    }
    return graph;
  }

  /** The node as it runs: structure from the recipient's version, the block's text from the active one. */
  private async nodeOf(view: CampaignView, recipient: RecipientRow, nodeId: string): Promise<GraphNode | null> {
    const structure = await this.graphOf(view, recipient.definition_version);
    const node = structure?.nodes[nodeId];
    if (!node) return null;
    if (view.row.active_version === recipient.definition_version) return node;
    const latest = (await this.graphOf(view, view.row.active_version))?.nodes[nodeId];
    return latest && latest.block.type === node.block.type ? { ...node, block: latest.block } : node;
  }

  // ─── One recipient ────────────────────────────────────────────────────────────────────────

  /** Runs a claimed recipient until it has to wait; answers the moves made. */
  private async run(claimed: RecipientRow, view: CampaignView | null): Promise<number> {
    let recipient = claimed;
    if (!view || view.row.status !== 'active') return 0;
    let moves = 0;
    // The step just entered (known without reading it back); null: read the current one.
    let entered: repo.StepRow | null = null;
    for (let hop = 0; hop < HOPS_PER_TICK; hop += 1) {
      if (recipient.node_id === null) {
        const graph = await this.graphOf(view, recipient.definition_version);
        if (!graph) {
          this.logger.error({ recipientId: recipient.id }, 'Campaign executor: the recipient has no launched definition');
          await this.wait(recipient, new Date(this.now().getTime() + HOUR));
          return moves;
        }
        const move = await this.enter(recipient, graph.startId, null);
        if (!move) return moves;
        ({ recipient, step: entered } = move);
        moves += 1;
        continue;
      }
      const node = await this.nodeOf(view, recipient, recipient.node_id);
      const step = entered ?? (await repo.stepOf(this.db, recipient.id, recipient.node_id, recipient.epoch));
      if (!node || !step) {
        // The definition lost the node (it cannot: structure is locked on a launched campaign): the sequence ends here.
        await this.finish(recipient, 'done');
        return moves;
      }
      const outcome = await this.effect(recipient, view, node, step);
      if (outcome.kind === 'wait') {
        await this.wait(recipient, outcome.until, outcome.status);
        return moves;
      }
      if (outcome.kind === 'stopped' || outcome.kind === 'parked') return moves;
      const nextId = nextNodeId(node, outcome.branch);
      if (nextId === null) {
        await this.markDone(step.id, outcome.branch);
        await this.finish(recipient, 'done');
        return moves + 1;
      }
      const move = await this.enter(recipient, nextId, { stepId: step.id, branch: outcome.branch });
      if (!move) return moves;
      ({ recipient, step: entered } = move);
      moves += 1;
    }
    // Still going after many hops (a long chain of instant blocks): the next tick goes on at once.
    await this.wait(recipient, this.now());
    return moves;
  }

  private async markDone(stepId: number, branch: string, tx: DbOrTx = this.db): Promise<void> {
    await tx.execute(
      sql`update campaign_recipient_steps set state = 'done', outcome = ${branch}, done_at = coalesce(done_at, ${repo.iso(this.now())})
          where id = ${stepId} and state <> 'done'`,
    );
  }

  /**
   * The move into a node: the step left marked done, the new step row and the recipient's new
   * position, in one transaction. A step row already there means the move was made (a replayed
   * job): nothing is done again.
   */
  private async enter(
    recipient: RecipientRow,
    nodeId: string,
    leaving: { stepId: number; branch: string } | null,
  ): Promise<{ recipient: RecipientRow; step: repo.StepRow } | null> {
    const epoch = recipient.epoch + 1;
    const now = this.now();
    const stepId = await this.db
      .transaction(async (tx) => {
        if (leaving) await this.markDone(leaving.stepId, leaving.branch, tx);
        const inserted = await repo.rowsOf<{ id: string }>(
          tx,
          sql`insert into campaign_recipient_steps (campaign_id, recipient_id, node_id, epoch, state, created_at)
              values (${recipient.campaign_id}, ${recipient.id}, ${nodeId}, ${epoch}, 'pending', ${repo.iso(now)})
              on conflict (recipient_id, node_id, epoch) do nothing returning id`,
        );
        if (inserted.length === 0) throw new MoveLost();
        const updated = await repo.rowsOf<{ id: string }>(
          tx,
          sql`update campaign_recipients set node_id = ${nodeId}, epoch = ${epoch}, wait_until = null, updated_at = ${repo.iso(now)}
              where id = ${recipient.id} and epoch = ${recipient.epoch} and status in ('active', 'processing')
              returning id`,
        );
        if (updated.length === 0) throw new MoveLost();
        return repo.num(inserted[0]!.id);
      })
      .catch((error: unknown) => {
        if (error instanceof MoveLost) return null;
        throw error;
      });
    if (stepId === null) return null;
    return {
      recipient: { ...recipient, node_id: nodeId, epoch, wait_until: null },
      step: {
        id: stepId,
        node_id: nodeId,
        epoch,
        state: 'pending',
        outbound_id: null,
        linkedin_action_id: null,
        entered_at: now,
      },
    };
  }

  private async wait(recipient: RecipientRow, until: Date, status?: 'active' | 'processing'): Promise<void> {
    await this.db.execute(
      sql`update campaign_recipients set next_run_at = ${repo.iso(until)},
            status = case when status in ('active', 'processing') then ${status ?? sql`status`} else status end,
            updated_at = ${repo.iso(this.now())}
          where id = ${recipient.id}`,
    );
  }

  /** The sequence is over for this recipient (its end, or nothing to send to). */
  private async finish(recipient: RecipientRow, status: 'done' | 'nosend', reason: string | null = null): Promise<void> {
    const now = this.now();
    await this.db.execute(
      sql`update campaign_recipients set status = ${status}, status_reason = ${reason}, next_run_at = null, wait_until = null,
            finished_at = ${repo.iso(now)}, updated_at = ${repo.iso(now)}
          where id = ${recipient.id} and status in ('active', 'processing')`,
    );
  }

  private async effect(recipient: RecipientRow, view: CampaignView, node: GraphNode, step: repo.StepRow): Promise<Effect> {
    const block = node.block;
    switch (block.type) {
      case 'start':
        return { kind: 'next', branch: 'next' };
      case 'goal':
        await this.record({
          campaignId: recipient.campaign_id,
          recipientId: recipient.id,
          nodeId: block.id,
          kind: 'goal',
          at: this.now(),
          sourceKey: `goal:${recipient.id}:${block.id}:${recipient.epoch}`,
          detail: { goalName: block.goal_name },
        });
        return { kind: 'next', branch: 'next' };
      case 'delay':
        return this.delay(recipient, view, block, step);
      case 'trigger':
        return this.trigger(recipient, block, step);
      case 'email':
        return this.email(recipient, view, node as GraphNode & { block: FlowchartBlockOf<'email'> }, step);
      case 'linkedin':
        return this.linkedin(recipient, view, node as GraphNode & { block: FlowchartBlockOf<'linkedin'> }, step);
    }
  }

  // ─── Delay and trigger ────────────────────────────────────────────────────────────────────

  private async delay(
    recipient: RecipientRow,
    view: CampaignView,
    block: FlowchartBlockOf<'delay'>,
    step: repo.StepRow,
  ): Promise<Effect> {
    const now = this.now();
    if (recipient.wait_until === null) {
      const base = countFrom(recipient, step);
      const raw = new Date(base.getTime() + ((block.waiting_val ?? 0) * HOUR) / this.scale);
      const due = this.scale === 1 ? withinSchedule(view.window, raw) : raw;
      const until = due ?? new Date(now.getTime() + HOUR);
      await this.db.execute(sql`update campaign_recipients set wait_until = ${repo.iso(until)} where id = ${recipient.id}`);
      recipient.wait_until = until;
    }
    if (now.getTime() >= recipient.wait_until.getTime()) return { kind: 'next', branch: 'next' };
    return { kind: 'wait', until: recipient.wait_until, status: 'active' };
  }

  private async trigger(recipient: RecipientRow, block: FlowchartBlockOf<'trigger'>, step: repo.StepRow): Promise<Effect> {
    const now = this.now();
    if (recipient.wait_until === null) {
      const until = new Date(countFrom(recipient, step).getTime() + ((block.time ?? 0) * MINUTE) / this.scale);
      await this.db.execute(sql`update campaign_recipients set wait_until = ${repo.iso(until)} where id = ${recipient.id}`);
      recipient.wait_until = until;
    }
    const kinds = block.triggerType ? TRIGGER_EVENTS[block.triggerType] : [];
    // "Since the previous email": an open of an earlier message does not answer this trigger.
    const since = recipient.last_sent_at ?? recipient.added_at;
    if (kinds.length > 0 && (await repo.hasEventSince(this.db, recipient.id, kinds, since)))
      return { kind: 'next', branch: 'yes' };
    if (now.getTime() >= recipient.wait_until.getTime()) return { kind: 'next', branch: 'no' };
    return { kind: 'wait', until: recipient.wait_until, status: 'active' };
  }

  // ─── Email ────────────────────────────────────────────────────────────────────────────────

  private async email(
    recipient: RecipientRow,
    view: CampaignView,
    node: GraphNode & { block: FlowchartBlockOf<'email'> },
    step: repo.StepRow,
  ): Promise<Effect> {
    if (step.outbound_id === null) return this.sendEmail(recipient, view, node, step);
    const outbound = await repo.outboundState(this.db, step.outbound_id);
    const now = this.now();
    if (!outbound) return { kind: 'next', branch: 'next' };
    switch (outbound.state) {
      case 'sent': {
        const sentAt = outbound.sent_at ?? now;
        await this.db.transaction(async (tx) => {
          await recordEvent(tx, {
            campaignId: recipient.campaign_id,
            recipientId: recipient.id,
            nodeId: node.block.id,
            kind: 'sent',
            at: sentAt,
            outboundId: outbound.id,
            sourceKey: `sent:${outbound.id}`,
          });
          await tx.execute(
            sql`update campaign_recipients set last_sent_at = ${repo.iso(sentAt)}, status = case when status = 'processing' then 'active' else status end,
                  thread_message_ids = case when thread_message_ids @> ${JSON.stringify([outbound.message_id])}::jsonb then thread_message_ids
                    else thread_message_ids || ${JSON.stringify([outbound.message_id])}::jsonb end
                where id = ${recipient.id}`,
          );
          // What comes next counts from the send.
          await tx.execute(sql`update campaign_recipient_steps set done_at = ${repo.iso(sentAt)} where id = ${step.id}`);
        });
        recipient.last_sent_at = sentAt;
        recipient.status = recipient.status === 'processing' ? 'active' : recipient.status;
        return { kind: 'next', branch: 'next' };
      }
      case 'failed': {
        if (outbound.hard_bounce || (outbound.smtp_code !== null && outbound.smtp_code >= 500)) {
          await this.db.transaction(async (tx) => {
            await recordEvent(tx, {
              campaignId: recipient.campaign_id,
              recipientId: recipient.id,
              nodeId: node.block.id,
              kind: 'bounced',
              at: now,
              outboundId: outbound.id,
              sourceKey: `bounce:${outbound.id}`,
              detail: { smtpCode: outbound.smtp_code, reason: outbound.last_error },
            });
            await this.setStatus(tx, recipient.id, 'bounce', outbound.last_error);
          });
          return { kind: 'stopped' };
        }
        // Cancelled when a user stopped the recipient; set active again, they go on past this email.
        if (outbound.last_error?.startsWith('cancelled')) return { kind: 'next', branch: 'next' };
        await this.record({
          campaignId: recipient.campaign_id,
          recipientId: recipient.id,
          nodeId: node.block.id,
          kind: 'failed',
          at: now,
          outboundId: outbound.id,
          sourceKey: `failed:${outbound.id}`,
          detail: { reason: outbound.last_error },
        });
        // Suppressed at the last check before sending: the address joined the no-send list.
        if (outbound.last_error && /suppress|no-send/i.test(outbound.last_error)) {
          await this.finish(recipient, 'nosend', 'suppressed');
          return { kind: 'stopped' };
        }
        return { kind: 'next', branch: 'next' };
      }
      case 'unknown':
        // Never re-sent (the engine's rule); the sequence goes on as if it had left.
        await this.record({
          campaignId: recipient.campaign_id,
          recipientId: recipient.id,
          nodeId: node.block.id,
          kind: 'failed',
          at: now,
          outboundId: outbound.id,
          sourceKey: `failed:${outbound.id}`,
          detail: { reason: 'unknown' },
        });
        return { kind: 'next', branch: 'next' };
      default: {
        const due = Math.max(outbound.not_before.getTime(), now.getTime());
        return {
          kind: 'wait',
          until: new Date(due + (outbound.state === 'queued' || outbound.state === 'retry' ? SEND_POLL_MS : IN_FLIGHT_POLL_MS)),
          status: 'processing',
        };
      }
    }
  }

  private async sendEmail(
    recipient: RecipientRow,
    view: CampaignView,
    node: GraphNode & { block: FlowchartBlockOf<'email'> },
    step: repo.StepRow,
  ): Promise<Effect> {
    const now = this.now();
    if (!recipient.email) {
      // Nothing to send to: a LinkedIn-only recipient passes email blocks.
      return { kind: 'next', branch: 'next' };
    }
    const block = node.block;
    const senderId = await this.emailSender(recipient, view);
    if (senderId === null) return { kind: 'stopped' };

    // A/B: the variant is picked once per recipient and block (round robin over recipients), and kept.
    const stored = recipient.variants[block.id];
    const variantIndex = typeof stored === 'number' && stored < block.emails.length ? stored : recipient.id % block.emails.length;
    const variant = block.emails[variantIndex] ?? block.emails[0]!;

    const prospect = await repo.prospectValues(this.db, recipient.account_id, recipient.prospect_id);
    const values = prospectVariables(infoOf(prospect, recipient.email));
    const previous =
      recipient.thread_message_ids.length > 0 ? await repo.lastSent(this.db, recipient.campaign_id, recipient.id) : undefined;
    // Dynamic text first (its options may hold variables), chosen per recipient and block.
    // Seeded by the prospect, as the review step's preview is: what it shows is what is sent.
    const seed = `${recipient.prospect_id}:${block.id}`;
    const ownSubject = sanitizeSubject(fillPlaceholders(renderDynamicText(variant.subject, `${seed}:subject`), values));
    // A follow-up without a subject answers in the same thread.
    const followUp = ownSubject === '' && previous !== undefined;
    const subject = followUp ? (/^re:/i.test(previous.subject) ? previous.subject : `Re: ${previous.subject}`) : ownSubject;
    const filled = fillPlaceholders(renderDynamicText(variant.content, `${seed}:content`), values, variant.plainTextMode ? (value) => value : escapeHtml);
    const headers: Record<string, string> = {};
    if (followUp) {
      headers['In-Reply-To'] = previous.message_id;
      headers.References = recipient.thread_message_ids.join(' ');
    }
    const notBefore = withinSchedule(view.window, now) ?? new Date(now.getTime() + HOUR);
    const isFirstEmail = recipient.thread_message_ids.length === 0;

    // The campaign's own daily limits, counted on the day the message may leave.
    const day = hasDailyLimits(view.limits) ? campaignDay(view.row.schedule_timezone, notBefore) : null;
    if (day) {
      const full = view.fullDays.has(`all:${day.date}`) || (isFirstEmail && view.fullDays.has(`first:${day.date}`));
      if (full || !(await reserveDailySend(this.db, recipient.campaign_id, day.date, isFirstEmail, view.limits))) {
        if (!full) {
          // Which limit: a follow-up that fits means only the first-email limit is reached.
          const reachedAll = !isFirstEmail || view.limits.firstEmailDailyLimit < 0;
          view.fullDays.add(`${reachedAll ? 'all' : 'first'}:${day.date}`);
        }
        // Tomorrow in the campaign's time zone, inside the schedule; the recipient stays active.
        return { kind: 'wait', until: withinSchedule(view.window, day.end) ?? new Date(day.end.getTime() + HOUR), status: 'active' };
      }
    }

    const result = await this.options.mail.enqueue({
      kind: 'campaign',
      owner: { userId: view.row.user_id, accountId: view.row.account_id },
      emailAccountId: senderId,
      to: recipient.email,
      subject,
      ...(variant.plainTextMode ? { text: plainTextOf(filled), html: null } : { html: sanitizeMailHtml(filled) }),
      campaign: { campaignId: recipient.campaign_id, recipientId: recipient.id, step: node.step },
      isFirstEmail,
      priority: messagePriority(view.limits, isFirstEmail),
      unsubscribe: view.options.unsubscribeHeader,
      tracking: { opens: view.options.trackOpen, clicks: view.options.wrapLinks },
      headers,
      // The variant's files, checked as this campaign's own when the flowchart was saved; the mail engine reads their bytes when it sends.
      attachments: variant.attachments.map((file) => ({ id: file.id, accountId: view.row.account_id })),
      notBefore,
    });
    // Nothing new was queued: the day's reservation goes back.
    if (day && (result.status === 'suppressed' || result.duplicate))
      await releaseDailySend(this.db, recipient.campaign_id, day.date, isFirstEmail);
    if (result.status === 'suppressed') {
      await this.db.execute(
        sql`update campaign_recipient_steps set state = 'skipped', outcome = 'suppressed', done_at = ${repo.iso(now)} where id = ${step.id}`,
      );
      await this.finish(recipient, 'nosend', 'suppressed');
      return { kind: 'stopped' };
    }
    const lookAt = new Date(Math.max(notBefore.getTime(), now.getTime()) + SEND_POLL_MS);
    // The step's message and the recipient's wait for its answer, in one statement.
    await this.db.execute(
      sql`with step as (update campaign_recipient_steps set outbound_id = ${result.outboundId} where id = ${step.id})
          update campaign_recipients set variants = variants || ${JSON.stringify({ [block.id]: variantIndex })}::jsonb,
            email_account_id = ${senderId}, contacted = true, next_run_at = ${repo.iso(lookAt)},
            status = case when status = 'active' then 'processing' else status end, updated_at = ${repo.iso(now)}
          where id = ${recipient.id}`,
    );
    // The message existed already (a worker stopped after queueing it): it may have been sent meanwhile.
    if (result.duplicate) return this.email(recipient, view, node, { ...step, outbound_id: result.outboundId });
    return { kind: 'parked' };
  }

  /**
   * The mailbox this recipient's mail leaves from: its own while it can send, else the campaign's
   * next sender (fewest recipients first; the recipient's provider first with providerMatching).
   * With none left the campaign pauses (sender_removed) and null is answered.
   */
  private async emailSender(recipient: RecipientRow, view: CampaignView): Promise<number | null> {
    view.emailSenders ??= repo.usableEmailSenders(this.db, recipient.campaign_id, view.row.account_id);
    const senders = await view.emailSenders;
    if (recipient.email_account_id !== null && senders.some((sender) => sender.id === recipient.email_account_id))
      return recipient.email_account_id;
    if (senders.length === 0) {
      await this.pauseCampaign(view.row, 'sender_removed');
      return null;
    }
    const matching =
      view.options.providerMatching && recipient.provider
        ? senders.filter((sender) => providerOf(sender.provider) === recipient.provider)
        : [];
    const pool = matching.length > 0 ? matching : senders;
    const chosen = pool.reduce((best, sender) => (sender.assigned < best.assigned ? sender : best));
    chosen.assigned += 1;
    return chosen.id;
  }

  // ─── LinkedIn ─────────────────────────────────────────────────────────────────────────────

  private async linkedin(
    recipient: RecipientRow,
    view: CampaignView,
    node: GraphNode & { block: FlowchartBlockOf<'linkedin'> },
    step: repo.StepRow,
  ): Promise<Effect> {
    const block = node.block;
    const now = this.now();
    const runner = this.options.linkedin;
    if (step.linkedin_action_id === null) {
      if (!runner || !block.actionType || !recipient.linkedin_url) {
        await this.db.execute(sql`update campaign_recipients set linkedin_not_reached_profile = true where id = ${recipient.id}`);
        return { kind: 'next', branch: 'next' };
      }
      const senders = await repo.usableLinkedinSenders(this.db, recipient.campaign_id, view.row.account_id);
      let senderId = recipient.linkedin_account_id;
      if (senderId === null || !senders.some((sender) => sender.id === senderId)) {
        if (senders.length === 0) {
          await this.pauseCampaign(view.row, 'sender_removed');
          return { kind: 'stopped' };
        }
        senderId = senders.reduce((best, sender) => (sender.assigned < best.assigned ? sender : best)).id;
      }
      const prospect = await repo.prospectValues(this.db, recipient.account_id, recipient.prospect_id);
      const values = prospectVariables(infoOf(prospect, recipient.email));
      const { action } = await runner.enqueue({
        owner: { userId: view.row.user_id, accountId: view.row.account_id },
        linkedinAccountId: senderId,
        action: block.actionType,
        profileUrl: recipient.linkedin_url,
        subject: block.subject ? fillPlaceholders(block.subject, values) : null,
        content: block.content ? fillPlaceholders(block.content, values) : null,
        origin: 'campaign',
        campaign: { campaignId: recipient.campaign_id, recipientId: recipient.id, step: node.step },
      });
      const scheduled =
        block.actionType === 'like' ||
        block.actionType === 'follow' ||
        block.actionType === 'invite' ||
        block.actionType === 'in_mail';
      await this.db.execute(sql`update campaign_recipient_steps set linkedin_action_id = ${action.id} where id = ${step.id}`);
      await this.db.execute(
        sql`update campaign_recipients set linkedin_account_id = ${senderId},
              linkedin_like = case when ${scheduled && block.actionType === 'like'} and linkedin_like = 'not_liked' then 'scheduled' else linkedin_like end,
              linkedin_follow = case when ${scheduled && block.actionType === 'follow'} and linkedin_follow = 'not_followed' then 'scheduled' else linkedin_follow end,
              linkedin_invite = case when ${scheduled && block.actionType === 'invite'} and linkedin_invite = 'not_sent' then 'scheduled' else linkedin_invite end,
              linkedin_in_mail = case when ${scheduled && block.actionType === 'in_mail'} and linkedin_in_mail = 'not_sent' then 'scheduled' else linkedin_in_mail end
            where id = ${recipient.id}`,
      );
      return { kind: 'wait', until: new Date(now.getTime() + IN_FLIGHT_POLL_MS), status: 'processing' };
    }
    const action = await repo.linkedinActionState(this.db, step.linkedin_action_id);
    if (!action) return { kind: 'next', branch: 'next' };
    if (action.state === 'done') {
      const kind = block.actionType ? LINKEDIN_EVENTS[block.actionType] : undefined;
      if (kind) {
        await this.record({
          campaignId: recipient.campaign_id,
          recipientId: recipient.id,
          nodeId: block.id,
          kind,
          at: action.done_at ?? now,
          sourceKey: `linkedin:${action.id}`,
          detail: { actionId: action.id, withNote: Boolean(block.content) },
        });
      }
      await this.db.execute(
        sql`update campaign_recipients set status = case when status = 'processing' then 'active' else status end where id = ${recipient.id}`,
      );
      return { kind: 'next', branch: 'next' };
    }
    if (action.state === 'failed' || action.state === 'cancelled') {
      await this.db.execute(
        sql`update campaign_recipients set linkedin_not_reached_profile = true,
              status = case when status = 'processing' then 'active' else status end where id = ${recipient.id}`,
      );
      return { kind: 'next', branch: 'next' };
    }
    return {
      kind: 'wait',
      until: new Date(Math.max(action.due_at.getTime(), now.getTime()) + IN_FLIGHT_POLL_MS),
      status: 'processing',
    };
  }

  // ─── Events from the durable sources ──────────────────────────────────────────────────────

  private async record(event: CampaignEventInput): Promise<boolean> {
    return this.db.transaction(async (tx) => (await recordEvent(tx, event)).recorded);
  }

  private async setStatus(tx: DbOrTx, recipientId: number, to: RecipientStatus, reason: string | null): Promise<boolean> {
    const from = fromStatuses(to);
    if (from.length === 0) return false;
    const now = this.now();
    const rows = await repo.rowsOf<{ id: string }>(
      tx,
      sql`update campaign_recipients set status = ${to}, status_reason = ${reason}, next_run_at = null, wait_until = null,
            finished_at = coalesce(finished_at, ${repo.iso(now)}), updated_at = ${repo.iso(now)}
          where id = ${recipientId} and status in (${sql.join(
            from.map((status) => sql`${status}`),
            sql`, `,
          )})
          returning id`,
    );
    return rows.length > 0;
  }

  /** Wakes a recipient waiting on a trigger (or a delay, which simply waits again) to look at a new event. */
  private async nudge(tx: DbOrTx, recipientId: number): Promise<void> {
    await tx.execute(
      sql`update campaign_recipients set next_run_at = ${repo.iso(this.now())}
          where id = ${recipientId} and status in ('active', 'processing') and wait_until is not null`,
    );
  }

  /** Reads new rows of mail_tracking_events and mail_inbound into events; answers how many were recorded. */
  async sweepSources(touched: Set<number> = new Set()): Promise<number> {
    return (await this.sweepTracking(touched)) + (await this.sweepInbound(touched));
  }

  // Both sweeps read only messages whose campaign recipient still exists: one that does not (a
  // campaign deleted meanwhile, or mail queued with campaign ids by hand) would fail its event's
  // foreign key on every tick and hold the cursor, and every campaign's events, behind it.
  private async sweepTracking(touched: Set<number>): Promise<number> {
    const source = 'mail_tracking_events';
    const views = new Map<number, Promise<CampaignView | null>>();
    let recorded = 0;
    for (;;) {
      const cursor = await repo.cursorOf(this.db, source);
      const rows = await repo.rowsOf<{
        id: string;
        kind: string;
        at: unknown;
        outbound_id: string;
        campaign_id: number;
        recipient_id: number;
        step: number | null;
      }>(
        this.db,
        sql`select e.id, e.kind, e.created_at as at, e.outbound_id, o.campaign_id, o.recipient_id, o.step
            from mail_tracking_events e join mail_outbound o on o.id = e.outbound_id
            where e.id > ${cursor} and e.machine = false and o.campaign_id is not null and o.recipient_id is not null
              and exists (select 1 from campaign_recipients r where r.id = o.recipient_id and r.campaign_id = o.campaign_id)
              and not exists (select 1 from campaign_events ce where ce.campaign_id = o.campaign_id and ce.source_key = 'track:' || e.id)
            order by e.id limit ${SOURCE_BATCH}`,
      );
      for (const row of rows) {
        const kind: CampaignEventKind | null =
          row.kind === 'open' ? 'opened' : row.kind === 'click' ? 'clicked' : row.kind === 'unsubscribe' ? 'unsubscribed' : null;
        if (!kind) continue;
        const at = repo.dateOf(row.at) ?? this.now();
        touched.add(row.campaign_id);
        const nodeId = await this.nodeOfStep(await this.viewOf(views, row.campaign_id), row.step);
        const done = await this.db.transaction(async (tx) => {
          const event = await recordEvent(tx, {
            campaignId: row.campaign_id,
            recipientId: row.recipient_id,
            nodeId,
            kind,
            at,
            outboundId: repo.num(row.outbound_id),
            sourceKey: `track:${row.id}`,
          });
          if (!event.recorded) return false;
          if (kind === 'unsubscribed') await this.setStatus(tx, row.recipient_id, 'unsubscribe', 'link');
          else await this.nudge(tx, row.recipient_id);
          return true;
        });
        if (done) recorded += 1;
      }
      await this.moveCursor(
        source,
        sql`select max(id) as id from mail_tracking_events where id > ${cursor} and created_at < ${repo.iso(new Date(Date.now() - COMMIT_LAG_MS))}`,
        rows,
        cursor,
      );
      if (rows.length < SOURCE_BATCH) return recorded;
    }
  }

  private async sweepInbound(touched: Set<number>): Promise<number> {
    const source = 'mail_inbound';
    const views = new Map<number, Promise<CampaignView | null>>();
    let recorded = 0;
    for (;;) {
      const cursor = await repo.cursorOf(this.db, source);
      const rows = await repo.rowsOf<{
        id: string;
        class: string;
        received_at: unknown;
        outbound_id: string;
        campaign_id: number;
        recipient_id: number;
        step: number | null;
        hard: boolean;
        from_address: string;
      }>(
        this.db,
        sql`select i.id, i.class, i.received_at, i.outbound_id, i.from_address, o.campaign_id, o.recipient_id, o.step,
              (i.bounce->>'severity' = 'hard' or exists (select 1 from mail_suppressions s where s.account_id = o.account_id
                 and lower(s.email) = lower(o.to_address) and s.reason = 'hard_bounce')) as hard
            from mail_inbound i join mail_outbound o on o.id = i.outbound_id
            where i.id > ${cursor} and o.campaign_id is not null and o.recipient_id is not null
              and exists (select 1 from campaign_recipients r where r.id = o.recipient_id and r.campaign_id = o.campaign_id)
              and i.class in ('reply', 'oreply', 'areply', 'bounce', 'unsubscribe', 'complaint')
              and not exists (select 1 from campaign_events ce where ce.campaign_id = o.campaign_id and ce.source_key = 'inbound:' || i.id)
            order by i.id limit ${SOURCE_BATCH}`,
      );
      for (const row of rows) {
        const view = await this.viewOf(views, row.campaign_id);
        if (!view) continue;
        touched.add(row.campaign_id);
        if (await this.applyInbound(view, row)) recorded += 1;
      }
      await this.moveCursor(
        source,
        sql`select max(id) as id from mail_inbound where id > ${cursor} and created_at < ${repo.iso(new Date(Date.now() - COMMIT_LAG_MS))}`,
        rows,
        cursor,
      );
      if (rows.length < SOURCE_BATCH) return recorded;
    }
  }

  /** One classified inbound message: a reply, an auto-reply, a bounce, an unsubscribe request or a complaint. */
  private async applyInbound(
    view: CampaignView,
    row: {
      id: string;
      class: string;
      received_at: unknown;
      outbound_id: string;
      campaign_id: number;
      recipient_id: number;
      step: number | null;
      hard: boolean;
    },
  ): Promise<boolean> {
    const at = repo.dateOf(row.received_at) ?? this.now();
    const nodeId = await this.nodeOfStep(view, row.step);
    const base = {
      campaignId: row.campaign_id,
      recipientId: row.recipient_id,
      nodeId,
      at,
      outboundId: repo.num(row.outbound_id),
      sourceKey: `inbound:${row.id}`,
    };
    return this.db.transaction(async (tx) => {
      switch (row.class) {
        case 'reply':
        case 'oreply': {
          const event = await recordEvent(tx, { ...base, kind: 'replied', detail: { class: row.class } });
          if (!event.recorded) return false;
          if (view.options.stopForReply)
            await this.setStatus(tx, row.recipient_id, row.class === 'oreply' ? 'oreply' : 'reply', null);
          else await this.nudge(tx, row.recipient_id);
          return true;
        }
        case 'areply':
          // An auto-reply is an event only: the sequence goes on, no trigger fires.
          return (await recordEvent(tx, { ...base, kind: 'auto_replied' })).recorded;
        case 'bounce': {
          if (!row.hard) {
            // A soft bounce changes nothing; recorded under its source so it is read once.
            return (await recordEvent(tx, { ...base, kind: 'failed', detail: { bounce: 'soft' } })).recorded;
          }
          const event = await recordEvent(tx, { ...base, kind: 'bounced', detail: { bounce: 'hard' } });
          if (!event.recorded) return false;
          await this.setStatus(tx, row.recipient_id, 'bounce', 'hard_bounce');
          return true;
        }
        case 'unsubscribe': {
          const event = await recordEvent(tx, { ...base, kind: 'unsubscribed' });
          if (!event.recorded) return false;
          await this.setStatus(tx, row.recipient_id, 'unsubscribe', 'reply');
          return true;
        }
        case 'complaint': {
          // Marked as spam (a feedback loop's report): counted toward the complaint-rate pause, and
          // the person is written to no more (the mail engine put the address on the no-send list).
          const event = await recordEvent(tx, { ...base, kind: 'complained' });
          if (!event.recorded) return false;
          await this.setStatus(tx, row.recipient_id, 'unsubscribe', 'complaint');
          return true;
        }
        default:
          return false;
      }
    });
  }

  /**
   * Moves a source's cursor past every row older than the commit lag, but never past a row of a
   * full batch not yet read.
   */
  private async moveCursor(
    source: string,
    agedMax: ReturnType<typeof sql>,
    rows: readonly { id: string }[],
    cursor: number,
  ): Promise<void> {
    const [aged] = await repo.rowsOf<{ id: unknown }>(this.db, agedMax);
    let target = aged?.id === null || aged?.id === undefined ? cursor : repo.num(aged.id);
    if (rows.length >= SOURCE_BATCH) target = Math.min(target, repo.num(rows[rows.length - 1]!.id));
    if (target > cursor) await repo.advanceCursor(this.db, source, target, this.now());
  }

  /** The email block a message of the recipient's step came from (steps are the same in every version of a campaign). */
  private async nodeOfStep(view: CampaignView | null, step: number | null): Promise<string | null> {
    if (step === null || !view) return null;
    const graph = await this.graphOf(view, view.row.active_version);
    const found = Object.entries(graph?.nodes ?? {}).find(([, node]) => node.step === step);
    return found ? found[0] : null;
  }

  // ─── Campaign-wide rules ──────────────────────────────────────────────────────────────────

  /** Auto-pause on bounce or complaint rates; auto-complete when nobody is left to send to. */
  async reviewCampaign(campaignId: number): Promise<void> {
    const [campaign] = await repo.campaignsByIds(this.db, [campaignId]);
    if (!campaign || campaign.status !== 'active') return;
    const [totals] = await repo.rowsOf<{ sent: unknown; bounced: unknown; complained: unknown }>(
      this.db,
      sql`select coalesce(sum(count) filter (where kind = 'sent'), 0) as sent,
                 coalesce(sum(count) filter (where kind = 'bounced'), 0) as bounced,
                 coalesce(sum(count) filter (where kind = 'complained'), 0) as complained
          from campaign_daily_stats where campaign_id = ${campaignId} and node_id = ''`,
    );
    const sent = repo.num(totals?.sent ?? 0);
    if (sent >= AUTO_PAUSE.minSends) {
      if (repo.num(totals?.bounced ?? 0) / sent >= AUTO_PAUSE.bounceRate) return this.pauseCampaign(campaign, 'bounce_rate');
      if (repo.num(totals?.complained ?? 0) / sent >= AUTO_PAUSE.complaintRate)
        return this.pauseCampaign(campaign, 'complaint_rate');
    }
    if (!optionsOf(campaign.options).automaticallyComplete) return;
    const [open] = await repo.rowsOf<{ open: boolean }>(
      this.db,
      sql`select exists (select 1 from campaign_recipients where campaign_id = ${campaignId} and status in (${sql.join(
        OPEN_RECIPIENT_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})) as open`,
    );
    if (open?.open) return;
    if (await repo.setCampaignStatus(this.db, campaignId, ['active'], 'completed', null, this.now())) {
      await this.announce({
        campaignId,
        accountId: campaign.account_id,
        userId: campaign.user_id,
        status: 'completed',
        reason: null,
      });
    }
  }

  /**
   * Campaigns whose end (completeAt, a wall-clock moment in its time zone, editable while running)
   * has come: completed, their queued mail and actions held for good, as a user's "complete" does.
   */
  private async completeEnded(): Promise<void> {
    const now = this.now();
    for (const ending of await repo.campaignsWithEnd(this.db)) {
      const end = momentToDate(ending.complete_at);
      if (!end || end > now) continue;
      if (!(await repo.setCampaignStatus(this.db, ending.id, ['active', 'pause'], 'completed', null, now))) continue;
      await holdQueued(this.db, ending.id, now);
      await this.announce({ campaignId: ending.id, accountId: ending.account_id, userId: ending.user_id, status: 'completed', reason: null });
    }
  }

  private async pauseCampaign(campaign: CampaignRow, reason: 'bounce_rate' | 'complaint_rate' | 'sender_removed'): Promise<void> {
    if (!(await repo.setCampaignStatus(this.db, campaign.id, ['active'], 'pause', reason, this.now()))) return;
    campaign.status = 'pause';
    this.logger.warn({ campaignId: campaign.id, reason }, 'Campaign executor: the campaign paused itself');
    await holdQueued(this.db, campaign.id, this.now());
    await this.announce({
      campaignId: campaign.id,
      accountId: campaign.account_id,
      userId: campaign.user_id,
      status: 'pause',
      reason,
    });
  }

  private async announce(change: CampaignStateChange): Promise<void> {
    try {
      await this.options.onCampaignState?.(change);
    } catch (error) {
      this.logger.warn({ err: error, campaignId: change.campaignId }, 'Campaign executor: a state listener failed');
    }
  }

  // ─── What the CampaignExecutor interface asks ─────────────────────────────────────────────

  /**
   * Recipients of a resumed campaign run now, but not before the campaign's start: one paused
   * before its start date still waits for it (launch set its recipients to run then). Held mail
   * and actions are released.
   */
  async resume(campaignId: number): Promise<void> {
    const now = this.now();
    await releaseHeld(this.db, campaignId, now);
    const startMoment = await repo.campaignStart(this.db, campaignId);
    const start = startMoment ? momentToDate(startMoment) : null;
    const runAt = start && start > now ? start : now;
    await this.db.execute(
      sql`update campaign_recipients set next_run_at = ${repo.iso(runAt)}
          where campaign_id = ${campaignId} and status in ('active', 'processing') and (next_run_at is null or next_run_at > ${repo.iso(runAt)})
            and wait_until is null`,
    );
  }

  async pause(campaignId: number): Promise<void> {
    await holdQueued(this.db, campaignId, this.now());
  }

  /** Cancels what stopped recipients still had queued (mail not yet handed to a server, actions not yet started). */
  async stopRecipients(campaignId: number, recipientIds: readonly number[]): Promise<void> {
    if (recipientIds.length === 0) return;
    const now = this.now();
    const ids = repo.idList(recipientIds);
    await this.db.execute(
      sql`update mail_outbound set state = 'failed', last_error = 'cancelled: the recipient was stopped', updated_at = ${repo.iso(now)}
          where campaign_id = ${campaignId} and recipient_id in (${ids}) and state in ('queued', 'retry')`,
    );
    await this.db.execute(
      sql`update linkedin_actions set state = 'cancelled', updated_at = ${repo.iso(now)}
          where campaign_id = ${campaignId} and recipient_id in (${ids}) and state = 'queued' and counted_on is null`,
    );
    await this.db.execute(
      sql`update campaign_recipients set next_run_at = null, wait_until = null
          where campaign_id = ${campaignId} and id in (${ids}) and status not in ('active', 'processing')`,
    );
  }

  /** A sent or failed message's recipient looks at it now (the mail engine's settled hint). */
  async messagesSettled(outboundIds: readonly number[]): Promise<boolean> {
    if (outboundIds.length === 0) return false;
    const rows = await repo.rowsOf<{ id: string }>(
      this.db,
      sql`update campaign_recipients r set next_run_at = ${repo.iso(this.now())}
          from mail_outbound o
          where o.id in (${repo.idList(outboundIds)}) and o.campaign_id is not null and r.id = o.recipient_id
            and r.campaign_id = o.campaign_id and r.status = 'processing'
          returning r.id`,
    );
    return rows.length > 0;
  }

  /** A LinkedIn action's recipient looks at its outcome now. */
  async actionSettled(campaignId: number, recipientId: number): Promise<void> {
    await this.db.execute(
      sql`update campaign_recipients set next_run_at = ${repo.iso(this.now())}
          where id = ${recipientId} and campaign_id = ${campaignId} and status = 'processing'`,
    );
  }

  /**
   * A LinkedIn invitation accepted or a reply read from the inbox: recorded as the recipient's
   * event (its source key makes a repeated announcement add nothing) and a waiting trigger looks.
   */
  async linkedinInbound(event: {
    campaignId: number;
    recipientId: number;
    kind: 'invite_accepted' | 'reply';
    at: Date;
    sourceKey: string;
  }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const recorded = await recordEvent(tx, {
        campaignId: event.campaignId,
        recipientId: event.recipientId,
        nodeId: null,
        kind: event.kind === 'invite_accepted' ? 'linkedin_invite_accepted' : 'linkedin_replied',
        at: event.at,
        sourceKey: event.sourceKey,
      });
      if (!recorded.recorded) return;
      const [campaign] = await repo.campaignsByIds(tx, [event.campaignId]);
      // A reply on the network ends the sequence as a reply by mail does.
      if (event.kind === 'reply' && campaign && optionsOf(campaign.options).stopForReply)
        await this.setStatus(tx, event.recipientId, 'reply', 'linkedin');
      else await this.nudge(tx, event.recipientId);
    });
  }
}

class MoveLost extends Error {}

type Effect =
  | { kind: 'next'; branch: 'next' | 'yes' | 'no' }
  | { kind: 'wait'; until: Date; status: 'active' | 'processing' }
  /** The recipient left the sequence (a status was set). */
  | { kind: 'stopped' }
  /** The effect already set when the recipient is looked at next. */
  | { kind: 'parked' };

/**
 * Where a delay or a trigger window counts from: the send just before it (the email block waited
 * for its SENT, so it is at most a poll before entering), else the moment the block was entered.
 */
function countFrom(recipient: RecipientRow, step: repo.StepRow): Date {
  const sent = recipient.last_sent_at;
  if (sent && sent.getTime() <= step.entered_at.getTime() && step.entered_at.getTime() - sent.getTime() < CLAIM_LEASE_MS)
    return sent;
  return step.entered_at;
}

/** The campaign screens name providers as the recipients' column does. */
function providerOf(mailboxProvider: string): string {
  if (mailboxProvider === 'google') return 'gmail';
  if (mailboxProvider === 'microsoft') return 'outlook';
  return 'other';
}

/** The prospect's values in the shape the mail engine's placeholder helpers read. */
function infoOf(prospect: repo.ProspectValues | undefined, email: string | null): ProspectInfo {
  const info = {
    name: prospect?.name ?? '',
    firstName: prospect?.first_name ?? null,
    lastName: prospect?.last_name ?? null,
    industry: prospect?.industry ?? null,
    country: prospect?.country ?? null,
    locality: prospect?.locality ?? null,
    emails: [{ email: email ?? prospect?.email ?? '' }],
    companies: prospect?.company ? [prospect.company] : [],
    customFields: prospect?.custom ?? [],
  };
  return info as unknown as ProspectInfo;
}

/**
 * The instant held mail and actions wait for: far enough that no dispatcher takes them, and
 * recognisable, so resuming releases exactly these.
 */
export const HELD_UNTIL = new Date('9999-01-01T00:00:00Z');

/** A paused campaign's queued mail and LinkedIn actions wait (not lost) until it resumes. */
export async function holdQueued(db: DbOrTx, campaignId: number, now: Date): Promise<void> {
  await db.execute(
    sql`update mail_outbound set not_before = ${repo.iso(HELD_UNTIL)}, updated_at = ${repo.iso(now)}
        where campaign_id = ${campaignId} and state in ('queued', 'retry')`,
  );
  await db.execute(
    sql`update linkedin_actions set due_at = ${repo.iso(HELD_UNTIL)}, updated_at = ${repo.iso(now)}
        where campaign_id = ${campaignId} and state = 'queued'`,
  );
}

export async function releaseHeld(db: DbOrTx, campaignId: number, now: Date): Promise<void> {
  await db.execute(
    sql`update mail_outbound set not_before = ${repo.iso(now)}, updated_at = ${repo.iso(now)}
        where campaign_id = ${campaignId} and state in ('queued', 'retry') and not_before >= ${repo.iso(HELD_UNTIL)}`,
  );
  await db.execute(
    sql`update linkedin_actions set due_at = ${repo.iso(now)}, updated_at = ${repo.iso(now)}
        where campaign_id = ${campaignId} and state = 'queued' and due_at >= ${repo.iso(HELD_UNTIL)}`,
  );
}
