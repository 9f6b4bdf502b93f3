/** The prospect entity and its table columns (document 1 §3 "Prospect"). */
import * as z from './zod';
import { PAGE_SIZES, PROSPECT_NAME_MAX, PROSPECTS_DEFAULT_SORT } from './constants';
import { defineRoute, type AnyRoute } from './http';
import { emailVerificationStatusSchema } from './verification';
import { MOOD_POINTS } from './general';
import { dealSchema } from './crm';
import { LINKEDIN_FILTERS, TAGS_FILTER_MODES, companyListSchema, customFieldTypeSchema, listsRoutes, prospectFilterSchema, prospectSelectionSchema } from './lists';
import { countSchema, recordIdSchema, timestampSchema, webUrlSchema } from './fields';

export const prospectNameSchema = z.string().trim().min(1).max(PROSPECT_NAME_MAX);

/** Mood point: 0 not set, 1 interested, 2 maybe, 3 not interested. */
export const moodPointSchema = z.union(
  MOOD_POINTS.map((p) => z.literal(p)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>],
);
export type MoodPoint = z.infer<typeof moodPointSchema>;
export const MOOD_POINT_NAMES = { 0: 'notSet', 1: 'interested', 2: 'maybe', 3: 'notInterested' } as const satisfies Record<
  MoodPoint,
  string
>;
/** Who set the mood. */
export const MOOD_TYPES = ['ai', 'manual', 'notSet'] as const;
export type MoodType = (typeof MOOD_TYPES)[number];

export const prospectMoodSchema = z.object({
  point: moodPointSchema,
  type: z.enum(MOOD_TYPES),
});
export type ProspectMood = z.infer<typeof prospectMoodSchema>;

export const prospectEmailSchema = z.object({
  email_id: recordIdSchema,
  email: z.string().trim().max(254),
  statusVerifyText: z.string().max(100),
  tags: z.array(z.string().max(50)),
});
export type ProspectEmail = z.infer<typeof prospectEmailSchema>;

export const prospectPhoneSchema = z.object({
  phoneId: recordIdSchema,
  phone: z.string().trim().max(50),
});
export type ProspectPhone = z.infer<typeof prospectPhoneSchema>;

export const prospectCompanySchema = z.object({
  /** Null for a company row not saved yet. */
  entityId: recordIdSchema.nullable(),
  name: z.string().trim().max(255),
  url: z.string().trim().max(2048),
  position: z.string().trim().max(255),
  hqPhone: z.string().trim().max(50),
});
export type ProspectCompany = z.infer<typeof prospectCompanySchema>;

export const prospectCustomFieldSchema = z.object({
  id: recordIdSchema,
  value: z.string().max(5_000),
  name: z.string().max(100),
  type: customFieldTypeSchema,
  /** A team member's field: read-only to other team roles (document 1 §6). */
  isMemberField: z.boolean(),
});
export type ProspectCustomField = z.infer<typeof prospectCustomFieldSchema>;

export const prospectTagSchema = z.object({
  /** Link between the tag and this prospect. */
  tagEntityId: recordIdSchema,
  id: recordIdSchema,
  name: z.string().trim().min(1).max(50),
  type: z.string().max(30),
});
export type ProspectTag = z.infer<typeof prospectTagSchema>;

export const prospectSocialLinkSchema = z.object({
  network: z.string().trim().min(1).max(50),
  url: webUrlSchema,
});

export const prospectListRefSchema = z.object({
  listId: recordIdSchema,
  name: z.string().max(255),
  /** The list belongs to another team member. */
  isMemberLists: z.boolean(),
});

export const prospectCampaignRefSchema = z.object({
  campaignId: recordIdSchema,
  title: z.string().max(255),
  status: z.string().max(30),
});

/** The two CRM integrations (Pipedrive and HubSpot) a prospect can be sent to. */
export const prospectIntegrationsSchema = z.object({
  sentToPipedrive: z.boolean(),
  pipedriveError: z.string().nullable(),
  sentToHubspot: z.boolean(),
  hubspotError: z.string().nullable(),
  hubspotContactUrl: webUrlSchema.nullable(),
});

