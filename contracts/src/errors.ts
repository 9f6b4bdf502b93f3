import * as z from './zod';

/**
 * The error catalogue (document 2 §8). Every key is translated in every locale under the
 * `errors` namespace of @leadforge/i18n; the API only ever answers with these keys.
 */
export const GENERIC_ERROR_KEYS = [
  /** No server errors returned: generic fallback. */
  'something_went_wrong',
  /** Default error modal title. */
  'warning',
  /** Error modal text when the response has neither an error list nor text (with support address). */
  'an_error_occurred',
  'validation_failed',
  'field_required',
  'field_invalid',
  'field_too_long',
  'field_too_short',
  'field_unknown',
  'body_too_large',
  'unsupported_media_type',
  'malformed_json',
  'not_found',
  'method_not_allowed',
  'unauthorized',
  'forbidden',
  'session_expired',
  'csrf_invalid',
  'rate_limited',
  'conflict',
  /** Prospect list fetch error containing "expired": the client rethrows it. */
  'expired',
  'plan_expired',
  'plan_forbidden',
  'service_unavailable',
  /** A path that is no call of the API (a missing record is `not_found`). */
  'route_not_found',
  /** A call of an area whose issue is still open: the screen is an honest placeholder. */
  'not_available_yet',
] as const;

export const AUTH_ERROR_KEYS = [
  'invalid_credentials',
  'email_taken',
  'weak_password',
  'two_factor_required',
  'two_factor_invalid_code',
  'two_factor_code_used',
  'two_factor_not_enabled',
  'two_factor_already_enabled',
  'reset_token_invalid',
  'reset_token_expired',
  'password_mismatch',
  'team_code_invalid',
  'team_invite_forbidden',
  'team_member_not_found',
  'team_already_member',
  'team_lead_cannot_leave',
  'billing_access_denied',
  'trial_not_available',
  'onboarding_step_not_in_events',
  'onboarding_step_done',
  'onboarding_step_requirement',
  'bonus_not_available',
  'google_login_unavailable',
  /** An external identity names the e-mail of an existing account: password or e-mailed link first. */
  'identity_link_required',
  'identity_link_invalid',
] as const;

/** Area keys named by document 2 §8 and §5. */
export const AREA_ERROR_KEYS = [
  'save_template_empty_data',
  /** The caller already has a template category of that name (names compared without case). */
  'template_category_exists',
  /** A sending schedule with no enabled day would never send. */
  'schedule_no_days',
  /** A schedule day whose end is not after its start. */
  'schedule_hours_invalid',
  /** The schedule is used by an active or paused campaign, or by a warm-up that is not stopped (they keep sending on it). */
  'schedule_in_use',
  'send_test_email_failed',
  'billing_source',
  'insufficient_balance',
  'list_rename_failed',
  'list_create_failed',
  'list_not_found',
  'lists_fetch_failed',
  'campaigns_list_deleted',
  /** Adding, removing or relinking blocks of a launched (active or paused) campaign: its recipients run that structure. */
  'campaign_structure_locked',
  /** A teammate's campaign the caller may see but not change (only its owner or the team lead may). */
  'campaign_not_editable',
  /** A set-state the campaign's status does not allow (resume an active campaign, start a completed one, …). */
  'campaign_state_invalid',
  'ai_helper_failed',
  'studio_subject_too_long',
  'studio_body_too_long',
  'prospect_name_required',
  'prospect_name_too_long',
  'company_name_required',
  'company_url_invalid',
  'company_name_invalid',
  'company_hq_phone_invalid',
  'filter_too_short',
  'filter_email_invalid',
  'filter_campaign_title_too_short',
  /** Pinning past the pinned notes limit (pinnedNotesLimit, default 5). */
  'notes_pin_limit',
  /** A CSV upload that is empty, not CSV, or without a name column mapped. */
  'import_file_invalid',
  'import_file_too_large',
  'domain_invalid',
  'url_not_allowed',
  /** Technology checker: the site did not answer (not the same as an invalid domain). */
  'site_unreachable',
  /** A social-url upload with no LinkedIn profile link in any row. */
  'social_url_file_invalid',
  /** Campaign recipients (issue 15): a status a user may not give a recipient (bounce, reply…). */
  'recipient_status_not_settable',
  /** Recipients are added to a campaign once it has been launched (before that, its list is the audience). */
  'recipients_campaign_not_launched',
  /** An email attachment over the per-file limit (EMAIL_ATTACHMENT_LIMITS.fileBytesMax, 10 MB). */
  'attachment_too_large',
  /** An email variant's attachments over the per-email limit (25 MB) or count (10 files). */
  'attachments_total_too_large',
] as const;

