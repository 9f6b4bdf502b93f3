/**
 * Every value set named in document 1 §3–§5 exists with the spec's exact values, and a sample of
 * each entity parses with the spec's exact field names.
 */
import { PAYMENT_ELEMENT_TYPES, PAYMENT_EVENTS, PAYMENT_METHOD_ORDER } from './constants';
import { BLOCK_TYPES, CAMPAIGN_STATUSES, LINKEDIN_ACTION_TYPES, campaignSchema, campaignStateActionSchema } from './campaigns';
import { currencySchema, dealSchema, funnelSchema } from './crm';
import {
  ADD_OPTIONS,
  ENRICHMENT_SORT_ORDERS,
  OPERATION_STATUSES,
  RESULT_STATUSES,
  ROW_FAILURE_REASONS,
  ROW_STATUSES,
  SELECTION_MODES,
  TABLE_CREATION_MODES,
  TABLE_FORBIDDEN_REASONS,
  TABLE_STATUSES,
  TRANSACTION_KINDS,
  enrichmentBalanceSchema,
  enrichmentColumnSchema,
  enrichmentTableSchema,
} from './enrichment';
import { ENRICHMENT_ERROR_KEYS, ERROR_KEYS } from './errors';
import { MAILBOX_PURCHASE_TABS, checkoutStateSchema, mailboxOrderSchema, paymentEventNameSchema } from './infrastructure';
import { companyListSchema, customFieldGroupSchema, customFieldSchema, prospectListSchema, prospectNoteSchema } from './lists';
import { MOOD_POINT_NAMES, MOOD_TYPES, PROSPECT_DEFAULT_COLUMNS, PROSPECT_TABLE_COLUMNS, prospectSchema } from './prospects';
import {
  INTEREST_LEVELS,
  LINKEDIN_FOLLOW_STATES,
  LINKEDIN_INVITE_REPLY_STATES,
  LINKEDIN_INVITE_STATES,
  LINKEDIN_IN_MAIL_REPLY_STATES,
  LINKEDIN_IN_MAIL_STATES,
  LINKEDIN_LIKE_STATES,
  LINKEDIN_MESSAGE_REPLY_STATES,
  RECIPIENT_FILTER_ONLY_FIELDS,
  RECIPIENT_STATUSES,
  RECIPIENT_TABLE_COLUMNS,
  recipientDisplayStatus,
  recipientSchema,
} from './recipients';
import { campaignCapabilities, campaignPlanTier } from './rules/campaign-plan';
import { blocks, flowchartOf } from './rules/flowchart-factories';
import { LINKEDIN_ACCOUNT_DEFAULTS, connectLinkedinAccountBodySchema, unsafeLinkedinLimits } from './linkedin-accounts';
import { SOCIAL_ACCOUNT_STATES, searchTaskSchema, socialUrlImportSchema } from './social';
import { STUDIO_STAGES, STUDIO_WORKFLOW_STATUSES, emailDraftSchema, studioStageName, studioWorkflowSchema } from './studio';
import { emailTemplateSchema } from './templates';
import {
  FIRST_PARSING_PERIODS,
  UNIBOX_ACCOUNT_STATUSES,
  uniboxAccountSchema,
  uniboxDisplayStatus,
  uniboxFiltersSchema,
} from './unibox';
import { HEALTH_SEVERITY, WARMUP_HEALTH, healthSeverity, warmupEntrySchema } from './warmup';
import { EMAIL_VERIFICATION_STATUSES, isVerificationResolved } from './verification';

const now = '2024-05-01T10:00:00.000Z';

