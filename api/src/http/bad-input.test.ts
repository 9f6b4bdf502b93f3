/**
 * Hostile input at every registered route (contracts allRoutes): wrong types, unknown fields,
 * SQL and HTML payloads, deep nesting, huge bodies, broken JSON and wrong content types. Every
 * answer must be below 500 and, when refused, carry catalogue keys in the error envelope.
 * Text PostgreSQL cannot store (NUL, lone surrogates) is sent in every string field, query and
 * path parameter of every route, each time inside an otherwise valid call built from the route's
 * own schemas, so a field that bypasses the contract's text check is not hidden behind another
 * field's error.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { ERROR_KEYS, MAX_JSON_BODY_BYTES, allRoutes, type AnyRoute } from '@leadforge/contracts';
import { isStorableText } from '@leadforge/contracts/zod';
import type { z } from 'zod';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../test-support/test-app';
import type { TestClient, TestResponse } from '../test-support/test-client';

const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '\u0000\u0001\uffff',
  '%00',
  '{{constructor.constructor("return process")()}}',
  'a'.repeat(10_000),
  '9'.repeat(400),
  '-1',
  '1e309',
];

const hostileValue = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, [], {}),
  fc.string({ maxLength: 50 }),
  fc.integer(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);
const hostileBody = fc.oneof(
  fc.dictionary(fc.oneof(fc.constantFrom('email', 'password', 'name', 'id', 'code', 'lang', 'step', 'tool', 'prospectId', 'moodPoint', 'group', 'token', 'key', '__proto__', 'constructor'), fc.string({ maxLength: 12 })), hostileValue, { maxKeys: 5 }),
  fc.anything({ maxDepth: 3 }),
  fc.constantFrom(null, 'text', 42, [1, 2], { a: { b: { c: { d: { e: {} } } } } }),
);

// Routes that end the caller's session go last, so the others are tried signed in.
const SESSION_ENDING = new Set(['general.logout', 'auth.signOutOtherSessions', 'auth.changePassword', 'auth.resetPassword']);
const routes = (Object.values(allRoutes) as AnyRoute[]).sort(
  (a, b) => Number(SESSION_ENDING.has(a.id)) - Number(SESSION_ENDING.has(b.id)),
);

/** A placeholder call (its area does not exist yet) answers 501 whatever it is sent. */
const isPlaceholderAnswer = (response: TestResponse) => response.status === 501 && response.body?.errors?.[0]?.key === 'not_available_yet';

function assertEnvelope(response: TestResponse, label: string) {
  assert.ok(response.status < 500 || isPlaceholderAnswer(response), `${label}: ${response.status} ${response.text.slice(0, 200)}`);
  if (response.status >= 400) {
    assert.ok(Array.isArray(response.body?.errors) && response.body.errors.length > 0, `${label}: no envelope`);
    for (const error of response.body.errors) {
      assert.ok(ERROR_KEYS.includes(error.key), `${label}: unknown key ${error.key}`);
      assert.equal(typeof error.title, 'string');
      assert.equal(typeof error.description, 'string');
    }
  }
}

/** Text PostgreSQL refuses: a NUL character and unpaired halves of a surrogate pair. */
const UNSTORABLE = ['\u0000', '\uD800', '\uDC00'];

/** Where a string sits in a call: property names, array indexes, or `{ key }` for a record's key. */
type Segment = string | number | { key: string };
interface Sample {
  value: unknown;
  /** Paths of the string values (and string record keys) inside `value`. */
  leaves: Segment[][];
}
type Def = { type: string; [name: string]: any };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return unwrap(def.innerType);
  if (def.type === 'lazy') return unwrap(def.getter());
  if (def.type === 'pipe') return unwrap(def.in);
  return schema;
}

/** Values a string field of some contract accepts; the first its schema takes is used. */
const STRING_CANDIDATES = [
  'Sample text',
  'sample@example.com',
  randomUUID(),
  'https://example.com/',
  'https://www.linkedin.com/search/results/people/?keywords=sample',
  'example.com',
  'en',
  'custom_1',
  '1',
  '2026-01-02T03:04:05.000Z',
  '2026-01-02',
  '#336699',
  // Clock times of schedules and campaign start/end (h:mm AM/PM).
  '9:00 AM',
  '+14155550123',
  // IANA time zones (sending windows, LinkedIn accounts).
  'Europe/Berlin',
  '123456',
  // Random ids of RANDOM_ID_LENGTH and similar fixed-length tokens.
  ...Array.from({ length: 40 }, (_, index) => 'a'.repeat(index + 1)),
];

