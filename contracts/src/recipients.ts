/** Campaign recipients (document 1 §3 "Recipient"). */
import * as z from './zod';
import { PAGE_SIZES, RECIPIENT_FILTER_COUNT_OPTIONS } from './constants';
import { countSchema, recordIdSchema, webUrlSchema } from './fields';
import { defineRoute, type AnyRoute } from './http';

export const RECIPIENT_STATUSES = [
  'active',
  'pause',
  /** Finished. */
  'done',
  'unsubscribe',
  'moved',
  'reply',
  /** Over limit. */
  'limit',
  'bounce',
  /** Auto replied. */
  'areply',
  /** Replied from another email. */
  'oreply',
  'deleted',
  'nosend',
  'locked',
  'tocheck',
  /** Shown as active. */
  'processing',
] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
export const recipientStatusSchema = z.enum(RECIPIENT_STATUSES);

/** The status the table shows: processing is displayed as active, every other as itself. */
export function recipientDisplayStatus(status: RecipientStatus): Exclude<RecipientStatus, 'processing'> {
  return status === 'processing' ? 'active' : status;
}

export const INTEREST_LEVELS = ['interested', 'maybe', 'not_interested'] as const;
export type InterestLevel = (typeof INTEREST_LEVELS)[number];
export const interestLevelSchema = z.enum(INTEREST_LEVELS);

export const LINKEDIN_LIKE_STATES = ['not_liked', 'scheduled', 'liked'] as const;
export const LINKEDIN_FOLLOW_STATES = ['not_followed', 'scheduled', 'followed'] as const;
export const LINKEDIN_INVITE_STATES = ['not_sent', 'scheduled', 'sent', 'accepted'] as const;
export const LINKEDIN_INVITE_REPLY_STATES = ['no_message', 'not_replied', 'replied'] as const;
export const LINKEDIN_MESSAGE_REPLY_STATES = ['not_replied', 'replied'] as const;
export const LINKEDIN_IN_MAIL_STATES = ['not_sent', 'scheduled', 'sent'] as const;
export const LINKEDIN_IN_MAIL_REPLY_STATES = ['not_replied', 'replied'] as const;

export const recipientSchema = z.object({
  id: recordIdSchema,
  prospectId: recordIdSchema,
  name: z.string().max(255),
  email: z.string().max(254).nullable(),
  linkedin_url: webUrlSchema.nullable(),
  status: recipientStatusSchema,
  emailAccountId: recordIdSchema.nullable(),
  linkedin_account_id: recordIdSchema.nullable(),
  sent: countSchema,
  open: countSchema,
  click: countSchema,
  reply: countSchema,
  /** Profile visits made. */
  linkedin_visit: countSchema,
  linkedin_like: z.enum(LINKEDIN_LIKE_STATES),
  linkedin_follow: z.enum(LINKEDIN_FOLLOW_STATES),
  linkedin_invite: z.enum(LINKEDIN_INVITE_STATES),
  linkedin_invite_reply: z.enum(LINKEDIN_INVITE_REPLY_STATES),
  /** Messages sent. */
  linkedin_message: countSchema,
  linkedin_message_reply: z.enum(LINKEDIN_MESSAGE_REPLY_STATES),
  linkedin_in_mail: z.enum(LINKEDIN_IN_MAIL_STATES),
  linkedin_in_mail_reply: z.enum(LINKEDIN_IN_MAIL_REPLY_STATES),
  interest_level: interestLevelSchema.nullable(),
  /** Mail provider of the recipient's address (gmail, outlook, other…). */
  provider: z.string().max(50).nullable(),
});
export type Recipient = z.infer<typeof recipientSchema>;

