/**
 * The mail engine's public calls (issue 13, "Sending"): the open pixel and click redirect that
 * tracked mail points at, the unsubscribe confirmation and one-click unsubscribe (RFC 8058), and
 * the campaign editor's send-test-email (document 2 §7.5, its failure fields §7.6 and §8).
 *
 * Tracking and unsubscribe links carry only an opaque token the server resolves; nothing in a
 * link names a target or a person, so none of them can be turned into an open redirect or read
 * for another recipient's data.
 */
import * as z from './zod';
import { attachmentSchema, EMAIL_CONTENT_MAX, EMAIL_SUBJECT_MAX } from './campaigns';
import { apiErrorItemSchema } from './errors';
import { emailSchema } from './common';
import { recordIdSchema } from './fields';
import { defineRoute } from './http';

/** An opaque token from a link in a message; anything longer than ours is simply unknown. */
const tokenParams = z.object({ token: z.string().max(128) }).strict();

export const trackingOpen = defineRoute({
  id: 'mailTracking.open',
  method: 'GET',
  path: '/t/o/:token',
  auth: 'public',
  params: tokenParams,
  response: z.unknown(),
  responseKind: 'file',
  errors: ['not_found'],
  summary:
    'The open pixel: a 1×1 GIF, never cached, no cookie; records the open (machine opens flagged). A token of ours that is no longer known answers 404 with the same image; anything else that is no token, the not_found envelope.',
});

export const trackingClick = defineRoute({
  id: 'mailTracking.click',
  method: 'GET',
  path: '/t/c/:token',
  auth: 'public',
  params: tokenParams,
  response: z.unknown(),
  responseKind: 'redirect',
  errors: ['not_found'],
  summary:
    'A wrapped link: 302 to the target stored for the token (HEAD too, recorded as a machine); an unknown token is 404, never a redirect.',
});

/** What an unsubscribe link would do, for its confirmation page (/email-unsubscribe/:v?). */
export const unsubscribeInfoSchema = z.object({
  /** The recipient's address, masked (`j•••@example.com`): the link must not reveal it whole. */
  email: z.string(),
  /** Whom the recipient stops hearing from: the sender's name, or its domain when it has none. */
  senderName: z.string(),
  /** Already on the sender's no-send list (the page then says so instead of offering the button). */
  unsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

export const unsubscribeInfo = defineRoute({
  id: 'mailTracking.unsubscribeInfo',
  method: 'GET',
  path: '/unsubscribe/:token',
  auth: 'public',
  params: tokenParams,
  response: unsubscribeInfoSchema,
  errors: ['not_found'],
  summary: 'What the unsubscribe link would do: the masked address and the sender.',
});

/** RFC 8058 §3.2: the body a mail provider posts for one-click unsubscribe. */
export const ONE_CLICK_UNSUBSCRIBE_BODY = { 'List-Unsubscribe': 'One-Click' } as const;

export const unsubscribe = defineRoute({
  id: 'mailTracking.unsubscribe',
  method: 'POST',
  path: '/unsubscribe/:token',
  // The List-Unsubscribe https target is the page's own address, and RFC 8058 has the provider
  // POST to that very URL: the same call answers there.
  aliases: [{ method: 'POST', path: '/email-unsubscribe/:token' }],
  auth: 'public',
  params: tokenParams,
  // Our page posts `{}` as JSON; a mail provider posts `List-Unsubscribe=One-Click` as a form.
  body: z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }).strict(),
  response: z.object({ ok: z.literal(true), email: z.string() }),
  errors: ['not_found'],
  summary:
    "Puts the link's recipient on the sender account's no-send list before its next send; idempotent; no cookie or CSRF token needed (RFC 8058).",
});

// ---- send-test-email ----------------------------------------------------------------------

/**
 * Placeholders a test email fills from the chosen prospect (`{{firstName}}`, spaces and case
 * ignored, as the flowchart checks read them); a prospect's custom fields are filled by name too.
 */
export const EMAIL_TEMPLATE_VARIABLES = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'companyName',
  'position',
  'website',
  'industry',
  'country',
  'location',
] as const;
export type EmailTemplateVariable = (typeof EMAIL_TEMPLATE_VARIABLES)[number];

/**
 * The first and last name a mail addresses a prospect by. A prospect entered with only a full
 * name ("Ada Lovelace") still gets `{{firstName}}` = "Ada" and `{{lastName}}` = "Lovelace", as
 * users of outreach tools expect; stored first/last names always win. One rule for the preview
 * on screen and the mail that leaves.
 */
export function addressedNames(name: string | null | undefined, firstName: string | null | undefined, lastName: string | null | undefined): { first: string; last: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = firstName?.trim() || words[0] || '';
  const last = lastName?.trim() || (firstName?.trim() ? '' : words.slice(1).join(' '));
  return { first, last };
}

export const sendTestEmailBodySchema = z
  .object({
    subject: z.string().max(EMAIL_SUBJECT_MAX * 4),
    body: z.string().max(EMAIL_CONTENT_MAX),
    /** Where the test goes. */
    email: emailSchema,
    /** The campaign being edited, when it exists (not needed: an unsaved draft can be tested). */
    campaignId: recordIdSchema.nullable().optional(),
    /** The sending mailbox: the caller's own, or one shared with the caller's team. */
    emailAccount: recordIdSchema,
    /** The prospect whose fields fill the placeholders; without one they are left as written. */
    prospectId: recordIdSchema.nullable().optional(),
    plainTextMode: z.boolean().default(false),
    attachments: z.array(attachmentSchema).max(10).default([]),
    /** The flowchart block (operator) the email belongs to. */
    operatorId: z.string().max(64).nullable().optional(),
  })
  .strict();
export type SendTestEmailBody = z.input<typeof sendTestEmailBodySchema>;

export const sendTestEmailResponseSchema = z.object({
  ok: z.literal(true),
  /** The Message-ID the test went out with. */
  messageId: z.string(),
});

/**
 * The 422 answer of a failed test send (document 2 §8 "status 422 by default and a list of
 * messages"; the fields of the send-email failure, §7.6): the usual error list plus whether the
 * mail server refused (and what it said), and whether a recipient or sending limit was the cause.
 */
export const sendTestEmailFailureSchema = z.object({
  errors: z.array(apiErrorItemSchema),
  /** The mail server refused or could not be reached (as opposed to a check of ours). */
  isMailProviderError: z.boolean(),
  /** What went wrong in one sentence: the server's own reply when it gave one. */
  message: z.string(),
  /** The server refused for too many recipients or messages (a sending quota). */
  isRecipientsExceeded: z.boolean(),
  /** The HTTP status, mirrored for clients that read the body alone. */
  status: z.number().int(),
});
export type SendTestEmailFailure = z.infer<typeof sendTestEmailFailureSchema>;

export const sendTestEmail = defineRoute({
  id: 'mailTracking.sendTestEmail',
  method: 'POST',
  path: '/campaigns/send-test-email',
  body: sendTestEmailBodySchema,
  response: sendTestEmailResponseSchema,
  errors: ['send_test_email_failed', 'variable_not_exist', 'mail_recipient_suppressed', 'mail_account_paused', 'email_account_needs_reconnect', 'not_found'],
  summary:
    'Sends one test email through the mail engine, placeholders filled from the prospect, subject and body sanitised; answers once the server has answered (failure: 422 with the fields of sendTestEmailFailureSchema).',
});

export const mailTrackingRoutes = {
  trackingOpen,
  trackingClick,
  unsubscribeInfo,
  unsubscribe,
  sendTestEmail,
} as const;
