/** Unibox: shared inbox over email and social-network accounts (document 1 §3 "Unibox", §4). */
import * as z from './zod';
import { UNIBOX } from './constants';
import { UNIBOX_DELIVERY_STATES } from './events';
import { countSchema, recordIdSchema, timestampSchema } from './fields';
import { emailSchema, idSchema } from './common';
import { defineRoute, type AnyRoute } from './http';
import { interestLevelSchema } from './recipients';

/**
 * Unibox account statuses of document 1 §4: active, initiation and parsing (shown as active),
 * paused, error, ready (the default), and started, expired, cancelled.
 */
export const UNIBOX_ACCOUNT_STATUSES = [
  'ready',
  'active',
  'initiation',
  'parsing',
  'paused',
  'error',
  'started',
  'expired',
  'cancelled',
] as const;
export type UniboxAccountStatus = (typeof UNIBOX_ACCOUNT_STATUSES)[number];
export const uniboxAccountStatusSchema = z.enum(UNIBOX_ACCOUNT_STATUSES);
export const DEFAULT_UNIBOX_ACCOUNT_STATUS: UniboxAccountStatus = 'ready';

export type UniboxDisplayStatus = 'active' | 'paused' | 'error' | 'ready' | 'expired' | 'cancelled';

/**
 * What the account list shows: active, initiation and parsing all read as active; paused and
 * error show themselves; a missing status reads as ready. `started` is a sync that has begun, so
 * it reads as active too.
 */
export function uniboxDisplayStatus(status: UniboxAccountStatus | null | undefined): UniboxDisplayStatus {
  switch (status) {
    case 'active':
    case 'initiation':
    case 'parsing':
    case 'started':
      return 'active';
    case 'paused':
    case 'error':
    case 'expired':
    case 'cancelled':
      return status;
    default:
      return 'ready';
  }
}

export const FIRST_PARSING_PERIODS = UNIBOX.firstParsingPeriodOptions;
export type FirstParsingPeriod = (typeof FIRST_PARSING_PERIODS)[number];
export const firstParsingPeriodSchema = z
  .union(
    FIRST_PARSING_PERIODS.map((d) => z.literal(d)) as [z.ZodLiteral<3>, z.ZodLiteral<30>, z.ZodLiteral<90>, z.ZodLiteral<180>],
  )
  .default(UNIBOX.firstParsingPeriodDefault as FirstParsingPeriod);

export const UNIBOX_CHANNELS = ['email', 'linkedin'] as const;
export type UniboxChannel = (typeof UNIBOX_CHANNELS)[number];

export const uniboxAccountSchema = z.object({
  id: recordIdSchema,
  channel: z.enum(UNIBOX_CHANNELS),
  /** Address or profile name. */
  name: z.string().max(255),
  /** Whether the account is connected to the unibox. */
  unibox: z.boolean(),
  uniboxStatus: uniboxAccountStatusSchema.default(DEFAULT_UNIBOX_ACCOUNT_STATUS),
  /** Days of history fetched on the first sync. */
  firstParsingPeriod: firstParsingPeriodSchema,
  /** Sync only conversations with known prospects. */
  leadsParsingOnly: z.boolean(),
});
export type UniboxAccount = z.infer<typeof uniboxAccountSchema>;

export const UNIBOX_MESSAGE_DIRECTIONS = ['incoming', 'outgoing'] as const;

export const uniboxMessageSchema = z.object({
  id: recordIdSchema,
  threadGroupId: recordIdSchema,
  channel: z.enum(UNIBOX_CHANNELS),
  direction: z.enum(UNIBOX_MESSAGE_DIRECTIONS),
  from: z.string().max(320),
  to: z.array(z.string().max(320)),
  subject: z.string().max(998).nullable(),
  body: z.string().max(1_000_000),
  isRead: z.boolean(),
  sentAt: timestampSchema,
});
export type UniboxMessage = z.infer<typeof uniboxMessageSchema>;

/** A conversation with one prospect across messages. */
export const uniboxThreadGroupSchema = z.object({
  id: recordIdSchema,
  accountId: recordIdSchema,
  channel: z.enum(UNIBOX_CHANNELS),
  subject: z.string().max(998).nullable(),
  snippet: z.string().max(500),
  participants: z.array(z.string().max(320)),
  prospectId: recordIdSchema.nullable(),
  campaignId: recordIdSchema.nullable(),
  isStarred: z.boolean(),
  unreadCount: countSchema,
  lastMessageAt: timestampSchema,
});
export type UniboxThreadGroup = z.infer<typeof uniboxThreadGroupSchema>;

