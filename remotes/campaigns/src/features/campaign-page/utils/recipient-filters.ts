/**
 * The recipients table's filters: the filter form (flat, as antd's Form holds it) ⇄ the contract's
 * RecipientFilter, and the page query the list call takes. Empty values are dropped so the query
 * key (and the URL the server sees) only carries what the user chose.
 */
import {
  RECIPIENT_SORT_ORDERS,
  type InterestLevel,
  type RecipientCountOption,
  type RecipientDisplayStatus,
  type RecipientFilter,
  type RecipientTableColumn,
  type RecipientsListQuery,
  encodeRecipientFilter,
  LINKEDIN_FOLLOW_STATES,
  LINKEDIN_IN_MAIL_REPLY_STATES,
  LINKEDIN_IN_MAIL_STATES,
  LINKEDIN_INVITE_REPLY_STATES,
  LINKEDIN_INVITE_STATES,
  LINKEDIN_LIKE_STATES,
  LINKEDIN_MESSAGE_REPLY_STATES,
} from '@leadforge/contracts';

/** The value-set filters: each a multi-select over its states (document 1 §3). */
export const RECIPIENT_STATE_FILTERS = {
  linkedin_like: LINKEDIN_LIKE_STATES,
  linkedin_follow: LINKEDIN_FOLLOW_STATES,
  linkedin_invite: LINKEDIN_INVITE_STATES,
  linkedin_invite_reply: LINKEDIN_INVITE_REPLY_STATES,
  linkedin_message_reply: LINKEDIN_MESSAGE_REPLY_STATES,
  linkedin_in_mail: LINKEDIN_IN_MAIL_STATES,
  linkedin_in_mail_reply: LINKEDIN_IN_MAIL_REPLY_STATES,
} as const;
export type RecipientStateFilter = keyof typeof RECIPIENT_STATE_FILTERS;

export type TriState = 'yes' | 'no';

/** What the filter form holds: flat fields, the nested filters (block, goal) split in two. */
export type RecipientFilterForm = {
  prospect?: string;
  email_address?: string;
  linkedin_url?: string;
  status?: RecipientDisplayStatus[];
  email_accounts?: number[];
  linkedin_accounts?: number[];
  sent?: RecipientCountOption;
  open?: RecipientCountOption;
  click?: RecipientCountOption;
  reply?: RecipientCountOption;
  linkedin_visit?: RecipientCountOption;
  linkedin_message?: RecipientCountOption;
  linkedin_like?: (typeof LINKEDIN_LIKE_STATES)[number][];
  linkedin_follow?: (typeof LINKEDIN_FOLLOW_STATES)[number][];
  linkedin_invite?: (typeof LINKEDIN_INVITE_STATES)[number][];
  linkedin_invite_reply?: (typeof LINKEDIN_INVITE_REPLY_STATES)[number][];
  linkedin_message_reply?: (typeof LINKEDIN_MESSAGE_REPLY_STATES)[number][];
  linkedin_in_mail?: (typeof LINKEDIN_IN_MAIL_STATES)[number][];
  linkedin_in_mail_reply?: (typeof LINKEDIN_IN_MAIL_REPLY_STATES)[number][];
  interest_level?: (InterestLevel | 'none')[];
  provider?: string[];
  flowchartBlockId?: string;
  flowchartBlockMode?: 'at' | 'passed';
  goal?: TriState;
  goalNames?: string[];
  contacted?: TriState;
};

const TEXT_FIELDS = ['prospect', 'email_address', 'linkedin_url'] as const;
const LIST_FIELDS = [
  'status',
  'email_accounts',
  'linkedin_accounts',
  'interest_level',
  'provider',
  ...(Object.keys(RECIPIENT_STATE_FILTERS) as RecipientStateFilter[]),
] as const;
const COUNT_FIELDS = ['sent', 'open', 'click', 'reply', 'linkedin_visit', 'linkedin_message'] as const;

