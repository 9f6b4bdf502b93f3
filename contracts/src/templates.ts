/** Email templates and their categories (document 1 §3 "Templates", document 2 §7.5). */
import * as z from './zod';
import { EMAIL_CONTENT_MAX, EMAIL_SUBJECT_MAX } from './campaigns';
import { recordIdSchema } from './fields';

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
