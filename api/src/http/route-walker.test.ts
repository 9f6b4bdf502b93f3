/**
 * Walks every declared route (contracts allRoutes) twice:
 * - anonymously: a `user` route answers 401, a `public` one never shows an account's data;
 * - as another account (B) carrying the ids of records that really exist in a first account (A),
 *   put in every path parameter, query and body field that names a record (found from the
 *   route's zod schemas): B never gets A's data, and A reads back every record unchanged.
 * A route neither pass visited fails the walk, so a new route cannot escape it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as z from 'zod';
import { ERROR_KEYS, allRoutes, buildPath, type AnyRoute } from '@leadforge/contracts';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../test-support/test-app';
import type { TestClient, TestResponse } from '../test-support/test-client';
import { createTenantWorld, type TenantWorld } from '../test-support/tenant-world';

const routes = Object.entries(allRoutes) as [string, AnyRoute][];

/** Calls that end or replace the caller's session run last, so the calls before keep B signed in. */
const SESSION_ENDING = ['teamAccept', 'teamLeave', 'signOutOtherSessions', 'register', 'login', 'logout'];
const ordered = [...routes].sort(([a], [b]) => SESSION_ENDING.indexOf(a) - SESSION_ENDING.indexOf(b));

/** Mail servers B names when connecting a mailbox: valid hosts the walker's app cannot reach. */
const WALKER_MAIL_SERVERS = {
  smtp: { host: 'smtp.example.test', port: 587, security: 'starttls', password: 'walker-password' },
  imap: { host: 'imap.example.test', port: 993, security: 'tls' },
};

/**
 * Values the schemas cannot tell (a real domain, a row to find, a second field a rule requires),
 * so B's call passes validation and reaches the code that must refuse A's ids. Never an id:
 * those always come from the schemas.
 */
const BODY_HINTS: Record<string, Json> = {
  clearEmailPrepare: { email: 'walker.b@example.test' },
  forgotPassword: { email: 'walker.b@example.test' },
  twoFactorEnable: { code: '123456' },
  twoFactorVerify: { code: '123456' },
  teamInvite: { email: 'walker.invitee@example.test' },
  createBulkVerification: { name: 'walker', emails: ['walker.b@example.test'] },
  finderBulkNames: { rows: [{ firstName: 'Ann', lastName: 'Walker', domain: 'example.test' }] },
  finderBulkDomains: { domains: ['example.test'] },
  finderSingleSearch: { domain: 'example.test' },
  finderDomainSearch: { domain: 'example.test' },
  finderLinkedinCreate: { url: 'https://www.linkedin.com/search/results/people/?keywords=walker', prospectsTotal: 3 },
  finderSocialUrlCreate: { fileName: 'walker.csv', csv: 'https://www.linkedin.com/in/walker-b' },
  setTimeZone: { timeZone: 'Europe/Berlin' },
  createEmailAccount: { email: 'walker.b@example.test', ...WALKER_MAIL_SERVERS },
  sendTestEmail: { email: 'walker.b@example.test', subject: 'Walker', body: 'Walker' },
  updateEmailAccountCredentials: WALKER_MAIL_SERVERS,
  connectLinkedinAccount: { timezone: 'Europe/Berlin' },
  setLinkedinTimeZone: { timezone: 'Europe/Berlin' },
  submitLinkedinCode: { code: '123456' },
  register: { name: 'Walker', email: 'walker.b@example.test', password: STRONG_PASSWORD },
  login: { email: 'walker.b@example.test', password: STRONG_PASSWORD },
  // A's mailbox domain: B has no mailbox there, so B's check must answer not_found.
  checkDomainHealth: { domain: 'example.test' },
  saveSchedule: { timezone: 'Europe/Berlin', days: [{ day: 'mon', enabled: true, from: '9:00 AM', to: '5:00 PM' }] },
};

/** Field names that look like a record reference but are not one of ours, with the reason. */
const NOT_RECORDS: Record<string, string> = {
  operatorId: 'send-test-email: a block of the campaign flowchart, not a stored record',
  blockId: 'a block of the named campaign’s flowchart, not a record of its own (the campaign id is walked)',
  pipelineId: 'a CRM deal pipeline: the CRM area is not built, so none is stored and the call answers not_available_yet',
  pipelineStageId: 'a stage of a CRM deal pipeline (see pipelineId)',
  industryId: 'an entry of the shared industry catalogue, the same for every account',
  countryId: 'an entry of the shared country catalogue, the same for every account',
  code: 'outside /team/*, a one-time code (second factor, sign-in provider), not a stored record',
  eventId: 'gamification: an event of the fixed game catalogue, the same for every account',
};

