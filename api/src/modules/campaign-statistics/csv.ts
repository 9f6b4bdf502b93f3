/**
 * The recipients export: a CSV of the recipients with their figures, streamed in keyset pages so
 * a campaign of 100,000 recipients never sits in memory at once.
 */
import { Readable } from 'node:stream';
import type { ParsedRecipientFilter } from '@leadforge/contracts';
import { stringify } from 'csv-stringify/sync';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';
import { recipientsAfter } from '../campaign-recipients/repository';
import { safeCell } from '../finder/csv';

export const EXPORT_PAGE_ROWS = 2_000;

export const RECIPIENT_EXPORT_HEADER = [
  'id',
  'prospect',
  'email_address',
  'linkedin_url',
  'status',
  'email_account_id',
  'linkedin_account_id',
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
  'goals',
  'contacted',
  'added_at',
] as const;

function line(cells: (string | number | null | undefined)[]): string {
  return stringify([cells.map(safeCell)]);
}

type ExportRow = Awaited<ReturnType<typeof recipientsAfter>>[number];

function rowLine(r: ExportRow): string {
  return line([
    r.id,
    r.name,
    r.email,
    r.linkedin_url,
    r.status === 'processing' ? 'active' : r.status,
    r.emailAccountId,
    r.linkedin_account_id,
    r.sent,
    r.open,
    r.click,
    r.reply,
    r.linkedin_visit,
    r.linkedin_like,
    r.linkedin_follow,
    r.linkedin_invite,
    r.linkedin_invite_reply,
    r.linkedin_message,
    r.linkedin_message_reply,
    r.linkedin_in_mail,
    r.linkedin_in_mail_reply,
    r.interest_level,
    r.provider,
    r.goals.join('; '),
    r.contacted ? 'yes' : 'no',
    r.addedAt.toISOString(),
  ]);
}

/**
 * The first page is read before the answer starts, so a failing query is still an error answer
 * (once the headers are out, a failure can only cut the download short).
 */
export async function recipientsCsv(db: DbOrTx, scope: Scope, campaignId: number, filter: ParsedRecipientFilter | undefined): Promise<Readable> {
  const first = await recipientsAfter(db, scope, campaignId, filter, 0, EXPORT_PAGE_ROWS);
  async function* lines() {
    // A byte-order mark so spreadsheet programs read the names as UTF-8.
    yield `\uFEFF${line([...RECIPIENT_EXPORT_HEADER])}`;
    let page = first;
    while (page.length > 0) {
      yield page.map(rowLine).join('');
      if (page.length < EXPORT_PAGE_ROWS) return;
      page = await recipientsAfter(db, scope, campaignId, filter, page[page.length - 1]!.id, EXPORT_PAGE_ROWS);
    }
  }
  return Readable.from(lines());
}