export const RECIPIENT_TABLE_COLUMNS = [
  'prospect',
  'email_address',
  'linkedin_url',
  'status',
  'email_accounts',
  'linkedin_accounts',
  'sent',
  'open',
  'click',
  'reply',
  'linkedin_visit',
  'linkedin_like',
  'linkedin_follow',
  'linkedin_invite',
  'linkedin_invite_reply',
  'linkedin_message',
  'linkedin_message_reply',
  'linkedin_in_mail',
  'linkedin_in_mail_reply',
  'interest_level',
  'provider',
] as const;
export type RecipientTableColumn = (typeof RECIPIENT_TABLE_COLUMNS)[number];

/** Filters that have no column; linkedin_not_reached_profile is hidden from the filter bar. */
export const RECIPIENT_FILTER_ONLY_FIELDS = ['flowchart_block', 'goal', 'contacted', 'linkedin_not_reached_profile'] as const;
export const RECIPIENT_HIDDEN_FILTERS = ['linkedin_not_reached_profile'] as const;
export type RecipientFilterField = RecipientTableColumn | (typeof RECIPIENT_FILTER_ONLY_FIELDS)[number];

/**
 * What can happen to a recipient, as campaign_events records it and statistics count it. `sent`
 * is the receiving server's acceptance; delivered is sent minus bounced. Machine opens and clicks
 * are never recorded here; auto-replies are `auto_replied`, not `replied`.
 */
export const CAMPAIGN_EVENT_KINDS = [
  'sent',
  'opened',
  'clicked',
  'replied',
  'auto_replied',
  'bounced',
  'unsubscribed',
  'complained',
  'failed',
  'goal',
  'linkedin_visit',
  'linkedin_like',
  'linkedin_follow',
  'linkedin_invite',
  'linkedin_invite_accepted',
  'linkedin_message',
  'linkedin_in_mail',
  'linkedin_replied',
] as const;
export type CampaignEventKind = (typeof CAMPAIGN_EVENT_KINDS)[number];

// ------------------------------------------------------------------ the recipients table (issue 15)

/** Statuses a filter or a count names: processing is shown (and filtered) as active. */
export const RECIPIENT_DISPLAY_STATUSES = RECIPIENT_STATUSES.filter(
  (status): status is Exclude<RecipientStatus, 'processing'> => status !== 'processing',
);
export type RecipientDisplayStatus = Exclude<RecipientStatus, 'processing'>;

/** The numeric columns, filtered by RECIPIENT_FILTER_COUNT_OPTIONS (0, 1+, 3+). */
export const RECIPIENT_COUNT_COLUMNS = ['sent', 'open', 'click', 'reply', 'linkedin_visit', 'linkedin_message'] as const;
export type RecipientCountColumn = (typeof RECIPIENT_COUNT_COLUMNS)[number];
export const recipientCountOptionSchema = z.enum(RECIPIENT_FILTER_COUNT_OPTIONS);
export type RecipientCountOption = z.infer<typeof recipientCountOptionSchema>;

/** Where a recipient stands against a flowchart block: at it now, or moved through it. */
export const RECIPIENT_BLOCK_FILTER_MODES = ['at', 'passed'] as const;

const filterText = z.string().trim().max(255);
const idList = z.array(recordIdSchema).max(500);

/**
 * The table's filters (document 1 §3 columns and filter-only fields; §9 count options). Every
 * field is optional and the present ones are ANDed; a list matches any of its values; an empty
 * text matches everything. `interest_level` takes `none` for recipients without one.
 */