type Json = Record<string, any>;
const ID_LIKE =
  /(^emailAccount$|^id$|Id$|Ids$|^ids$|^items$|^prospects$|^moveFrom$|^moveTo$|_id$|^code$|^teamCode$|^blacklist$|^includeTags$|^excludeTags$|^senderEmailAccounts$|^senderLinkedinAccounts$|^email_accounts$|^linkedin_accounts$|^folder$|^schedule$)/;

/** Which of A's records a field of a route names. */
function recordFor(world: TenantWorld, route: AnyRoute, field: string, inParams: boolean): number | string | undefined {
  const path = route.path;
  const companies = /compan/.test(path);
  switch (field) {
    case 'listId':
    case 'blacklist':
    case 'moveFrom':
    case 'moveTo':
    case 'requiredId':
    case 'excludedId':
    case 'lastId':
    case 'listIds':
    case 'prospectsListId':
      return companies ? world.companyListId : world.prospectListId;
    case 'folderId':
    case 'fromFolderId':
      return path.startsWith('/pipelines/api') ? world.campaignFolderId : world.folderId;
    case 'folder':
      return world.campaignFolderId;
    case 'campaignId':
    case 'campaignIds':
      return world.campaignId;
    case 'threadId':
    case 'threadIds':
      return world.uniboxThreadId;
    case 'messageIds':
    case 'messageId':
      return world.uniboxMessageId;
    case 'forUserId':
      // A member of A's team: never a teammate of the walking account.
      return world.memberId;
    case 'emailAccountIds':
      return world.emailAccountId;
    case 'linkedinAccountIds':
      return world.linkedinAccountId;
    case 'recipientIds':
      return world.recipientId;
    case 'prospectIds':
      return world.prospectId;
    case 'ownerId':
    case 'userIds':
      return world.userId;
    case 'senderAccountId':
    case 'senderEmailAccounts':
    case 'email_accounts':
      return world.emailAccountId;
    case 'senderLinkedinAccounts':
    case 'linkedin_accounts':
      return world.linkedinAccountId;
    case 'includeTags':
    case 'excludeTags':
      return world.tagId;
    case 'schedule':
      return world.scheduleId;
    case 'prospectId':
    case 'itemId':
    case 'excludeIds':
    case 'prospects':
      return world.prospectId;
    case 'items':
      return companies ? world.companyId : world.prospectId;
    case 'ids':
      if (path === '/linkedin-search/batch-show/tasks') return world.linkedinTaskId;
      if (path === '/linkedin-search/batch-show/social-url-imports') return world.socialUrlImportId;
      if (path === '/pipelines/api/folders/sort') return world.campaignFolderId;
      return path.startsWith('/verify') ? world.verificationId : world.prospectId;
    case 'noteId':
      return world.noteId;
    case 'groupId':
      return world.fieldGroupId;
    case 'tagId':
      return world.tagId;
    case 'importId':
      return world.importId;
    case 'searchId':
      return /domain-search|best-company/.test(path) ? world.domainSearchId : world.singleSearchId;
    case 'entityId':
      return path === '/prospect-tags/check-create' ? world.tagProcessId : world.companyId;
    case 'email_id':
      return world.prospectEmailId;
    case 'phoneId':
      return world.prospectPhoneId;
    case 'filterUserId':
      return world.userId;
    case 'code':
      return path.startsWith('/team') ? world.revokedJoinCode : undefined;
    case 'teamCode':
      return world.revokedJoinCode;
    case 'templateId':
      return world.templateId;
    case 'categoryId':
      return path.includes('/templates') ? world.templateCategoryId : undefined;
    case 'scheduleId':
      return world.scheduleId;
    case 'emailAccountId':
    case 'emailAccount':
      return world.emailAccountId;
    case 'linkedinAccountId':
    case 'slotId':
      return world.linkedinAccountId;
    case 'accountId':
      // The LinkedIn account of a slot call or of a search task.
      return path.startsWith('/pipelines/api/linkedin-accounts') || path.startsWith('/linkedin-search') ? world.linkedinAccountId : undefined;
    case 'userId':
      return path.startsWith('/pipelines/api/linkedin-accounts') ? world.memberId : undefined;
    case 'id':
      if (path.startsWith('/email-account')) return world.emailAccountId;
      if (path.startsWith('/pipelines/api/unibox/accounts')) return world.emailAccountId;
      if (path.startsWith('/pipelines/api/linkedin-accounts/requests')) return world.linkedinSlotRequestId;
      if (path.startsWith('/pipelines/api/linkedin-accounts')) return world.linkedinAccountId;
      // send-test-email's attachments[].id, and the email-content attachment calls: A's file.
      if (path === '/campaigns/send-test-email' || path.startsWith('/pipelines/api/email-content/attachment')) return world.attachmentId;
      if (path.startsWith('/team/members')) return world.memberId;
      if (path.startsWith('/verify/bulk-jobs')) return world.bulkVerificationId;
      if (path.startsWith('/finder/bulk-jobs')) return world.finderBulkId;
      if (path.startsWith('/linkedin-search/social-url-imports')) return world.socialUrlImportId;
      if (path.startsWith('/linkedin-search')) return world.linkedinTaskId;
      if (path.startsWith('/folders')) return world.folderId;
      if (path.startsWith('/pipelines/api/folders')) return world.campaignFolderId;
      if (path.startsWith('/pipelines/api/campaign/') || path.startsWith('/campaigns/') || path.startsWith('/pipelines/api/flowchart-block-count')) return world.campaignId;
      if (path.startsWith('/templates/delete-category') || path.startsWith('/templates/edit-category')) return world.templateCategoryId;
      if (path.startsWith('/templates')) return world.templateId;
      if (path.startsWith('/schedules')) return world.scheduleId;
      if (path.startsWith('/user-field-groups')) return world.fieldGroupId;
      if (inParams && path.startsWith('/prospects/:id')) return world.prospectId;
      // Elsewhere in a prospect's body, `id` is a custom field's (customFields[].id).
      if (path.startsWith('/user/custom-fields') || path.startsWith('/prospects-new') || path === '/prospects/:id') return world.customFieldId;
      if (path.startsWith('/companies/overview')) return world.companyId;
      if (path.startsWith('/companies/export')) return world.companyListId;
      if (path === '/mood/in-prospect') return world.prospectId;
      if (path.startsWith('/lists') || path.startsWith('/prospects')) return world.prospectListId;
      return undefined;
    default:
      return undefined;
  }
}

