/** The prospect entity and its table columns (document 1 §3 "Prospect"). */
import { z } from 'zod';
import type { AnyRoute } from './http';
import { PROSPECT_NAME_MAX } from './constants';
import { MOOD_POINTS } from './general';
import { dealSchema } from './crm';
import { customFieldTypeSchema } from './lists';
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

/** Prospects, lists, folders, tags, custom fields, notes and companies calls of §7.4; issue 5. */
export const prospectsRoutes = {} as const satisfies Record<string, AnyRoute>;