function textSample(schema: z.ZodType): Sample {
  return { value: STRING_CANDIDATES.find((candidate) => schema.safeParse(candidate).success) ?? 'Sample text', leaves: [[]] };
}

/** A call input the schema accepts (as far as a generic walk can build one), with its string leaves. */
function sampleOf(schema: z.ZodType, depth = 0): Sample | undefined {
  if (depth > 12) return undefined;
  const def = defOf(schema);
  const accepts = (value: unknown) => schema.safeParse(value).success;
  const prefixed = (sample: Sample, segment: Segment): Sample['leaves'] => sample.leaves.map((leaf) => [segment, ...leaf]);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sampleOf(def.innerType, depth + 1);
    case 'lazy':
      return sampleOf(def.getter(), depth + 1);
    case 'pipe':
      return ['string', 'template_literal'].includes(defOf(unwrap(def.in)).type) ? textSample(schema) : sampleOf(def.in, depth + 1);
    case 'string':
    case 'template_literal':
    case 'any':
    case 'unknown':
      return textSample(schema);
    case 'number':
    case 'bigint':
      return { value: [1, 2, 10, 100, 1000, 0].find(accepts) ?? 1, leaves: [] };
    case 'boolean':
      return { value: true, leaves: [] };
    case 'null':
      return { value: null, leaves: [] };
    case 'literal':
      return { value: def.values[0], leaves: [] };
    case 'enum':
      return { value: Object.values(def.entries)[0], leaves: [] };
    case 'array': {
      const item = sampleOf(def.element, depth + 1);
      return item ? { value: [item.value], leaves: prefixed(item, 0) } : { value: [], leaves: [] };
    }
    case 'tuple': {
      const items = (def.items as z.ZodType[]).map((item) => sampleOf(item, depth + 1));
      if (items.some((item) => !item)) return undefined;
      return { value: items.map((item) => item!.value), leaves: items.flatMap((item, index) => prefixed(item!, index)) };
    }
    case 'record': {
      const keyDef = defOf(unwrap(def.keyType));
      const key = keyDef.type === 'enum' ? String(Object.values(keyDef.entries)[0]) : String(textSample(def.keyType).value);
      const entry = sampleOf(def.valueType, depth + 1);
      if (!entry) return { value: {}, leaves: [] };
      return { value: { [key]: entry.value }, leaves: [...(keyDef.type === 'enum' ? [] : [[{ key }]]), ...prefixed(entry, key)] };
    }
    case 'intersection': {
      const [left, right] = [sampleOf(def.left, depth + 1), sampleOf(def.right, depth + 1)];
      if (!left || !right) return left ?? right;
      return { value: { ...(left.value as object), ...(right.value as object) }, leaves: [...left.leaves, ...right.leaves] };
    }
    case 'union': {
      const options = (def.options as z.ZodType[]).map((option) => sampleOf(option, depth + 1)).filter((option): option is Sample => Boolean(option));
      return options.find((option) => accepts(option.value)) ?? options[0];
    }
    case 'object': {
      const fields = Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([name, field]) => {
        const sample = sampleOf(field, depth + 1);
        return sample ? [{ name, sample, optional: defOf(field).type === 'optional' }] : [];
      });
      const build = (kept: typeof fields): Sample => ({
        value: Object.fromEntries(kept.map((field) => [field.name, field.sample.value])),
        leaves: kept.flatMap((field) => prefixed(field.sample, field.name)),
      });
      const whole = build(fields);
      if (accepts(whole.value)) return whole;
      // Optional fields that exclude each other (ids or a selection): drop one, else all of them.
      for (const dropped of fields.filter((field) => field.optional)) {
        const fewer = build(fields.filter((field) => field !== dropped));
        if (accepts(fewer.value)) return fewer;
      }
      const required = build(fields.filter((field) => !field.optional));
      return accepts(required.value) ? required : whole;
    }
    default:
      return undefined;
  }
}