describe('value sets named in the spec', () => {
  it.each([
    [
      'recipient statuses',
      RECIPIENT_STATUSES,
      [
        'active',
        'pause',
        'done',
        'unsubscribe',
        'moved',
        'reply',
        'limit',
        'bounce',
        'areply',
        'oreply',
        'deleted',
        'nosend',
        'locked',
        'tocheck',
        'processing',
      ],
    ],
    ['like', LINKEDIN_LIKE_STATES, ['not_liked', 'scheduled', 'liked']],
    ['follow', LINKEDIN_FOLLOW_STATES, ['not_followed', 'scheduled', 'followed']],
    ['invite', LINKEDIN_INVITE_STATES, ['not_sent', 'scheduled', 'sent', 'accepted']],
    ['invite reply', LINKEDIN_INVITE_REPLY_STATES, ['no_message', 'not_replied', 'replied']],
    ['message reply', LINKEDIN_MESSAGE_REPLY_STATES, ['not_replied', 'replied']],
    ['in-mail', LINKEDIN_IN_MAIL_STATES, ['not_sent', 'scheduled', 'sent']],
    ['in-mail reply', LINKEDIN_IN_MAIL_REPLY_STATES, ['not_replied', 'replied']],
    ['interest levels', INTEREST_LEVELS, ['interested', 'maybe', 'not_interested']],
    ['block types', BLOCK_TYPES, ['start', 'email', 'linkedin', 'trigger', 'delay', 'goal']],
    ['social action types', LINKEDIN_ACTION_TYPES, ['visit', 'like', 'follow', 'invite', 'message', 'in_mail']],
    ['enrichment table statuses', TABLE_STATUSES, ['active', 'archived', 'archiving', 'restoring', 'deleting']],
    ['table creation modes', TABLE_CREATION_MODES, ['blank', 'import_file']],
    ['operation statuses', OPERATION_STATUSES, ['new', 'in_progress', 'completed', 'stopped', 'stopping']],
    ['row statuses', ROW_STATUSES, ['completed', 'queued', 'failed', 'stopped', 'sent']],
    ['result statuses', RESULT_STATUSES, ['completed', 'failed']],
    ['failure reasons', ROW_FAILURE_REASONS, ['row_data_missed', 'response_timeout_expired', 'invalid_input_data_format']],
    [
      'forbidden reasons',
      TABLE_FORBIDDEN_REASONS,
      ['forbidden_by_export', 'forbidden_by_enrichment', 'forbidden_by_import', 'table_archive_limit', 'table_limit'],
    ],
    ['sort orders', ENRICHMENT_SORT_ORDERS, ['ASC', 'DESC']],
    ['selection modes', SELECTION_MODES, ['all', 'range', 'selected']],
    ['add options', ADD_OPTIONS, ['add_new_column', 'add_new_row']],
    ['transaction kinds', TRANSACTION_KINDS, ['all', 'enrichment', 'admin', 'purchase_package']],
    ['studio workflow statuses', STUDIO_WORKFLOW_STATUSES, ['draft', 'completed']],
    ['warm-up health', WARMUP_HEALTH, ['good', 'ok', 'bad']],
    ['mood types', MOOD_TYPES, ['ai', 'manual', 'notSet']],
    ['payment element types', PAYMENT_ELEMENT_TYPES, ['address', 'payment']],
    ['payment methods in order', PAYMENT_METHOD_ORDER, ['card', 'google_pay', 'apple_pay', 'pix', 'wechat_pay', 'alipay']],
    ['payment events', PAYMENT_EVENTS, ['showOrderForm', 'paymentSucceeded', 'subscriptionRenewed', 'paymentProcessing']],
    ['mailbox purchase tabs', MAILBOX_PURCHASE_TABS, ['newDomains', 'yourDomains']],
    ['sync periods', FIRST_PARSING_PERIODS, [3, 30, 90, 180]],
    [
      'prospect columns',
      PROSPECT_TABLE_COLUMNS,
      [
        'check',
        'name',
        'emails',
        'first_name',
        'last_name',
        'industry',
        'company_industry',
        'country',
        'company_country',
        'location',
        'lists',
        'tags',
        'add_date',
        'deals',
        'linkedin',
      ],
    ],
    ['prospect default columns', PROSPECT_DEFAULT_COLUMNS, ['check', 'name', 'emails', 'tags', 'add_date']],
    [
      'recipient columns',
      RECIPIENT_TABLE_COLUMNS,
      [
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
      ],
    ],
    [
      'recipient filter-only fields',
      RECIPIENT_FILTER_ONLY_FIELDS,
      ['flowchart_block', 'goal', 'contacted', 'linkedin_not_reached_profile'],
    ],
  ] as const)('%s', (_name, actual, expected) => {
    expect([...actual]).toEqual([...expected]);
  });

  it.each([
    ['campaign statuses', CAMPAIGN_STATUSES, ['new', 'active', 'pause']],
    [
      'unibox account statuses',
      UNIBOX_ACCOUNT_STATUSES,
      ['active', 'initiation', 'parsing', 'paused', 'error', 'ready', 'started', 'expired', 'cancelled'],
    ],
    [
      'social-network account states',
      SOCIAL_ACCOUNT_STATES,
      ['pending_connection', 'verification_code', 'two_factor_code', 'expired', 'deleted', 'lost_connection'],
    ],
    ['verification statuses', EMAIL_VERIFICATION_STATUSES, ['in_progress', 'greylist']],
  ] as const)('%s include the named values', (_name, actual, named) => {
    expect(actual).toEqual(expect.arrayContaining([...named]));
  });

  it('numbers the studio stages start 1 … completed 6', () => {
    expect(STUDIO_STAGES).toEqual({ start: 1, usp: 2, draft: 3, customize: 4, result: 5, completed: 6 });
    expect(studioStageName(4)).toBe('customize');
  });

  it('names the mood points 0 not set, 1 interested, 2 maybe, 3 not interested', () => {
    expect(MOOD_POINT_NAMES).toEqual({ 0: 'notSet', 1: 'interested', 2: 'maybe', 3: 'notInterested' });
  });

  it('maps warm-up health to severity', () => {
    expect(HEALTH_SEVERITY).toEqual({ good: 'success', ok: 'warning', bad: 'error' });
    expect(WARMUP_HEALTH.map(healthSeverity)).toEqual(['success', 'warning', 'error']);
  });

  it('keeps enrichment reasons in step with the error catalogue', () => {
    expect([...ROW_FAILURE_REASONS, ...TABLE_FORBIDDEN_REASONS]).toEqual([...ENRICHMENT_ERROR_KEYS]);
  });

  it('defaults the set-state call to start', () => {
    expect(campaignStateActionSchema.parse(undefined)).toBe('start');
  });

  it('accepts the payment event names', () => {
    for (const event of PAYMENT_EVENTS) expect(paymentEventNameSchema.parse(event)).toBe(event);
  });
});

