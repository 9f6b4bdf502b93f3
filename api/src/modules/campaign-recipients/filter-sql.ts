/**
 * The recipients table's filters and sort as SQL over `campaign_recipients r` (contracts
 * recipientFilterSchema). Pure: no tenant data is read here; the repository adds the campaign
 * (already checked against the caller) to every statement.
 */
import {
  RECIPIENT_STATUSES,
  type ParsedRecipientFilter,
  type RecipientCountColumn,
  type RecipientCountOption,
  type RecipientTableColumn,
} from '@leadforge/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../prospects/sql-helpers';
import { idSet, textSet } from '../../db/sql-sets';

/** The column each table column sorts and filters by. */
const COLUMN_SQL: Record<RecipientTableColumn, SQL> = {
  prospect: sql`r.name`,
  email_address: sql`r.email`,
  linkedin_url: sql`r.linkedin_url`,
  status: sql`r.status`,
  email_accounts: sql`r.email_account_id`,
  linkedin_accounts: sql`r.linkedin_account_id`,
  sent: sql`r.sent`,
  open: sql`r.open`,
  click: sql`r.click`,
  reply: sql`r.reply`,
  linkedin_visit: sql`r.linkedin_visit`,
  linkedin_like: sql`r.linkedin_like`,
  linkedin_follow: sql`r.linkedin_follow`,
  linkedin_invite: sql`r.linkedin_invite`,
  linkedin_invite_reply: sql`r.linkedin_invite_reply`,
  linkedin_message: sql`r.linkedin_message`,
  linkedin_message_reply: sql`r.linkedin_message_reply`,
  linkedin_in_mail: sql`r.linkedin_in_mail`,
  linkedin_in_mail_reply: sql`r.linkedin_in_mail_reply`,
  interest_level: sql`r.interest_level`,
  provider: sql`r.provider`,
};

const COUNT_MINIMUM: Record<Exclude<RecipientCountOption, '0'>, number> = { '1+': 1, '3+': 3 };

function countCondition(column: RecipientCountColumn, option: RecipientCountOption): SQL {
  const target = COLUMN_SQL[column];
  return option === '0' ? sql`${target} = 0` : sql`${target} >= ${COUNT_MINIMUM[option]}`;
}

function contains(column: SQL, text: string | undefined): SQL | null {
  if (!text) return null;
  return sql`${column} ilike ${`%${escapeLike(text)}%`}`;
}

function oneOf(column: SQL, values: readonly string[] | undefined): SQL | null {
  if (!values || values.length === 0) return null;
  return sql`${column} in ${textSet(values)}`;
}

/**
 * The filter's conditions, ANDed by the caller. Deleted recipients leave the table unless the
 * status filter asks for them; processing is filtered as active (document 1 §3).
 */
export function recipientConditions(filter: ParsedRecipientFilter | undefined): SQL[] {
  const f = filter ?? {};
  const conditions: (SQL | null)[] = [];

  if (f.status && f.status.length > 0) {
    const statuses: string[] = f.status.includes('active') ? [...f.status, 'processing'] : [...f.status];
    conditions.push(sql`r.status in ${textSet(statuses)}`);
  } else {
    conditions.push(sql`r.status <> 'deleted'`);
  }

  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`;
    conditions.push(sql`(r.name ilike ${pattern} or r.email ilike ${pattern})`);
  }
  conditions.push(contains(sql`r.name`, f.prospect), contains(sql`r.email`, f.email_address), contains(sql`r.linkedin_url`, f.linkedin_url));
  if (f.email_accounts && f.email_accounts.length > 0) conditions.push(sql`r.email_account_id in ${idSet(f.email_accounts)}`);
  if (f.linkedin_accounts && f.linkedin_accounts.length > 0) conditions.push(sql`r.linkedin_account_id in ${idSet(f.linkedin_accounts)}`);

  for (const column of ['sent', 'open', 'click', 'reply', 'linkedin_visit', 'linkedin_message'] as const) {
    const option = f[column];
    if (option) conditions.push(countCondition(column, option));
  }
  for (const column of [
    'linkedin_like',
    'linkedin_follow',
    'linkedin_invite',
    'linkedin_invite_reply',
    'linkedin_message_reply',
    'linkedin_in_mail',
    'linkedin_in_mail_reply',
  ] as const) {
    conditions.push(oneOf(COLUMN_SQL[column], f[column]));
  }

  if (f.interest_level && f.interest_level.length > 0) {
    const levels = f.interest_level.filter((level) => level !== 'none');
    const withNone = f.interest_level.includes('none');
    const named = levels.length > 0 ? sql`r.interest_level in ${textSet(levels)}` : null;
    if (withNone && named) conditions.push(sql`(r.interest_level is null or ${named})`);
    else if (withNone) conditions.push(sql`r.interest_level is null`);
    else conditions.push(named);
  }
  if (f.provider && f.provider.length > 0) {
    conditions.push(sql`lower(r.provider) in ${textSet(f.provider.map((provider) => provider.toLowerCase()))}`);
  }

  if (f.flowchart_block) {
    const { blockId, mode } = f.flowchart_block;
    if (mode === 'at') {
      conditions.push(sql`r.node_id = ${blockId}`);
    } else {
      // Went through the block: a move into it was recorded and the recipient is elsewhere now.
      conditions.push(
        sql`exists (select 1 from campaign_recipient_steps s where s.recipient_id = r.id and s.node_id = ${blockId}) and r.node_id is distinct from ${blockId}`,
      );
    }
  }
  if (f.goal) {
    const reached =
      f.goal.names.length > 0
        ? sql`exists (select 1 from jsonb_array_elements_text(r.goals) g where g.value in ${textSet(f.goal.names)})`
        : sql`jsonb_array_length(r.goals) > 0`;
    conditions.push(f.goal.reached ? reached : sql`not (${reached})`);
  }
  if (f.contacted !== undefined) conditions.push(sql`r.contacted = ${f.contacted}`);
  if (f.linkedin_not_reached_profile !== undefined) conditions.push(sql`r.linkedin_not_reached_profile = ${f.linkedin_not_reached_profile}`);

  return conditions.filter((condition): condition is SQL => condition !== null);
}

/** `order by` for a column, with the id as the tie-breaker so pages never overlap. */
export function recipientOrder(column: RecipientTableColumn | undefined, order: 'asc' | 'desc'): SQL {
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  if (!column) return sql`r.id ${direction}`;
  if (column === 'status') {
    // The statuses in the order document 1 §3 lists them (processing with active), not alphabetically.
    // Constants of the contract, not user input: inlined so PostgreSQL sees integers, not text parameters.
    const rank = RECIPIENT_STATUSES.map((status, index) => `when '${status}' then ${status === 'processing' ? 0 : index}`).join(' ');
    return sql`(case r.status ${sql.raw(rank)} end) ${direction}, r.id ${direction}`;
  }
  return sql`${COLUMN_SQL[column]} ${direction} nulls last, r.id ${direction}`;
}
