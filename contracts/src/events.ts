/**
 * Every server push of document 2 §7.10 as one discriminated union. The API validates each emit
 * against it and the host parses each incoming message with it before any remote sees it.
 */
import * as z from './zod';
import { PAYMENT_EVENTS } from './constants';
import { socialAccountStateSchema } from './social';

/** The single socket.io event name every push travels on; the union tells them apart. */
export const PUSH_EVENT_NAME = 'push' as const;

const at = z.iso.datetime({ offset: true });

export const prospectImportedEvent = z.object({
  type: z.literal('prospect.imported'),
  payload: z.object({
    listId: z.number().int(),
    importId: z.string(),
    processed: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    imported: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative(),
    done: z.boolean(),
  }),
});

export const accountChangedEvent = z.object({
  type: z.literal('account.changed'),
  payload: z.object({
    /** What changed, so listeners refetch only what they show. */
    what: z.enum(['userInfo', 'plan', 'team', 'balance', 'locale', 'security', 'linkedinAccount']),
    /** With `linkedinAccount`: which account and its new state (lost connection makes its campaigns' LinkedIn steps wait). */
    linkedinAccountId: z.number().int().optional(),
    state: socialAccountStateSchema.optional(),
  }),
});

export const accountLockedEvent = z.object({
  type: z.literal('account.locked'),
  payload: z.object({ reason: z.enum(['sessionRevoked', 'passwordChanged', 'removedFromTeam', 'planExpired']) }),
});

export const blacklistImportedEvent = z.object({
  type: z.literal('blacklist.imported'),
  payload: z.object({ blacklistId: z.number().int(), imported: z.number().int(), rejected: z.number().int() }),
});

export const domainHealthCheckedEvent = z.object({
  type: z.literal('domain.healthChecked'),
  payload: z.object({
    domain: z.string(),
    health: z.enum(['good', 'ok', 'bad']),
    checkedAt: at,
  }),
});

export const uniboxUnreadEvent = z.object({
  type: z.literal('unibox.unread'),
  payload: z.object({ unreadMessages: z.number().int().nonnegative() }),
});

/** Where a message sent from the unibox stands in the mail engine (queued covers claimed and retry). */
export const UNIBOX_DELIVERY_STATES = ['queued', 'sending', 'sent', 'failed', 'unknown'] as const;

/** A message sent from the unibox got the mail engine's answer: its conversation shows the new state. */
export const uniboxDeliveryEvent = z.object({
  type: z.literal('unibox.delivery'),
  payload: z.object({
    threadId: z.number().int().positive(),
    /** The outgoing message's id in the conversation. */
    messageId: z.number().int().positive(),
    delivery: z.enum(UNIBOX_DELIVERY_STATES),
  }),
});

const enrichmentOperation = z.object({
  tableId: z.number().int(),
  operationId: z.number().int(),
});
export const enrichmentOperationStartedEvent = z.object({
  type: z.literal('enrichment.operationStarted'),
  payload: enrichmentOperation,
});
export const enrichmentOperationCompletedEvent = z.object({
  type: z.literal('enrichment.operationCompleted'),
  payload: enrichmentOperation.extend({ completed: z.number().int(), failed: z.number().int() }),
});
export const enrichmentOperationStoppedEvent = z.object({
  type: z.literal('enrichment.operationStopped'),
  payload: enrichmentOperation,
});
export const enrichmentExportCompletedEvent = z.object({
  type: z.literal('enrichment.exportCompleted'),
  payload: z.object({ tableId: z.number().int(), exportId: z.number().int() }),
});
export const enrichmentImportCompletedEvent = z.object({
  type: z.literal('enrichment.importCompleted'),
  payload: z.object({ tableId: z.number().int(), rows: z.number().int(), failed: z.number().int() }),
});
export const tableArchivedEvent = z.object({
  type: z.literal('enrichment.tableArchived'),
  payload: z.object({ tableId: z.number().int() }),
});
export const tableRestoredEvent = z.object({
  type: z.literal('enrichment.tableRestored'),
  payload: z.object({ tableId: z.number().int() }),
});
export const tableArchiveDeletedEvent = z.object({
  type: z.literal('enrichment.tableArchiveDeleted'),
  payload: z.object({ tableId: z.number().int() }),
});