interface Build {
  route: AnyRoute;
  name: string;
  world: TenantWorld;
  inParams: boolean;
  /** Whether one of A's ids was put into a call of this route. */
  namesRecords: boolean;
  /** Id-like fields met that no record answers for (the walk fails on them). */
  unmapped: Set<string>;
}

const MAX_VARIANTS = 6;

function product(parts: [string, unknown[]][]): Json[] {
  let out: Json[] = [{}];
  for (const [key, values] of parts) {
    const next: Json[] = [];
    for (const base of out) for (const value of values) if (next.length < MAX_VARIANTS) next.push(value === undefined ? base : { ...base, [key]: value });
    out = next;
  }
  return out;
}

function mentionsRecord(schema: Json, name = ''): boolean {
  if (ID_LIKE.test(name)) return true;
  if (schema.properties) return Object.entries(schema.properties as Json).some(([key, sub]) => mentionsRecord(sub as Json, key));
  if (schema.items) return mentionsRecord(schema.items as Json);
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((sub: Json) => mentionsRecord(sub));
}

/** Candidate values for a JSON schema: A's record ids in the fields that name records, small valid values elsewhere. */
function sample(schema: Json, name: string, build: Build): unknown[] {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return (branches as Json[]).flatMap((branch) => sample(branch, name, build)).slice(0, MAX_VARIANTS);
  if (ID_LIKE.test(name) && schema.type !== 'object') {
    const record = recordFor(build.world, build.route, name, build.inParams);
    if (record === undefined) {
      if (!NOT_RECORDS[name]) build.unmapped.add(name);
    } else {
      build.namesRecords = true;
      if (schema.type === 'array') return [[schema.items?.type === 'string' ? String(record) : record]];
      return [schema.type === 'string' ? String(record) : record];
    }
  }
  if ('const' in schema) return [schema.const];
  if (schema.enum) return (schema.enum as unknown[]).slice(0, 3);
  switch (schema.type) {
    case 'object': {
      const required = new Set<string>(schema.required ?? []);
      const entries = Object.entries((schema.properties ?? {}) as Json);
      const part = ([key, sub]: [string, unknown]) => [key, sample(sub as Json, key, build)] as [string, unknown[]];
      const always = entries.filter(([key]) => required.has(key)).map(part);
      const optional = entries.filter(([key, sub]) => !required.has(key) && mentionsRecord(sub as Json, key)).map(part);
      // Every optional field naming a record both together and alone: rules such as "items or
      // a selection, not both" refuse the combination, and each field must be tried.
      const variants = [product([...always, ...optional]), ...optional.map((one) => product([...always, one]))].flat();
      return variants.slice(0, MAX_VARIANTS * 2);
    }
    case 'array':
      return (schema.minItems ?? 0) > 0 || mentionsRecord(schema.items ?? {}) ? sample(schema.items ?? {}, name, build).map((item) => [item]) : [[]];
    case 'string':
      if (schema.format === 'email') return ['walker.b@example.test'];
      if (schema.format === 'date') return ['2026-01-05'];
      if (typeof schema.pattern === 'string' && schema.pattern.includes('(AM|PM)')) return ['9:00 AM'];
      if (schema.format === 'uri' || /url/i.test(name)) return ['https://walker-b.example.test/'];
      return ['w'.repeat(Math.max(schema.minLength ?? 1, 1))];
    case 'integer':
    case 'number':
      return [Math.max(schema.minimum ?? 1, schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1)];
    case 'boolean':
      return [false];
    default:
      return [undefined];
  }
}