export const prospectSchema = z.object({
  id: recordIdSchema,
  encodedId: z.string().min(1).max(64),
  name: prospectNameSchema,
  firstName: z.string().trim().max(PROSPECT_NAME_MAX).nullable(),
  lastName: z.string().trim().max(PROSPECT_NAME_MAX).nullable(),
  industry: z.string().max(255).nullable(),
  industryId: recordIdSchema.nullable(),
  country: z.string().max(255).nullable(),
  countryId: recordIdSchema.nullable(),
  locality: z.string().max(255).nullable(),
  logo: webUrlSchema.nullable(),
  source: z.string().max(100),
  sourcePage: z.string().max(2048).nullable(),
  addDate: timestampSchema,
  emails: z.array(prospectEmailSchema),
  phones: z.array(prospectPhoneSchema),
  companies: z.array(prospectCompanySchema),
  customFields: z.array(prospectCustomFieldSchema),
  tags: z.array(prospectTagSchema),
  otherSocials: z.array(prospectSocialLinkSchema),
  /** The professional-network profile URL. */
  social: webUrlSchema.nullable(),
  lists: z.array(prospectListRefSchema),
  deals: z.array(dealSchema),
  campaigns: z.array(prospectCampaignRefSchema),
  mood: prospectMoodSchema,
  integrations: prospectIntegrationsSchema,
  isGreylisted: z.boolean(),
  isSearchInProgress: z.boolean(),
  timezone: z.string().max(64).nullable(),
  list_id: recordIdSchema.nullable(),
  parse_in_progress: z.boolean(),
});
export type Prospect = z.infer<typeof prospectSchema>;

export const PROSPECT_TABLE_COLUMNS = [
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
] as const;
export type ProspectTableColumn = (typeof PROSPECT_TABLE_COLUMNS)[number];
export const PROSPECT_DEFAULT_COLUMNS = [
  'check',
  'name',
  'emails',
  'tags',
  'add_date',
] as const satisfies readonly ProspectTableColumn[];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** One column of the saved layout (custom-field columns use `custom_<fieldId>`). */
export const prospectColumnSettingSchema = z.object({
  key: z.union([z.enum(PROSPECT_TABLE_COLUMNS), z.string().regex(/^custom_\d+$/)]),
  active: z.boolean(),
  position: z.number().int().nonnegative(),
  width: z.number().int().min(40).max(2000).nullable(),
});

export const prospectColumnsSettingsSchema = z.object({
  columns: z.array(prospectColumnSettingSchema),
  sort: z.object({ field: z.string().max(64), order: z.enum(SORT_DIRECTIONS) }),
  /** Account the layout belongs to and when it was saved: both drive the reconciliation of document 1 §4. */
  accountId: recordIdSchema,
  savedAt: timestampSchema,
});
export type ProspectColumnsSettings = z.infer<typeof prospectColumnsSettingsSchema>;

/** Without-email count is -1 while the server is still counting (document 1 §4). */
export const withoutEmailCountSchema = z.union([z.literal(-1), countSchema]);


// ---------------------------------------------------------------------------------------------
// Calls of document 2 §7.4 (prospects, tags, columns, search, import/export).
// ---------------------------------------------------------------------------------------------

/** Columns the prospects table may sort by (keyset-indexed: add_date; the others sort a page). */
export const PROSPECT_SORT_FIELDS = ['add_date', 'name', 'first_name', 'last_name', 'country', 'industry', 'location'] as const;
export type ProspectSortField = (typeof PROSPECT_SORT_FIELDS)[number];


export const listProspectsBodySchema = z
  .object({
    /** Null (or absent) for All contacts. */
    listId: recordIdSchema.nullable().default(null),
    /** A team member whose records to show (lead and view-all members only). */
    filterUserId: recordIdSchema.nullable().default(null),
    page: z.number().int().min(1).max(100_000).default(1),
    perPage: z.number().int().min(1).max(500).default(PAGE_SIZES.prospects),
    sort: z
      .array(z.object({ field: z.enum(PROSPECT_SORT_FIELDS), order: z.enum(SORT_DIRECTIONS) }).strict())
      .max(3)
      .default([{ ...PROSPECTS_DEFAULT_SORT }]),
    filter: prospectFilterSchema.default({ emailStatus: [], tags: [], tagsFilter: 'any', duplicates: false, lists: [], linkedin: null }),
    isSearchRequest: z.boolean().default(false),
  })
  .strict();
export type ListProspectsBody = z.input<typeof listProspectsBodySchema>;

/** The email of a table row: addresses of a limited viewer carry no status or tags. */
export const prospectRowEmailSchema = prospectEmailSchema.extend({ status: emailVerificationStatusSchema });

export const viewerClassSchema = z.enum(['own', 'teamLead', 'viewAllTeamRecords', 'viewOnlyOwnRecordsOnTeam', 'foreign', 'new']);

/** One row of the prospects table (document 1 §3 columns); hidden elements are absent. */
export const prospectRowSchema = z.object({
  id: recordIdSchema,
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  industry: z.string().nullable(),
  country: z.string().nullable(),
  location: z.string().nullable(),
  company: z.string().nullable(),
  company_industry: z.string().nullable(),
  company_country: z.string().nullable(),
  emails: z.array(prospectRowEmailSchema),
  lists: z.array(prospectListRefSchema),
  tags: z.array(prospectTagSchema),
  add_date: timestampSchema,
  /** Absent when the viewer may not see deals. */
  deals: countSchema.optional(),
  linkedin: z.string().nullable(),
  customFields: z.record(z.string(), z.string()),
  ownerUserId: recordIdSchema,
  viewerClass: viewerClassSchema,
  isDuplicate: z.boolean(),
});
export type ProspectRow = z.infer<typeof prospectRowSchema>;

