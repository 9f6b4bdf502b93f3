/** Enrichment tables, columns, rows, runs, exports and balance (document 1 §3 "Enrichment", §4). */
import * as z from './zod';
import { ENRICHMENT } from './constants';
import { countSchema, recordIdSchema, timestampSchema } from './fields';

export const TABLE_STATUSES = ['active', 'archived', 'archiving', 'restoring', 'deleting'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];

export const TABLE_CREATION_MODES = ['blank', 'import_file'] as const;
export type TableCreationMode = (typeof TABLE_CREATION_MODES)[number];

export const TABLE_FORBIDDEN_REASONS = [
  'forbidden_by_export',
  'forbidden_by_enrichment',
  'forbidden_by_import',
  'table_archive_limit',
  'table_limit',
] as const;
export type TableForbiddenReason = (typeof TABLE_FORBIDDEN_REASONS)[number];

export const OPERATION_STATUSES = ['new', 'in_progress', 'completed', 'stopped', 'stopping'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

export const ROW_STATUSES = ['completed', 'queued', 'failed', 'stopped', 'sent'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

export const RESULT_STATUSES = ['completed', 'failed'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const ROW_FAILURE_REASONS = ['row_data_missed', 'response_timeout_expired', 'invalid_input_data_format'] as const;
export type RowFailureReason = (typeof ROW_FAILURE_REASONS)[number];

export const ENRICHMENT_SORT_ORDERS = ['ASC', 'DESC'] as const;
export type EnrichmentSortOrder = (typeof ENRICHMENT_SORT_ORDERS)[number];

export const SELECTION_MODES = ['all', 'range', 'selected'] as const;
export type SelectionMode = (typeof SELECTION_MODES)[number];

export const ADD_OPTIONS = ['add_new_column', 'add_new_row'] as const;
export type AddOption = (typeof ADD_OPTIONS)[number];

export const TRANSACTION_KINDS = ['all', 'enrichment', 'admin', 'purchase_package'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** Column data types the table meta announces (meta.dataTypes). */
export const COLUMN_DATA_TYPES = ['text', 'number', 'email', 'url', 'date', 'boolean', 'json'] as const;
export type ColumnDataType = (typeof COLUMN_DATA_TYPES)[number];

export const TABLE_TITLE_MAX = 255;

export const enrichmentTableSchema = z.object({
  id: recordIdSchema,
  title: z.string().trim().min(1).max(TABLE_TITLE_MAX),
  archived: z.boolean(),
  rowsCount: z.number().int().nonnegative().max(ENRICHMENT.rowLimit),
  updatedAt: timestampSchema,
  serviceData: z.object({ importStartedAt: timestampSchema.nullable() }),
  status: z.enum(TABLE_STATUSES),
  creationMode: z.enum(TABLE_CREATION_MODES),
  /** Why the table cannot be changed right now, if it cannot. */
  forbiddenReason: z.enum(TABLE_FORBIDDEN_REASONS).nullable(),
});
export type EnrichmentTable = z.infer<typeof enrichmentTableSchema>;

export const enrichmentColumnSchema = z.object({
  id: recordIdSchema,
  title: z.string().trim().min(1).max(255),
  dataType: z.enum(COLUMN_DATA_TYPES),
  hidden: z.boolean(),
  position: z
    .number()
    .int()
    .nonnegative()
    .max(ENRICHMENT.columnLimit - 1),
  /** The enrichment that fills this column, if any. */
  enrichmentId: recordIdSchema.nullable(),
});
export type EnrichmentColumn = z.infer<typeof enrichmentColumnSchema>;

export const enrichmentCellSchema = z.object({
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  status: z.enum(ROW_STATUSES).nullable(),
  failureReason: z.enum(ROW_FAILURE_REASONS).nullable(),
});
export type EnrichmentCell = z.infer<typeof enrichmentCellSchema>;

export const enrichmentRowSchema = z.object({
  id: recordIdSchema,
  /** Cells by column id. */
  cells: z.record(z.string().regex(/^\d+$/), enrichmentCellSchema),
  status: z.enum(ROW_STATUSES).nullable(),
});
export type EnrichmentRow = z.infer<typeof enrichmentRowSchema>;

export const enrichmentRunSchema = z.object({
  id: recordIdSchema,
  tableId: recordIdSchema,
  status: z.enum(OPERATION_STATUSES),
  processed: countSchema,
  total: countSchema,
});
export type EnrichmentRun = z.infer<typeof enrichmentRunSchema>;

export const enrichmentResultSchema = z.object({
  rowId: recordIdSchema,
  columnId: recordIdSchema,
  status: z.enum(RESULT_STATUSES),
  failureReason: z.enum(ROW_FAILURE_REASONS).nullable(),
  /** Raw provider answer kept for the result viewer. */
  data: z.unknown(),
});
export type EnrichmentResult = z.infer<typeof enrichmentResultSchema>;

export const enrichmentExportSchema = z.object({
  id: recordIdSchema,
  tableId: recordIdSchema,
  status: z.enum(OPERATION_STATUSES),
  fileName: z.string().max(255).nullable(),
  createdAt: timestampSchema,
});
export type EnrichmentExport = z.infer<typeof enrichmentExportSchema>;

export const enrichmentBalanceSchema = z.object({
  tier: z.string().max(50),
  /** Credits available. */
  balance: z.number().int(),
  /** Credits held for runs in progress. */
  reserved: countSchema,
});
export type EnrichmentBalance = z.infer<typeof enrichmentBalanceSchema>;

export const enrichmentTransactionSchema = z.object({
  id: recordIdSchema,
  kind: z.enum(TRANSACTION_KINDS).exclude(['all']),
  /** Positive for credits added, negative for credits spent. */
  amount: z.number().int(),
  tableId: recordIdSchema.nullable(),
  operationId: recordIdSchema.nullable(),
  providerId: recordIdSchema.nullable(),
  createdAt: timestampSchema,
});
export type EnrichmentTransaction = z.infer<typeof enrichmentTransactionSchema>;

export const enrichmentSortSchema = z.object({
  orderId: recordIdSchema,
  direction: z.enum(ENRICHMENT_SORT_ORDERS),
});
export type EnrichmentSort = z.infer<typeof enrichmentSortSchema>;
