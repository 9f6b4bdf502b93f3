/**
 * The SQL of campaign attachments (table campaign_attachments). Every function takes the caller's
 * scope right after the database: an attachment is reached only through a campaign the scope may
 * read, and only when it is of that campaign's account.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import type { Scope } from '../account/caller';
import { idSet } from '../../db/sql-sets';
import { rowsOf } from '../campaigns/repository';

export interface AttachmentRow {
  id: number;
  account_id: number;
  campaign_id: number;
  block_id: string;
  variant: number;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
}

const COLUMNS = sql`a.id, a.account_id, a.campaign_id, a.block_id, a.variant, a.file_name, a.content_type, a.size, a.sha256`;
const visibleCampaign = (scope: Scope) =>
  sql`join campaigns c on c.id = a.campaign_id and c.account_id = a.account_id and c.user_id in ${idSet(scope.readableUserIds)}`;

const numeric = (row: AttachmentRow): AttachmentRow => ({
  ...row,
  id: Number(row.id),
  account_id: Number(row.account_id),
  campaign_id: Number(row.campaign_id),
  variant: Number(row.variant),
  size: Number(row.size),
});

export interface NewAttachment {
  fileName: string;
  contentType: string;
  sha256: string;
  bytes: Buffer;
}

/** Stores files for a variant of a campaign the scope may read (the service checked it may change it). */
export async function insertAttachments(
  db: DbOrTx,
  scope: Scope,
  campaignId: number,
  blockId: string,
  variant: number,
  files: readonly NewAttachment[],
): Promise<AttachmentRow[]> {
  const inserted: AttachmentRow[] = [];
  for (const file of files) {
    const [row] = await rowsOf<AttachmentRow>(
      db,
      sql`insert into campaign_attachments as a (account_id, user_id, campaign_id, block_id, variant, file_name, content_type, size, sha256, bytes)
          select c.account_id, ${scope.userId}, c.id, ${blockId}, ${variant}, ${file.fileName}, ${file.contentType}, ${file.bytes.length},
                 ${file.sha256}, ${file.bytes}
          from campaigns c where c.id = ${campaignId} and c.user_id in ${idSet(scope.readableUserIds)}
          returning ${COLUMNS}`,
    );
    if (row) inserted.push(numeric(row));
  }
  return inserted;
}

/** A campaign's attachments (not removed), or only those of `ids`. */
export async function campaignAttachments(db: DbOrTx, scope: Scope, campaignId: number, ids?: readonly number[]): Promise<AttachmentRow[]> {
  if (ids && ids.length === 0) return [];
  const rows = await rowsOf<AttachmentRow>(
    db,
    sql`select ${COLUMNS} from campaign_attachments a ${visibleCampaign(scope)}
        where a.campaign_id = ${campaignId} and a.deleted_at is null ${ids ? sql`and a.id in ${idSet(ids)}` : sql``}
        order by a.id`,
  );
  return rows.map(numeric);
}

/** Ids among `ids` that are attachments of the campaign removed since (they may still be in a saved flowchart). */
export async function removedAttachmentIds(db: DbOrTx, scope: Scope, campaignId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select a.id from campaign_attachments a ${visibleCampaign(scope)}
        where a.campaign_id = ${campaignId} and a.deleted_at is not null and a.id in ${idSet(ids)}`,
  );
  return rows.map((row) => Number(row.id));
}

/** One attachment the scope may read, with its bytes. */
export async function attachmentWithBytes(db: DbOrTx, scope: Scope, id: number): Promise<(AttachmentRow & { bytes: Buffer; user_id: number }) | undefined> {
  const [row] = await rowsOf<AttachmentRow & { bytes: Buffer | Uint8Array; user_id: number }>(
    db,
    sql`select ${COLUMNS}, a.bytes, c.user_id from campaign_attachments a ${visibleCampaign(scope)}
        where a.id = ${id} and a.deleted_at is null and a.bytes is not null`,
  );
  if (!row) return undefined;
  return { ...numeric(row), user_id: Number(row.user_id), bytes: Buffer.from(row.bytes) };
}

/** The attachment's campaign owner, for the service's edit check; undefined when the scope cannot read it. */
export async function attachmentOwner(db: DbOrTx, scope: Scope, id: number): Promise<{ campaign_id: number; user_id: number } | undefined> {
  const [row] = await rowsOf<{ campaign_id: number; user_id: number }>(
    db,
    sql`select a.campaign_id, c.user_id from campaign_attachments a ${visibleCampaign(scope)} where a.id = ${id} and a.deleted_at is null`,
  );
  return row ? { campaign_id: Number(row.campaign_id), user_id: Number(row.user_id) } : undefined;
}

/**
 * Removes an attachment: its bytes stay while unsent mail refers to it (the message goes out as it
 * was queued), and the bytes of every removed attachment of the account that no unsent mail needs
 * any more are dropped. The row stays, so a flowchart still naming it is known to name a removed
 * file of its campaign (and not someone else's).
 */
export async function removeAttachment(db: DbOrTx, scope: Scope, id: number): Promise<boolean> {
  const removed = await rowsOf<{ id: number; account_id: number }>(
    db,
    sql`update campaign_attachments a set deleted_at = now()
        from campaigns c
        where c.id = a.campaign_id and c.account_id = a.account_id and c.user_id in ${idSet(scope.readableUserIds)}
          and a.id = ${id} and a.deleted_at is null
        returning a.id, a.account_id`,
  );
  if (removed.length === 0) return false;
  await db.execute(
    sql`update campaign_attachments a set bytes = null
        where a.account_id = ${Number(removed[0]!.account_id)} and a.deleted_at is not null and a.bytes is not null
          and not exists (
            select 1 from mail_outbound o
            where o.state in ('queued', 'claimed', 'sending', 'retry')
              and o.attachments @> jsonb_build_array(jsonb_build_object('id', a.id)))`,
  );
  return true;
}

/**
 * Copies attachments of one campaign to another (both readable by the scope), answering the new
 * id of each old one. The copies belong to the target campaign's account.
 */
export async function copyAttachments(db: DbOrTx, scope: Scope, fromId: number, toId: number, ids: readonly number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (ids.length === 0) return map;
  for (const id of [...new Set(ids)]) {
    const [row] = await rowsOf<{ id: number }>(
      db,
      sql`insert into campaign_attachments (account_id, user_id, campaign_id, block_id, variant, file_name, content_type, size, sha256, bytes)
          select t.account_id, ${scope.userId}, t.id, a.block_id, a.variant, a.file_name, a.content_type, a.size, a.sha256, a.bytes
          from campaign_attachments a ${visibleCampaign(scope)}
          join campaigns t on t.id = ${toId} and t.user_id in ${idSet(scope.readableUserIds)}
          where a.id = ${id} and a.campaign_id = ${fromId} and a.deleted_at is null
          returning id`,
    );
    if (row) map.set(id, Number(row.id));
  }
  return map;
}

/** Writes a campaign's flowchart (a copy's, with its attachments' new ids). */
export async function writeFlowchart(db: DbOrTx, scope: Scope, campaignId: number, flowchart: unknown): Promise<void> {
  await db.execute(
    sql`update campaigns set flowchart = ${JSON.stringify(flowchart)}::jsonb, updated_at = now()
        where id = ${campaignId} and user_id in ${idSet(scope.readableUserIds)}`,
  );
}
