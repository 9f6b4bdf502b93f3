/** What the engine answers per address (the module adds ids, timestamps and charging). */
import type { VerificationReason, VerificationRisk } from '@leadforge/contracts';

export type EngineStatus = 'valid' | 'not_valid' | 'catch_all' | 'unknown' | 'greylist';

export interface EngineFlags {
  disposable: boolean;
  role: boolean;
  free: boolean;
  catchAll: boolean;
}

export interface EngineResult {
  /** The address as given (trimmed) when it does not parse; else its normalised form. */
  email: string;
  status: EngineStatus;
  reasons: VerificationReason[];
  smtpCode: number | null;
  enhancedCode: string | null;
  mxHost: string | null;
  flags: EngineFlags;
  risk: VerificationRisk;
  suggestion: string | null;
  /** Answered from the result cache (no DNS or SMTP work). */
  fromCache: boolean;
  /** false for syntax failures (free of charge). */
  syntaxValid: boolean;
}