export const recipientFilterSchema = z
  .object({
    /** Name or address contains (the table's search box). */
    search: filterText.optional(),
    status: z.array(z.enum(RECIPIENT_DISPLAY_STATUSES)).max(RECIPIENT_STATUSES.length).optional(),
    prospect: filterText.optional(),
    email_address: filterText.optional(),
    linkedin_url: filterText.optional(),
    email_accounts: idList.optional(),
    linkedin_accounts: idList.optional(),
    sent: recipientCountOptionSchema.optional(),
    open: recipientCountOptionSchema.optional(),
    click: recipientCountOptionSchema.optional(),
    reply: recipientCountOptionSchema.optional(),
    linkedin_visit: recipientCountOptionSchema.optional(),
    linkedin_message: recipientCountOptionSchema.optional(),
    linkedin_like: z.array(z.enum(LINKEDIN_LIKE_STATES)).max(10).optional(),
    linkedin_follow: z.array(z.enum(LINKEDIN_FOLLOW_STATES)).max(10).optional(),
    linkedin_invite: z.array(z.enum(LINKEDIN_INVITE_STATES)).max(10).optional(),
    linkedin_invite_reply: z.array(z.enum(LINKEDIN_INVITE_REPLY_STATES)).max(10).optional(),
    linkedin_message_reply: z.array(z.enum(LINKEDIN_MESSAGE_REPLY_STATES)).max(10).optional(),
    linkedin_in_mail: z.array(z.enum(LINKEDIN_IN_MAIL_STATES)).max(10).optional(),
    linkedin_in_mail_reply: z.array(z.enum(LINKEDIN_IN_MAIL_REPLY_STATES)).max(10).optional(),
    interest_level: z.array(z.enum([...INTEREST_LEVELS, 'none'])).max(10).optional(),
    provider: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
    /** Recipients at a block now (`at`) or that went through it (`passed`). */
    flowchart_block: z
      .object({ blockId: z.string().min(1).max(64), mode: z.enum(RECIPIENT_BLOCK_FILTER_MODES) })
      .strict()
      .optional(),
    /** Reached (or not) a goal block: any of `names`, or any goal at all when `names` is empty. */
    goal: z
      .object({ reached: z.boolean(), names: z.array(z.string().trim().min(1).max(255)).max(50).default([]) })
      .strict()
      .optional(),
    /** At least one message or LinkedIn action went to the recipient. */
    contacted: z.boolean().optional(),
    /** Hidden from the filter bar (document 1 §3); the flowchart counts link to it. */
    linkedin_not_reached_profile: z.boolean().optional(),
  })
  .strict();
export type RecipientFilter = z.input<typeof recipientFilterSchema>;
export type ParsedRecipientFilter = z.output<typeof recipientFilterSchema>;

/**
 * A filter in a GET query travels as one JSON text (`?filter={"status":["active"]}`): the table
 * has two dozen filters, some nested, which flat query keys would flatten badly. Build it with
 * `encodeRecipientFilter`.
 */
export const recipientFilterQuerySchema = z
  .string()
  .max(20_000)
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'filter must be JSON' });
      return {};
    }
  })
  .pipe(recipientFilterSchema);

export function encodeRecipientFilter(filter: RecipientFilter): string {
  return JSON.stringify(filter);
}

export const RECIPIENT_SORT_ORDERS = ['asc', 'desc'] as const;

export const recipientsListQuerySchema = z
  .object({
    campaignId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    perPage: z.coerce.number().int().min(1).max(200).default(PAGE_SIZES.campaignRecipients),
    /** Any table column; without one the table is in the order recipients were added. */
    sortField: z.enum(RECIPIENT_TABLE_COLUMNS).optional(),
    sortOrder: z.enum(RECIPIENT_SORT_ORDERS).default('asc'),
    filter: recipientFilterQuerySchema.optional(),
  })
  .strict();
export type RecipientsListQuery = z.input<typeof recipientsListQuerySchema>;

