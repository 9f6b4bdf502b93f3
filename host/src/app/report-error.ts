/**
 * Error reporting of the shell (console for now; a collector can be plugged in here later).
 * Document 2 §8: ChunkLoadError and network noise are not reported — they say something about the
 * connection or a deployment, not about a bug.
 */

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error) && !(typeof error === 'object' && error !== null)) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  // webpack names CSS failures "CSS_CHUNK_LOAD_FAILED"; module federation wraps chunk failures.
  const text = typeof message === 'string' ? message : '';
  return /Loading (CSS )?chunk [\w-]+ failed/i.test(text) || /CSS_CHUNK_LOAD_FAILED/.test(text);
}

/** Failed or aborted requests: the browser went offline, the user navigated away, a proxy hiccuped. */
export function isNetworkNoise(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message, kind } = error as { name?: unknown; message?: unknown; kind?: unknown };
  if (name === 'AbortError' || name === 'TimeoutError') return true;
  // ApiError of @leadforge/api-client when no answer came at all.
  if (name === 'ApiError' && kind === 'network') return true;
  const text = typeof message === 'string' ? message : '';
  return (
    (name === 'TypeError' && /(failed to fetch|networkerror|load failed|network request failed)/i.test(text)) ||
    /the (user|operation) aborted a request/i.test(text)
  );
}

export function shouldReport(error: unknown): boolean {
  return !isChunkLoadError(error) && !isNetworkNoise(error);
}

export type ErrorSink = (message: string, error: unknown, context?: Record<string, unknown>) => void;

let sink: ErrorSink = (message, error, context) => console.error(`[leadforge] ${message}`, error, context ?? '');

/** Replaces where reports go (tests, a future collector). Returns the previous sink. */
export function setErrorSink(next: ErrorSink): ErrorSink {
  const previous = sink;
  sink = next;
  return previous;
}

/** Reports an error unless it is a ChunkLoadError or network noise. Returns whether it was reported. */
export function reportError(error: unknown, context?: Record<string, unknown>): boolean {
  if (!shouldReport(error)) return false;
  const message = error instanceof Error ? error.message : String(error);
  sink(message, error, context);
  return true;
}
