/**
 * Hostile input at every registered route (contracts allRoutes): wrong types, unknown fields,
 * SQL and HTML payloads, deep nesting, huge bodies, broken JSON and wrong content types. Every
 * answer must be below 500 and, when refused, carry catalogue keys in the error envelope.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { ERROR_KEYS, MAX_JSON_BODY_BYTES, allRoutes, type AnyRoute } from '@leadforge/contracts';
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

function assertEnvelope(response: TestResponse, label: string) {
  assert.ok(response.status < 500, `${label}: ${response.status} ${response.text.slice(0, 200)}`);
  if (response.status >= 400) {
    assert.ok(Array.isArray(response.body?.errors) && response.body.errors.length > 0, `${label}: no envelope`);
    for (const error of response.body.errors) {
      assert.ok(ERROR_KEYS.includes(error.key), `${label}: unknown key ${error.key}`);
      assert.equal(typeof error.title, 'string');
      assert.equal(typeof error.description, 'string');
    }
  }
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
    assert.equal(unknownPath.body.errors[0].key, 'not_found');
  });
});
