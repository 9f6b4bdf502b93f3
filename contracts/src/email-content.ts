/**
 * The email content of a campaign's email blocks (document 2 §7.6 "email-content GET and save
 * (multipart)", document 1 §3 "Email block: variants of emails, each with subject, content,
 * attachments…"): the variants of one block with their attachments, the multipart upload of
 * attachments for one variant, their download and their removal.
 *
 * An attachment belongs to one campaign of one account. A variant's `attachments` in the
 * flowchart hold references (id, name, size, type); the server checks on every flowchart save
 * that each id is one of that campaign's attachments, and the mail engine reads the bytes when it
 * sends (the queued message holds the ids).
 */
import * as z from './zod';
import { attachmentSchema, EMAIL_SUBJECT_MAX } from './campaigns';
import { EMAIL_ATTACHMENT_LIMITS } from './constants';
import type { ErrorKey } from './errors';
import { recordIdSchema } from './fields';
import { defineRoute } from './http';

const PIPELINES = '/pipelines/api';

/** Content types a browser could run or render as a page are served as plain bytes instead. */
const ACTIVE_CONTENT_TYPES = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|application\/javascript|text\/javascript)\b/i;

/**
 * The content type an attachment is stored and served with: a well-formed `type/subtype` the
 * uploader declared, lower-cased, without parameters; anything else (or a type a browser would
 * render as a page) is `application/octet-stream`.
 */
export function safeAttachmentContentType(declared: string | null | undefined): string {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type)) return 'application/octet-stream';
  if (ACTIVE_CONTENT_TYPES.test(type)) return 'application/octet-stream';
  return type;
}

/**
 * A file name as stored and shown: the last path segment, without control characters, quotes,
 * slashes or characters Windows refuses, at most 200 characters (the extension kept); `file`
 * when nothing is left.
 */
export function sanitizeAttachmentName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|\\/\u2028\u2029\ud800-\udfff]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const chars = [...cleaned];
  if (chars.length === 0) return 'file';
  if (chars.length <= 200) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  return `${chars.slice(0, 200 - [...extension].length).join('')}${extension}`;
}

/** Whether files of these sizes may be one email variant's attachments (per file and together). */
export function attachmentsWithinLimits(sizes: readonly number[]): ErrorKey | null {
  if (sizes.some((size) => size > EMAIL_ATTACHMENT_LIMITS.fileBytesMax)) return 'attachment_too_large';
  if (sizes.length > EMAIL_ATTACHMENT_LIMITS.filesPerEmailMax) return 'attachments_total_too_large';
  if (sizes.reduce((sum, size) => sum + size, 0) > EMAIL_ATTACHMENT_LIMITS.emailBytesMax) return 'attachments_total_too_large';
  return null;
}

/** An uploaded attachment as the editor and the variant hold it, plus its checksum. */
export const emailAttachmentSchema = attachmentSchema.extend({
  /** Hex SHA-256 of the bytes. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type EmailAttachment = z.infer<typeof emailAttachmentSchema>;

/**
 * A flowchart block id as the editor writes it (`email-3`): letters, digits and `_ . : -`. Text
 * damaged on its way through a URL or a form (a lone surrogate becomes U+FFFD or stays
 * percent-encoded) is refused rather than looked up.
 */
const blockIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/);

export const emailContentQuerySchema = z
  .object({
    campaignId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    blockId: blockIdSchema,
  })
  .strict();

export const emailContentVariantSchema = z.object({
  index: z.number().int().min(0),
  subject: z.string().max(EMAIL_SUBJECT_MAX * 4),
  content: z.string(),
  plainTextMode: z.boolean(),
  /** The variant's attachments as stored (a reference to a removed file is left out). */
  attachments: z.array(emailAttachmentSchema),
});
export type EmailContentVariant = z.infer<typeof emailContentVariantSchema>;

export const emailContentResponseSchema = z.object({
  campaignId: recordIdSchema,
  blockId: z.string(),
  variants: z.array(emailContentVariantSchema),
});
export type EmailContentResponse = z.infer<typeof emailContentResponseSchema>;

/**
 * The text fields of the multipart save; the files are its `file` parts (one or more). The
 * block may not be saved yet (a block just added in the editor), so it is not looked up.
 */
export const emailContentSaveFieldsSchema = z
  .object({
    campaignId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    blockId: blockIdSchema,
    /** The variant's index in the block (0 for A). */
    variant: z.coerce.number().int().min(0).max(9),
  })
  .strict();
export type EmailContentSaveFields = z.input<typeof emailContentSaveFieldsSchema>;

export const emailContentSaveResponseSchema = z.object({ attachments: z.array(emailAttachmentSchema) });

const attachmentIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();

export const emailContentRoutes = {
  getEmailContent: defineRoute({
    id: 'emailContent.get',
    method: 'GET',
    path: `${PIPELINES}/email-content`,
    query: emailContentQuerySchema,
    response: emailContentResponseSchema,
    errors: ['not_found'],
    summary: 'The variants of one email block of a campaign (as saved), each with its attachments',
  }),
  saveEmailContent: defineRoute({
    id: 'emailContent.save',
    method: 'POST',
    path: `${PIPELINES}/email-content`,
    body: emailContentSaveFieldsSchema,
    requestKind: 'multipart',
    response: emailContentSaveResponseSchema,
    errors: ['not_found', 'campaign_not_editable', 'attachment_too_large', 'attachments_total_too_large', 'field_required', 'unsupported_media_type'],
    summary:
      'Uploads attachments (multipart: campaignId, blockId, variant and one or more `file` parts) for one variant of an email block: at most 10 MB a file, 25 MB and 10 files an email; answers their metadata for the variant',
  }),
  downloadEmailAttachment: defineRoute({
    id: 'emailContent.downloadAttachment',
    method: 'GET',
    path: `${PIPELINES}/email-content/attachment/:id`,
    params: attachmentIdParams,
    response: z.unknown(),
    responseKind: 'file',
    errors: ['not_found'],
    summary: 'Downloads an attachment (Content-Disposition: attachment, a safe content type, nosniff)',
  }),
  deleteEmailAttachment: defineRoute({
    id: 'emailContent.deleteAttachment',
    method: 'DELETE',
    path: `${PIPELINES}/email-content/attachment/:id`,
    params: attachmentIdParams,
    response: z.object({ ok: z.literal(true) }),
    errors: ['not_found', 'campaign_not_editable'],
    summary: 'Removes an attachment from the campaign (mail already queued with it still carries it)',
  }),
};
