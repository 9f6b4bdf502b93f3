/**
 * The email content of campaign email blocks (document 2 §7.6 email-content): a block's variants
 * with their attachments, attachment uploads for one variant, downloads and removal; and the
 * attachment rules the campaigns area applies to a saved flowchart and to a copy. Services never
 * see HTTP; the SQL is in repository.ts.
 */
import { createHash } from 'node:crypto';
import {
  attachmentsWithinLimits,
  flowchartSchema,
  safeAttachmentContentType,
  sanitizeAttachmentName,
  type EmailAttachment,
  type EmailContentResponse,
  type Flowchart,
} from '@leadforge/contracts';
import type { Db, DbOrTx } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import { scopeOf, type Caller, type Scope } from '../account/caller';
import { visibleCampaign } from '../campaigns/repository';
import * as repo from './repository';
import type { AttachmentRow } from './repository';

/** A file as the multipart call hands it over. */
export interface IncomingFile {
  fileName: string;
  mimeType: string;
  data: Buffer;
}

/** What a queued message keeps of an attachment: the mail engine reads the bytes when it sends. */
export interface AttachmentReference {
  id: number;
  /** The attachment's account (checked when the message was queued). */
  accountId: number;
}

export function attachmentView(row: AttachmentRow): EmailAttachment {
  return { id: row.id, fileName: row.file_name, size: row.size, mimeType: row.content_type, sha256: row.sha256 };
}

function emailBlocks(flowchart: Flowchart) {
  return flowchart.operators.flatMap((operator) => (operator.block.type === 'email' ? [operator.block] : []));
}

/** Every attachment id the flowchart's email variants refer to. */
export function flowchartAttachmentIds(flowchart: Flowchart): number[] {
  return [...new Set(emailBlocks(flowchart).flatMap((block) => block.emails.flatMap((variant) => variant.attachments.map((file) => file.id))))];
}

/** The flowchart with each variant's attachments mapped (a reference mapped to null is dropped). */
function mapAttachments(flowchart: Flowchart, map: (id: number) => EmailAttachment | null): Flowchart {
  return {
    ...flowchart,
    operators: flowchart.operators.map((operator) => {
      if (operator.block.type !== 'email') return operator;
      return {
        ...operator,
        block: {
          ...operator.block,
          emails: operator.block.emails.map((variant) => ({
            ...variant,
            attachments: variant.attachments.flatMap((file) => {
              const mapped = map(file.id);
              return mapped ? [{ id: mapped.id, fileName: mapped.fileName, size: mapped.size, mimeType: mapped.mimeType }] : [];
            }),
          })),
        },
      };
    }),
  };
}

/**
 * The attachment rule of a flowchart save: every referenced id must be an attachment of this
 * campaign (another campaign's or another tenant's id is `not_found`, with the variant in the
 * field); a reference to a file removed since is dropped; names, sizes and types are rewritten
 * from what is stored; each variant keeps within the per-email limits.
 */
export async function checkFlowchartAttachments(db: DbOrTx, scope: Scope, campaignId: number, flowchart: Flowchart): Promise<Flowchart> {
  const ids = flowchartAttachmentIds(flowchart);
  if (ids.length === 0) return flowchart;
  const stored = new Map((await repo.campaignAttachments(db, scope, campaignId, ids)).map((row) => [row.id, row]));
  const removed = new Set(await repo.removedAttachmentIds(db, scope, campaignId, ids.filter((id) => !stored.has(id))));
  for (const block of emailBlocks(flowchart)) {
    for (const [index, variant] of block.emails.entries()) {
      const field = `flowchart.${block.id}.emails.${index}.attachments`;
      if (variant.attachments.some((file) => !stored.has(file.id) && !removed.has(file.id))) throw new DomainError('not_found', { field });
      const sizes = variant.attachments.flatMap((file) => (stored.has(file.id) ? [stored.get(file.id)!.size] : []));
      const over = attachmentsWithinLimits(sizes);
      if (over) throw new DomainError(over, { field });
    }
  }
  return mapAttachments(flowchart, (id) => {
    const row = stored.get(id);
    return row ? attachmentView(row) : null;
  });
}

/**
 * A copy's attachments (create-copy withAttachments): the files the source's flowchart refers to
 * are copied to the new campaign and its flowchart is rewritten to their new ids.
 */
export async function copyFlowchartAttachments(db: DbOrTx, scope: Scope, fromId: number, toId: number, flowchart: Flowchart): Promise<void> {
  const ids = flowchartAttachmentIds(flowchart);
  if (ids.length === 0) return;
  const map = await repo.copyAttachments(db, scope, fromId, toId, ids);
  const copies = new Map((await repo.campaignAttachments(db, scope, toId, [...map.values()])).map((row) => [row.id, row]));
  const copied = mapAttachments(flowchart, (id) => {
    const row = copies.get(map.get(id) ?? 0);
    return row ? attachmentView(row) : null;
  });
  await repo.writeFlowchart(db, scope, toId, copied);
}