/**
 * The filter the form describes. `kept` carries what the form does not show (the search box, the
 * hidden linkedin_not_reached_profile filter the flowchart counts link to).
 */
export function filterFromForm(form: RecipientFilterForm, kept: Pick<RecipientFilter, 'search' | 'linkedin_not_reached_profile'> = {}): RecipientFilter {
  const filter: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = form[field]?.trim();
    if (value) filter[field] = value;
  }
  for (const field of LIST_FIELDS) {
    const value = form[field];
    if (value && value.length > 0) filter[field] = [...value];
  }
  for (const field of COUNT_FIELDS) {
    if (form[field]) filter[field] = form[field];
  }
  if (form.flowchartBlockId) filter.flowchart_block = { blockId: form.flowchartBlockId, mode: form.flowchartBlockMode ?? 'at' };
  if (form.goal) filter.goal = { reached: form.goal === 'yes', names: form.goalNames ?? [] };
  if (form.contacted) filter.contacted = form.contacted === 'yes';
  return cleanRecipientFilter({ ...(filter as RecipientFilter), ...kept });
}

/** The form values showing a filter (the reverse of filterFromForm for what the form holds). */
export function formFromFilter(filter: RecipientFilter): RecipientFilterForm {
  const form: Record<string, unknown> = {};
  for (const field of [...TEXT_FIELDS, ...LIST_FIELDS, ...COUNT_FIELDS]) {
    if (filter[field] !== undefined) form[field] = filter[field];
  }
  if (filter.flowchart_block) {
    form.flowchartBlockId = filter.flowchart_block.blockId;
    form.flowchartBlockMode = filter.flowchart_block.mode;
  }
  if (filter.goal) {
    form.goal = filter.goal.reached ? 'yes' : 'no';
    form.goalNames = filter.goal.names ?? [];
  }
  if (filter.contacted !== undefined) form.contacted = filter.contacted ? 'yes' : 'no';
  return form as RecipientFilterForm;
}

/** Drops empty texts and lists (they would match everything anyway). */
export function cleanRecipientFilter(filter: RecipientFilter): RecipientFilter {
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    clean[key] = typeof value === 'string' ? value.trim() : value;
  }
  return clean as RecipientFilter;
}

/** Filters chosen in the filter panel (the search box and the hidden filter are not counted). */
export function activeFilterCount(filter: RecipientFilter): number {
  return Object.keys(cleanRecipientFilter(filter)).filter((key) => key !== 'search' && key !== 'linkedin_not_reached_profile').length;
}

export type RecipientsSort = { field: RecipientTableColumn; order: (typeof RECIPIENT_SORT_ORDERS)[number] };

export type RecipientsTableState = {
  page: number;
  perPage: number;
  sort: RecipientsSort | null;
  filter: RecipientFilter;
};

/** The list call's query for the table's state (without the campaign). */
export function recipientsPageQuery(state: RecipientsTableState): Omit<RecipientsListQuery, 'campaignId'> {
  const filter = cleanRecipientFilter(state.filter);
  return {
    page: state.page,
    perPage: state.perPage,
    ...(state.sort ? { sortField: state.sort.field, sortOrder: state.sort.order } : {}),
    ...(Object.keys(filter).length > 0 ? { filter: encodeRecipientFilter(filter) } : {}),
  };
}

/** antd's sorter order ⇄ the contract's. */
export function sortFromTable(field: string | null, order: 'ascend' | 'descend' | null | undefined): RecipientsSort | null {
  if (!field || !order) return null;
  return { field: field as RecipientTableColumn, order: order === 'ascend' ? 'asc' : 'desc' };
}

export function tableSortOrder(sort: RecipientsSort | null, column: RecipientTableColumn): 'ascend' | 'descend' | null {
  if (sort?.field !== column) return null;
  return sort.order === 'asc' ? 'ascend' : 'descend';
}