export const listProspectsResponseSchema = z.object({
  contacts: z.array(prospectRowSchema),
  /** Exact without filters; with filters exact up to the requested page + PROSPECTS_FILTERED_COUNT_LOOKAHEAD. */
  prospectsCount: countSchema,
  /** True when more prospects match than prospectsCount says (a filtered count stopped early): show "N+". */
  prospectsCountCapped: z.boolean().optional(),
  listId: recordIdSchema.nullable(),
  linkedinInfo: z.object({ withLinkedin: countSchema, withoutLinkedin: countSchema }),
  relatedCampaigns: z.array(prospectCampaignRefSchema),
  canExport: z.boolean(),
  showOptions: z.object({ canEdit: z.boolean(), canDelete: z.boolean(), canVerify: z.boolean(), canTag: z.boolean() }),
  otherInfo: z.object({ tagCreateProcess: z.object({ id: z.string(), status: z.enum(['in_progress', 'done']) }).nullable() }),
  currentProspectList: z.object({ id: recordIdSchema, name: z.string(), userId: recordIdSchema, isMemberList: z.boolean() }).nullable(),
  duplicatesCount: countSchema,
  export: z.object({ inProgress: z.boolean(), downloadedAt: timestampSchema.nullable() }),
  import: z.object({ inProgress: z.boolean(), importId: z.string().nullable() }),
  notFound: z.boolean(),
});
export type ListProspectsResponse = z.infer<typeof listProspectsResponseSchema>;

export const listProspects = defineRoute({
  id: 'prospects.listProspects',
  method: 'POST',
  path: '/prospects/list-prospects',
  body: listProspectsBodySchema,
  response: listProspectsResponseSchema,
  errors: ['list_not_found', 'filter_too_short', 'expired'],
  summary: 'A page of a list (or of All contacts) with filters and sort; 50 per page sorted add_date desc by default.',
});

const prospectIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();
const infoParams = z
  .object({
    prospectId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    listId: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  })
  .strict();

/** Access of each element of the prospect to this viewer (document 1 §6), so the UI renders the same cells. */
export const prospectAccessMapSchema = z.record(z.string(), z.enum(['edit', 'view', 'limited', 'hidden']));

/** The single-prospect view: the entity with hidden elements left out and the viewer's access map. */
export const prospectInfoSchema = prospectSchema
  .omit({ phones: true, deals: true, customFields: true, mood: true, emails: true })
  .extend({
    emails: z.array(prospectEmailSchema.extend({ status: emailVerificationStatusSchema })),
    phones: z.array(prospectPhoneSchema).optional(),
    deals: z.array(dealSchema).optional(),
    customFields: z.array(prospectCustomFieldSchema).optional(),
    mood: prospectMoodSchema.optional(),
    viewerClass: viewerClassSchema,
    access: prospectAccessMapSchema,
    ownerUserId: recordIdSchema,
    duplicates: z.array(z.object({ id: recordIdSchema, name: z.string(), reason: z.enum(['email', 'social', 'name_company']) })).optional(),
  });
export type ProspectInfo = z.infer<typeof prospectInfoSchema>;

/** An edit of a prospect: every element optional; empty phone/email/custom values remove them. */
export const prospectEditSchema = z
  .object({
    name: z.string().max(1_000).optional(),
    firstName: z.string().max(1_000).nullable().optional(),
    lastName: z.string().max(1_000).nullable().optional(),
    industryId: recordIdSchema.nullable().optional(),
    industry: z.string().max(255).nullable().optional(),
    countryId: recordIdSchema.nullable().optional(),
    locality: z.string().max(255).nullable().optional(),
    social: z.string().max(2048).nullable().optional(),
    otherSocials: z.array(z.object({ network: z.string().trim().min(1).max(50), url: z.string().max(2048) })).max(20).optional(),
    emails: z.array(z.object({ email_id: recordIdSchema.nullable().optional(), email: z.string().max(254) }).strict()).max(50).optional(),
    phones: z.array(z.object({ phoneId: recordIdSchema.nullable().optional(), phone: z.string().max(50) }).strict()).max(50).optional(),
    companies: z
      .array(
        z
          .object({
            entityId: recordIdSchema.nullable().optional(),
            name: z.string().max(1_000).nullable().optional(),
            url: z.string().max(2048).nullable().optional(),
            position: z.string().max(255).nullable().optional(),
            hqPhone: z.string().max(50).nullable().optional(),
          })
          .strict(),
      )
      .max(20)
      .optional(),
    customFields: z.array(z.object({ id: recordIdSchema, value: z.string().max(5_000).nullable() }).strict()).max(200).optional(),
    timezone: z.string().max(64).nullable().optional(),
  })
  .strict();