export const recipientsListResponseSchema = z.object({
  items: z.array(recipientSchema),
  total: countSchema,
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type RecipientsListResponse = z.infer<typeof recipientsListResponseSchema>;

export const recipientsCountBodySchema = z
  .object({ campaignId: recordIdSchema, filter: recipientFilterSchema.default({}) })
  .strict();
export const recipientsCountResponseSchema = z.object({ count: countSchema });

/**
 * The recipients a bulk action applies to: the ticked rows (`recipientIds`) or every row the
 * current filter matches (`filter`, "select all"; `{}` is the whole campaign). Exactly one.
 */
export const RECIPIENT_BULK_IDS_MAX = 10_000;
function hasOneSelection(body: { recipientIds?: unknown; filter?: unknown }): boolean {
  return (body.recipientIds === undefined) !== (body.filter === undefined);
}
function selectionBody<T extends Record<string, z.ZodType>>(extra: T) {
  return z
    .object({
      campaignId: recordIdSchema,
      recipientIds: z.array(recordIdSchema).min(1).max(RECIPIENT_BULK_IDS_MAX).optional(),
      filter: recipientFilterSchema.optional(),
      ...extra,
    })
    .strict()
    .refine((body) => hasOneSelection(body as { recipientIds?: unknown; filter?: unknown }), {
      message: 'give recipientIds or filter',
      path: ['recipientIds'],
    });
}

export const recipientsSelectionBodySchema = selectionBody({});
export type RecipientsSelectionBody = z.input<typeof recipientsSelectionBodySchema>;

/** What a bulk action did: rows changed, and rows of the selection it left as they were (a status that does not allow it). */
export const recipientsBulkResponseSchema = z.object({ updated: countSchema, skipped: countSchema });
export type RecipientsBulkResponse = z.infer<typeof recipientsBulkResponseSchema>;

export const recipientsAddBodySchema = z
  .object({
    campaignId: recordIdSchema,
    prospectIds: z.array(recordIdSchema).min(1).max(RECIPIENT_BULK_IDS_MAX).optional(),
    listId: recordIdSchema.optional(),
  })
  .strict()
  .refine((body) => (body.prospectIds === undefined) !== (body.listId === undefined), {
    message: 'give prospectIds or listId',
    path: ['prospectIds'],
  });
/** `skipped`: already recipients, on the no-send list, or without an address or a profile to reach. */
export const recipientsAddResponseSchema = z.object({ added: countSchema, skipped: countSchema });

/** The account that sends to the recipients from now on: a mailbox, or a LinkedIn account. */
export const recipientSenderSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('email'), emailAccountId: recordIdSchema }).strict(),
  z.object({ kind: z.literal('linkedin'), linkedinAccountId: recordIdSchema }).strict(),
]);
export type RecipientSender = z.infer<typeof recipientSenderSchema>;
export const recipientsSetSenderBodySchema = selectionBody({ sender: recipientSenderSchema });

/** The recipients' prospects are added to another prospect list (they stay in the campaign). */
export const recipientsMoveToListBodySchema = selectionBody({ listId: recordIdSchema });

/** Any status parses; the service refuses those a user may not set (`recipient_status_not_settable`). */
export const recipientsSetStatusBodySchema = selectionBody({ status: recipientStatusSchema });

/** Verification of the to-check recipients: started ones were valid (or forced), invalid ones became nosend, pending ones are still being checked. */
export const recipientsToCheckBodySchema = z
  .object({
    campaignId: recordIdSchema,
    /** Some of the to-check recipients; all of them when absent. */
    recipientIds: z.array(recordIdSchema).min(1).max(RECIPIENT_BULK_IDS_MAX).optional(),
  })
  .strict();
export const recipientsToCheckResponseSchema = z.object({ started: countSchema, invalid: countSchema, pending: countSchema });

const recipientErrors = ['not_found', 'campaign_not_editable'] as const;

export const recipientsList = defineRoute({
  id: 'recipients.list',
  method: 'GET',
  path: '/pipelines/api/recipients',
  query: recipientsListQuerySchema,
  response: recipientsListResponseSchema,
  errors: [...recipientErrors],
  summary: 'A page of the recipients table of one campaign (10 per page), sorted by any column, with the filters of document 1 §3.',
});

export const recipientsCount = defineRoute({
  id: 'recipients.count',
  method: 'POST',
  path: '/pipelines/api/recipients/count',
  body: recipientsCountBodySchema,
  response: recipientsCountResponseSchema,
  errors: [...recipientErrors],
  summary: 'How many recipients of a campaign the filter matches (the "select all" count).',
});