function candidates(schema: z.ZodType, build: Build, hint: Json = {}): Json[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return (sample(json, '', build) as Json[])
    .filter((value) => value !== undefined)
    .map((value) => ({ ...hint, ...value, ...Object.fromEntries(Object.entries(hint).filter(([key]) => recordFor(build.world, build.route, key, false) === undefined)) }))
    .filter((value) => schema.safeParse(value).success);
}

interface Call {
  path: string;
  query?: Record<string, string>;
  body?: Json;
}

/** The calls a route gets: every variant of its params, query and body, each valid for its schemas. */
function callsOf(name: string, route: AnyRoute, world: TenantWorld): { calls: Call[]; unmapped: Set<string>; namesRecords: boolean } {
  const build: Build = { route, name, world, inParams: true, namesRecords: false, unmapped: new Set() };
  const params = candidates(route.params, build);
  build.inParams = false;
  const queries = candidates(route.query, build);
  const bodies = candidates(route.body, build, BODY_HINTS[name]);
  // A body schema that accepts no object of ours would leave the route unvisited in truth.
  if (!bodies.length && !route.body.safeParse({}).success) build.unmapped.add('(no valid body)');
  const calls: Call[] = [];
  for (const param of params.length ? params : [{}])
    for (const query of queries.length ? queries : [{}])
      for (const body of bodies.length ? bodies : [undefined])
        if (calls.length < MAX_VARIANTS)
          calls.push({
            path: buildPath(route.path, param),
            ...(Object.keys(query).length ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) } : {}),
            ...(route.method === 'GET' ? {} : { body: body ?? {} }),
          });
  return { calls, unmapped: build.unmapped, namesRecords: build.namesRecords };
}

/** A multipart call's fields as a form, with one small file (`file`, the upload field of the contracts). */
function formOf(body: Json): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) form.append(key, String(value));
  form.append('file', new Blob(['walker'], { type: 'text/plain' }), 'walker.txt');
  return form;
}

function send(client: TestClient, route: AnyRoute, call: Call): Promise<TestResponse> {
  if (route.requestKind === 'multipart') return client.request(route.method, call.path, { ...(call.query ? { query: call.query } : {}), form: formOf(call.body ?? {}) });
  return client.request(route.method, call.path, { ...(call.query ? { query: call.query } : {}), ...(call.body !== undefined ? { body: call.body } : {}) });
}

const placeholder = (response: TestResponse) => response.status === 501 && response.body?.errors?.[0]?.key === 'not_available_yet';