export type ProspectEdit = z.infer<typeof prospectEditSchema>;

const editErrors = [
  'prospect_name_required',
  'prospect_name_too_long',
  'company_name_required',
  'company_url_invalid',
  'company_name_invalid',
  'company_hq_phone_invalid',
  'field_invalid',
  'forbidden',
  'not_found',
  'list_not_found',
] as const;

export const prospectInfo = defineRoute({
  id: 'prospects.prospectInfo',
  method: 'GET',
  path: '/prospects-new/info/:prospectId/:listId',
  params: infoParams,
  response: prospectInfoSchema,
  errors: ['not_found'],
  summary: 'The single-prospect view (list id 0 from All contacts), hidden elements left out for this viewer.',
});

export const prospectAdd = defineRoute({
  id: 'prospects.prospectAdd',
  method: 'POST',
  path: '/prospects-new/add',
  body: prospectEditSchema.extend({ name: z.string().max(1_000), listId: recordIdSchema }).strict(),
  response: prospectInfoSchema,
  errors: [...editErrors],
  summary: 'Creates a prospect in a list (viewer class new: every element editable).',
});

export const prospectUpdate = defineRoute({
  id: 'prospects.prospectUpdate',
  method: 'POST',
  path: '/prospects-new/update/:prospectId/:listId',
  params: infoParams,
  body: prospectEditSchema,
  response: prospectInfoSchema,
  errors: [...editErrors],
  summary: 'Saves an edit with every rule of document 1 §5; elements the viewer may not edit are refused.',
});

export const prospectPut = defineRoute({
  id: 'prospects.prospectPut',
  method: 'PUT',
  path: '/prospects/:id',
  params: prospectIdParams,
  body: prospectEditSchema,
  response: prospectInfoSchema,
  errors: [...editErrors],
  summary: 'The same edit as prospects-new/update, addressed by the prospect id only.',
});

export const prospectLists = defineRoute({
  id: 'prospects.prospectLists',
  method: 'GET',
  path: '/prospects/:id/lists',
  params: prospectIdParams,
  response: z.object({ lists: z.array(prospectListRefSchema) }),
  errors: ['not_found'],
  summary: 'The lists a prospect is in (that the viewer may see).',
});

export const prospectTimeline = defineRoute({
  id: 'prospects.timeline',
  method: 'POST',
  path: '/prospects/timeline',
  body: z.object({ prospectId: recordIdSchema, page: z.number().int().min(1).max(10_000).default(1), perPage: z.number().int().min(1).max(100).default(20) }).strict(),
  response: z.object({
    items: z.array(z.object({ id: recordIdSchema, kind: z.string(), details: z.record(z.string(), z.unknown()), userId: recordIdSchema.nullable(), createdAt: timestampSchema })),
    total: countSchema,
  }),
  errors: ['not_found'],
  summary: 'What happened to a prospect, newest first.',
});

export const countryIndustryLists = defineRoute({
  id: 'prospects.countryIndustryLists',
  method: 'GET',
  path: '/prospects/country-industry-lists',
  response: z.object({
    countries: z.array(z.object({ id: recordIdSchema, name: z.string() })),
    industries: z.array(z.object({ id: recordIdSchema, name: z.string() })),
  }),
  summary: 'Countries and industries a prospect is saved with (by id); cached 36,000,000 ms by the client.',
});

export const checkWithoutEmails = defineRoute({
  id: 'prospects.checkWithoutEmails',
  method: 'POST',
  path: '/prospects/check-without-emails',
  body: z.object({ listId: recordIdSchema.nullable() }).strict(),
  response: z.object({ count: withoutEmailCountSchema }),
  errors: ['list_not_found'],
  summary: 'Prospects without an email; -1 while counting (the client polls every 8 s).',
});

export const updateCheckEmails = defineRoute({
  id: 'prospects.updateCheckEmails',
  method: 'POST',
  path: '/prospects/updateCheckEmails',
  body: z
    .object({
      /** Up to BULK ids (10,000), as the other bulk calls; the page's rows are re-polled with the same call. */
      ids: z.array(recordIdSchema).min(1).max(10_000).optional(),
      /**
       * Instead of ids: queue the never-verified emails of every prospect matching a table filter
       * (the answer then lists no prospects; the client polls the rows it shows with ids).
       */
      selection: prospectSelectionSchema.optional(),
    })
    .strict()
    .refine((body) => (body.ids === undefined) !== (body.selection === undefined), { path: ['selection'] }),
  response: z.object({
    prospects: z.array(z.object({ id: recordIdSchema, emails: z.array(z.object({ email_id: recordIdSchema, email: z.string(), status: emailVerificationStatusSchema, statusVerifyText: z.string() })) })),
    unresolved: countSchema,
  }),
  summary: 'The newest verification status of these prospects’ emails (re-polled every 10 s while in_progress or greylist).',
});

