/** Prospect lists, folders, custom fields, company lists and notes (document 1 §3 "Lists and fields"). */
import * as z from './zod';
import { countSchema, recordIdSchema, timestampSchema } from './fields';
import { PAGE_SIZES, PROSPECT_NAME_MAX } from './constants';
import { defineRoute, type AnyRoute } from './http';
import { emailVerificationStatusSchema } from './verification';

export const LIST_NAME_MAX = 255;
export const FOLDER_NAME_MAX = 255;
export const CUSTOM_FIELD_NAME_MAX = 100;
export const NOTE_TEXT_MAX = 10_000;

/** Kinds of list the /lists calls act on (`type` in their payloads). */
export const LIST_TYPES = ['prospect', 'company'] as const;
export type ListType = (typeof LIST_TYPES)[number];

export const listNameSchema = z.string().trim().min(1).max(LIST_NAME_MAX);

export const prospectListSchema = z.object({
  id: recordIdSchema,
  name: listNameSchema,
  /** Number of prospects in the list. */
  contacts: countSchema,
  /** Owner of the list. */
  userId: recordIdSchema,
  /** Folders the list is filed in. */
  folders: z.array(recordIdSchema),
});
export type ProspectList = z.infer<typeof prospectListSchema>;

export const listFolderSchema = z.object({
  id: recordIdSchema,
  name: z.string().trim().min(1).max(FOLDER_NAME_MAX),
  position: z.number().int().nonnegative(),
});
export type ListFolder = z.infer<typeof listFolderSchema>;

/** Custom field types; `text` is the default (document 1 §3). */
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'url'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const customFieldTypeSchema = z.enum(CUSTOM_FIELD_TYPES);
export const DEFAULT_CUSTOM_FIELD_TYPE: CustomFieldType = 'text';

