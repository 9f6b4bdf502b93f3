/**
 * The one error handler: every failure leaves the API as the envelope of interfaces.md
 * (`{ errors: [{ key, title, description, field? }], retryAfter? }`), translated into the
 * caller's locale. Client mistakes map to 4xx catalogue keys; only real faults give 500.
 */
import type { ErrorKey, Locale } from '@leadforge/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type DomainErrorItem } from './domain-error';
import type { ErrorTexts } from './error-texts';
import { resolveLocale } from './locale';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's saved locale, when the session was resolved. */
    userLocale?: string | null;
  }
}

function valueAt(root: unknown, pathParts: readonly (string | number)[]): unknown {
  let current = root;
  for (const part of pathParts) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}

interface ValidationIssueLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** zod issue → catalogue item; the field is the dotted path inside the part (body, query, params). */
export function validationItems(issues: readonly ValidationIssueLike[], data: unknown): DomainErrorItem[] {
  const items: DomainErrorItem[] = [];
  for (const issue of issues) {
    const parts = issue.instancePath.split('/').filter(Boolean);
    const field = parts.join('.');
    switch (issue.keyword) {
      case 'unrecognized_keys': {
        const keys = Array.isArray(issue.params.keys) ? (issue.params.keys as unknown[]) : [];
        for (const key of keys) items.push({ key: 'field_unknown', field: [...parts, String(key)].join('.') });
        if (keys.length === 0) items.push({ key: 'field_unknown', field });
        break;
      }
      case 'invalid_type':
        items.push({ key: valueAt(data, parts) === undefined ? 'field_required' : 'field_invalid', field });
        break;
      case 'too_big':
        items.push({ key: 'field_too_long', field });
        break;
      case 'too_small':
        items.push({ key: 'field_too_short', field });
        break;
      default:
        items.push({ key: 'field_invalid', field });
    }
  }
  return items.length > 0 ? items : [{ key: 'validation_failed' }];
}

const FASTIFY_CODES: Record<string, { status: number; key: ErrorKey }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, key: 'unsupported_media_type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'body_too_large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'malformed_json' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'malformed_json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'malformed_json' },
  FST_ERR_CTP_EMPTY_TYPE: { status: 415, key: 'unsupported_media_type' },
  FST_CSRF_MISSING_SECRET: { status: 403, key: 'csrf_invalid' },
  FST_CSRF_INVALID_TOKEN: { status: 403, key: 'csrf_invalid' },
  FST_ERR_NOT_FOUND: { status: 404, key: 'route_not_found' },
  FST_ERR_BAD_URL: { status: 404, key: 'route_not_found' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 404, key: 'route_not_found' },
};

export interface Envelope {
  status: number;
  items: DomainErrorItem[];
  retryAfter?: number;
}

export function classifyError(error: unknown, request: FastifyRequest): Envelope {
  if (error instanceof DomainError) {
    return { status: error.status, items: error.items, ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = (error as { validationContext?: string }).validationContext;
    const data = part === 'querystring' ? request.query : part === 'params' ? request.params : request.body;
    return { status: 400, items: validationItems(error.validation as unknown as ValidationIssueLike[], data) };
  }
  const fastifyError = error as Partial<FastifyError> & { statusCode?: number };
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return { status: known.status, items: [{ key: known.key }] };
  if (error instanceof SyntaxError || (fastifyError.statusCode === 400 && /JSON|prototype/i.test(String(fastifyError.message)))) {
    return { status: 400, items: [{ key: 'malformed_json' }] };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const key: ErrorKey =
      status === 404 ? 'not_found' : status === 405 ? 'method_not_allowed' : status === 413 ? 'body_too_large' : status === 415 ? 'unsupported_media_type' : status === 429 ? 'rate_limited' : status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : 'validation_failed';
    return { status, items: [{ key }] };
  }
  return { status: 500, items: [{ key: 'something_went_wrong' }] };
}

export function sendEnvelope(reply: FastifyReply, envelope: Envelope, locale: Locale, texts: ErrorTexts) {
  const values: Record<string, string | number> = envelope.retryAfter !== undefined ? { retryAfter: envelope.retryAfter } : {};
  const errors = envelope.items.map((item) => ({
    key: item.key,
    ...texts.translate(item.key, locale, { ...values, ...(item.field ? { field: item.field } : {}) }),
    ...(item.field !== undefined ? { field: item.field } : {}),
    ...(item.code !== undefined ? { code: item.code } : {}),
  }));
  if (envelope.retryAfter !== undefined) reply.header('retry-after', String(envelope.retryAfter));
  return reply
    .code(envelope.status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ errors, ...(envelope.retryAfter !== undefined ? { retryAfter: envelope.retryAfter } : {}) });
}

export function installErrorHandler(app: FastifyInstance, texts: ErrorTexts) {
  app.setErrorHandler((error, request, reply) => {
    const envelope = classifyError(error, request);
    // 501 not_available_yet is an honest answer of a placeholder, not a fault.
    if (envelope.status >= 500 && envelope.status !== 501) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ err: error }, 'request refused');
    return sendEnvelope(reply, envelope, resolveLocale(request, request.userLocale), texts);
  });
}