// Tags ------------------------------------------------------------------------------------------

export const customTagSchema = z.object({ id: recordIdSchema, name: z.string().min(1).max(50), type: z.string().max(30), count: countSchema });

export const getCustomTags = defineRoute({
  id: 'prospects.getCustomTags',
  method: 'GET',
  path: '/user-tags/get-custom-tags',
  response: z.object({ tags: z.array(customTagSchema) }),
  summary: 'The caller’s tags (cached 7,200,000 ms by the client).',
});

export const listTags = defineRoute({
  id: 'prospects.listTags',
  method: 'GET',
  path: '/prospects/list-prospects/:listId/tags',
  params: z.object({ listId: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }).strict(),
  response: z.object({ tags: z.array(customTagSchema) }),
  errors: ['list_not_found'],
  summary: 'Tags used in a list (0 = All contacts) with their counts there.',
});

export const tagCreateStatusSchema = z.object({ id: z.string(), status: z.enum(['in_progress', 'done']), processed: countSchema, total: countSchema });

export const tagsCheckCreate = defineRoute({
  id: 'prospects.tagsCheckCreate',
  method: 'POST',
  path: '/prospect-tags/check-create',
  body: z.object({ entityId: z.string().min(1).max(64), type: z.enum(['prospect', 'list']).default('prospect') }).strict(),
  response: tagCreateStatusSchema,
  errors: ['not_found'],
  summary: 'State of a tagging process started by prospect-tags/save (polled every 10 s; the list reloads when done).',
});

export const tagsSave = defineRoute({
  id: 'prospects.tagsSave',
  method: 'POST',
  path: '/prospect-tags/save',
  body: z
    .object({
      tags: z.array(z.string().trim().min(1).max(50)).min(1).max(20),
      /**
       * Prospect ids, all prospects of a list (processed in the background), or a selection by
       * filter (at once when small, else in the background like a whole list).
       */
      prospects: z.union([
        z.array(recordIdSchema).min(1).max(10_000),
        z.object({ listId: recordIdSchema.nullable() }).strict(),
        z.object({ selection: prospectSelectionSchema }).strict(),
      ]),
    })
    .strict(),
  response: z.object({ tags: z.array(customTagSchema), process: tagCreateStatusSchema }),
  errors: ['list_not_found', 'forbidden'],
  summary: 'Creates the tags if new and tags the prospects; the returned process is polled with check-create.',
});

export const tagsDelete = defineRoute({
  id: 'prospects.tagsDelete',
  method: 'DELETE',
  path: '/prospect-tags/delete',
  body: z.object({ tagId: recordIdSchema, prospects: z.array(recordIdSchema).max(10_000).optional() }).strict(),
  response: z.object({ removed: countSchema }),
  errors: ['not_found'],
  summary: 'Takes a tag off these prospects, or deletes the tag altogether without prospects.',
});

// Columns and options ---------------------------------------------------------------------------

export const columnsSettingsGet = defineRoute({
  id: 'prospects.columnsSettingsGet',
  method: 'GET',
  path: '/prospects/columnsSettings',
  response: z.object({ settings: prospectColumnsSettingsSchema.nullable(), defaults: prospectColumnsSettingsSchema }),
  summary: 'The saved table layout (null if none) and the server defaults it is reconciled with (document 1 §4).',
});

export const columnsSettingsSave = defineRoute({
  id: 'prospects.columnsSettingsSave',
  method: 'POST',
  path: '/prospects/columnsSettings',
  body: z.object({ columns: z.array(prospectColumnSettingSchema).max(200), sort: prospectColumnsSettingsSchema.shape.sort }).strict(),
  response: prospectColumnsSettingsSchema,
  summary: 'Saves the table layout of the caller.',
});

export const searchProspectEmailsOptions = defineRoute({
  id: 'prospects.searchProspectEmailsOptions',
  method: 'GET',
  path: '/search-prospect-emails/get-options',
  response: z.object({
    emailStatuses: z.array(z.string()),
    sortFields: z.array(z.enum(PROSPECT_SORT_FIELDS)),
    tagsFilterModes: z.array(z.enum(TAGS_FILTER_MODES)),
    linkedinFilters: z.array(z.enum(LINKEDIN_FILTERS)),
    perPage: z.number().int().positive(),
  }),
  summary: 'Filter options of the prospects table (cached 6,000,000 ms by the client).',
});

// Global search ---------------------------------------------------------------------------------