export const customFieldSchema = z.object({
  id: recordIdSchema,
  name: z.string().trim().min(1).max(CUSTOM_FIELD_NAME_MAX),
  type: customFieldTypeSchema.default(DEFAULT_CUSTOM_FIELD_TYPE),
  position: z.number().int().nonnegative(),
  groupId: recordIdSchema.nullable(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

export const customFieldGroupSchema = z.object({
  id: recordIdSchema,
  name: z.string().trim().min(1).max(CUSTOM_FIELD_NAME_MAX),
  position: z.number().int().nonnegative(),
  fields: z.array(customFieldSchema),
});
export type CustomFieldGroup = z.infer<typeof customFieldGroupSchema>;

export const companyListSchema = z.object({
  id: recordIdSchema,
  listName: listNameSchema,
  count: countSchema,
  /** Folders the list is filed in (/folders/list/move files company lists as well as prospect lists). */
  folders: z.array(recordIdSchema).optional(),
});
export type CompanyList = z.infer<typeof companyListSchema>;

export const companySchema = z.object({
  id: recordIdSchema,
  companyName: z.string().trim().min(1).max(255),
});
export type Company = z.infer<typeof companySchema>;

export const prospectNoteSchema = z.object({
  id: recordIdSchema,
  noteText: z.string().trim().min(1).max(NOTE_TEXT_MAX),
  pinned: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type ProspectNote = z.infer<typeof prospectNoteSchema>;

// ---------------------------------------------------------------------------------------------
// Requests, responses and calls of document 2 §7.4 for lists, folders, custom fields, notes and
// companies. They are spread into `prospectsRoutes` (prospects.ts), the one export of the area.
// ---------------------------------------------------------------------------------------------

/** A list as the sidebar shows it: the entity plus its owner and whether it is a teammate's. */
export const prospectListSummarySchema = prospectListSchema.extend({
  ownerName: z.string().max(255),
  isMemberList: z.boolean(),
  createdAt: timestampSchema,
  deletedAt: timestampSchema.nullable(),
});
export type ProspectListSummary = z.infer<typeof prospectListSummarySchema>;

export const listFolderWithListsSchema = listFolderSchema.extend({ lists: z.array(recordIdSchema) });

/** Team filter of the lists sidebar: 'all' (team), 'me' (own lists only) or a member's user id. */
export const listTeamFilterSchema = z.union([z.enum(['all', 'me']), z.string().regex(/^\d{1,15}$/)]);
export type ListTeamFilter = z.infer<typeof listTeamFilterSchema>;

export const teamFilterOptionSchema = z.object({ value: listTeamFilterSchema, label: z.string().max(255) });

export const listsOverviewSchema = z.object({
  lists: z.array(prospectListSummarySchema),
  folders: z.array(listFolderWithListsSchema),
  deletedLists: z.array(prospectListSummarySchema),
  allContactsCount: countSchema,
  teamFilterOptions: z.array(teamFilterOptionSchema),
});

export const listRefSchema = z.object({ id: recordIdSchema, name: listNameSchema, contacts: countSchema });

const listTypeSchema = z.enum(LIST_TYPES);
const ids = (max = 10_000) => z.array(recordIdSchema).max(max);

/** How the tags filter combines several tags. */
export const TAGS_FILTER_MODES = ['any', 'all', 'none'] as const;
export const LINKEDIN_FILTERS = ['with', 'without'] as const;

/**
 * A filtered prospects count stops this many rows past the requested page: counting every match
 * of a filter over a huge list costs a scan, and the table only needs to know the next pages
 * exist. The answer then carries `prospectsCountCapped` and shows the count as "N+".
 */
export const PROSPECTS_FILTERED_COUNT_LOOKAHEAD = 10_000;

export const prospectFilterSchema = z
  .object({
    emailStatus: z.array(emailVerificationStatusSchema.or(z.literal('no_email'))).max(10).default([]),
    tags: z.array(recordIdSchema).max(100).default([]),
    tagsFilter: z.enum(TAGS_FILTER_MODES).default('any'),
    /** Only prospects that have a duplicate (same email, social URL or name + company). */
    duplicates: z.boolean().default(false),
    /** Only prospects that are also in one of these lists. */
    lists: z.array(recordIdSchema).max(100).default([]),
    linkedin: z.enum(LINKEDIN_FILTERS).nullable().default(null),
    /** Name search inside the list (1 character is an error, as in global search). */
    name: z.string().trim().max(PROSPECT_NAME_MAX).optional(),
  })
  .strict();
export type ProspectFilter = z.infer<typeof prospectFilterSchema>;

/**
 * "All matching" for the bulk actions (move, copy to a list, tag, delete, verify, export): every
 * prospect of a list (or of All contacts) matching the table's filter, minus the rows the user
 * unticked. The server resolves it with one set-based statement (a job for large tagging), and
 * acts only on the prospects the caller owns, as with ids. Declared here (not in prospects.ts)
 * because the /lists calls take it too.
 */
export const prospectSelectionSchema = z
  .object({
    listId: recordIdSchema.nullable(),
    /** All contacts of this team member (as list-prospects' filterUserId); only own prospects are ever changed. */
    filterUserId: recordIdSchema.nullable().default(null),
    filter: prospectFilterSchema.default({ emailStatus: [], tags: [], tagsFilter: 'any', duplicates: false, lists: [], linkedin: null }),
    excludeIds: z.array(recordIdSchema).max(10_000).default([]),
  })
  .strict();
export type ProspectSelection = z.input<typeof prospectSelectionSchema>;

/** Ids, or a selection by filter: exactly one of the two. */
const oneSubject = (idsKey: string) => (body: Record<string, unknown>) => (body[idsKey] === undefined) !== (body['selection'] === undefined);

export const getListsInfo = defineRoute({
  id: 'prospects.getListsInfo',
  method: 'POST',
  path: '/prospects/get-lists-info',
  body: z
    .object({
      count: z.number().int().min(1).max(100).default(PAGE_SIZES.prospectLists),
      lastId: recordIdSchema.nullable().optional(),
      keyword: z.string().trim().max(LIST_NAME_MAX).optional(),
      requiredId: recordIdSchema.nullable().optional(),
      excludedId: recordIdSchema.nullable().optional(),
    })
    .strict(),
  response: z.object({ lists: z.array(listRefSchema), lastId: recordIdSchema.nullable(), hasMore: z.boolean() }),
  summary: 'A page of the caller’s prospect lists for pickers (keyset by lastId, keyword filter, one required id first).',
});

export const getLists = defineRoute({
  id: 'prospects.getLists',
  method: 'GET',
  path: '/prospects/lists',
  query: z.object({ id: listTeamFilterSchema.optional() }).strict(),
  response: listsOverviewSchema,
  errors: ['lists_fetch_failed'],
  summary: 'The lists sidebar: lists, folders, deleted lists, the All contacts count and the team filter options.',
});

export const listsAdd = defineRoute({
  id: 'prospects.listsAdd',
  method: 'POST',
  path: '/lists/add',
  body: z.object({ type: listTypeSchema.default('prospect'), name: listNameSchema }).strict(),
  response: listRefSchema,
  errors: ['list_create_failed'],
  summary: 'Creates a prospect or company list.',
});

export const listsAddProspectToList = defineRoute({
  id: 'prospects.listsAddProspectToList',
  method: 'POST',
  path: '/lists/add-prospect-to-list',
  body: z
    .object({
      itemId: z.union([recordIdSchema, ids(10_000)]).optional(),
      /** Instead of itemId: every prospect matching a table filter (prospect lists only). */
      selection: prospectSelectionSchema.optional(),
      listId: recordIdSchema,
      type: listTypeSchema.default('prospect'),
    })
    .strict()
    .refine(oneSubject('itemId'), { path: ['selection'] }),
  response: z.object({ added: countSchema }),
  errors: ['list_not_found'],
  summary: 'Copies prospects (or companies) into a list: ids, or a selection by filter.',
});

export const listsEdit = defineRoute({
  id: 'prospects.listsEdit',
  method: 'PUT',
  path: '/lists/edit',
  body: z.object({ newName: listNameSchema, listId: recordIdSchema, type: listTypeSchema.default('prospect') }).strict(),
  response: listRefSchema,
  errors: ['list_rename_failed', 'list_not_found'],
  summary: 'Renames a list.',
});

export const listsMove = defineRoute({
  id: 'prospects.listsMove',
  method: 'POST',
  path: '/lists/move',
  body: z
    .object({
      items: ids().optional(),
      /** Instead of items: every prospect of moveFrom matching a table filter (selection.listId = moveFrom). */
      selection: prospectSelectionSchema.optional(),
      moveFrom: recordIdSchema,
      moveTo: recordIdSchema,
      type: listTypeSchema.default('prospect'),
      listNameOld: z.string().max(LIST_NAME_MAX).optional(),
    })
    .strict()
    .refine(oneSubject('items'), { path: ['selection'] }),
  response: z.object({ moved: countSchema }),
  errors: ['list_not_found'],
  summary: 'Moves prospects from one list to another: ids, or a selection by filter.',
});

export const listsRemoveItems = defineRoute({
  id: 'prospects.listsRemoveItems',
  method: 'DELETE',
  path: '/lists/remove-items',
  body: z
    .object({
      items: ids().optional(),
      /** Instead of items: every prospect matching a table filter (prospects only). */
      selection: prospectSelectionSchema.optional(),
      type: listTypeSchema.default('prospect'),
      /** The list to take them out of; without it they leave every list and are deleted. */
      listId: recordIdSchema.optional(),
      deleteRecipients: z.boolean().default(false),
    })
    .strict()
    .refine(oneSubject('items'), { path: ['selection'] }),
  response: z.object({ removed: countSchema }),
  errors: ['list_not_found'],
  summary: 'Removes prospects from a list, or deletes them: ids, or a selection by filter.',
});

export const listsEmailStats = defineRoute({
  id: 'prospects.listsEmailStats',
  method: 'POST',
  path: '/lists/emailStats',
  body: z.object({ id: recordIdSchema, perPage: z.number().int().min(1).max(500).default(PAGE_SIZES.prospects) }).strict(),
  response: z.object({
    total: countSchema,
    withEmail: countSchema,
    withoutEmail: countSchema,
    byStatus: z.record(z.string(), countSchema),
    pages: countSchema,
  }),
  errors: ['list_not_found'],
  summary: 'Email counts of a list by verification status.',
});

export const listsCheckUsageInCampaigns = defineRoute({
  id: 'prospects.listsCheckUsageInCampaigns',
  method: 'POST',
  path: '/lists/check-usage-in-campaigns',
  body: z.object({ listIds: ids(1_000) }).strict(),
  response: z.object({ usage: z.array(z.object({ listId: recordIdSchema, campaigns: z.array(z.object({ id: recordIdSchema, title: z.string() })) })) }),
  summary:
    'Campaigns the caller may see that use each list as their prospect list or no-send list (asked before deleting a list); one entry per asked list, in the order asked.',
});

export const listsDelete = defineRoute({
  id: 'prospects.listsDelete',
  method: 'DELETE',
  path: '/lists',
  aliases: [{ method: 'DELETE', path: '/lists/remove' }],
  body: z.object({ id: recordIdSchema, type: listTypeSchema.default('prospect'), deleteRecipients: z.boolean().default(false) }).strict(),
  response: z.object({ ok: z.literal(true) }),
  errors: ['list_not_found'],
  summary: 'Moves a list to the deleted lists (restorable); with deleteRecipients its prospects go too.',
});

export const listsDefaultName = defineRoute({
  id: 'prospects.listsDefaultName',
  method: 'POST',
  path: '/lists/default-list-name',
  body: z.object({ type: listTypeSchema.default('prospect') }).strict(),
  response: z.object({ name: listNameSchema }),
  summary: 'A free default name for a new list ("My list 3").',
});

export const listsRestore = defineRoute({
  id: 'prospects.listsRestore',
  method: 'POST',
  path: '/lists/restore',
  body: z.object({ id: recordIdSchema }).strict(),
  response: listRefSchema,
  errors: ['list_not_found'],
  summary: 'Restores a deleted list.',
});

export const listsDeleteWithoutSave = defineRoute({
  id: 'prospects.listsDeleteWithoutSave',
  method: 'DELETE',
  path: '/lists/delete-without-save',
  body: z.object({ id: recordIdSchema }).strict(),
  response: z.object({ ok: z.literal(true) }),
  errors: ['list_not_found'],
  summary: 'Deletes a list for good, with the prospects that are in no other list.',
});

export const listsSearch = defineRoute({
  id: 'prospects.listsSearch',
  method: 'POST',
  path: '/lists/search',
  body: z.object({ query: z.string().trim().max(LIST_NAME_MAX), type: listTypeSchema.default('prospect') }).strict(),
  response: z.object({ lists: z.array(listRefSchema) }),
  summary: 'Lists whose name contains the query.',
});

export const foldersList = defineRoute({
  id: 'prospects.foldersList',
  method: 'GET',
  path: '/folders/list',
  response: z.object({ folders: z.array(listFolderWithListsSchema) }),
  summary: 'The caller’s folders with the lists filed in them, by position.',
});

const folderNameSchema = z.string().trim().min(1).max(FOLDER_NAME_MAX);

export const foldersCreate = defineRoute({
  id: 'prospects.foldersCreate',
  method: 'POST',
  path: '/folders',
  body: z.object({ name: folderNameSchema }).strict(),
  response: listFolderWithListsSchema,
  summary: 'Creates a folder at the end.',
});

export const foldersRename = defineRoute({
  id: 'prospects.foldersRename',
  method: 'PUT',
  path: '/folders',
  body: z.object({ name: folderNameSchema, id: recordIdSchema }).strict(),
  response: listFolderWithListsSchema,
  summary: 'Renames a folder.',
});

export const foldersDelete = defineRoute({
  id: 'prospects.foldersDelete',
  method: 'DELETE',
  path: '/folders/:id',
  params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict(),
  response: z.object({ ok: z.literal(true) }),
  summary: 'Deletes a folder (its lists stay).',
});

export const foldersMove = defineRoute({
  id: 'prospects.foldersMove',
  method: 'POST',
  path: '/folders/move',
  body: z.object({ id: recordIdSchema, position: z.number().int().nonnegative().max(10_000) }).strict(),
  response: z.object({ folders: z.array(listFolderWithListsSchema) }),
  summary: 'Reorders folders: puts one at a position and renumbers the others.',
});

export const foldersListMove = defineRoute({
  id: 'prospects.foldersListMove',
  method: 'POST',
  path: '/folders/list/move',
  body: z.object({ listId: recordIdSchema, folderId: recordIdSchema.nullable(), fromFolderId: recordIdSchema.nullable().optional() }).strict(),
  response: z.object({ folders: z.array(listFolderWithListsSchema) }),
  errors: ['list_not_found'],
  summary: 'Files a list into a folder (or takes it out with folderId null).',
});

// Custom fields ---------------------------------------------------------------------------------

export const customFieldGroupsGet = defineRoute({
  id: 'prospects.customFieldGroupsGet',
  method: 'GET',
  path: '/user-field-groups',
  response: z.object({ groups: z.array(customFieldGroupSchema), ungrouped: z.array(customFieldSchema) }),
  summary: 'Custom field groups with their fields by position, and the fields in no group.',
});

export const customFieldGroupsSave = defineRoute({
  id: 'prospects.customFieldGroupsSave',
  method: 'POST',
  path: '/user-field-groups',
  body: z
    .object({
      id: recordIdSchema.optional(),
      name: z.string().trim().min(1).max(CUSTOM_FIELD_NAME_MAX),
      position: z.number().int().nonnegative().max(10_000).optional(),
    })
    .strict(),
  response: customFieldGroupSchema,
  summary: 'Creates a group, or renames / moves one with id.',
});

const numericParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();

export const customFieldGroupsDelete = defineRoute({
  id: 'prospects.customFieldGroupsDelete',
  method: 'DELETE',
  path: '/user-field-groups/:id',
  params: numericParams,
  response: z.object({ ok: z.literal(true) }),
  summary: 'Deletes a group; its fields stay, ungrouped.',
});

export const customFieldsCreate = defineRoute({
  id: 'prospects.customFieldsCreate',
  method: 'POST',
  path: '/user/custom-fields',
  body: z
    .object({
      name: z.string().trim().min(1).max(CUSTOM_FIELD_NAME_MAX),
      type: customFieldTypeSchema.default(DEFAULT_CUSTOM_FIELD_TYPE),
      position: z.number().int().nonnegative().max(10_000).optional(),
      groupId: recordIdSchema.nullable().optional(),
    })
    .strict(),
  response: customFieldSchema,
  errors: ['conflict'],
  summary: 'Creates a custom field (text by default).',
});

export const customFieldsUpdate = defineRoute({
  id: 'prospects.customFieldsUpdate',
  method: 'PATCH',
  path: '/user/custom-fields/:id',
  params: numericParams,
  body: z
    .object({
      name: z.string().trim().min(1).max(CUSTOM_FIELD_NAME_MAX).optional(),
      type: customFieldTypeSchema.optional(),
      position: z.number().int().nonnegative().max(10_000).optional(),
      groupId: recordIdSchema.nullable().optional(),
    })
    .strict(),
  response: customFieldSchema,
  errors: ['conflict'],
  summary: 'Renames, retypes, moves or regroups a custom field.',
});

export const customFieldsDelete = defineRoute({
  id: 'prospects.customFieldsDelete',
  method: 'DELETE',
  path: '/user/custom-fields/:id',
  params: numericParams,
  response: z.object({ ok: z.literal(true) }),
  summary: 'Deletes a custom field and its values.',
});

// Notes -----------------------------------------------------------------------------------------

const noteParams = z
  .object({
    listId: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    prospectId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  })
  .strict();
const noteIdParams = noteParams.extend({ noteId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();
const noteBody = z.object({ noteText: z.string().trim().min(1).max(NOTE_TEXT_MAX) }).strict();

export const notesList = defineRoute({
  id: 'prospects.notesList',
  method: 'GET',
  path: '/lists/:listId/prospects/:prospectId/notes',
  params: noteParams,
  response: z.object({ notes: z.array(prospectNoteSchema) }),
  errors: ['not_found'],
  summary: 'Notes of a prospect, pinned first, newest first.',
});

export const notesCreate = defineRoute({
  id: 'prospects.notesCreate',
  method: 'POST',
  path: '/lists/:listId/prospects/:prospectId/notes',
  params: noteParams,
  body: noteBody,
  response: prospectNoteSchema,
  errors: ['not_found'],
  summary: 'Adds a note (list id 0 when the prospect is opened from All contacts).',
});

export const notesUpdate = defineRoute({
  id: 'prospects.notesUpdate',
  method: 'PUT',
  path: '/lists/:listId/prospects/:prospectId/notes/:noteId',
  params: noteIdParams,
  body: noteBody,
  response: prospectNoteSchema,
  errors: ['not_found'],
  summary: 'Edits a note.',
});

export const notesDelete = defineRoute({
  id: 'prospects.notesDelete',
  method: 'DELETE',
  path: '/lists/:listId/prospects/:prospectId/notes/:noteId',
  params: noteIdParams,
  response: z.object({ ok: z.literal(true) }),
  errors: ['not_found'],
  summary: 'Deletes a note.',
});

export const notesPinned = defineRoute({
  id: 'prospects.notesPinned',
  method: 'GET',
  path: '/lists/:listId/prospects/:prospectId/notes/pinned',
  params: noteParams,
  response: z.object({ notes: z.array(prospectNoteSchema), pinnedNotesLimit: z.number().int().positive() }),
  errors: ['not_found'],
  summary: 'Pinned notes and the pin limit (default 5).',
});

export const notesPin = defineRoute({
  id: 'prospects.notesPin',
  method: 'POST',
  path: '/lists/:listId/prospects/:prospectId/notes/:noteId/pin',
  params: noteIdParams,
  response: prospectNoteSchema,
  errors: ['not_found', 'notes_pin_limit'],
  summary: 'Pins a note; refused past the pinned notes limit.',
});

export const notesUnpin = defineRoute({
  id: 'prospects.notesUnpin',
  method: 'DELETE',
  path: '/lists/:listId/prospects/:prospectId/notes/:noteId/pin',
  params: noteIdParams,
  response: prospectNoteSchema,
  errors: ['not_found'],
  summary: 'Unpins a note.',
});

/** The list, folder, custom field and note calls of §7.4 (spread into `prospectsRoutes`). */
export const listsRoutes = {
  getListsInfo,
  getLists,
  listsAdd,
  listsAddProspectToList,
  listsEdit,
  listsMove,
  listsRemoveItems,
  listsEmailStats,
  listsCheckUsageInCampaigns,
  listsDelete,
  listsDefaultName,
  listsRestore,
  listsDeleteWithoutSave,
  listsSearch,
  foldersList,
  foldersCreate,
  foldersRename,
  foldersDelete,
  foldersMove,
  foldersListMove,
  customFieldGroupsGet,
  customFieldGroupsSave,
  customFieldGroupsDelete,
  customFieldsCreate,
  customFieldsUpdate,
  customFieldsDelete,
  notesList,
  notesCreate,
  notesUpdate,
  notesDelete,
  notesPinned,
  notesPin,
  notesUnpin,
} as const satisfies Record<string, AnyRoute>;