/** Campaign block checks (document 1 §5, document 2 §8). */
export const CAMPAIGN_BLOCK_ERROR_KEYS = [
  'email_ab_plan_size',
  'email_no_subject',
  'email_no_content',
  'email_subject_too_long',
  'variable_not_exist',
  'dynamic_text_plan',
  'dynamic_text_too_long',
  'linkedin_plan_size',
  'linkedin_no_action_type',
  'linkedin_one_in_flow',
  'linkedin_in_mail_no_subject',
  'linkedin_no_content',
  'linkedin_subject_too_long',
  'linkedin_content_too_long',
  'trigger_incomplete',
  'trigger_not_all_levels',
  'trigger_invalid_levels',
  'delay_no_time',
  'goal_no_name',
  'not_connected_block',
  'looped_flowchart',
  'no_required_blocks',
  'email_wrap_links_plan_size',
] as const;

/** Launch messages of document 2 §8. */
export const CAMPAIGN_LAUNCH_ERROR_KEYS = [
  'launch_choose_prospect_list',
  'launch_choose_not_send_list',
  'launch_no_email_accounts',
  'launch_invalid_email_accounts',
  'launch_no_linkedin_accounts',
  'launch_account_expired',
  'launch_account_deleted',
  'launch_account_need_email_verification',
  'launch_account_need_two_factor',
  'launch_account_lost_connection',
  /** The list, after the step-2 choices, leaves nobody to send to. */
  'launch_no_recipients',
] as const;

/** Enrichment row failure reasons and table forbidden reasons (document 2 §8). */
export const ENRICHMENT_ERROR_KEYS = [
  'row_data_missed',
  'response_timeout_expired',
  'invalid_input_data_format',
  'forbidden_by_export',
  'forbidden_by_enrichment',
  'forbidden_by_import',
  'table_archive_limit',
  'table_limit',
] as const;

/**
 * Email accounts (issue 13): the step of a connection test that failed, OAuth connection, the
 * custom tracking domain. A mailbox's `statusReason` maps onto these (`mailboxReasonErrorKey`).
 */
export const EMAIL_ACCOUNT_ERROR_KEYS = [
  'email_account_exists',
  'email_account_needs_reconnect',
  /** A daily limit above what the caller's plan allows one mailbox (mailboxDailyMax). */
  'mailbox_daily_limit_plan',
  /** The server name does not resolve (DNS step). */
  'mail_dns_failed',
  /** The server name resolves to a private, loopback or otherwise unreachable address. */
  'mail_host_not_allowed',
  'mail_tcp_failed',
  'mail_tls_failed',
  'mail_timeout',
  'mail_smtp_auth_failed',
  'mail_imap_login_failed',
  'mail_imap_select_failed',
  /** The server answered with an error outside the steps above. */
  'mail_server_error',
  /** The stored credentials cannot be decrypted any more (the key changed): connect again. */
  'mail_credentials_unreadable',
  'mail_oauth_unavailable',
  'mail_oauth_failed',
  'tracking_domain_missing',
  'tracking_domain_invalid',
  'tracking_domain_cname_missing',
  'tracking_domain_cname_mismatch',
  /** A pasted DKIM key that is not an unencrypted RSA private key of 1024–4096 bits in PEM. */
  'dkim_key_invalid',
  /** A DKIM check of a mailbox without a DKIM key. */
  'dkim_key_missing',
  /** No TXT record with a DKIM public key at `<selector>._domainkey.<domain>`. */
  'dkim_record_missing',
  /** The published DKIM record carries another public key (or a revoked, empty one). */
  'dkim_record_mismatch',
] as const;