/** Filters of the global search (/lists/new-search, /prospects/search); rules of document 1 §5. */
export const globalSearchFiltersSchema = z
  .object({
    prospect_name: z.string().max(PROSPECT_NAME_MAX).optional(),
    company_name: z.string().max(255).optional(),
    company_url: z.string().max(2048).optional(),
    email: z.string().max(254).optional(),
    campaign_title: z.string().max(255).optional(),
    position: z.string().max(255).optional(),
    country: z.string().max(255).optional(),
    location: z.string().max(255).optional(),
    industry: z.string().max(255).optional(),
    tags: z.array(recordIdSchema).max(100).optional(),
  })
  .strict();
export type GlobalSearchFilters = z.infer<typeof globalSearchFiltersSchema>;

export const globalSearchBodySchema = z
  .object({
    filters: globalSearchFiltersSchema,
    page: z.number().int().min(1).max(10_000).default(1),
    perPage: z.number().int().min(1).max(500).default(PAGE_SIZES.prospects),
  })
  .strict();

export const globalSearchResponseSchema = z.object({
  contacts: z.array(prospectRowSchema),
  prospectsCount: countSchema,
  searchId: recordIdSchema.nullable(),
});

const searchErrors = ['filter_too_short', 'filter_email_invalid', 'filter_campaign_title_too_short'] as const;

export const listsNewSearch = defineRoute({
  id: 'prospects.listsNewSearch',
  method: 'POST',
  path: '/lists/new-search',
  body: globalSearchBodySchema,
  response: globalSearchResponseSchema,
  errors: [...searchErrors],
  summary: 'Starts a global search (saved in the last searches) and answers its first page.',
});

export const prospectsSearch = defineRoute({
  id: 'prospects.search',
  method: 'POST',
  path: '/prospects/search',
  body: globalSearchBodySchema,
  response: globalSearchResponseSchema,
  errors: [...searchErrors],
  summary: 'A page of a global search across every prospect the caller may see.',
});

export const searchLastSearches = defineRoute({
  id: 'prospects.searchLastSearches',
  method: 'POST',
  path: '/prospects/search/get-last-searches',
  body: z.object({ limit: z.number().int().min(1).max(50).default(10) }).strict(),
  response: z.object({ searches: z.array(z.object({ id: recordIdSchema, filters: globalSearchFiltersSchema, resultsCount: countSchema, createdAt: timestampSchema })) }),
  summary: 'The caller’s last global searches, newest first.',
});

export const searchAddToList = defineRoute({
  id: 'prospects.searchAddToList',
  method: 'POST',
  path: '/prospects/search/add-to-list',
  body: z
    .object({
      listId: recordIdSchema,
      /** Chosen rows, or every match of these filters. */
      ids: z.array(recordIdSchema).max(10_000).optional(),
      filters: globalSearchFiltersSchema.optional(),
    })
    .strict(),
  response: z.object({ added: countSchema }),
  errors: ['list_not_found', ...searchErrors],
  summary: 'Copies search results (chosen or all matching, own records only) into a list.',
});

// Import and export -----------------------------------------------------------------------------

/** Prospect fields a CSV column can be mapped to (`custom_<id>` for custom fields). */
export const IMPORT_TARGET_FIELDS = [
  'name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'company_url',
  'position',
  'industry',
  'country',
  'location',
  'linkedin',
  'tags',
] as const;
export const importTargetSchema = z.union([z.enum(IMPORT_TARGET_FIELDS), z.string().regex(/^custom_\d{1,12}$/)]);
export const DUPLICATE_POLICIES = ['skip', 'update', 'add'] as const;
export type DuplicatePolicy = (typeof DUPLICATE_POLICIES)[number];
/** Size of one upload chunk of the CSV text: under the JSON body limit once escaped. */
export const IMPORT_CHUNK_CHARS = 400_000;
/**
 * Largest CSV file one import takes (UTF-8 bytes, all chunks together): about 750,000 rows of a
 * usual prospects export, far above the 100,000-row files people bring, and small enough that
 * the stored upload and the import job stay modest.
 */
export const IMPORT_MAX_FILE_BYTES = 50 * 1024 * 1024;

export const importUploadChunk = defineRoute({
  id: 'prospects.importUploadChunk',
  method: 'POST',
  path: '/prospects/import/upload',
  body: z
    .object({
      /** Absent on the first chunk: the answer gives the id the next chunks carry. */
      importId: z.string().uuid().optional(),
      listId: recordIdSchema,
      fileName: z.string().trim().min(1).max(255).optional(),
      chunk: z.string().max(IMPORT_CHUNK_CHARS),
      /** The chunk's position, from 0; the file is reassembled in this order. */
      index: z.number().int().nonnegative().max(100_000),
    })
    .strict(),
  response: z.object({ importId: z.string().uuid(), received: countSchema }),
  errors: ['list_not_found', 'not_found', 'conflict', 'import_file_too_large'],
  summary: 'Uploads a CSV file in chunks (large files do not fit one JSON body); a file over IMPORT_MAX_FILE_BYTES is refused and its chunks deleted.',
});