/** `value` with `hostile` put inside the string at `path` (or inside the record key it names). */
function withHostile(value: unknown, path: Segment[], hostile: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) {
    const text = typeof value === 'string' ? value : 'x';
    return `${text.slice(0, 1)}${hostile}${text.slice(1)}`;
  }
  if (typeof head === 'object') {
    const record = { ...(value as Record<string, unknown>) };
    const entry = record[head.key];
    delete record[head.key];
    return { ...record, [withHostile(head.key, [], hostile) as string]: entry };
  }
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? withHostile(item, rest, hostile) : item));
  const object = { ...(value as Record<string, unknown>) };
  object[head] = withHostile(object[head], rest, hostile);
  return object;
}

/**
 * Percent-encoding that can carry a lone surrogate (WTF-8 bytes, which encodeURIComponent refuses
 * to produce): that is what a hostile client puts in a URL.
 */
function percentEncode(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const pair = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(text.slice(index, index + 2));
      index += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(text[index]!);
  }
  return out;
}

function urlOf(route: AnyRoute, params: Record<string, unknown>, query: Record<string, unknown>): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => percentEncode(String(params[name] ?? '1')));
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).filter((item) => item !== undefined && typeof item !== 'object').map((item) => `${percentEncode(name)}=${percentEncode(String(item))}`),
  );
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

/**
 * Answers that come before the input is read: a 2FA call from a session that owes no second
 * factor (409), a sandbox page while the sandbox is off (422), and a path the router cannot
 * decode at all (404 not_found, like any unknown URL).
 */
function refusedBeforeParsing(route: AnyRoute, part: string, response: TestResponse): boolean {
  if (route.auth === 'pending2fa' && response.status === 409) return true;
  // The mailbox OAuth sandbox's pages, while the sandbox is off (the default): nothing is read.
  if (response.status === 422 && response.body?.errors?.[0]?.key === 'mail_oauth_unavailable') return true;
  return part === 'params' && response.status === 404 && response.body?.errors?.[0]?.key === 'route_not_found';
}

/** A multipart call's fields as a form, with one small file. */
function formOf(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append('file', new Blob(['hostile'], { type: 'text/plain' }), 'hostile.txt');
  return form;
}