/** Mail engine (issue 13, "Sending"): why a message was not sent at all. */
export const MAIL_ENGINE_ERROR_KEYS = [
  /** The recipient unsubscribed or hard-bounced: on the account's no-send list. */
  'mail_recipient_suppressed',
  /** The sending email account is paused by its owner. */
  'mail_account_paused',
] as const;

/** LinkedIn accounts and the action runner (issue 14). */
export const LINKEDIN_ERROR_KEYS = [
  /** The network refused the sign-in: the e-mail or password is wrong. */
  'linkedin_login_failed',
  /** The session cookie is not (or no longer) a signed-in session. */
  'linkedin_session_invalid',
  /** The custom proxy did not answer. */
  'linkedin_proxy_unreachable',
  /** No built-in proxy serves that country. */
  'linkedin_proxy_country_unavailable',
  /** This LinkedIn member is already connected in the account. */
  'linkedin_account_exists',
  /** Every LinkedIn slot of the plan is in use. */
  'linkedin_slots_exhausted',
  /** A daily limit above what the network tolerates. */
  'linkedin_limit_above_safe',
  /** The verification or two-factor code is wrong. */
  'linkedin_code_invalid',
  /** The code has expired. */
  'linkedin_code_expired',
  /** The account is not waiting for a code. */
  'linkedin_code_not_expected',
  /** Only the team lead may do this with slots. */
  'linkedin_lead_only',
  /** Only a team member (not the lead, not a solo user) requests slots. */
  'linkedin_member_only',
  /** The member already has a pending request. */
  'linkedin_request_pending',
  /** The request was already decided or withdrawn. */
  'linkedin_request_closed',
  /** The LinkedIn account is not connected and active. */
  'linkedin_account_not_active',
  /** Messages go only to 1st-degree connections. */
  'linkedin_not_connected_to_profile',
  /** Today's limit of this action is used up. */
  'linkedin_daily_limit_reached',
  /** The profile is private, removed, or not a profile link (the action cannot be done). */
  'linkedin_profile_unavailable',
  /** The runner stopped while performing the action: whether it happened is unknown, so it is not repeated. */
  'linkedin_action_outcome_unknown',
  /** Invitations wait: as many are pending as the account's connect limit allows. */
  'linkedin_pending_limit_reached',
  /** The action waits for the account's working hours. */
  'linkedin_outside_working_hours',
  /** The network asked to slow down or did not answer; the action is tried again later. */
  'linkedin_network_busy',
] as const;

/** Mailbox and domain form codes (document 2 §8): code → key. */
export const MAILBOX_FORM_CODES = {
  101: 'mailbox_please_add_field',
  103: 'mailbox_too_many_characters',
  109: 'mailbox_format_invalid',
  150: 'mailbox_domain_name_error',
  151: 'mailbox_domain_already_used',
  152: 'mailbox_already_purchased',
  155: 'mailbox_add_some_mailboxes',
  156: 'mailbox_invalid_redirect_domain',
  157: 'mailbox_invalid_username',
  160: 'mailbox_domain_not_available',
  500: 'mailbox_something_went_wrong',
} as const;

export type MailboxFormCode = keyof typeof MAILBOX_FORM_CODES;
export type MailboxErrorKey = (typeof MAILBOX_FORM_CODES)[MailboxFormCode];