export const importRowRejectionSchema = z.object({ row: countSchema, reason: z.string(), field: z.string().nullable() });

export const checkUpload = defineRoute({
  id: 'prospects.checkUpload',
  method: 'GET',
  path: '/prospects/checkUpload/:importId',
  params: z.object({ importId: z.string().uuid() }).strict(),
  response: z.object({
    importId: z.string().uuid(),
    listId: recordIdSchema,
    status: z.enum(['uploaded', 'queued', 'running', 'completed', 'failed']),
    headers: z.array(z.string()),
    preview: z.array(z.array(z.string())),
    suggestedMapping: z.record(z.string(), importTargetSchema.nullable()),
    totalRows: countSchema,
    processed: countSchema,
    imported: countSchema,
    updated: countSchema,
    skipped: countSchema,
    rejected: z.array(importRowRejectionSchema),
    rejectedCount: countSchema,
  }),
  errors: ['not_found', 'import_file_invalid'],
  summary: 'The uploaded file: headers, a preview, a suggested mapping; then the progress and the report of rejected rows.',
});

export const saveCsv = defineRoute({
  id: 'prospects.saveCsv',
  method: 'POST',
  path: '/prospects/save/csv/:importId',
  params: z.object({ importId: z.string().uuid() }).strict(),
  body: z
    .object({
      /** CSV header → prospect field (null = ignore the column). */
      mapping: z.record(z.string().max(255), importTargetSchema.nullable()),
      duplicatePolicy: z.enum(DUPLICATE_POLICIES).default('skip'),
    })
    .strict(),
  response: z.object({ importId: z.string().uuid(), status: z.enum(['queued', 'running', 'completed', 'failed']) }),
  errors: ['not_found', 'import_file_invalid', 'conflict'],
  summary: 'Starts the import job with a mapping and a duplicate policy; progress is pushed as prospect.imported.',
});

export const markListDownloaded = defineRoute({
  id: 'prospects.markListDownloaded',
  method: 'POST',
  path: '/prospects/mark-list-downloaded/:id',
  params: prospectIdParams,
  response: z.object({ downloadedAt: timestampSchema }),
  errors: ['list_not_found'],
  summary: 'Records that a list was exported.',
});

export const exportCsv = defineRoute({
  id: 'prospects.exportCsv',
  method: 'POST',
  path: '/prospects/export/csv',
  body: z
    .object({
      listId: recordIdSchema.nullable(),
      ids: z.array(recordIdSchema).max(100_000).optional(),
      /** Instead of ids: the prospects matching a table filter (selection.listId = listId). */
      selection: prospectSelectionSchema.optional(),
    })
    .strict()
    .refine((body) => body.ids === undefined || body.selection === undefined, { path: ['selection'] }),
  response: z.unknown(),
  responseKind: 'file',
  errors: ['list_not_found'],
  summary: 'CSV of a list, of chosen prospects or of a selection by filter; cells starting with = + - @ get a leading apostrophe.',
});

// Companies -------------------------------------------------------------------------------------

export const companyRowSchema = z.object({
  id: recordIdSchema,
  companyName: z.string(),
  url: z.string().nullable(),
  domain: z.string().nullable(),
  industry: z.string().nullable(),
  country: z.string().nullable(),
  size: z.string().nullable(),
  logo: z.string().nullable(),
  hqPhone: z.string().nullable(),
  prospectsCount: countSchema,
  lists: z.array(z.object({ id: recordIdSchema, listName: z.string() })),
  addDate: timestampSchema,
});
export type CompanyRow = z.infer<typeof companyRowSchema>;

export const companiesWithLogo = defineRoute({
  id: 'prospects.companiesWithLogo',
  method: 'POST',
  path: '/search/companiesWithLogo',
  body: z.object({ query: z.string().trim().max(255) }).strict(),
  response: z.object({ companies: z.array(z.object({ id: recordIdSchema, name: z.string(), domain: z.string().nullable(), logo: z.string().nullable() })) }),
  errors: ['filter_too_short'],
  summary: 'Companies of the caller whose name or domain starts with the query, with logos (for company pickers).',
});

export const companiesOverview = defineRoute({
  id: 'prospects.companiesOverview',
  method: 'GET',
  path: '/companies/overview/:id',
  params: prospectIdParams,
  response: companyRowSchema.extend({ prospects: z.array(z.object({ id: recordIdSchema, name: z.string(), position: z.string().nullable() })) }),
  errors: ['not_found'],
  summary: 'A company with its prospects.',
});

export const companyListsGet = defineRoute({
  id: 'prospects.companyListsGet',
  method: 'GET',
  path: '/companies/lists',
  response: z.object({ lists: z.array(companyListSchema) }),
  summary: 'The caller’s company lists.',
});