export const uniboxFiltersSchema = z.object({
  text: z.string().trim().max(255).optional(),
  emailAccountIds: z.array(recordIdSchema).max(500).optional(),
  linkedinAccountIds: z.array(recordIdSchema).max(500).optional(),
  campaignIds: z.array(recordIdSchema).max(500).optional(),
  /** Only conversations with prospects (leads). */
  leads: z.boolean().optional(),
  isStarred: z.boolean().optional(),
});
export type UniboxFilters = z.infer<typeof uniboxFiltersSchema>;

// ------------------------------------------------------------------ calls (document 2 §7.6, under /pipelines/api/unibox)

/**
 * A team lead or view-all member reads and acts on a member's unibox (document 1 §6); absent,
 * the caller's own. Anyone else's id answers forbidden (a teammate) or not_found.
 */
const forUserIdSchema = recordIdSchema.optional();
const forUserQuerySchema = z.object({ forUserId: idSchema.optional() }).strict();

/** One of the sync periods, with no default: an update names it or leaves it alone. */
export const firstParsingPeriodValueSchema = z.union(
  FIRST_PARSING_PERIODS.map((d) => z.literal(d)) as [z.ZodLiteral<3>, z.ZodLiteral<30>, z.ZodLiteral<90>, z.ZodLiteral<180>],
);

/** A mailbox as the unibox account list shows it. */
export const uniboxEmailAccountSchema = z.object({
  id: recordIdSchema,
  channel: z.literal('email'),
  name: z.string().max(320),
  unibox: z.boolean(),
  uniboxStatus: uniboxAccountStatusSchema,
  /** uniboxDisplayStatus(uniboxStatus), so both sides show the same word. */
  displayStatus: z.enum(['active', 'paused', 'error', 'ready', 'expired', 'cancelled']),
  /** The email-accounts catalogue key of why the mailbox fails (status error); null otherwise. */
  errorReason: z.string().max(100).nullable(),
  firstParsingPeriod: firstParsingPeriodValueSchema,
  leadsParsingOnly: z.boolean(),
  unreadCount: countSchema,
});
export type UniboxEmailAccount = z.infer<typeof uniboxEmailAccountSchema>;

/**
 * A LinkedIn account the user works with (their own slot or one assigned to them), as the
 * unibox's account pane shows it: its conversations are read by the action runner's inbox polling.
 */
export const uniboxLinkedinAccountSchema = z.object({
  id: recordIdSchema,
  channel: z.literal('linkedin'),
  name: z.string().max(320),
  /** The offline sandbox network (labelled as such on screen) or LinkedIn. */
  sandbox: z.boolean(),
  /**
   * What the pane shows: active (connected), expired and error (lost connection) need the user to
   * reconnect on the LinkedIn accounts page; ready while the connection is not finished.
   */
  displayStatus: z.enum(['active', 'error', 'ready', 'expired']),
  unreadCount: countSchema,
});
export type UniboxLinkedinAccount = z.infer<typeof uniboxLinkedinAccountSchema>;

const accountParamsSchema = z.object({ id: idSchema }).strict();

export const uniboxAccountUpdateBodySchema = z
  .object({
    forUserId: forUserIdSchema,
    unibox: z.boolean().optional(),
    firstParsingPeriod: firstParsingPeriodValueSchema.optional(),
    leadsParsingOnly: z.boolean().optional(),
  })
  .strict();

export const uniboxDirectorySchema = z.object({
  emailAccountId: recordIdSchema,
  /** The IMAP folder name as the server spells it. */
  name: z.string().max(1_000),
  total: countSchema,
  unread: countSchema,
});

export const UNIBOX_PAGE_SIZE_DEFAULT = 20;
export const UNIBOX_PAGE_SIZE_MAX = 100;

/**
 * The thread list counts its conversations up to this many, then stops: counting every match of
 * a common word cost as much as finding them all (10,000 conversations for a word in a tenth of
 * 100,000 messages), while the screen only needs "500+" and to know that the next page exists.
 * More matches answer this total with `totalCapped`. The count of a common word walks about twice
 * the cap in conversations, checking each: at 1,000 that was half of the list's time on the
 * bench's database (p95 150 ms against 88 ms at 500, bench/unibox.ts's common word), and 500 is
 * already more than anyone scrolls through before narrowing the search.
 */
