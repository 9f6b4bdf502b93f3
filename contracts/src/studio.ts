/** AI studio entities (document 1 §3 "AI studio", §4 stages). */
import * as z from './zod';
import { STUDIO, STUDIO_LIMIT_TYPES } from './constants';
import { countSchema, recordIdSchema, timestampSchema } from './fields';

/** Stage names and their numbers: start 1 … completed 6. */
export const STUDIO_STAGES = {
  start: 1,
  usp: 2,
  draft: 3,
  customize: 4,
  result: 5,
  completed: 6,
} as const;
export type StudioStageName = keyof typeof STUDIO_STAGES;
export type StudioStage = (typeof STUDIO_STAGES)[StudioStageName];
export const STUDIO_STAGE_NAMES = Object.keys(STUDIO_STAGES) as StudioStageName[];
export const studioStageSchema = z.union(
  Object.values(STUDIO_STAGES).map((n) => z.literal(n)) as [
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<4>,
    z.ZodLiteral<5>,
    z.ZodLiteral<6>,
  ],
);

export function studioStageName(stage: StudioStage): StudioStageName {
  return STUDIO_STAGE_NAMES.find((name) => STUDIO_STAGES[name] === stage) as StudioStageName;
}

export const STUDIO_WORKFLOW_STATUSES = ['draft', 'completed'] as const;
export type StudioWorkflowStatus = (typeof STUDIO_WORKFLOW_STATUSES)[number];

/** Studio lists sort by these. */
export const STUDIO_SORT_FIELDS = ['product', 'icp', 'status', 'date'] as const;

export const studioWorkflowSchema = z.object({
  id: recordIdSchema,
  name: z.string().trim().max(255).nullable(),
  productId: recordIdSchema.nullable(),
  icpId: recordIdSchema.nullable(),
  stage: studioStageSchema,
  forceRegenerate: z.boolean(),
  status: z.enum(STUDIO_WORKFLOW_STATUSES),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type StudioWorkflow = z.infer<typeof studioWorkflowSchema>;

const longText = z.string().trim().max(5_000);

/** Company (product) profile. */
export const companyProfileSchema = z.object({
  id: recordIdSchema,
  productName: z.string().trim().min(1).max(255),
  companyName: z.string().trim().min(1).max(255),
  companyDescription: longText,
  productDescription: longText,
  features: longText,
  benefits: longText,
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

export const idealClientProfileSchema = z.object({
  id: recordIdSchema,
  productId: recordIdSchema,
  name: z.string().trim().min(1).max(255),
  industry: z.string().trim().max(255),
  location: z.string().trim().max(255),
  position: z.string().trim().max(255),
  companySize: z.string().trim().max(100),
  painPoints: longText,
  additionalInfo: longText,
  /** Written by the AI rather than by hand. */
  isGenerated: z.boolean(),
});
export type IdealClientProfile = z.infer<typeof idealClientProfileSchema>;

export const uniqueSalePointSchema = z.object({
  id: recordIdSchema,
  title: z.string().trim().min(1).max(255),
  content: longText,
  isSelected: z.boolean(),
});
export type UniqueSalePoint = z.infer<typeof uniqueSalePointSchema>;

export const strategyIdSchema = z.number().int().min(1).max(STUDIO.strategies);
export const styleIdSchema = z.number().int().min(1).max(STUDIO.styles);

export const emailDraftSchema = z.object({
  id: recordIdSchema,
  subject: z.string().max(STUDIO.subjectMax),
  generatedContent: z.string().max(STUDIO.bodyMax),
  strategyId: strategyIdSchema.nullable(),
  styleId: styleIdSchema.nullable(),
  userPromptContent: z.string().max(2_000).nullable(),
  isSelected: z.boolean(),
  /** Stage the draft was produced at. */
  stage: studioStageSchema,
});
export type EmailDraft = z.infer<typeof emailDraftSchema>;

export const STUDIO_LIMIT_KINDS = ['free', 'paid'] as const;
export const studioLimitsSchema = z.object({
  limitType: z.enum(STUDIO_LIMIT_KINDS),
  limits: z.record(z.enum(STUDIO_LIMIT_TYPES), z.object({ limit: countSchema, usage: countSchema })),
});
export type StudioLimits = z.infer<typeof studioLimitsSchema>;

/** Limit events of document 2 §9. */
export const STUDIO_LIMIT_EVENTS = [
  'company_generation_24h',
  'icp_generation_24h',
  'usp_limit',
  'email_generation',
  'email_improvements',
  'saved_icp',
  'company_profile',
] as const;
export type StudioLimitEvent = (typeof STUDIO_LIMIT_EVENTS)[number];
