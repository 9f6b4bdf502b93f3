/**
 * Multipart calls (`requestKind: 'multipart'`, e.g. the email attachments' save): the route's
 * text fields and files as multipart/form-data, with the CSRF header, upload progress and the
 * answer parsed by the route's schema, failures as ApiError like every other call. XMLHttpRequest
 * rather than fetch: fetch reports no upload progress.
 */
import {
  apiErrorEnvelopeSchema,
  csrfToken as csrfTokenRoute,
  type AnyRoute,
  type ApiErrorItem,
  type RouteBody,
  type RouteResponse,
} from '@leadforge/contracts';
import { ApiError } from './api-error';
import { readCookie } from './browser';
import { CSRF_COOKIE, CSRF_HEADER, callApi, routeUrl } from './http-client';

export interface UploadRequest<R extends AnyRoute> {
  /** The route's text fields (its body schema). */
  fields: RouteBody<R>;
  /** Sent as parts of this name (the contract's summary names it; `file` by default). */
  files: readonly Blob[] | readonly File[];
  fileField?: string;
}

export interface UploadOptions {
  /** 0–100 as the body leaves. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

async function csrf(): Promise<string> {
  return readCookie(CSRF_COOKIE) ?? (await callApi(csrfTokenRoute)).token;
}

function failure(route: AnyRoute, status: number, text: string): ApiError {
  let errors: ApiErrorItem[] = [];
  try {
    const envelope = apiErrorEnvelopeSchema.safeParse(JSON.parse(text));
    if (envelope.success) errors = envelope.data.errors;
  } catch {
    // not JSON: the raw text is what the §8 modal shows
  }
  return new ApiError({ kind: status === 0 ? 'network' : 'http', routeId: route.id, status, errors, rawText: text });
}

/** Sends a multipart route and answers its parsed response. */
export async function uploadApi<R extends AnyRoute>(route: R, request: UploadRequest<R>, options: UploadOptions = {}): Promise<RouteResponse<R>> {
  if (route.requestKind !== 'multipart') throw new Error(`${route.id} is not a multipart call`);
  const form = new FormData();
  for (const [key, value] of Object.entries(request.fields as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  for (const file of request.files) form.append(request.fileField ?? 'file', file);
  const token = await csrf();
  return new Promise<RouteResponse<R>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, routeUrl(route));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(failure(route, 0, ''));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(failure(route, xhr.status, xhr.responseText));
      let parsed: unknown;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = undefined;
      }
      const result = route.response.safeParse(parsed);
      if (!result.success) {
        console.error(`[api-client] ${route.id}: response does not match the contract`, result.error);
        return reject(new ApiError({ kind: 'invalid_response', routeId: route.id, status: xhr.status, errors: [], rawText: '', cause: result.error }));
      }
      resolve(result.data as RouteResponse<R>);
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