export const UNIBOX_THREAD_COUNT_CAP = 500;

/** The thread list's filters (document 1 §3), combinable; strict, so a misspelt filter is refused. */
export const uniboxThreadGroupsBodySchema = z
  .object({
    forUserId: forUserIdSchema,
    text: z.string().trim().max(255).optional(),
    emailAccountIds: z.array(recordIdSchema).max(500).optional(),
    linkedinAccountIds: z.array(recordIdSchema).max(500).optional(),
    campaignIds: z.array(recordIdSchema).max(500).optional(),
    leads: z.boolean().optional(),
    isStarred: z.boolean().optional(),
    /** An IMAP folder: threads with a message in it. */
    directory: z.string().trim().min(1).max(1_000).optional(),
    /** The unibox's trash: threads whose messages were all deleted here. */
    trash: z.boolean().optional(),
    page: z.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.number().int().min(1).max(UNIBOX_PAGE_SIZE_MAX).default(UNIBOX_PAGE_SIZE_DEFAULT),
  })
  .strict();
export type UniboxThreadGroupsBody = z.input<typeof uniboxThreadGroupsBodySchema>;

export const uniboxThreadRowSchema = z.object({
  id: recordIdSchema,
  channel: z.enum(UNIBOX_CHANNELS),
  /** The mailbox of a mail thread; null for a LinkedIn conversation. */
  emailAccountId: recordIdSchema.nullable(),
  /** The LinkedIn account of a LinkedIn conversation; null for mail. */
  linkedinAccountId: recordIdSchema.nullable(),
  /** The other side, as its latest message names it (a LinkedIn conversation: the person's name and profile address). */
  counterpart: z.object({ name: z.string().max(998).nullable(), address: z.string().max(998) }),
  subject: z.string().max(998),
  /** The latest message's new text, without the quoted history. */
  snippet: z.string().max(500),
  lastMessageAt: timestampSchema,
  unreadCount: countSchema,
  isStarred: z.boolean(),
  messageCount: countSchema,
  /** When the counterpart is a recipient of one of the owner's campaigns (the latest such). */
  campaign: z.object({ id: recordIdSchema, title: z.string().max(1_000) }).nullable(),
  leadStatus: z.string().max(100).nullable(),
  /**
   * The owner's account's prospect with the counterpart's address (the newest one), for the
   * conversation's prospect card; null when the counterpart is no prospect.
   */
  prospectId: recordIdSchema.nullable(),
  /**
   * The same latest campaign recipient as `campaign`, with what the conversation's lead actions
   * need: its ids for pause and the no-send list, and its interest level.
   */
  lead: z
    .object({
      recipientId: recordIdSchema,
      campaignId: recordIdSchema,
      /** A recipient status (contracts/recipients RECIPIENT_STATUSES). */
      recipientStatus: z.string().max(100),
      interestLevel: interestLevelSchema.nullable(),
      prospectId: recordIdSchema.nullable(),
    })
    .nullable(),
});
export type UniboxThreadRow = z.infer<typeof uniboxThreadRowSchema>;

export const uniboxThreadGroupsResponseSchema = z.object({
  items: z.array(uniboxThreadRowSchema),
  /** How many conversations match: exact, unless `totalCapped`, then a lower bound. */
  total: countSchema,
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /**
   * More conversations match than `total` (the count stopped at UNIBOX_THREAD_COUNT_CAP, or at the
   * rows up to this page when it lies past the cap): shown as "N+", and a full page means more
   * pages. Absent when the total is exact.
   */
  totalCapped: z.boolean().optional(),
});
export type UniboxThreadGroupsResponse = z.infer<typeof uniboxThreadGroupsResponseSchema>;

export const uniboxAttachmentSchema = z.object({
  filename: z.string().max(1_000).nullable(),
  contentType: z.string().max(255),
  size: countSchema,
  disposition: z.enum(['attachment', 'inline']),
  /** The part's Content-ID without its angle brackets: the HTML shows it where it says `cid:<id>`. */
  contentId: z.string().max(998).nullable(),
});
export type UniboxAttachment = z.infer<typeof uniboxAttachmentSchema>;

