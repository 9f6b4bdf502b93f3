/**
 * The tenant boundary is in the repositories' SQL, not only in the services' checks: called
 * straight, with another account's scope and real ids of the first account, they read nothing
 * and change nothing (the owner's scope, as a control, reaches the same ids).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';
import { callerForUser, scopeOf, type Scope } from '../account/caller';
import * as lists from './lists/repository';
import * as notes from './notes/repository';
import * as prospects from './prospect/repository';

async function signedIn(t: TestApp, label: string): Promise<{ client: TestClient; scope: Scope }> {
  const client = t.client();
  await client.register({ email: uniqueEmail(label), password: STRONG_PASSWORD, name: `${label} person` });
  const accountId = (await client.get('/user-info')).body.account.id as number;
  const userId = (await t.database.db.execute(sql`select id from users where account_id = ${accountId}`)).rows[0]!.id as number;
  return { client, scope: scopeOf(await callerForUser(t.database.db, userId)) };
}

describe('prospects repositories keep to the caller’s scope', () => {
  let t: TestApp;

  before(async () => {
    t = await startTestApp();
  });
  after(() => t?.close());

  it('read nothing and change nothing of another account, given its real ids', async () => {
    const db = t.database.db;
    const owner = await signedIn(t, 'scope-owner');
    const stranger = await signedIn(t, 'scope-stranger');
    const listId = (await owner.client.post('/lists/add', { type: 'prospect', name: 'Private list' })).body.id as number;
    const added = await owner.client.post('/prospects-new/add', { listId, name: 'Private Person', emails: [{ email: 'private@example.test' }] });
    assert.equal(added.status, 200, added.text);
    const prospectId = added.body.id as number;
    const note = (await owner.client.post(`/lists/${listId}/prospects/${prospectId}/notes`, { noteText: 'Private note' })).body;
    const strangerList = (await stranger.client.post('/lists/add', { type: 'prospect', name: 'Theirs' })).body.id as number;

    // The control: the owner's scope reaches every one of these ids.
    assert.equal((await lists.readableListById(db, owner.scope, listId))?.name, 'Private list');
    assert.equal((await prospects.teamProspectById(db, owner.scope, prospectId))?.name, 'Private Person');
    assert.equal((await notes.notesOf(db, owner.scope, prospectId)).length, 1);

    // Reads: lists, the prospect and its child rows, notes, the timeline.
    assert.equal(await lists.readableListById(db, stranger.scope, listId), undefined);
    assert.equal(await lists.ownListById(db, stranger.scope, listId), undefined);
    assert.equal(await lists.listContactsCount(db, stranger.scope, listId), 0);
    assert.deepEqual(await lists.emailStats(db, stranger.scope, listId), []);
    assert.equal(await prospects.teamProspectById(db, stranger.scope, prospectId), undefined);
    assert.deepEqual(await prospects.teamProspectIds(db, stranger.scope, [prospectId]), []);
    assert.deepEqual(await prospects.emailsOf(db, stranger.scope, [prospectId]), []);
    assert.deepEqual(await prospects.listsOfProspects(db, stranger.scope, [prospectId]), []);
    assert.deepEqual(await prospects.duplicatesOf(db, stranger.scope, prospectId), []);
    assert.equal((await prospects.eventsPage(db, stranger.scope, prospectId, 1, 10)).total, 0);
    assert.deepEqual(await notes.notesOf(db, stranger.scope, prospectId), []);
    assert.equal(await notes.noteById(db, stranger.scope, prospectId, note.id), undefined);
    assert.equal(await notes.pinnedCount(db, stranger.scope, prospectId), 0);

    // Writes: each one matches nothing.
    assert.equal(await lists.updateList(db, stranger.scope, listId, { name: 'Taken over' }), undefined);
    await lists.deleteListRow(db, stranger.scope, listId);
    assert.equal(await lists.removeItemsFromList(db, stranger.scope, listId, [prospectId]), 0);
    assert.equal(await lists.addItemsToList(db, stranger.scope, strangerList, [prospectId]), 0);
    await lists.deleteOrphansOfList(db, stranger.scope, listId);
    const write = { set: { name: 'Taken Over' }, emails: { keep: [], removeIds: [] }, phones: null, companies: null, customs: null };
    assert.equal(await db.transaction((tx) => prospects.writeProspect(tx, stranger.scope, prospectId, write)), false);
    assert.equal(await prospects.deleteProspects(db, stranger.scope, [prospectId]), 0);
    await prospects.addEvents(db, stranger.scope, [prospectId], 'updated');
    assert.equal(await notes.insertNote(db, stranger.scope, prospectId, 'Planted'), undefined);
    assert.equal(await notes.updateNote(db, stranger.scope, prospectId, note.id, { noteText: 'Rewritten', pinned: true }), undefined);
    assert.equal(await notes.deleteNote(db, stranger.scope, prospectId, note.id), false);

    // The owner's records are as they were.
    const list = await lists.ownListById(db, owner.scope, listId);
    assert.equal(list?.name, 'Private list');
    assert.equal(list?.itemsCount, 1);
    const prospect = await prospects.teamProspectById(db, owner.scope, prospectId);
    assert.equal(prospect?.name, 'Private Person');
    assert.deepEqual((await prospects.emailsOf(db, owner.scope, [prospectId])).map((e) => e.email), ['private@example.test']);
    assert.deepEqual((await prospects.eventsPage(db, owner.scope, prospectId, 1, 10)).items.map((e) => e.kind).sort(), ['created', 'note_added']);
    assert.deepEqual(
      (await notes.notesOf(db, owner.scope, prospectId)).map((n) => [n.noteText, n.pinned]),
      [['Private note', false]],
    );
    assert.equal((await lists.readableListById(db, stranger.scope, strangerList))?.itemsCount, 0);
  });
});
