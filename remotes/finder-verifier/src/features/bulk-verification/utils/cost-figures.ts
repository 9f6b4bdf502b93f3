import type { RouteResponse, verificationRoutes } from '@leadforge/contracts';
import type { ParsedRows, RowError } from '../../../utils/csv';

type Cost = RouteResponse<typeof verificationRoutes.calculateEmailsForVerify>;

const countReason = (errors: RowError[], reason: RowError['reason']) => errors.filter((error) => error.reason === reason).length;

/**
 * The figures of the cost summary. The server only sees the rows left after the screen's own check
 * (malformed, repeated, past the limit), yet the summary must count every row the user gave, as
 * the rejected-rows list beside it does: those rows are added back, free.
 */
export function costFigures(cost: Cost, parsed: ParsedRows<string>, sent: number): Cost {
  return {
    ...cost,
    total: cost.total + parsed.errors.length + Math.max(0, parsed.rows.length - sent),
    duplicates: cost.duplicates + countReason(parsed.errors, 'duplicate'),
    syntaxInvalid: cost.syntaxInvalid + countReason(parsed.errors, 'invalid_email'),
  };
}