/**
 * The references a test email may carry: every file must be an attachment of the given campaign
 * the caller may read (`not_found` otherwise).
 */
export async function testEmailAttachments(db: DbOrTx, caller: Caller, campaignId: number | null | undefined, ids: readonly number[]): Promise<AttachmentReference[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  if (!campaignId) throw new DomainError('not_found', { field: 'attachments' });
  const rows = await repo.campaignAttachments(db, scopeOf(caller), campaignId, unique);
  if (rows.length !== unique.length) throw new DomainError('not_found', { field: 'attachments' });
  const over = attachmentsWithinLimits(rows.map((row) => row.size));
  if (over) throw new DomainError(over, { field: 'attachments' });
  return rows.map((row) => ({ id: row.id, accountId: row.account_id }));
}

export class EmailContentService {
  constructor(private readonly deps: { db: Db; canEdit: (caller: Caller, ownerId: number) => boolean }) {}

  private async campaign(db: DbOrTx, caller: Caller, campaignId: number, edit: boolean) {
    const row = await visibleCampaign(db, scopeOf(caller), campaignId);
    if (!row) throw new DomainError('not_found');
    if (edit && !this.deps.canEdit(caller, Number(row.user_id))) throw new DomainError('campaign_not_editable');
    return row;
  }

  async get(caller: Caller, campaignId: number, blockId: string): Promise<EmailContentResponse> {
    const row = await this.campaign(this.deps.db, caller, campaignId, false);
    const parsed = flowchartSchema.safeParse(row.flowchart);
    const block = parsed.success ? emailBlocks(parsed.data).find((candidate) => candidate.id === blockId) : undefined;
    if (!block) throw new DomainError('not_found', { field: 'blockId' });
    const ids = block.emails.flatMap((variant) => variant.attachments.map((file) => file.id));
    const stored = new Map((await repo.campaignAttachments(this.deps.db, scopeOf(caller), campaignId, ids)).map((file) => [file.id, file]));
    return {
      campaignId,
      blockId,
      variants: block.emails.map((variant, index) => ({
        index,
        subject: variant.subject,
        content: variant.content,
        plainTextMode: variant.plainTextMode,
        attachments: variant.attachments.flatMap((file) => (stored.has(file.id) ? [attachmentView(stored.get(file.id)!)] : [])),
      })),
    };
  }

  /**
   * Stores files for one variant. Each is at most 10 MB (the multipart limit refuses larger ones
   * unread); the variant's saved attachments and the new files together keep within 25 MB and 10
   * files. The block need not be saved yet: the editor adds the answer to the variant and saves.
   */
  async save(caller: Caller, fields: { campaignId: number; blockId: string; variant: number }, files: readonly IncomingFile[]): Promise<{ attachments: EmailAttachment[] }> {
    if (files.length === 0) throw new DomainError('field_required', { field: 'file' });
    return this.deps.db.transaction(async (tx) => {
      const row = await this.campaign(tx, caller, fields.campaignId, true);
      const parsed = flowchartSchema.safeParse(row.flowchart);
      const block = parsed.success ? emailBlocks(parsed.data).find((candidate) => candidate.id === fields.blockId) : undefined;
      const savedIds = block?.emails[fields.variant]?.attachments.map((file) => file.id) ?? [];
      const saved = await repo.campaignAttachments(tx, scopeOf(caller), fields.campaignId, savedIds);
      const over = attachmentsWithinLimits([...saved.map((file) => file.size), ...files.map((file) => file.data.length)]);
      if (over) throw new DomainError(over, { field: 'file' });
      const inserted = await repo.insertAttachments(
        tx,
        scopeOf(caller),
        fields.campaignId,
        fields.blockId,
        fields.variant,
        files.map((file) => ({
          fileName: sanitizeAttachmentName(file.fileName),
          contentType: safeAttachmentContentType(file.mimeType),
          sha256: createHash('sha256').update(file.data).digest('hex'),
          bytes: file.data,
        })),
      );
      if (inserted.length !== files.length) throw new DomainError('not_found');
      return { attachments: inserted.map(attachmentView) };
    });
  }

  async download(caller: Caller, id: number): Promise<{ fileName: string; contentType: string; bytes: Buffer }> {
    const file = await repo.attachmentWithBytes(this.deps.db, scopeOf(caller), id);
    if (!file) throw new DomainError('not_found');
    return { fileName: file.file_name, contentType: file.content_type, bytes: file.bytes };
  }

  async remove(caller: Caller, id: number): Promise<{ ok: true }> {
    return this.deps.db.transaction(async (tx) => {
      const owner = await repo.attachmentOwner(tx, scopeOf(caller), id);
      if (!owner) throw new DomainError('not_found');
      if (!this.deps.canEdit(caller, owner.user_id)) throw new DomainError('campaign_not_editable');
      if (!(await repo.removeAttachment(tx, scopeOf(caller), id))) throw new DomainError('not_found');
      return { ok: true as const };
    });
  }
}