describe('route walker', () => {
  let t: TestApp;
  let world: TenantWorld;
  let stranger: TestClient;
  const visitedAnonymously = new Set<string>();
  const visitedByStranger = new Set<string>();

  before(async () => {
    t = await startTestApp();
    world = await createTenantWorld(t);
    stranger = t.client();
    await stranger.register({ email: uniqueEmail('walker-stranger'), password: STRONG_PASSWORD, name: 'Stranger' });
  });
  after(() => t?.close());

  it('answers 401 without data to anonymous callers of every signed-in route, and no account data on public ones', async () => {
    for (const [name, route] of ordered) {
      const { calls } = callsOf(name, route, world);
      for (const call of calls.length ? calls : [{ path: buildPath(route.path, Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1], '1']))) }]) {
        const anonymous = t.client();
        const response = await send(anonymous, route, call);
        assert.doesNotMatch(response.text, world.secrets, `${name} showed A's data anonymously`);
        if (route.auth === 'public') {
          assert.ok(response.status < 500 || placeholder(response), `${name} answered ${response.status} ${response.text}`);
        } else {
          assert.equal(response.status, 401, `${name} ${route.method} ${call.path} answered ${response.status}`);
          assert.ok(['unauthorized', 'session_expired'].includes(response.body.errors[0].key), `${name}: ${response.text}`);
          assert.ok(ERROR_KEYS.includes(response.body.errors[0].key), name);
          // The same through the /back prefix.
          const back = await anonymous.request(route.method, `/back${call.path}`, route.method === 'GET' ? {} : { body: call.body ?? {} });
          assert.equal(back.status, 401, `/back ${name}`);
        }
      }
      visitedAnonymously.add(name);
    }
  });

  it('never gives another account the first account’s records, nor lets it change them', async () => {
    const before = await world.snapshot();
    const outcomes: string[] = [];
    const unmapped: string[] = [];
    for (const [name, route] of ordered) {
      const built = callsOf(name, route, world);
      for (const field of built.unmapped) unmapped.push(`${name} ${field}`);
      assert.ok(built.calls.length > 0, `${name}: no call valid for its schemas could be built`);
      for (const call of built.calls) {
        const response = await send(stranger, route, call);
        const what = `${name} ${route.method} ${call.path} ${JSON.stringify(call.query ?? {})} ${JSON.stringify(call.body ?? {})} → ${response.status} ${response.text.slice(0, 300)}`;
        outcomes.push(what);
        assert.doesNotMatch(response.text, world.secrets, `leak: ${what}`);
        assert.ok(response.status < 500 || placeholder(response), what);
        if (built.namesRecords) {
          // A's record is unknown to B (404), refused (403), or the answer provably touched nothing
          // of A's (a 2xx; the read-back of A's world below proves it); a join code A replaced is
          // simply invalid.
          const refusedCode = response.body?.errors?.[0]?.key === 'team_code_invalid';
          assert.ok((response.status >= 200 && response.status < 300) || [403, 404].includes(response.status) || refusedCode || placeholder(response), what);
        }
      }
      visitedByStranger.add(name);
    }
    assert.deepEqual(unmapped, [], 'fields naming a record that the walker cannot fill');
    if (process.env.WALKER_TRACE) console.log(outcomes.join('\n'));
    const afterwards = await world.snapshot();
    for (const key of Object.keys(before)) assert.deepEqual(afterwards[key], before[key], `A's ${key} changed after B's calls`);
  });

  it('visited every declared route in both passes', () => {
    const missing = routes.map(([name]) => name).filter((name) => !visitedAnonymously.has(name) || !visitedByStranger.has(name));
    assert.deepEqual(missing, []);
    assert.ok(routes.length >= 160);
  });

  it('tells a placeholder call (501 not_available_yet) from a path that is no call (404 route_not_found)', async () => {
    const names = ['activateCrm', 'detectPaySystem', 'firstPaymentNotifier', 'updateStateFirstPayment'];
    const placeholders = routes.filter(([name]) => names.includes(name));
    assert.equal(placeholders.length, names.length);
    const owner = world.client;
    for (const [name, route] of placeholders) {
      const query = route.path === '/update-state-first-payment' ? { query: { payment_method: 'card' } } : {};
      const response = await owner.request(route.method, route.path, { ...query, ...(route.method === 'GET' ? {} : { body: {} }) });
      assert.equal(response.status, 501, name);
      assert.equal(response.body.errors[0].key, 'not_available_yet', name);
    }
    const missing = await owner.get('/user-info-typo');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.errors[0].key, 'route_not_found');
  });
});