export const teamTransferEvent = z.object({
  type: z.literal('team.transfer'),
  payload: z.object({
    kind: z.enum(['joined', 'left', 'removed', 'groupChanged', 'leadChanged']),
    teamId: z.number().int().nullable(),
    memberId: z.number().int(),
  }),
});

export const paymentEvent = z.object({
  type: z.literal('payment.event'),
  payload: z.object({
    name: z.enum(PAYMENT_EVENTS),
    orderId: z.string().nullable(),
    traceId: z.string().nullable(),
  }),
});

export const infrastructureEvent = z.object({
  type: z.literal('infrastructure.event'),
  payload: z.object({
    orderId: z.number().int(),
    kind: z.enum(['domainRegistered', 'mailboxCreated', 'dnsConfigured', 'orderCompleted', 'orderFailed']),
    message: z.string().nullable(),
  }),
});

/**
 * A message read back from a mailbox over IMAP and classified (issue 13): the owner's screens
 * (unibox, campaign statistics) refetch what it touches. Carries ids only; the message itself is
 * read through the calls that show it.
 */
export const mailInboundEvent = z.object({
  type: z.literal('mail.inbound'),
  payload: z.object({
    emailAccountId: z.number().int(),
    inboundId: z.number().int(),
    class: z.enum(['reply', 'oreply', 'areply', 'bounce', 'unsubscribe', 'complaint', 'other']),
    outboundId: z.number().int().nullable(),
    campaignId: z.number().int().nullable(),
    recipientId: z.number().int().nullable(),
    /** Matched by sender and subject, not by threading headers. */
    heuristic: z.boolean(),
    receivedAt: at,
  }),
});

/**
 * A campaign changed state on its own (issue 15): paused for its bounce or complaint rate or a
 * removed sender, or completed when nobody was left to send to. The campaign screens refetch it.
 */
export const campaignStateChangedEvent = z.object({
  type: z.literal('campaign.state_changed'),
  payload: z.object({
    campaignId: z.number().int(),
    status: z.enum(['pause', 'completed']),
    reason: z.enum(['bounce_rate', 'complaint_rate', 'sender_removed']).nullable(),
  }),
});

/** Progress of any long background job (bulk verification, searches, imports, exports). */
export const jobProgressEvent = z.object({
  type: z.literal('job.progress'),
  payload: z.object({
    jobId: z.string(),
    kind: z.string(),
    state: z.enum(['queued', 'active', 'paused', 'completed', 'failed', 'cancelled']),
    processed: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  }),
});

export const pushEventSchema = z.discriminatedUnion('type', [
  prospectImportedEvent,
  accountChangedEvent,
  accountLockedEvent,
  blacklistImportedEvent,
  domainHealthCheckedEvent,
  uniboxUnreadEvent,
  uniboxDeliveryEvent,
  enrichmentOperationStartedEvent,
  enrichmentOperationCompletedEvent,
  enrichmentOperationStoppedEvent,
  enrichmentExportCompletedEvent,
  enrichmentImportCompletedEvent,
  tableArchivedEvent,
  tableRestoredEvent,
  tableArchiveDeletedEvent,
  teamTransferEvent,
  paymentEvent,
  infrastructureEvent,
  jobProgressEvent,
  mailInboundEvent,
  campaignStateChangedEvent,
]);

export type PushEvent = z.infer<typeof pushEventSchema>;
export type PushEventType = PushEvent['type'];
export type PushEventOf<T extends PushEventType> = Extract<PushEvent, { type: T }>;
export const PUSH_EVENT_TYPES = pushEventSchema.options.map((option) => option.shape.type.value) as PushEventType[];