/** Every string a JSON answer carries (keys included). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => [key, ...stringsOf(item)]);
  return [];
}

describe('hostile input at every route', () => {
  let t: TestApp;
  let client: TestClient;
  const email = uniqueEmail('hostile');

  before(async () => {
    t = await startTestApp({ jobs: false });
    client = t.client();
    await client.register({ email, password: STRONG_PASSWORD });
  });
  after(() => t?.close());

  async function ensureSignedIn() {
    if ((await client.get('/user-info')).body.userHashId === null) {
      await client.post('/auth/login', { email, password: STRONG_PASSWORD });
    }
  }

  it('never answers 5xx to generated bodies, queries and params', async () => {
    for (const route of routes) {
      await ensureSignedIn();
      await fc.assert(
        fc.asyncProperty(
          hostileBody,
          fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom(...HOSTILE_STRINGS.slice(0, 8)), { maxKeys: 2 }),
          fc.oneof(fc.constantFrom(...HOSTILE_STRINGS.slice(0, 8)), fc.string({ minLength: 1, maxLength: 10 })),
          async (body, query, param) => {
            const path = route.path.replace(/:(\w+)/g, () => encodeURIComponent(param) || 'x');
            const response = await client.request(route.method, path, {
              query,
              ...(route.method === 'GET' ? {} : { body }),
            });
            assertEnvelope(response, `${route.id} ${route.method} ${path}`);
          },
        ),
        { numRuns: 12, seed: 20_260_521 },
      );
    }
  });

  it('refuses NUL and lone surrogates in every string field, query and path parameter (400, or a 2xx that stored clean text)', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const hasBody = route.method !== 'GET';
      const parts = {
        params: sampleOf(route.params) ?? { value: {}, leaves: [] },
        query: sampleOf(route.query) ?? { value: {}, leaves: [] },
        body: hasBody ? (sampleOf(route.body) ?? { value: {}, leaves: [] }) : { value: undefined, leaves: [] },
      };
      // A call the contract refuses anyway would hide whether the hostile text itself is refused.
      for (const [part, sample] of Object.entries(parts) as [keyof typeof parts, Sample][]) {
        if (sample.value !== undefined && !route[part].safeParse(sample.value).success) problems.push(`${route.id} ${part}: no valid sample (add a STRING_CANDIDATES value its schema takes)`);
      }
      for (const [part, sample] of Object.entries(parts) as [keyof typeof parts, Sample][]) {
        for (const leaf of sample.leaves) {
          for (const hostile of UNSTORABLE) {
            // A multipart body is UTF-8 text: a lone surrogate cannot travel in it (the client writes U+FFFD), a NUL can.
            const multipart = hasBody && route.requestKind === 'multipart';
            if (multipart && part === 'body' && hostile !== '\u0000') continue;
            await ensureSignedIn();
            const input = { params: parts.params.value, query: parts.query.value, body: parts.body.value, [part]: withHostile(sample.value, leaf, hostile) };
            const label = `${route.id} ${part}.${leaf.map((segment) => (typeof segment === 'object' ? `[key ${segment.key}]` : segment)).join('.')} ${JSON.stringify(hostile)}`;
            const response = await client.request(
              route.method,
              urlOf(route, input.params as Record<string, unknown>, input.query as Record<string, unknown>),
              multipart ? { form: formOf(input.body as Record<string, unknown>) } : hasBody ? { body: input.body } : {},
            );
            sent += 1;
            if (isPlaceholderAnswer(response)) continue;
            if (response.status >= 500) problems.push(`${label}: ${response.status} ${response.text.slice(0, 160)}`);
            else if (response.status >= 200 && response.status < 300) {
              if (response.text.includes('\u0000') || stringsOf(response.body).some((text) => !isStorableText(text))) problems.push(`${label}: answered ${response.status} with the hostile text`);
            } else if (route.responseKind === 'redirect' && response.status === 302) {
              if (!isStorableText(decodeURIComponent(response.headers.get('location') ?? ''))) problems.push(`${label}: redirected with the hostile text`);
            } else if (response.status !== 400 && !refusedBeforeParsing(route, part, response)) {
              problems.push(`${label}: ${response.status} ${response.text.slice(0, 160)}`);
            } else if (response.status === 400) {
              try {
                assertEnvelope(response, label);
              } catch (error) {
                problems.push(`${(error as Error).message}: ${response.text.slice(0, 160)}`);
              }
            }
          }
        }
      }
    }
    assert.ok(sent > 300, `only ${sent} hostile calls were built`);
    assert.deepEqual(problems, []);
  });

  it('refuses broken JSON, wrong content types and huge bodies with catalogue keys', async () => {
    await ensureSignedIn();
    const withBody = routes.filter((route) => route.method !== 'GET');
    for (const route of withBody) {
      const path = route.path.replace(/:(\w+)/g, '1');
      const broken = await client.request(route.method, path, { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } });
      assertEnvelope(broken, `${route.id} broken`);
      // A 2FA call from a session that owes no second factor is refused (409) before parsing.
      const expect = (status: number) => (route.auth === 'pending2fa' ? 409 : status);
      assert.equal(broken.status, expect(400), `${route.id} broken JSON`);

      const text = await client.request(route.method, path, { rawBody: 'lang=es', headers: { 'content-type': 'text/plain' } });
      assertEnvelope(text, `${route.id} text/plain`);
      assert.equal(text.status, expect(415), `${route.id} text/plain`);

      const form = await client.request(route.method, path, { rawBody: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      assert.equal(form.status, expect(415), `${route.id} form`);

      const proto = await client.request(route.method, path, { rawBody: '{"__proto__": {"admin": true}}', headers: { 'content-type': 'application/json' } });
      assertEnvelope(proto, `${route.id} __proto__`);
    }
    const huge = await client.request('POST', '/user/feature-request', {
      rawBody: JSON.stringify({ tool: 'crm', feature: 'x', description: 'y'.repeat(MAX_JSON_BODY_BYTES + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(huge.status, 413);
    assert.equal(huge.body.errors[0].key, 'body_too_large');

    const unknownField = await client.post('/change-language', { lang: 'es', admin: true });
    assert.equal(unknownField.status, 400);
    assert.deepEqual(unknownField.body.errors.map((error: { key: string; field: string }) => [error.key, error.field]), [['field_unknown', 'admin']]);
    const missing = await client.post('/user/feature-request', { tool: 'crm' });
    assert.equal(missing.status, 400);
    assert.ok(missing.body.errors.some((error: { key: string; field: string }) => error.key === 'field_required' && error.field === 'feature'));

    const unknownPath = await client.get('/definitely/not/an/api');
    assert.equal(unknownPath.status, 404);
    assert.equal(unknownPath.body.errors[0].key, 'route_not_found');
  });
});