export const recipientsAdd = defineRoute({
  id: 'recipients.add',
  method: 'POST',
  path: '/pipelines/api/recipients/add',
  body: recipientsAddBodySchema,
  response: recipientsAddResponseSchema,
  errors: [...recipientErrors, 'list_not_found', 'campaigns_list_deleted', 'recipients_campaign_not_launched'],
  summary: 'Adds prospects (or a whole list) to a launched campaign; they start at the beginning of the sequence. A list in the bin answers campaigns_list_deleted.',
});

export const recipientsSetSender = defineRoute({
  id: 'recipients.setSender',
  method: 'POST',
  path: '/pipelines/api/recipients/set-sender',
  body: recipientsSetSenderBodySchema,
  response: recipientsBulkResponseSchema,
  errors: [...recipientErrors],
  summary: 'Sets the email or LinkedIn account that sends to the selected recipients from now on.',
});

export const recipientsMoveToList = defineRoute({
  id: 'recipients.moveToList',
  method: 'POST',
  path: '/pipelines/api/recipients/move-to-list',
  body: recipientsMoveToListBodySchema,
  response: recipientsBulkResponseSchema,
  errors: [...recipientErrors, 'list_not_found'],
  summary: "Adds the selected recipients' prospects to another prospect list.",
});

export const recipientsSetStatus = defineRoute({
  id: 'recipients.setStatus',
  method: 'POST',
  path: '/pipelines/api/recipients/set-status',
  body: recipientsSetStatusBodySchema,
  response: recipientsBulkResponseSchema,
  errors: [...recipientErrors, 'recipient_status_not_settable'],
  summary: 'Sets a status a user may set (pause, active, done…); stopping ones cancel the mail and actions queued for them.',
});

export const recipientsAddToBlacklist = defineRoute({
  id: 'recipients.addToBlacklist',
  method: 'POST',
  path: '/pipelines/api/recipients/add-to-blacklist',
  body: recipientsSelectionBodySchema,
  response: recipientsBulkResponseSchema,
  errors: [...recipientErrors],
  summary: "Puts the recipients' addresses on the no-send list (and the campaign's no-send prospect list); they become nosend.",
});

export const recipientsCreateDeal = defineRoute({
  id: 'recipients.createDeal',
  method: 'POST',
  path: '/pipelines/api/recipients/create-deal',
  body: recipientsSelectionBodySchema,
  response: recipientsBulkResponseSchema,
  errors: [...recipientErrors, 'not_available_yet'],
  summary: 'Creates CRM deals for the recipients: answers not_available_yet until the CRM area exists.',
});

export const recipientsDelete = defineRoute({
  id: 'recipients.delete',
  method: 'POST',
  path: '/pipelines/api/recipients/delete',
  body: recipientsSelectionBodySchema,
  response: recipientsBulkResponseSchema,
  errors: [...recipientErrors],
  summary: 'Marks the recipients deleted; mail and LinkedIn actions queued for them are cancelled.',
});

export const recipientsToCheckStart = defineRoute({
  id: 'recipients.toCheckStart',
  method: 'POST',
  path: '/pipelines/api/recipients/to-check/start',
  body: recipientsToCheckBodySchema,
  response: recipientsToCheckResponseSchema,
  errors: [...recipientErrors],
  summary: "Verifies the to-check recipients' addresses and starts the valid ones; invalid ones become nosend.",
});

export const recipientsToCheckForceStart = defineRoute({
  id: 'recipients.toCheckForceStart',
  method: 'POST',
  path: '/pipelines/api/recipients/to-check/force-start',
  body: recipientsToCheckBodySchema,
  response: recipientsToCheckResponseSchema,
  errors: [...recipientErrors],
  summary: 'Starts the to-check recipients without verifying their addresses.',
});

export const recipientsRoutes = {
  recipientsList,
  recipientsCount,
  recipientsAdd,
  recipientsSetSender,
  recipientsMoveToList,
  recipientsSetStatus,
  recipientsAddToBlacklist,
  recipientsCreateDeal,
  recipientsDelete,
  recipientsToCheckStart,
  recipientsToCheckForceStart,
} as const satisfies Record<string, AnyRoute>;