describe('display rules', () => {
  it.each([
    ['processing', 'active'],
    ['active', 'active'],
    ['areply', 'areply'],
  ] as const)('recipient %s shows as %s', (status, shown) => {
    expect(recipientDisplayStatus(status)).toBe(shown);
  });

  it.each([
    ['active', 'active'],
    ['initiation', 'active'],
    ['parsing', 'active'],
    ['started', 'active'],
    ['paused', 'paused'],
    ['error', 'error'],
    ['expired', 'expired'],
    ['cancelled', 'cancelled'],
    ['ready', 'ready'],
    [null, 'ready'],
  ] as const)('unibox %s shows as %s', (status, shown) => {
    expect(uniboxDisplayStatus(status)).toBe(shown);
  });

  it.each([
    ['in_progress', false],
    ['greylist', false],
    ['valid', true],
    ['not_valid', true],
  ] as const)('verification %s resolved: %s', (status, resolved) => {
    expect(isVerificationResolved(status)).toBe(resolved);
  });

  it.each([
    [null, 'free'],
    [{ name: 'FREE', isFreePlan: true }, 'free'],
    [{ name: 'TRIAL', isFreePlan: true }, 'starter'],
    [{ name: 'XS', isFreePlan: false }, 'starter'],
    [{ name: 'ZB', isFreePlan: false }, 'paid'],
    [{ name: 'XXL', isFreePlan: false }, 'paid'],
  ] as const)('plan %j is %s for campaigns', (plan, tier) => {
    expect(campaignPlanTier(plan)).toBe(tier);
  });

  it('allows link wrapping on every plan but free', () => {
    expect(campaignCapabilities('free').wrapLinks).toBe(false);
    expect(campaignCapabilities('starter').wrapLinks).toBe(true);
  });
});

