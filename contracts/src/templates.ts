/** Email templates and their categories (document 1 §3 "Templates", document 2 §7.5). */
import * as z from './zod';
import { EMAIL_CONTENT_MAX, EMAIL_SUBJECT_MAX } from './campaigns';
import { idParamsSchema, idSchema, isoDateTimeSchema, okResponseSchema } from './common';
import { countSchema, recordIdSchema } from './fields';
import { defineRoute } from './http';

export const TEMPLATE_NAME_MAX = 255;

export const templateDataSchema = z.object({
  subject: z.string().max(EMAIL_SUBJECT_MAX),
  body: z.string().max(EMAIL_CONTENT_MAX),
  plainTextMode: z.boolean(),
  isAiGenerated: z.boolean(),
});
export type TemplateData = z.infer<typeof templateDataSchema>;

export const emailTemplateSchema = z.object({
  categoryId: recordIdSchema.nullable(),
  templateId: recordIdSchema,
  templateName: z.string().trim().min(1).max(TEMPLATE_NAME_MAX),
  templateData: templateDataSchema,
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const templateCategorySchema = z.object({
  id: recordIdSchema,
  name: z.string().trim().min(1).max(100),
});
export type TemplateCategory = z.infer<typeof templateCategorySchema>;

// ------------------------------------------------------------------ calls (document 2 §7.5, §7.6)

/** A template as the list answers it: with its category's name (null when uncategorised). */
export const emailTemplateItemSchema = emailTemplateSchema.extend({
  categoryName: z.string().nullable(),
  updatedAt: isoDateTimeSchema,
});
export type EmailTemplateItem = z.infer<typeof emailTemplateItemSchema>;

export const templateCategoryItemSchema = templateCategorySchema.extend({ templatesCount: countSchema });
export type TemplateCategoryItem = z.infer<typeof templateCategoryItemSchema>;

export const TEMPLATE_SEARCH_MAX = 100;

export const templateListQuerySchema = z
  .object({
    /** Only this category's templates; `none`: only those without a category. */
    categoryId: z.union([z.literal('none'), idSchema]).optional(),
    /** Words of the name or the subject (without case). */
    search: z.string().trim().max(TEMPLATE_SEARCH_MAX).optional(),
  })
  .strict();
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;

/**
 * What a save carries. Subject and body may arrive empty: the service answers
 * `save_template_empty_data` (a 422 the editor shows), not a bare 400, and checks again after
 * sanitising (a body of only a script is empty once cleaned).
 */
export const templateDataBodySchema = templateDataSchema.extend({
  plainTextMode: z.boolean().default(false),
  isAiGenerated: z.boolean().default(false),
});

export const addTemplateBodySchema = z
  .object({
    categoryId: recordIdSchema.nullable().default(null),
    templateName: z.string().trim().min(1).max(TEMPLATE_NAME_MAX),
    templateData: templateDataBodySchema,
  })
  .strict();
export type AddTemplateBody = z.input<typeof addTemplateBodySchema>;

export const editTemplateBodySchema = addTemplateBodySchema.extend({ templateId: recordIdSchema }).strict();
export type EditTemplateBody = z.input<typeof editTemplateBodySchema>;

export const TEMPLATE_CATEGORY_NAME_MAX = 100;
export const addTemplateCategoryBodySchema = z.object({ name: z.string().trim().min(1).max(TEMPLATE_CATEGORY_NAME_MAX) }).strict();
export const editTemplateCategoryBodySchema = addTemplateCategoryBodySchema.extend({ id: recordIdSchema }).strict();

const templateResponseSchema = z.object({ template: emailTemplateItemSchema });
const categoryResponseSchema = z.object({ category: templateCategoryItemSchema });

export const templatesRoutes = {
  listTemplates: defineRoute({
    id: 'templates.list',
    method: 'GET',
    path: '/pipelines/api/templates',
    query: templateListQuerySchema,
    response: z.object({ items: z.array(emailTemplateItemSchema) }),
    summary: 'The caller’s email templates with their category, newest change first; filtered by category or words of the name or subject',
  }),
  listTemplateCategories: defineRoute({
    id: 'templates.categories',
    method: 'GET',
    path: '/pipelines/api/templates/categories',
    response: z.object({ items: z.array(templateCategoryItemSchema), uncategorisedCount: countSchema }),
    summary: 'The caller’s template categories by name, each with its number of templates',
  }),
  addTemplate: defineRoute({
    id: 'templates.add',
    method: 'POST',
    path: '/templates/add',
    body: addTemplateBodySchema,
    response: templateResponseSchema,
    errors: ['save_template_empty_data', 'not_found'],
    summary: 'Saves a new template (subject and body required, both sanitised)',
  }),
  editTemplate: defineRoute({
    id: 'templates.edit',
    method: 'POST',
    path: '/templates/edit',
    body: editTemplateBodySchema,
    response: templateResponseSchema,
    errors: ['save_template_empty_data', 'not_found'],
    summary: 'Changes a template’s name, category, subject, body or mode (subject and body required, both sanitised)',
  }),
  deleteTemplate: defineRoute({
    id: 'templates.delete',
    method: 'DELETE',
    path: '/templates/delete/:id',
    params: idParamsSchema,
    response: okResponseSchema,
    errors: ['not_found'],
    summary: 'Deletes a template (campaign emails made from it keep their own copy of the text)',
  }),
  addTemplateCategory: defineRoute({
    id: 'templates.addCategory',
    method: 'POST',
    path: '/templates/add-category',
    body: addTemplateCategoryBodySchema,
    response: categoryResponseSchema,
    errors: ['template_category_exists'],
    summary: 'Adds a template category',
  }),
  editTemplateCategory: defineRoute({
    id: 'templates.editCategory',
    method: 'POST',
    path: '/templates/edit-category',
    body: editTemplateCategoryBodySchema,
    response: categoryResponseSchema,
    errors: ['template_category_exists', 'not_found'],
    summary: 'Renames a template category',
  }),
  deleteTemplateCategory: defineRoute({
    id: 'templates.deleteCategory',
    method: 'DELETE',
    path: '/templates/delete-category/:id',
    params: idParamsSchema,
    response: okResponseSchema,
    errors: ['not_found'],
    summary: 'Deletes a template category; its templates stay, uncategorised',
  }),
};
