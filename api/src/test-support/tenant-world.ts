/**
 * A small world of one account (A) built through the API: one record of every kind another
 * account could try to reach by id. The route walker sends these ids as another account (B) and
 * reads the world back as A afterwards to prove nothing of A's changed.
 */
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { emailAccounts, users } from '../db/schema';
import { mailboxById } from '../engines/mail/inbound/sync/repository';
import { storeMessage } from '../engines/mail/inbound/sync/store-message';
import * as verificationRepo from '../modules/verification/repository';
import { STRONG_PASSWORD, uniqueEmail, type TestApp } from './test-app';
import type { TestClient, TestResponse } from './test-client';

/** Text planted in A's records: no answer given to B may contain any of it. */
export const WORLD_MARKER = 'Zyxqa';

export interface TenantWorld {
  client: TestClient;
  email: string;
  password: string;
  userId: number;
  memberId: number;
  prospectListId: number;
  companyListId: number;
  prospectId: number;
  prospectEmailId: number;
  prospectPhoneId: number;
  noteId: number;
  fieldGroupId: number;
  customFieldId: number;
  folderId: number;
  companyId: number;
  tagId: number;
  tagProcessId: string;
  importId: string;
  verificationId: number;
  bulkVerificationId: number;
  finderBulkId: number;
  singleSearchId: string;
  domainSearchId: string;
  linkedinTaskId: number;
  /** A's social-url import, read on A's LinkedIn account. */
  socialUrlImportId: number;
  /** A's connected mailbox, shared with A's team. */
  emailAccountId: number;
  /** A's LinkedIn account (a sandbox one, connected by session cookie). */
  linkedinAccountId: number;
  /** A LinkedIn slot request of A's team member, pending with A. */
  linkedinSlotRequestId: number;
  /** A's email template, its category, and a sending schedule (the campaigns' library). */
  templateId: number;
  templateCategoryId: number;
  scheduleId: number;
  /** A's campaign folder and a launched campaign in it (start in 2099, so nothing sends during the walk), with its one recipient. */
  campaignFolderId: number;
  campaignId: number;
  /** A file attached to A's campaign (email-content). */
  attachmentId: number;
  recipientId: number;
  /** A reply synced into A's mailbox, as the unibox groups it: its thread and the message. */
  uniboxThreadId: number;
  uniboxMessageId: number;
  /** A join code of A's team that A replaced (a join code is a bearer invitation by design). */
  revokedJoinCode: string;
  /** Every text of A's that must never reach B. */
  secrets: RegExp;
  /** A's records as A reads them: equal before and after B's calls. */
  snapshot(): Promise<Record<string, unknown>>;
}

function ok<T>(response: TestResponse<T>, what: string): T {
  assert.ok(response.status >= 200 && response.status < 300, `${what}: ${response.status} ${response.text}`);
  return response.body;
}