export const uniboxMessageItemSchema = z.object({
  id: recordIdSchema,
  threadId: recordIdSchema,
  channel: z.enum(UNIBOX_CHANNELS),
  /** The mailbox of mail; null for a LinkedIn message. */
  emailAccountId: recordIdSchema.nullable(),
  /** The LinkedIn account of a LinkedIn message; null for mail. */
  linkedinAccountId: recordIdSchema.nullable(),
  /** The IMAP folder; empty for LinkedIn and for a message sent from the unibox not synced yet. */
  folder: z.string().max(1_000),
  messageId: z.string().max(998),
  inReplyTo: z.string().max(998).nullable(),
  from: z.object({ name: z.string().max(998).nullable(), address: z.string().max(998) }),
  to: z.array(z.string().max(998)),
  subject: z.string().max(998),
  receivedAt: timestampSchema,
  /**
   * Mail: the sync's classification (reply, oreply, areply, bounce, unsubscribe, complaint,
   * other). LinkedIn: message, in_mail or invite_note.
   */
  kind: z.string().max(40),
  /** Sanitised on the server; the viewer still shows it in a sandboxed frame. */
  html: z.string().nullable(),
  text: z.string().nullable(),
  attachments: z.array(uniboxAttachmentSchema),
  isRead: z.boolean(),
  isStarred: z.boolean(),
  isDeleted: z.boolean(),
  /** Read from the mailbox (incoming, or the user's own copy in Sent) or sent from the unibox. */
  direction: z.enum(UNIBOX_MESSAGE_DIRECTIONS),
  /**
   * A message sent from the unibox, until the mailbox's own copy of it is synced: where the
   * sending engine has it (queued, sending, sent, failed, unknown). Null for synced mail.
   */
  delivery: z.enum(UNIBOX_DELIVERY_STATES).nullable(),
});
export type UniboxMessageItem = z.infer<typeof uniboxMessageItemSchema>;

const threadParamsSchema = z.object({ threadId: idSchema }).strict();

/**
 * Marks on whole threads, single messages or both; ids outside the caller's mail answer not_found
 * and change nothing. Thread ids name conversations of either channel; message ids name mail
 * (a LinkedIn conversation is marked as a whole).
 */
const targetsShape = {
  forUserId: forUserIdSchema,
  threadIds: z.array(recordIdSchema).max(500).default([]),
  messageIds: z.array(recordIdSchema).max(500).default([]),
};
const hasTargets = (body: { threadIds: number[]; messageIds: number[] }) => body.threadIds.length + body.messageIds.length > 0;
export const uniboxReadBodySchema = z
  .object({ ...targetsShape, isRead: z.boolean() })
  .strict()
  .refine(hasTargets, { message: 'threadIds or messageIds', path: ['threadIds'] });
export const uniboxStarBodySchema = z
  .object({ ...targetsShape, isStarred: z.boolean() })
  .strict()
  .refine(hasTargets, { message: 'threadIds or messageIds', path: ['threadIds'] });
export const uniboxDeleteBodySchema = z
  .object(targetsShape)
  .strict()
  .refine(hasTargets, { message: 'threadIds or messageIds', path: ['threadIds'] });

export const uniboxChangeResponseSchema = z.object({
  /** Messages whose mark changed. */
  changed: countSchema,
  /** The unread count of the unibox after the change. */
  unreadMessages: countSchema,
});

/** How a message leaves the unibox: an answer to the sender, to everyone on it, or a forward. */
export const UNIBOX_SEND_MODES = ['reply', 'replyAll', 'forward'] as const;
export type UniboxSendMode = (typeof UNIBOX_SEND_MODES)[number];
/** Recipients of one message sent from the unibox (to + cc), document 2 "isRecipientsExceeded". */
export const UNIBOX_SEND_MAX_RECIPIENTS = 50;

/**
 * POST /pipelines/api/send-email: a reply, reply-all or forward of a thread's message, sent through
 * the sending engine from the mailbox that received the thread, with In-Reply-To and References
 * so it threads in the recipient's client. `idempotencyKey` makes a double click send once.
 */
