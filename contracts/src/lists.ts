/** Prospect lists, folders, custom fields, company lists and notes (document 1 §3 "Lists and fields"). */
import { z } from 'zod';
import { countSchema, recordIdSchema, timestampSchema } from './fields';

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