/** Polls a read until the background work it shows is over (the job queue pushes no event here). */
async function settle<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  let value: T | undefined;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} never settled: ${JSON.stringify(value)}`);
}

/**
 * A's mailbox. Written to the table (as the engines' tests do) rather than through
 * `/email-account/create`, which would need SMTP and IMAP servers on loopback for the walk.
 */
async function createEmailAccountOf(t: TestApp, owner: { id: number; accountId: number }, marker: string): Promise<number> {
  const [row] = await t.database.db
    .insert(emailAccounts)
    .values({
      userId: owner.id,
      accountId: owner.accountId,
      email: `mailbox.${marker.toLowerCase()}@example.test`,
      senderName: `Sender ${marker}`,
      smtpHost: 'smtp.example.test',
      smtpPort: 587,
      smtpSecurity: 'starttls',
      smtpUser: `mailbox.${marker.toLowerCase()}@example.test`,
      imapHost: 'imap.example.test',
      imapPort: 993,
      imapSecurity: 'tls',
      imapUser: `mailbox.${marker.toLowerCase()}@example.test`,
      signatureHtml: `<p>Signature ${marker}</p>`,
      trackingDomain: `track.${marker.toLowerCase()}.example.test`,
      sharedWithTeam: true,
    })
    .returning({ id: emailAccounts.id });
  return row!.id;
}

const TERMINAL = new Set(['completed', 'done', 'failed', 'cancelled', 'canceled', 'stopped', 'paused', 'finished']);
const isTerminal = (state: unknown) => typeof state === 'string' && TERMINAL.has(state);

export async function createTenantWorld(t: TestApp): Promise<TenantWorld> {
  const m = WORLD_MARKER;
  const client = t.client();
  const email = uniqueEmail(`${m.toLowerCase()}-owner`);
  await client.register({ email, password: STRONG_PASSWORD, name: `Owner ${m}` });
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  // Credits for the verification and finder jobs below (no call of the API grants them).
  await verificationRepo.credit(t.database.db, { userId: user!.id, accountId: user!.accountId }, 500, 'top_up', 'tenant-world');

  const joinCode = ok(await client.post('/team/join-code'), 'join code').joinCode as string;
  const member = t.client();
  await member.register({ email: uniqueEmail(`${m.toLowerCase()}-member`), password: STRONG_PASSWORD, name: `Member ${m}`, teamCode: joinCode });
  const revokedJoinCode = joinCode;
  ok(await client.post('/team/join-code'), 'new join code');
  const team = ok(await client.get('/team-info'), 'team info');
  const memberId = team.members.find((entry: { name: string }) => entry.name === `Member ${m}`).id as number;

  const prospectListId = ok(await client.post('/lists/add', { type: 'prospect', name: `List ${m}` }), 'list').id as number;
  const companyListId = ok(await client.post('/lists/add', { type: 'company', name: `Companies ${m}` }), 'company list').id as number;
  const fieldGroupId = ok(await client.post('/user-field-groups', { name: `Group ${m}` }), 'field group').id as number;
  const customFieldId = ok(await client.post('/user/custom-fields', { name: `Field ${m}`, type: 'text', groupId: fieldGroupId }), 'custom field').id as number;
  const folderId = ok(await client.post('/folders', { name: `Folder ${m}` }), 'folder').id as number;
  ok(await client.post('/folders/list/move', { listId: prospectListId, folderId }), 'list into folder');

  const prospectId = ok(
    await client.post('/prospects-new/add', {
      listId: prospectListId,
      name: `Prospect ${m}`,
      emails: [{ email: `prospect.${m.toLowerCase()}@example.test` }],
      phones: [{ phone: '+15550100' }],
      companies: [{ name: `Company ${m}`, url: `${m.toLowerCase()}.example.test`, position: 'Head' }],
      customFields: [{ id: customFieldId, value: `Value ${m}` }],
    }),
    'prospect',
  ).id as number;
  const info = ok(await client.get(`/prospects-new/info/${prospectId}/${prospectListId}`), 'prospect info');
  const prospectEmailId = (info.emails?.[0]?.email_id ?? info.prospect?.emails?.[0]?.email_id) as number;
  const prospectPhoneId = (info.phones?.[0]?.phoneId ?? info.prospect?.phones?.[0]?.phoneId) as number;
  const noteId = ok(await client.post(`/lists/${prospectListId}/prospects/${prospectId}/notes`, { noteText: `Note ${m}` }), 'note').id as number;
  ok(await client.post(`/lists/${prospectListId}/prospects/${prospectId}/notes/${noteId}/pin`), 'pin');
  const tagProcess = ok(await client.post('/prospect-tags/save', { tags: [`tag${m}`], prospects: [prospectId] }), 'tag');
  const tags = ok(await client.get('/user-tags/get-custom-tags'), 'tags');
  const tagId = (tags.items ?? tags.tags ?? tags).find((tag: { name: string }) => tag.name === `tag${m}`).id as number;

  ok(await client.post('/lists/add-company-to-list', { listId: companyListId, company: { name: `Firm ${m}`, url: `firm-${m.toLowerCase()}.example.test` } }), 'company');
  const companies = ok(await client.post('/companies/get-all', { listId: companyListId, page: 1, limit: 10 }), 'companies');
  const companyId = (companies.items ?? companies.companies)[0].id as number;

  const upload = ok(
    await client.post('/prospects/import/upload', { listId: prospectListId, fileName: 'people.csv', chunk: `name,email\nImported ${m},imported.${m.toLowerCase()}@example.test\n`, index: 0 }),
    'import upload',
  );
  const importId = upload.importId as string;

  const verifyOne = ok(await client.post('/prospects/verify-one', { email: `single.${m.toLowerCase()}@example.test` }), 'verify one');
  const verificationId = verifyOne.id as number;
  const bulkVerificationId = ok(await client.post('/verify/bulk-jobs', { name: `Bulk ${m}`, emails: [`bulk.${m.toLowerCase()}@example.test`] }), 'bulk verification').job.id as number;
  const finderBulkId = ok(
    await client.post('/emails-from-names/jobs', { name: `Names ${m}`, target: { listName: `Finds ${m}` }, rows: [{ firstName: 'Ann', lastName: m, domain: 'example.test' }] }),
    'finder bulk',
  ).job.id as number;
  const single = ok(await client.post('/email-finder/search', { firstName: 'Ann', lastName: m, domain: 'example.test' }), 'single search');
  const singleSearchId = single.searchId as string;
  const domain = ok(await client.post('/domain-search/search', { domain: 'example.test' }), 'domain search');
  const domainSearchId = domain.searchId as string;
  // A's sandbox LinkedIn account (the search task below runs on it) and a member's slot request.
  const linkedinAccountId = ok(
    await client.post('/pipelines/api/linkedin-accounts', {
      login: { method: 'cookie', sessionCookie: `AQEDAR-world-${m}-session` },
      proxy: { kind: 'builtin', countryId: 276 },
      timezone: 'Europe/Berlin',
      name: `LinkedIn ${m}`,
    }),
    'linkedin account',
  ).account.id as number;
  const linkedinSlotRequestId = ok(await member.post('/pipelines/api/linkedin-accounts/requests', { note: `Request ${m}` }), 'linkedin slot request').request.id as number;
  const linkedinTaskId = ok(
    await client.post('/linkedin-search/tasks', {
      url: `https://www.linkedin.com/search/results/people/?keywords=${m}`,
      accountId: linkedinAccountId,
      prospectsListId: prospectListId,
      prospectsTotal: 3,
      isSkipSaved: false,
      isSaveWithoutEmail: true,
    }),
    'linkedin task',
  ).id as number;

  const socialUrlImportId = ok(
    await client.post('/linkedin-search/social-url-imports', {
      fileName: `Links ${m}.csv`,
      csv: `profile\nhttps://www.linkedin.com/in/${m.toLowerCase()}-person\nnot a link ${m}\n`,
      prospectsListId: prospectListId,
    }),
    'social-url import',
  ).id as number;
  ok(await client.post(`/linkedin-search/social-url-imports/${socialUrlImportId}/import`, { accountId: linkedinAccountId }), 'social-url import start');

  const emailAccountId = await createEmailAccountOf(t, user!, m);
  const templateCategoryId = ok(await client.post('/templates/add-category', { name: `Category ${m}` }), 'template category').category.id as number;
  const templateId = ok(
    await client.post('/templates/add', { templateName: `Template ${m}`, categoryId: templateCategoryId, templateData: { subject: `Subject ${m}`, body: `<p>Body ${m}</p>` } }),
    'template',
  ).template.templateId as number;
  const scheduleId = ok(
    await client.post('/schedules/save', { name: `Schedule ${m}`, timezone: 'Europe/Berlin', days: [{ day: 'mon', enabled: true, from: '9:00 AM', to: '5:00 PM' }] }),
    'schedule',
  ).schedule.id as number;

  const campaignFolderId = ok(await client.post('/pipelines/api/folders', { name: `Campaigns ${m}` }), 'campaign folder').folder.id as number;
  const noSendListId = ok(await client.post('/lists/add', { type: 'prospect', name: `No-send ${m}` }), 'no-send list').id as number;
  const variant = { subject: `Hello ${m}`, content: `<p>Body ${m}</p>`, attachments: [], plainTextMode: false, hasContent: true, hasInvalidVariables: false, hasDynamicText: false, overLimitDynamicText: false };
  const campaignId = ok(
    await client.post('/pipelines/api/campaign/save', {
      title: `Campaign ${m}`,
      folder: campaignFolderId,
      listId: prospectListId,
      blacklist: noSendListId,
      senderEmailAccounts: [emailAccountId],
      schedule: scheduleId,
      startAt: { date: '2099-01-01', time: '9:00 AM', timeZone: 'UTC' },
      flowchart: {
        operators: [
          { block: { id: 'start', type: 'start' }, position: { x: 0, y: 0 } },
          { block: { id: 'e1', type: 'email', emails: [variant] }, position: { x: 0, y: 120 } },
        ],
        links: [{ from: 'start', to: 'e1', output: 'next' }],
      },
    }),
    'campaign',
  ).campaign.campaignId as number;
  ok(await client.post('/pipelines/api/campaign/set-state', { campaignId, state: 'start' }), 'campaign launch');
  const recipients = ok(await client.get('/pipelines/api/recipients', { query: { campaignId: String(campaignId) } }), 'recipients');
  const recipientId = recipients.items[0].id as number;
  const attachmentForm = new FormData();
  attachmentForm.append('campaignId', String(campaignId));
  attachmentForm.append('blockId', 'e1');
  attachmentForm.append('variant', '0');
  attachmentForm.append('file', new Blob([`Notes ${m}`], { type: 'text/plain' }), `notes-${m}.txt`);
  const attachmentId = ok(await client.request('POST', '/pipelines/api/email-content', { form: attachmentForm }), 'attachment').attachments[0].id as number;

  // Background work changes A's records by itself: the jobs are paused (or already over) and the
  // world is read only once nothing moves, so a later difference can only come from B's calls.
  await client.post(`/verify/bulk-jobs/${bulkVerificationId}/pause`);
  await client.post(`/finder/bulk-jobs/${finderBulkId}/pause`);
  await settle(async () => (await client.get(`/verify/bulk-jobs/${bulkVerificationId}`)).body, (body) => isTerminal(body.job?.status), 'bulk verification');
  await settle(async () => (await client.get(`/finder/bulk-jobs/${finderBulkId}`)).body, (job) => isTerminal(job.state), 'finder bulk job');
  await settle(async () => (await client.get(`/linkedin-search/tasks/${linkedinTaskId}`)).body, (task) => isTerminal(task.status), 'linkedin task');
  await settle(async () => (await client.get(`/linkedin-search/social-url-imports/${socialUrlImportId}`)).body, (item) => isTerminal(item.status), 'social-url import');
  await settle(
    async () => (await client.post('/prospect-tags/check-create', { entityId: String(tagProcess.id ?? tagProcess.entityId ?? prospectId) })).body,
    (state) => state.status === 'done' || state.errors !== undefined,
    'tagging',
  );
  await settle(async () => (await client.get(`/prospects/checkUpload/${importId}`)).body, (state) => state.status !== 'processing' && state.status !== 'uploading', 'import');
  // The mailbox's hosts do not resolve here: the IMAP sync marks it failed on DNS at some moment
  // of its own. It is put in that state now (one the engines never write over), so no pass of
  // theirs changes it between two snapshots.
  await t.database.db
    .update(emailAccounts)
    .set({ status: 'error', statusReason: 'dns', statusChangedAt: new Date('2026-01-01T00:00:00Z') })
    .where(eq(emailAccounts.id, emailAccountId));

  // A reply in A's mailbox, stored by the IMAP sync's own store function; the unibox threads it when A reads.
  const syncMailbox = await mailboxById(t.database.db, emailAccountId);
  await storeMessage(
    t.database.db,
    syncMailbox!,
    { folder: 'INBOX', uid: 1, internalDate: new Date() },
    Buffer.from(
      [`From: Prospect ${m} <prospect.${m.toLowerCase()}@example.test>`, `To: <mailbox.${m.toLowerCase()}@example.test>`, `Subject: Reply ${m}`, `Message-ID: <reply.${m.toLowerCase()}.${Date.now()}@example.test>`, 'Content-Type: text/plain; charset=utf-8', '', `Body ${m}`, ''].join('\r\n'),
    ),
  );
  const uniboxThreadId = ok(await client.post('/pipelines/api/unibox/thread-groups', {}), 'unibox threads').items[0].id as number;
  const uniboxMessageId = ok(await client.get(`/pipelines/api/unibox/thread-groups/${uniboxThreadId}/messages`), 'unibox messages').items[0].id as number;

  const reads: Record<string, () => Promise<TestResponse>> = {
    team: () => client.get('/team-info'),
    lists: () => client.get('/prospects/lists'),
    listsInfo: () => client.post('/prospects/get-lists-info', {}),
    folders: () => client.get('/folders/list'),
    prospects: () => client.post('/prospects/list-prospects', { listId: prospectListId, page: 1, perPage: 50 }),
    prospect: () => client.get(`/prospects-new/info/${prospectId}/${prospectListId}`),
    prospectLists: () => client.get(`/prospects/${prospectId}/lists`),
    notes: () => client.get(`/lists/${prospectListId}/prospects/${prospectId}/notes`),
    pinned: () => client.get(`/lists/${prospectListId}/prospects/${prospectId}/notes/pinned`),
    fieldGroups: () => client.get('/user-field-groups'),
    tags: () => client.get('/user-tags/get-custom-tags'),
    listTags: () => client.get(`/prospects/list-prospects/${prospectListId}/tags`),
    companyLists: () => client.get('/companies/lists'),
    companies: () => client.post('/companies/get-all', { listId: companyListId, page: 1, limit: 10 }),
    company: () => client.get(`/companies/overview/${companyId}`),
    import: () => client.get(`/prospects/checkUpload/${importId}`),
    verification: () => client.post('/verify/getEmailsStatus', { ids: [verificationId] }),
    bulkVerification: () => client.get(`/verify/bulk-jobs/${bulkVerificationId}`),
    bulkVerificationResults: () => client.get(`/verify/bulk-jobs/${bulkVerificationId}/results`),
    finderBulk: () => client.get(`/finder/bulk-jobs/${finderBulkId}`),
    finderBulkResults: () => client.get(`/finder/bulk-jobs/${finderBulkId}/results`),
    singleSearch: () => client.get(`/email-finder/search/${singleSearchId}`),
    domainSearch: () => client.get(`/domain-search/search/${domainSearchId}`),
    linkedinTask: () => client.get(`/linkedin-search/tasks/${linkedinTaskId}`),
    socialUrlImport: () => client.get(`/linkedin-search/social-url-imports/${socialUrlImportId}`),
    socialUrlImports: () => client.get('/linkedin-search/social-url-imports'),
    socialUrlBadLinks: () => client.get(`/linkedin-search/social-url-imports/${socialUrlImportId}/bad-links`),
    emailAccounts: () => client.get('/email-account/list'),
    teamEmailAccounts: () => client.get('/team/email-accounts'),
    linkedinAccounts: () => client.get('/pipelines/api/linkedin-accounts/all'),
    teamLinkedinAccounts: () => client.get('/pipelines/api/linkedin-accounts/team'),
    linkedinSlotRequests: () => client.get('/pipelines/api/linkedin-accounts/requests'),
    templates: () => client.get('/pipelines/api/templates'),
    templateCategories: () => client.get('/pipelines/api/templates/categories'),
    schedules: () => client.get('/schedules/getList'),
    campaignFolders: () => client.get('/pipelines/api/folders'),
    campaigns: () => client.get('/pipelines/api/campaigns'),
    campaign: () => client.get(`/pipelines/api/campaign/${campaignId}`),
    campaignFlowchart: () => client.get(`/pipelines/api/campaign/${campaignId}/flowcharts`),
    campaignRecipients: () => client.get('/pipelines/api/recipients', { query: { campaignId: String(campaignId) } }),
    campaignTotals: () => client.get(`/pipelines/api/statistics/campaign-totals/${campaignId}`),
    campaignAttachment: () => client.get(`/pipelines/api/email-content/attachment/${attachmentId}`),
    profile: () => client.get('/user-info'),
    uniboxAccounts: () => client.get('/pipelines/api/unibox/accounts'),
    uniboxThreads: () => client.post('/pipelines/api/unibox/thread-groups', {}),
    uniboxTrash: () => client.post('/pipelines/api/unibox/thread-groups', { trash: true }),
    uniboxMessages: () => client.get(`/pipelines/api/unibox/thread-groups/${uniboxThreadId}/messages`),
  };

  return {
    client,
    email,
    password: STRONG_PASSWORD,
    userId: user!.id,
    memberId,
    prospectListId,
    companyListId,
    prospectId,
    prospectEmailId,
    prospectPhoneId,
    noteId,
    fieldGroupId,
    customFieldId,
    folderId,
    companyId,
    tagId,
    tagProcessId: String(tagProcess.id ?? tagProcess.entityId ?? prospectId),
    importId,
    verificationId,
    bulkVerificationId,
    finderBulkId,
    singleSearchId,
    domainSearchId,
    linkedinTaskId,
    socialUrlImportId,
    emailAccountId,
    linkedinAccountId,
    linkedinSlotRequestId,
    templateId,
    templateCategoryId,
    scheduleId,
    campaignFolderId,
    campaignId,
    attachmentId,
    recipientId,
    uniboxThreadId,
    uniboxMessageId,
    revokedJoinCode,
    secrets: new RegExp(`${m}|${m.toLowerCase()}|${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i'),
    async snapshot() {
      const entries = await Promise.all(
        Object.entries(reads).map(async ([name, read]) => {
          const response = await read();
          return [name, { status: response.status, body: response.body }] as const;
        }),
      );
      return Object.fromEntries(entries);
    },
  };
}