export const uniboxSendEmailBodySchema = z
  .object({
    forUserId: forUserIdSchema,
    threadId: recordIdSchema,
    /** The message answered or forwarded; default the thread's latest incoming one. */
    messageId: recordIdSchema.optional(),
    mode: z.enum(UNIBOX_SEND_MODES).default('reply'),
    /** Forward: whom to; reply and reply-all: added to the answer's own recipients. */
    to: z.array(emailSchema).max(UNIBOX_SEND_MAX_RECIPIENTS).default([]),
    cc: z.array(emailSchema).max(UNIBOX_SEND_MAX_RECIPIENTS).default([]),
    /** Default: `Re: ` / `Fwd: ` and the answered message's subject. */
    subject: z.string().trim().min(1).max(998).optional(),
    /** The new text as HTML (sanitised on the server); the quoted history is added by the server. */
    html: z.string().trim().min(1).max(1_000_000),
    idempotencyKey: z.string().trim().min(8).max(100),
  })
  .strict();
export type UniboxSendEmailBody = z.input<typeof uniboxSendEmailBodySchema>;

/**
 * The answer of send-email. A refusal the user can act on comes back with `status: 'failed'` and
 * the document 2 failure fields; the message was not sent and nothing was saved.
 */
export const uniboxSendEmailResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('queued'), item: uniboxMessageItemSchema }),
  z.object({
    status: z.literal('failed'),
    /** The mailbox's server refused the sign-in or the message (the text is in `message`). */
    isMailProviderError: z.boolean(),
    /** More than UNIBOX_SEND_MAX_RECIPIENTS recipients, or the mailbox's daily limit is spent. */
    isRecipientsExceeded: z.boolean(),
    message: z.string().max(2_000).nullable(),
    errors: z.array(z.object({ key: z.string().max(100), field: z.string().max(200).optional() })),
  }),
]);
export type UniboxSendEmailResponse = z.infer<typeof uniboxSendEmailResponseSchema>;

/**
 * The counterpart's interest, as the lead actions of a conversation set it: the interest level of
 * the owner's campaign recipients with the counterpart's address and the mood of their prospects.
 * Null clears both.
 */
export const uniboxLeadInterestBodySchema = z
  .object({
    forUserId: forUserIdSchema,
    threadId: recordIdSchema,
    interest: interestLevelSchema.nullable(),
  })
  .strict();
export type UniboxLeadInterestBody = z.input<typeof uniboxLeadInterestBodySchema>;

/**
 * The unibox trial of document 1 §4 (started, expired, cancelled): the unibox comes with every
 * plan here, so `status` follows the account's plan trial; `null` when the plan is a paid one.
 */
export const uniboxTrialStatusResponseSchema = z.object({
  status: z.enum(['started', 'expired', 'cancelled']).nullable(),
  endsAt: timestampSchema.nullable(),
});
export type UniboxTrialStatus = z.infer<typeof uniboxTrialStatusResponseSchema>;

const U = '/pipelines/api/unibox';

