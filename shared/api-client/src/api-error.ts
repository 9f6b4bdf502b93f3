import { SUPPORT_EMAIL, type ApiErrorItem, type ErrorKey } from '@leadforge/contracts';

/**
 * Why a call failed.
 * - `http`: the server answered with a non-2xx status.
 * - `network`: no answer at all (offline, server down, CORS, DNS).
 * - `invalid_response`: a 2xx answer that does not match the route's response schema.
 */
export type ApiErrorKind = 'http' | 'network' | 'invalid_response';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  routeId: string;
  status: number;
  errors: ApiErrorItem[];
  rawText: string;
  retryAfter?: number | undefined;
  cause?: unknown;
}

/** The one error type every failed call of the typed client rejects with. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly routeId: string;
  /** HTTP status; 0 when the server never answered. */
  readonly status: number;
  /** The server's error list (already translated by the API), empty when it sent none. */
  readonly errors: ApiErrorItem[];
  /** The response text as received, for the §8 fallback when the list is empty. */
  readonly rawText: string;
  readonly retryAfter: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.errors[0]?.description || init.rawText || `${init.routeId} failed (${init.kind} ${init.status})`, {
      cause: init.cause,
    });
    this.kind = init.kind;
    this.routeId = init.routeId;
    this.status = init.status;
    this.errors = init.errors;
    this.rawText = init.rawText;
    this.retryAfter = init.retryAfter;
  }

  /** Document 2 §8: no server errors returned → the generic `something_went_wrong`. */
  get key(): ErrorKey {
    return this.errors[0]?.key ?? 'something_went_wrong';
  }

  hasKey(key: ErrorKey): boolean {
    return this.errors.some((error) => error.key === key);
  }

  /**
   * Document 2 §8 "prospect list fetch error containing 'expired' → rethrown": the prospects list
   * must let these escape its own error handling (plan or session ended), so callers can tell them
   * apart. Keys are checked, not translated text, so the rule holds in every locale.
   */
  get isExpired(): boolean {
    if (this.errors.some((error) => error.key.includes('expired'))) return true;
    return this.errors.length === 0 && /expired/i.test(this.rawText);
  }

  /** Errors of one form field (dotted path), for showing under the input. */
  fieldErrors(): Record<string, ApiErrorItem[]> {
    const byField: Record<string, ApiErrorItem[]> = {};
    for (const error of this.errors) {
      if (!error.field) continue;
      (byField[error.field] ??= []).push(error);
    }
    return byField;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A call of an area still being built (501 `not_available_yet`): there is no figure to show, asking
 * again cannot help, and it is not a failure worth a toast; screens show "coming" instead.
 */
export function isNotAvailableYet(error: unknown): boolean {
  return isApiError(error) && error.hasKey('not_available_yet');
}

/** Rethrows an "expired" error (document 2 §8) and lets the caller handle every other one. */
export function rethrowIfExpired(error: unknown): void {
  if (isApiError(error) && error.isExpired) throw error;
}

/** The subset of i18next's `t` the error rules need; any i18next instance's `t` fits. */
export type TranslateFn = (key: string, options?: Record<string, unknown>) => string;

export interface ApiErrorModalContent {
  title: string;
  text: string;
}

/** Raw bodies longer than this are cut: a proxy's HTML error page is not a message. */
const RAW_TEXT_LIMIT = 500;

function presentableRawText(rawText: string): string {
  const trimmed = rawText.trim();
  if (!trimmed || /^<(!doctype|html)/i.test(trimmed)) return '';
  return trimmed.length > RAW_TEXT_LIMIT ? `${trimmed.slice(0, RAW_TEXT_LIMIT)}…` : trimmed;
}

/**
 * The generic error modal of document 2 §8: title from the server error list, else "Warning";
 * text from the server error list, else the raw response text, else "an error occurred" with the
 * support address. Errors that are not ApiErrors (a bug in a screen) take the last fallback.
 */
export function describeApiError(error: unknown, t: TranslateFn): ApiErrorModalContent {
  const errors = isApiError(error) ? error.errors : [];
  const title = errors.find((item) => item.title.trim())?.title ?? t('errors:warning.title');
  const fromList = errors
    .map((item) => item.description.trim())
    .filter(Boolean)
    .join('\n');
  if (fromList) return { title, text: fromList };
  const raw = isApiError(error) ? presentableRawText(error.rawText) : '';
  if (raw) return { title, text: raw };
  return { title, text: t('errors:an_error_occurred.description', { supportEmail: SUPPORT_EMAIL }) };
}

/**
 * One line for a toast or an inline message: the first server description, else the generic
 * "something went wrong" (document 2 §8 "no server errors returned", "create list failure").
 */
export function apiErrorMessage(error: unknown, t: TranslateFn): string {
  const first = isApiError(error) ? error.errors.find((item) => item.description.trim()) : undefined;
  return first?.description ?? t('errors:something_went_wrong.description');
}