describe('entities parse with the spec field names', () => {
  it('prospect', () => {
    const prospect = {
      id: 1,
      encodedId: 'p1',
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      industry: 'Software',
      industryId: 4,
      country: 'United Kingdom',
      countryId: 44,
      locality: 'London',
      logo: null,
      source: 'extension',
      sourcePage: null,
      addDate: now,
      emails: [{ email_id: 1, email: 'ada@acme.com', statusVerifyText: 'valid', tags: ['work'] }],
      phones: [{ phoneId: 2, phone: '+44 20 7946 0958' }],
      companies: [{ entityId: 3, name: 'Acme', url: 'acme.com', position: 'CTO', hqPhone: '' }],
      customFields: [{ id: 4, value: '12', name: 'Seats', type: 'number', isMemberField: false }],
      tags: [{ tagEntityId: 5, id: 6, name: 'hot', type: 'custom' }],
      otherSocials: [{ network: 'x', url: 'https://x.com/ada' }],
      social: 'https://www.linkedin.com/in/ada',
      lists: [{ listId: 7, name: 'Leads', isMemberLists: false }],
      deals: [],
      campaigns: [{ campaignId: 8, title: 'Spring', status: 'active' }],
      mood: { point: 1, type: 'manual' },
      integrations: {
        sentToPipedrive: false,
        pipedriveError: null,
        sentToHubspot: true,
        hubspotError: null,
        hubspotContactUrl: 'https://app.hubspot.com/c/1',
      },
      isGreylisted: false,
      isSearchInProgress: false,
      timezone: 'Europe/London',
      list_id: 7,
      parse_in_progress: false,
    };
    expect(prospectSchema.parse(prospect)).toEqual(prospect);
    expect(prospectSchema.safeParse({ ...prospect, name: 'a'.repeat(252) }).success).toBe(false);
    expect(prospectSchema.safeParse({ ...prospect, mood: { point: 4, type: 'ai' } }).success).toBe(false);
  });

  it('lists, fields, notes', () => {
    expect(prospectListSchema.parse({ id: 1, name: 'Leads', contacts: 3, userId: 2, folders: [4] }).contacts).toBe(3);
    expect(customFieldSchema.parse({ id: 1, name: 'Seats', position: 0, groupId: null }).type).toBe('text');
    expect(customFieldGroupSchema.parse({ id: 1, name: 'Sales', position: 0, fields: [] }).fields).toEqual([]);
    expect(companyListSchema.parse({ id: 1, listName: 'Targets', count: 0 }).listName).toBe('Targets');
    expect(prospectNoteSchema.safeParse({ id: 1, noteText: ' ', pinned: false, createdAt: now, updatedAt: now }).success).toBe(
      false,
    );
  });

  it('campaign with defaults and a flowchart', () => {
    const campaign = campaignSchema.parse({
      campaignId: 1,
      title: 'Spring',
      status: 'new',
      listId: 2,
      schedule: null,
      startAt: { date: '2024-05-01', time: '9:00 AM', timeZone: 'Europe/Kyiv' },
      completeAt: null,
      wrapLinks: false,
      trackOpen: true,
      stopForReply: true,
      sendToAll: false,
      catchAll: false,
      notVerified: false,
      needToCheck: false,
      automaticallyComplete: true,
      providerMatching: false,
      unsubscribeHeader: true,
      skipUsedRecipients: true,
      includeTeamCampaigns: false,
      folder: null,
      dealsSettings: { enabled: false, event: 'replied', pipelineId: null, pipelineStageId: null, potentialValueCurrency: null },
      blacklist: 3,
      includeTags: [],
      excludeTags: [],
      duplicates: { skip: true, includeTeam: false },
      senderEmailAccounts: [4],
      senderLinkedinAccounts: [],
      flowchart: flowchartOf([blocks.start(), blocks.email('e')], [['start', 'e']]),
      ownerId: 5,
      createdAt: now,
    });
    expect(campaign).toMatchObject({
      dailyLimit: -1,
      firstEmailDailyLimit: -1,
      recipientsPriority: -1,
      campaignPriority: -1,
      archivedInMonth: 1,
      dealsSettings: { potentialValue: '100' },
    });
    expect(campaignSchema.shape.startAt.safeParse({ date: '2024-05-01', time: '09:00', timeZone: 'UTC' }).success).toBe(false);
  });

  it('recipient', () => {
    const recipient = {
      id: 1,
      prospectId: 2,
      name: 'Ada',
      email: 'ada@acme.com',
      linkedin_url: 'https://www.linkedin.com/in/ada',
      status: 'processing',
      emailAccountId: 3,
      linkedin_account_id: null,
      sent: 1,
      open: 1,
      click: 0,
      reply: 0,
      linkedin_visit: 0,
      linkedin_like: 'not_liked',
      linkedin_follow: 'scheduled',
      linkedin_invite: 'accepted',
      linkedin_invite_reply: 'no_message',
      linkedin_message: 0,
      linkedin_message_reply: 'not_replied',
      linkedin_in_mail: 'not_sent',
      linkedin_in_mail_reply: 'not_replied',
      interest_level: 'maybe',
      provider: 'gmail',
    };
    expect(recipientSchema.parse(recipient)).toEqual(recipient);
    expect(recipientSchema.safeParse({ ...recipient, linkedin_like: 'liked_twice' }).success).toBe(false);
  });

  it('templates, social, unibox', () => {
    expect(
      emailTemplateSchema.parse({
        categoryId: null,
        templateId: 1,
        templateName: 'Intro',
        templateData: { subject: 'Hi', body: 'Hello', plainTextMode: true, isAiGenerated: false },
      }).templateData.plainTextMode,
    ).toBe(true);
    const connect = connectLinkedinAccountBodySchema.parse({
      login: { method: 'credentials', email: 'Ada@Example.com', password: 'secret' },
      proxy: { kind: 'custom', proxy: { host: 'proxy.local', port: 3128, username: 'u', password: 'p' } },
      timezone: 'Europe/Berlin',
    });
    expect(connect.warmUp).toBe(false);
    expect(connect.login).toEqual({ method: 'credentials', email: 'ada@example.com', password: 'secret' });
    expect(LINKEDIN_ACCOUNT_DEFAULTS.connectLimit).toBe(100);
    expect(unsafeLinkedinLimits({ invite: 41, visit: 80 })).toEqual(['invite']);
    expect(connectLinkedinAccountBodySchema.safeParse({ ...connect, timezone: 'Mars/Olympus' }).success).toBe(false);
    expect(
      searchTaskSchema.parse({
        id: 1,
        url: 'https://www.linkedin.com/search/results/people/?k=cto',
        accountId: 1,
        prospectsListId: 2,
        prospectsTotal: 100,
        isSkipSaved: true,
        isSaveWithoutEmail: false,
        status: 'queued',
        prospectsFound: 0,
        createdAt: now,
      }).status,
    ).toBe('queued');
    expect(
      socialUrlImportSchema.parse({
        id: 1,
        fileName: 'a.csv',
        fileNameOriginal: 'links.csv',
        rowsCount: 10,
        prospectsListId: 2,
        status: 'completed',
        badLinksCount: 1,
        createdAt: now,
      }).rowsCount,
    ).toBe(10);
    const unibox = uniboxAccountSchema.parse({
      id: 1,
      channel: 'email',
      name: 'ada@acme.com',
      unibox: true,
      leadsParsingOnly: false,
    });
    expect(unibox).toMatchObject({ uniboxStatus: 'ready', firstParsingPeriod: 30 });
    expect(uniboxAccountSchema.safeParse({ ...unibox, firstParsingPeriod: 60 }).success).toBe(false);
    expect(
      uniboxFiltersSchema.parse({
        text: 'hi',
        emailAccountIds: [1],
        linkedinAccountIds: [],
        campaignIds: [2],
        leads: true,
        isStarred: false,
      }).leads,
    ).toBe(true);
  });

  it('studio', () => {
    expect(
      studioWorkflowSchema.parse({
        id: 1,
        name: null,
        productId: 2,
        icpId: null,
        stage: 3,
        forceRegenerate: false,
        status: 'draft',
        createdAt: now,
        updatedAt: now,
      }).stage,
    ).toBe(3);
    expect(studioWorkflowSchema.shape.stage.safeParse(7).success).toBe(false);
    const draft = {
      id: 1,
      subject: 'Hi',
      generatedContent: 'Body',
      strategyId: 14,
      styleId: 28,
      userPromptContent: null,
      isSelected: true,
      stage: 5,
    };
    expect(emailDraftSchema.parse(draft)).toEqual(draft);
    expect(emailDraftSchema.safeParse({ ...draft, strategyId: 15 }).success).toBe(false);
    expect(emailDraftSchema.safeParse({ ...draft, styleId: 29 }).success).toBe(false);
    expect(emailDraftSchema.safeParse({ ...draft, subject: 's'.repeat(251) }).success).toBe(false);
  });

  it('enrichment', () => {
    const table = {
      id: 1,
      title: 'Leads',
      archived: false,
      rowsCount: 0,
      updatedAt: now,
      serviceData: { importStartedAt: null },
      status: 'active',
      creationMode: 'blank',
      forbiddenReason: null,
    };
    expect(enrichmentTableSchema.parse(table)).toEqual(table);
    expect(enrichmentTableSchema.safeParse({ ...table, rowsCount: 50_001 }).success).toBe(false);
    expect(
      enrichmentColumnSchema.safeParse({
        id: 1,
        title: 'Email',
        dataType: 'email',
        hidden: false,
        position: 20,
        enrichmentId: null,
      }).success,
    ).toBe(false);
    expect(enrichmentBalanceSchema.parse({ tier: 'starter', balance: 10, reserved: 2 }).reserved).toBe(2);
  });

  it('crm, warm-up, infrastructure', () => {
    expect(currencySchema.parse({ id: 1, code: 'EUR', name: 'Euro', symbol: '€', isBanned: false }).code).toBe('EUR');
    expect(funnelSchema.parse({ id: 1, name: 'Sales', stages: [{ id: 2, name: 'Lead', position: 0 }] }).stages).toHaveLength(1);
    expect(dealSchema.shape.value.safeParse('100.555').success).toBe(false);
    expect(
      warmupEntrySchema.parse({
        id: 1,
        emailAccountId: 2,
        email: 'a@b.co',
        status: 'pending',
        health: 'ok',
        dailyLimit: 20,
        sentToday: 0,
        inboxRate: null,
        scheduleId: null,
        startedAt: null,
      }).health,
    ).toBe('ok');
    expect(
      mailboxOrderSchema.parse({
        domains: [{ name: 'Acme.com', source: 'newDomains', price: '12.00' }],
        mailboxes: [{ firstName: 'Ada', lastName: 'L', username: 'ada', domains: [{ domain: 'acme.com', selected: true }] }],
        redirectDomain: 'acme.io',
      }).domains[0]?.name,
    ).toBe('acme.com');
    expect(
      checkoutStateSchema.parse({
        orderId: 1,
        checkout: { domains: [{ name: 'acme.com', price: '12.00', mailboxes: 2 }], total: '12.00' },
        paymentSucceeded: false,
        hasPaymentMethod: true,
        traceId: 'abc',
      }).traceId,
    ).toBe('abc');
  });

  it('every error key the rules can produce is in the catalogue', () => {
    const ruleKeys = [
      'prospect_name_required',
      'prospect_name_too_long',
      'company_name_required',
      'company_url_invalid',
      'company_name_invalid',
      'company_hq_phone_invalid',
      'filter_too_short',
      'filter_email_invalid',
      'filter_campaign_title_too_short',
      'domain_invalid',
      'save_template_empty_data',
      'studio_subject_too_long',
      'studio_body_too_long',
    ];
    for (const key of ruleKeys) expect(ERROR_KEYS).toContain(key);
  });
});