export const uniboxRoutes = {
  uniboxAccounts: defineRoute({
    id: 'unibox.accounts',
    method: 'GET',
    path: `${U}/accounts`,
    query: forUserQuerySchema,
    response: z.object({ items: z.array(uniboxEmailAccountSchema), linkedinAccounts: z.array(uniboxLinkedinAccountSchema) }),
    errors: ['forbidden', 'not_found'],
    summary: 'The mailboxes of the unibox with their sync status, settings and unread counts, and the LinkedIn accounts with theirs',
  }),
  updateUniboxAccount: defineRoute({
    id: 'unibox.updateAccount',
    method: 'PATCH',
    path: `${U}/accounts/:id`,
    params: accountParamsSchema,
    body: uniboxAccountUpdateBodySchema,
    response: z.object({ item: uniboxEmailAccountSchema }),
    errors: ['forbidden', 'not_found'],
    summary: 'Changes a mailbox’s unibox flag, first sync period (3/30/90/180 days) or leads-only setting',
  }),
  pauseUniboxAccount: defineRoute({
    id: 'unibox.pauseAccount',
    method: 'POST',
    path: `${U}/accounts/:id/pause`,
    params: accountParamsSchema,
    body: z.object({ forUserId: forUserIdSchema }).strict(),
    response: z.object({ item: uniboxEmailAccountSchema }),
    errors: ['forbidden', 'not_found'],
    summary: 'Pauses the unibox sync of a mailbox',
  }),
  resumeUniboxAccount: defineRoute({
    id: 'unibox.resumeAccount',
    method: 'POST',
    path: `${U}/accounts/:id/resume`,
    params: accountParamsSchema,
    body: z.object({ forUserId: forUserIdSchema }).strict(),
    response: z.object({ item: uniboxEmailAccountSchema }),
    errors: ['forbidden', 'not_found'],
    summary: 'Resumes the unibox sync of a mailbox',
  }),
  uniboxDirectories: defineRoute({
    id: 'unibox.directories',
    method: 'GET',
    path: `${U}/directories`,
    query: forUserQuerySchema,
    response: z.object({ items: z.array(uniboxDirectorySchema) }),
    errors: ['forbidden', 'not_found'],
    summary: 'The IMAP folders of the unibox mailboxes with their message and unread counts',
  }),
  uniboxThreadGroups: defineRoute({
    id: 'unibox.threadGroups',
    method: 'POST',
    path: `${U}/thread-groups`,
    body: uniboxThreadGroupsBodySchema,
    response: uniboxThreadGroupsResponseSchema,
    errors: ['forbidden', 'not_found'],
    summary: 'Conversations, newest first, filtered by text, accounts, campaigns, leads, starred, folder or trash',
  }),
  uniboxThreadMessages: defineRoute({
    id: 'unibox.threadMessages',
    method: 'GET',
    path: `${U}/thread-groups/:threadId/messages`,
    params: threadParamsSchema,
    query: forUserQuerySchema,
    response: z.object({ items: z.array(uniboxMessageItemSchema) }),
    errors: ['forbidden', 'not_found'],
    summary: 'The messages of a conversation, oldest first, with sanitised HTML and attachment metadata',
  }),
  uniboxRead: defineRoute({
    id: 'unibox.read',
    method: 'POST',
    path: `${U}/read`,
    body: uniboxReadBodySchema,
    response: uniboxChangeResponseSchema,
    errors: ['forbidden', 'not_found'],
    summary: 'Marks threads or messages read or unread',
  }),
  uniboxStar: defineRoute({
    id: 'unibox.star',
    method: 'POST',
    path: `${U}/star`,
    body: uniboxStarBodySchema,
    response: uniboxChangeResponseSchema,
    errors: ['forbidden', 'not_found'],
    summary: 'Stars or unstars threads or messages',
  }),
  uniboxDelete: defineRoute({
    id: 'unibox.delete',
    method: 'POST',
    path: `${U}/delete`,
    body: uniboxDeleteBodySchema,
    response: uniboxChangeResponseSchema,
    errors: ['forbidden', 'not_found'],
    summary: 'Moves threads or messages to the unibox trash (soft delete)',
  }),
  uniboxAttachment: defineRoute({
    id: 'unibox.attachment',
    method: 'GET',
    path: `${U}/messages/:messageId/attachments/:index`,
    params: z.object({ messageId: idSchema, index: z.coerce.number().int().min(0).max(1_000) }).strict(),
    query: forUserQuerySchema,
    response: z.unknown(),
    responseKind: 'file',
    errors: ['forbidden', 'not_found', 'service_unavailable'],
    summary: 'One attachment (or cid: image) of a message, as a download with a safe content type',
  }),
  uniboxTrialStatus: defineRoute({
    id: 'unibox.trialStatus',
    method: 'GET',
    path: `${U}/trial-status`,
    response: uniboxTrialStatusResponseSchema,
    summary: 'The unibox trial: started, expired or cancelled, and when it ends',
  }),
  uniboxSendEmail: defineRoute({
    id: 'unibox.sendEmail',
    method: 'POST',
    path: '/pipelines/api/send-email',
    body: uniboxSendEmailBodySchema,
    response: uniboxSendEmailResponseSchema,
    errors: ['forbidden', 'not_found', 'field_invalid'],
    summary: 'Replies to, replies to all on, or forwards a unibox message from the mailbox that received it',
  }),
  uniboxLeadInterest: defineRoute({
    id: 'unibox.leadInterest',
    method: 'POST',
    path: `${U}/lead-interest`,
    body: uniboxLeadInterestBodySchema,
    response: z.object({ item: uniboxThreadRowSchema }),
    errors: ['forbidden', 'not_found'],
    summary: 'Marks the conversation’s lead interested, maybe or not interested (recipients and prospect mood), or clears it',
  }),
  uniboxUnreadCount: defineRoute({
    id: 'unibox.unreadCount',
    method: 'GET',
    path: `${U}/unread-count`,
    query: forUserQuerySchema,
    response: z.object({ unreadMessages: countSchema }),
    errors: ['forbidden', 'not_found'],
    summary: 'Unread synced mail in the unibox mailboxes',
  }),
} as const satisfies Record<string, AnyRoute>;