/** Warm-up (issue 17): what keeps a mailbox from warming up. */
export const WARMUP_ERROR_KEYS = [
  /** The mailbox has no IMAP server: warm-up cannot read its mail back (placement, rescue, replies). */
  'warmup_imap_required',
  /** A ramp ceiling above what the caller's plan allows (warmupPlanLimits). */
  'warmup_ceiling_plan',
  /** More mailboxes warming up than the caller's plan allows (warmupPlanLimits). */
  'warmup_mailbox_limit_plan',
] as const;

export const ERROR_KEYS = [
  ...GENERIC_ERROR_KEYS,
  ...AUTH_ERROR_KEYS,
  ...AREA_ERROR_KEYS,
  ...CAMPAIGN_BLOCK_ERROR_KEYS,
  ...CAMPAIGN_LAUNCH_ERROR_KEYS,
  ...ENRICHMENT_ERROR_KEYS,
  ...EMAIL_ACCOUNT_ERROR_KEYS,
  ...MAIL_ENGINE_ERROR_KEYS,
  ...LINKEDIN_ERROR_KEYS,
  ...WARMUP_ERROR_KEYS,
  ...(Object.values(MAILBOX_FORM_CODES) as MailboxErrorKey[]),
] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number];
export const errorKeySchema = z.enum(ERROR_KEYS);

/** HTTP status each generic key answers with; area keys default to 422. */
export const ERROR_STATUS: Partial<Record<ErrorKey, number>> = {
  something_went_wrong: 500,
  validation_failed: 400,
  field_required: 400,
  field_invalid: 400,
  field_too_long: 400,
  field_too_short: 400,
  field_unknown: 400,
  malformed_json: 400,
  body_too_large: 413,
  unsupported_media_type: 415,
  not_found: 404,
  list_not_found: 404,
  team_member_not_found: 404,
  method_not_allowed: 405,
  unauthorized: 401,
  session_expired: 401,
  invalid_credentials: 401,
  forbidden: 403,
  csrf_invalid: 403,
  plan_forbidden: 403,
  plan_expired: 403,
  billing_access_denied: 403,
  team_invite_forbidden: 403,
  url_not_allowed: 422,
  rate_limited: 429,
  conflict: 409,
  campaign_structure_locked: 409,
  campaign_state_invalid: 409,
  campaign_not_editable: 403,
  email_taken: 409,
  email_account_exists: 409,
  linkedin_account_exists: 409,
  linkedin_code_not_expected: 409,
  linkedin_lead_only: 403,
  linkedin_member_only: 403,
  linkedin_request_pending: 409,
  linkedin_request_closed: 409,
  linkedin_account_not_active: 409,
  service_unavailable: 503,
  route_not_found: 404,
  not_available_yet: 501,
  import_file_too_large: 413,
  attachment_too_large: 413,
  attachments_total_too_large: 413,
  identity_link_required: 409,
  billing_source: 402,
  insufficient_balance: 402,
};

export function statusForErrorKey(key: ErrorKey): number {
  return ERROR_STATUS[key] ?? 422;
}

/**
 * One error of the envelope. `title` and `description` are already translated by the API into
 * the caller's locale, so the client can show them as document 2 §8 says (title from the list,
 * else "Warning"); `key` lets the client translate again after a language change.
 */
export const apiErrorItemSchema = z.object({
  key: errorKeySchema,
  title: z.string(),
  description: z.string(),
  /** Dotted path of the offending field, for form errors. */
  field: z.string().optional(),
  /** Numeric form code (mailbox form: 101…500). */
  code: z.number().int().optional(),
});
export type ApiErrorItem = z.infer<typeof apiErrorItemSchema>;

/** The error envelope every failing call answers with. */
export const apiErrorEnvelopeSchema = z.object({
  errors: z.array(apiErrorItemSchema),
  /** Retry hint for `rate_limited`, in seconds. */
  retryAfter: z.number().int().optional(),
});
export type ApiErrorEnvelope = z.infer<typeof apiErrorEnvelopeSchema>;

export const SUPPORT_EMAIL = 'support@leadforge.local';