export const companiesGetAll = defineRoute({
  id: 'prospects.companiesGetAll',
  method: 'POST',
  path: '/companies/get-all',
  body: z
    .object({
      listId: recordIdSchema.nullable().default(null),
      page: z.number().int().min(1).max(100_000).default(1),
      limit: z.number().int().min(1).max(500).default(PAGE_SIZES.companyTable),
      query: z.string().trim().max(255).optional(),
    })
    .strict(),
  response: z.object({ companies: z.array(companyRowSchema), total: countSchema }),
  errors: ['list_not_found'],
  summary: 'The company table (50 per page), of a company list or of every company.',
});

export const companiesGetHistory = defineRoute({
  id: 'prospects.companiesGetHistory',
  method: 'POST',
  path: '/companies/get-history',
  body: z
    .object({
      page: z.number().int().min(1).max(10_000).default(1),
      limit: z.number().int().min(1).max(200).default(PAGE_SIZES.companyTable),
      /** Only the entries of this company list (its listId, or a move from or to it). */
      listId: recordIdSchema.optional(),
    })
    .strict(),
  response: z.object({ items: z.array(z.object({ id: recordIdSchema, action: z.string(), details: z.record(z.string(), z.unknown()), createdAt: timestampSchema })), total: countSchema }),
  summary: 'What the caller did with companies and company lists (or with one list), newest first.',
});

export const companiesMove = defineRoute({
  id: 'prospects.companiesMove',
  method: 'POST',
  path: '/companies/move',
  body: z.object({ items: z.array(recordIdSchema).min(1).max(10_000), moveFrom: recordIdSchema, moveTo: recordIdSchema }).strict(),
  response: z.object({ moved: countSchema }),
  errors: ['list_not_found'],
  summary: 'Moves companies between company lists.',
});

export const companiesDelete = defineRoute({
  id: 'prospects.companiesDelete',
  method: 'POST',
  path: '/companies/delete',
  body: z
    .object({
      /** Take them out of every list (true) or only out of listId. */
      allList: z.boolean().default(false),
      type: z.enum(['company']).default('company'),
      items: z.array(recordIdSchema).min(1).max(10_000),
      listId: recordIdSchema.optional(),
    })
    .strict(),
  response: z.object({ removed: countSchema }),
  errors: ['list_not_found'],
  summary: 'Deletes companies, or takes them out of one list.',
});

export const companiesExport = defineRoute({
  id: 'prospects.companiesExport',
  method: 'GET',
  path: '/companies/export/:id',
  params: prospectIdParams,
  response: z.unknown(),
  responseKind: 'file',
  errors: ['list_not_found'],
  summary: 'CSV of a company list (formula-injection escaped).',
});

export const addCompanyToList = defineRoute({
  id: 'prospects.addCompanyToList',
  method: 'POST',
  path: '/lists/add-company-to-list',
  body: z
    .object({
      listId: recordIdSchema,
      /** Existing companies, or a new one by name and url. */
      items: z.array(recordIdSchema).max(10_000).optional(),
      company: z.object({ name: z.string().trim().min(1).max(255), url: z.string().trim().max(2048).optional() }).strict().optional(),
    })
    .strict(),
  response: z.object({ added: countSchema }),
  errors: ['list_not_found', 'company_url_invalid', 'company_name_invalid'],
  summary: 'Adds companies to a company list.',
});

export const checkUserPayments = defineRoute({
  id: 'prospects.checkUserPayments',
  method: 'GET',
  path: '/checkUserPayments',
  response: z.object({ hasPayments: z.boolean(), canExport: z.boolean() }),
  summary: 'Whether the caller has paid (company export is for paying users and trials).',
});

/**
 * Prospects, lists, folders, tags, custom fields, notes and companies calls of §7.4; issue 5.
 * Only calls whose handler exists are listed (a declared route without a handler stops the API).
 */
export const prospectsRoutes = {
  ...listsRoutes,
  listProspects,
  prospectInfo,
  prospectAdd,
  prospectUpdate,
  prospectPut,
  prospectLists,
  prospectTimeline,
  countryIndustryLists,
  checkWithoutEmails,
  updateCheckEmails,
  getCustomTags,
  listTags,
  tagsCheckCreate,
  tagsSave,
  tagsDelete,
  columnsSettingsGet,
  columnsSettingsSave,
  searchProspectEmailsOptions,
  listsNewSearch,
  prospectsSearch,
  searchLastSearches,
  searchAddToList,
  importUploadChunk,
  checkUpload,
  saveCsv,
  markListDownloaded,
  exportCsv,
  companiesWithLogo,
  companiesOverview,
  companyListsGet,
  companiesGetAll,
  companiesGetHistory,
  companiesMove,
  companiesDelete,
  companiesExport,
  addCompanyToList,
  checkUserPayments,
} as const satisfies Record<string, AnyRoute>;
