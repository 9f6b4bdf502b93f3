/**
 * Templates, categories and schedules over real HTTP: CRUD, the empty-template refusal, HTML
 * sanitised before it is stored, schedule rules, a schedule an active campaign or a warm-up sends
 * on, and another account's (or a teammate's) ids answering 404.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { users, warmupMailboxes } from '../../db/schema';
import { campaigns } from '../../db/schema/campaigns';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import { insertMailboxRow } from '../../test-support/mailbox-row';
import type { TestClient } from '../../test-support/test-client';

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const workWeek = () => WEEK.map((day) => ({ day, enabled: day !== 'sat' && day !== 'sun', from: '9:00 AM', to: '5:00 PM' }));

describe('campaign library', () => {
  let t: TestApp;

  interface Person {
    client: TestClient;
    user: typeof users.$inferSelect;
  }

  async function signedIn(label: string, teamCode?: string): Promise<Person> {
    const client = t.client();
    const email = uniqueEmail(label);
    await client.register({ email, password: STRONG_PASSWORD, name: label, ...(teamCode ? { teamCode } : {}) });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    return { client, user: user! };
  }

  const template = (overrides: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
    templateName: 'Intro',
    categoryId: null,
    templateData: { subject: 'Hello {{firstName}}', body: '<p>Nice to meet you</p>', plainTextMode: false, isAiGenerated: false, ...data },
    ...overrides,
  });

  const keys = (response: { body: { errors?: { key: string; field?: string }[] } }) => response.body.errors?.map((error) => [error.key, error.field]);

  before(async () => {
    t = await startTestApp({ jobs: false });
  });
  after(() => t?.close());

  it('adds, lists, filters, edits and deletes templates in categories', async () => {
    const { client } = await signedIn('crud');
    const category = await client.post('/templates/add-category', { name: 'Follow-ups' });
    assert.equal(category.status, 200, category.text);
    assert.deepEqual(category.body.category, { id: category.body.category.id, name: 'Follow-ups', templatesCount: 0 });
    const categoryId = category.body.category.id as number;

    const added = await client.post('/templates/add', template({ categoryId }));
    assert.equal(added.status, 200, added.text);
    assert.equal(added.body.template.categoryName, 'Follow-ups');
    const other = await client.post('/templates/add', template({ templateName: 'Breakup' }, { subject: 'Last note', body: 'Plain words', plainTextMode: true }));
    assert.equal(other.status, 200, other.text);
    assert.deepEqual(other.body.template.templateData, { subject: 'Last note', body: 'Plain words', plainTextMode: true, isAiGenerated: false });

    const all = await client.get('/pipelines/api/templates');
    assert.deepEqual(
      all.body.items.map((item: { templateName: string }) => item.templateName),
      ['Breakup', 'Intro'],
    );
    const inCategory = await client.get('/pipelines/api/templates', { query: { categoryId: String(categoryId) } });
    assert.deepEqual(inCategory.body.items.map((item: { templateId: number }) => item.templateId), [added.body.template.templateId]);
    const uncategorised = await client.get('/pipelines/api/templates', { query: { categoryId: 'none' } });
    assert.deepEqual(uncategorised.body.items.map((item: { templateId: number }) => item.templateId), [other.body.template.templateId]);
    const searched = await client.get('/pipelines/api/templates', { query: { search: 'last' } });
    assert.deepEqual(searched.body.items.map((item: { templateName: string }) => item.templateName), ['Breakup']);

    const categories = await client.get('/pipelines/api/templates/categories');
    assert.deepEqual(categories.body, { items: [{ id: categoryId, name: 'Follow-ups', templatesCount: 1 }], uncategorisedCount: 1 });

    const edited = await client.post('/templates/edit', {
      ...template({ templateName: 'Intro v2', categoryId: null }, { body: '<p>Changed</p>' }),
      templateId: added.body.template.templateId,
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.template.templateName, 'Intro v2');
    assert.equal(edited.body.template.categoryId, null);
    assert.equal(edited.body.template.templateData.body, '<p>Changed</p>');

    const renamed = await client.post('/templates/edit-category', { id: categoryId, name: 'Nudges' });
    assert.deepEqual(renamed.body.category, { id: categoryId, name: 'Nudges', templatesCount: 0 });

    // A category of that name (without case) exists already.
    await client.post('/templates/add-category', { name: 'Openers' });
    const duplicate = await client.post('/templates/add-category', { name: 'openers' });
    assert.equal(duplicate.status, 422);
    assert.deepEqual(keys(duplicate), [['template_category_exists', 'name']]);
    const renamedOnto = await client.post('/templates/edit-category', { id: categoryId, name: 'OPENERS' });
    assert.deepEqual(keys(renamedOnto), [['template_category_exists', 'name']]);

    // Deleting a category keeps its templates, uncategorised.
    await client.post('/templates/edit', { ...template({ categoryId }), templateId: other.body.template.templateId });
    const removedCategory = await client.delete(`/templates/delete-category/${categoryId}`);
    assert.equal(removedCategory.status, 200, removedCategory.text);
    const afterCategory = await client.get('/pipelines/api/templates');
    assert.deepEqual(
      afterCategory.body.items.map((item: { categoryId: number | null }) => item.categoryId),
      [null, null],
    );

    const removed = await client.delete(`/templates/delete/${added.body.template.templateId}`);
    assert.equal(removed.status, 200, removed.text);
    assert.equal((await client.delete(`/templates/delete/${added.body.template.templateId}`)).status, 404);
    assert.equal((await client.get('/pipelines/api/templates')).body.items.length, 1);
  });

  it('refuses a template without a subject or a body, also when only markup or a script is left', async () => {
    const { client } = await signedIn('empty');
    const noSubject = await client.post('/templates/add', template({}, { subject: '   ' }));
    assert.equal(noSubject.status, 422);
    assert.deepEqual(keys(noSubject), [['save_template_empty_data', 'templateData.subject']]);
    const noBody = await client.post('/templates/add', template({}, { body: '' }));
    assert.deepEqual(keys(noBody), [['save_template_empty_data', 'templateData.body']]);
    const onlyScript = await client.post('/templates/add', template({}, { body: '<p><script>alert(1)</script></p>' }));
    assert.deepEqual(keys(onlyScript), [['save_template_empty_data', 'templateData.body']]);
    assert.equal((await client.get('/pipelines/api/templates')).body.items.length, 0);

    const saved = await client.post('/templates/add', template());
    const emptied = await client.post('/templates/edit', { ...template({}, { body: '<p>&nbsp;</p>' }), templateId: saved.body.template.templateId });
    assert.equal(emptied.status, 422);
    assert.deepEqual(keys(emptied), [['save_template_empty_data', 'templateData.body']]);
  });

  it('sanitises the subject and the body before saving', async () => {
    const { client } = await signedIn('clean');
    const saved = await client.post(
      '/templates/add',
      template(
        {},
        {
          subject: 'Hi <b>there</b>\r\nBcc: victim@example.test',
          body: '<p onclick="steal()">Hello <a href="javascript:alert(1)">link</a><script>alert(1)</script><iframe src="https://evil.test"></iframe> <strong>{{firstName}}</strong></p>',
        },
      ),
    );
    assert.equal(saved.status, 200, saved.text);
    const data = saved.body.template.templateData;
    assert.equal(data.subject, 'Hi there Bcc: victim@example.test');
    assert.equal(data.body, '<p>Hello <a>link</a> <strong>{{firstName}}</strong></p>');
    const listed = await client.get('/pipelines/api/templates');
    assert.equal(listed.body.items[0].templateData.body, data.body);

    // Plain-text mode keeps the words and drops the markup.
    const plain = await client.post('/templates/add', template({}, { body: '<div>Line one</div><div>Line <i>two</i></div>', plainTextMode: true }));
    assert.equal(plain.body.template.templateData.body, 'Line one\nLine two');
  });

  it('answers 404 for another account’s or a teammate’s template, category and schedule', async () => {
    const owner = await signedIn('owner');
    const stranger = await signedIn('stranger');
    const category = (await owner.client.post('/templates/add-category', { name: 'Mine' })).body.category;
    const saved = (await owner.client.post('/templates/add', template({ categoryId: category.id }))).body.template;
    const schedule = (await owner.client.post('/schedules/save', { name: 'Office', timezone: 'Europe/Berlin', days: workWeek() })).body.schedule;

    const joinCode = (await owner.client.post('/team/join-code')).body.joinCode as string;
    const teammate = await signedIn('mate', joinCode);

    for (const person of [stranger, teammate]) {
      const { client } = person;
      assert.deepEqual((await client.get('/pipelines/api/templates')).body.items, []);
      assert.deepEqual((await client.get('/pipelines/api/templates/categories')).body.items, []);
      assert.deepEqual((await client.get('/schedules/getList')).body.items, []);
      assert.equal((await client.post('/templates/edit', { ...template(), templateId: saved.templateId })).status, 404);
      assert.equal((await client.delete(`/templates/delete/${saved.templateId}`)).status, 404);
      // Filing one's own template under someone else's category is refused the same way.
      assert.equal((await client.post('/templates/add', template({ categoryId: category.id }))).status, 404);
      assert.equal((await client.post('/templates/edit-category', { id: category.id, name: 'Taken' })).status, 404);
      assert.equal((await client.delete(`/templates/delete-category/${category.id}`)).status, 404);
      assert.equal((await client.post('/schedules/save', { id: schedule.id, name: 'Taken', timezone: 'UTC', days: workWeek() })).status, 404);
      assert.equal((await client.post('/schedules/delete', { scheduleId: schedule.id })).status, 404);
    }

    // Nothing of the owner's changed.
    const mine = await owner.client.get('/pipelines/api/templates');
    assert.deepEqual(
      mine.body.items.map((item: { templateName: string; categoryName: string }) => [item.templateName, item.categoryName]),
      [['Intro', 'Mine']],
    );
    assert.deepEqual((await owner.client.get('/schedules/getList')).body.items.map((item: { name: string }) => item.name), ['Office']);
  });

  it('saves and lists schedules with the campaigns using them, and checks days and hours', async () => {
    const person = await signedIn('sched');
    const { client } = person;
    const created = await client.post('/schedules/save', { name: 'Berlin office', timezone: 'Europe/Berlin', days: workWeek() });
    assert.equal(created.status, 200, created.text);
    assert.deepEqual(created.body.schedule, { id: created.body.schedule.id, name: 'Berlin office', timezone: 'Europe/Berlin', days: workWeek(), campaignList: [], warmupCount: 0 });
    const id = created.body.schedule.id as number;

    const longer = workWeek().map((day) => ({ ...day, to: '7:30 PM' }));
    const updated = await client.post('/schedules/save', { id, name: 'Berlin late', timezone: 'Europe/Berlin', days: longer });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.schedule.days[0].to, '7:30 PM');

    const noDays = await client.post('/schedules/save', { name: 'Never', timezone: 'UTC', days: workWeek().map((day) => ({ ...day, enabled: false })) });
    assert.equal(noDays.status, 422);
    assert.deepEqual(keys(noDays), [['schedule_no_days', 'days']]);
    const backwards = workWeek().map((day, index) => (index === 2 ? { ...day, from: '5:00 PM', to: '9:00 AM' } : day));
    const badHours = await client.post('/schedules/save', { name: 'Backwards', timezone: 'UTC', days: backwards });
    assert.equal(badHours.status, 422);
    assert.deepEqual(keys(badHours), [['schedule_hours_invalid', 'days.2.to']]);
    // A disabled day's hours do not matter; noon is after midnight.
    const weekendOff = workWeek().map((day) => (day.enabled ? { ...day, from: '12:00 AM', to: '12:00 PM' } : { ...day, from: '5:00 PM', to: '9:00 AM' }));
    assert.equal((await client.post('/schedules/save', { name: 'Mornings', timezone: 'UTC', days: weekendOff })).status, 200);
    const badZone = await client.post('/schedules/save', { name: 'Nowhere', timezone: 'Mars/Olympus', days: workWeek() });
    assert.equal(badZone.status, 400);

    // A campaign on the schedule is listed with it; an active one keeps the schedule from being deleted.
    const [campaign] = await t.database.db
      .insert(campaigns)
      .values({ accountId: person.user.accountId, userId: person.user.id, title: 'Spring outreach', status: 'active', scheduleId: id })
      .returning();
    const listed = await client.get('/schedules/getList');
    assert.deepEqual(
      listed.body.items.map((item: { name: string; campaignList: unknown[] }) => [item.name, item.campaignList]),
      [
        ['Berlin late', [{ campaignId: campaign!.id, title: 'Spring outreach' }]],
        ['Mornings', []],
      ],
    );
    const inUse = await client.post('/schedules/delete', { scheduleId: id });
    assert.equal(inUse.status, 422);
    assert.deepEqual(keys(inUse), [['schedule_in_use', undefined]]);

    // Once the campaign is completed the schedule may go; the campaign loses it.
    await t.database.db.update(campaigns).set({ status: 'completed' }).where(eq(campaigns.id, campaign!.id));
    assert.equal((await client.post('/schedules/delete', { scheduleId: id })).status, 200);
    const [after] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaign!.id));
    assert.equal(after!.scheduleId, null);
    assert.deepEqual((await client.get('/schedules/getList')).body.items.map((item: { name: string }) => item.name), ['Mornings']);
  });

  it('refuses to delete a schedule a mailbox’s warm-up sends on until the warm-up is stopped', async () => {
    const person = await signedIn('sched-warmup');
    const { client } = person;
    const saved = await client.post('/schedules/save', { name: 'Warm hours', timezone: 'UTC', days: workWeek() });
    assert.equal(saved.status, 200, saved.text);
    const scheduleId = saved.body.schedule.id as number;
    const email = uniqueEmail('warm-box');
    const mailboxId = await insertMailboxRow(t.database.db, person.user, email, { senderName: 'Warm box' });
    const warmup = `/warm-up/api`;
    assert.equal((await client.request('PATCH', `${warmup}/email-accounts/${mailboxId}`, { body: { scheduleId } })).status, 200);
    assert.equal((await client.request('PUT', `${warmup}/${mailboxId}`, { body: { status: 'active' } })).body.item.status, 'active');

    // Active, then paused (it sends on the schedule again when resumed): refused, with what to do.
    for (const status of ['active', 'paused']) {
      if (status === 'paused') assert.equal((await client.request('PUT', `${warmup}/${mailboxId}`, { body: { status } })).status, 200);
      const refused = await client.post('/schedules/delete', { scheduleId });
      assert.equal(refused.status, 422, status);
      assert.deepEqual(keys(refused), [['schedule_in_use', undefined]]);
      assert.match(refused.body.errors[0].description, /warm-up/);
    }
    // The list says so before anyone tries.
    assert.deepEqual(
      (await client.get('/schedules/getList')).body.items.map((item: { id: number; warmupCount: number }) => [item.id, item.warmupCount]),
      [[scheduleId, 1]],
    );

    // A stopped warm-up just loses the schedule (its mailbox's own window takes over).
    assert.equal((await client.request('PUT', `${warmup}/${mailboxId}`, { body: { status: 'disabled' } })).status, 200);
    assert.equal((await client.post('/schedules/delete', { scheduleId })).status, 200);
    const [after] = await t.database.db.select().from(warmupMailboxes).where(eq(warmupMailboxes.emailAccountId, mailboxId));
    assert.equal(after!.scheduleId, null);
  });

  it('lists time zones with their current offsets', async () => {
    const { client } = await signedIn('zones');
    const zones = await client.get('/schedules/timezoneList');
    assert.equal(zones.status, 200, zones.text);
    const berlin = zones.body.timeZones.find((zone: { id: string }) => zone.id === 'Europe/Berlin');
    assert.ok(berlin);
    assert.match(berlin.offset, /^\+0[12]:00$/);
    assert.match(berlin.name, /Europe\/Berlin/);
  });
});
