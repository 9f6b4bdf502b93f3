import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { IMPORT_CHUNK_CHARS, IMPORT_MAX_FILE_BYTES } from '@leadforge/contracts';
import { sql } from 'drizzle-orm';
import { STRONG_PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../test-support/test-app';
import type { TestClient } from '../../test-support/test-client';
import { IMPORT_CLEANUP_AFTER_SECONDS, IMPORT_CLEANUP_JOB } from './import/csv';
import { removeUnstartedImport } from './import/run-import';
import { rowsOf } from './sql-helpers';

const MAPPING = { name: 'name', email: 'email', company: 'company' };

async function signedIn(t: TestApp, label: string) {
  const client = t.client();
  await client.register({ email: uniqueEmail(label), password: STRONG_PASSWORD, name: `${label} person` });
  return client;
}

async function newList(client: TestClient, name: string): Promise<number> {
  const response = await client.post('/lists/add', { type: 'prospect', name });
  assert.equal(response.status, 200, response.text);
  return response.body.id;
}

async function upload(client: TestClient, listId: number, csv: string, chunkSize = 64 * 1024): Promise<string> {
  let importId: string | undefined;
  for (let index = 0; index * chunkSize < csv.length; index += 1) {
    const chunk = csv.slice(index * chunkSize, (index + 1) * chunkSize);
    const response = await client.post('/prospects/import/upload', { ...(importId ? { importId } : {}), listId, fileName: 'people.csv', chunk, index });
    assert.equal(response.status, 200, response.text);
    importId = response.body.importId;
  }
  return importId!;
}

async function finished(client: TestClient, importId: string) {
  for (;;) {
    const body = (await client.get(`/prospects/checkUpload/${importId}`)).body;
    if (body.status === 'completed' || body.status === 'failed') return body;
    await sleep(100);
  }
}

async function chunkCount(t: TestApp, importId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from prospect_import_chunks where import_id = ${importId}`);
  return row!.n;
}

async function namesIn(client: TestClient, listId: number): Promise<string[]> {
  const response = await client.post('/prospects/list-prospects', { listId, page: 1, perPage: 100 });
  assert.equal(response.status, 200, response.text);
  return response.body.contacts.map((contact: { name: string }) => contact.name).sort();
}

describe('CSV import', () => {
  let t: TestApp;

  before(async () => {
    t = await startTestApp();
  });
  after(() => t?.close());

  it('imports a row with a stray quote inside an unquoted field, as the preview shows it', async () => {
    const user = await signedIn(t, 'stray-quote');
    const listId = await newList(user, 'Stray quotes');
    const csv = 'name,email,company\nAnn Able,ann@example.test,Acme\nBen "Benny" Stray,ben@example.test,Acme\nCat Cole,cat@example.test,Acme\n';
    const importId = await upload(user, listId, csv);
    const checked = (await user.get(`/prospects/checkUpload/${importId}`)).body;
    assert.deepEqual(checked.preview.map((row: string[]) => row[0]), ['Ann Able', 'Ben "Benny" Stray', 'Cat Cole']);
    assert.equal(checked.totalRows, 3);
    assert.equal((await user.post(`/prospects/save/csv/${importId}`, { mapping: MAPPING, duplicatePolicy: 'add' })).status, 200);
    const report = await finished(user, importId);
    assert.deepEqual([report.status, report.imported, report.rejectedCount], ['completed', 3, 0]);
    // Saved text loses its double quotes like any other (document 1 §5 clean-up).
    assert.deepEqual(await namesIn(user, listId), ['Ann Able', 'Ben Benny Stray', 'Cat Cole']);
  });

  it('rejects only a row that cannot be read as CSV, with its row number, and deletes the upload when done', async () => {
    const user = await signedIn(t, 'malformed');
    const listId = await newList(user, 'Malformed');
    const rows = ['name,email,company', 'Ann Able,ann@example.test,Acme', '"Bad" row,bad@example.test,Acme', 'Dee Dale,dee@example.test,Acme'];
    // Enough rows after the bad one to span several upload chunks and parse blocks.
    for (let i = 0; i < 3_000; i += 1) rows.push(`Person ${i},person${i}@example.test,Company ${i % 7}`);
    const importId = await upload(user, listId, `${rows.join('\r\n')}\r\n`, 20_000);
    assert.ok((await chunkCount(t, importId)) > 1);
    assert.equal((await user.post(`/prospects/save/csv/${importId}`, { mapping: MAPPING, duplicatePolicy: 'add' })).status, 200);
    const report = await finished(user, importId);
    assert.equal(report.status, 'completed');
    assert.deepEqual([report.totalRows, report.imported, report.rejectedCount], [3_003, 3_002, 1]);
    assert.deepEqual(report.rejected, [{ row: 3, reason: 'row_unreadable', field: null }]);
    // The uploaded file (personal data) is gone; the report stays readable.
    assert.equal(await chunkCount(t, importId), 0);
    assert.deepEqual([report.headers, report.preview], [[], []]);
  });

  it(`refuses a file over ${IMPORT_MAX_FILE_BYTES} bytes with import_file_too_large and deletes what arrived`, async () => {
    const user = await signedIn(t, 'too-large');
    const listId = await newList(user, 'Too large');
    const header = 'name,email\n';
    const line = 'Somebody Long,somebody@example.test\n';
    const chunk = (header + line.repeat(Math.floor((IMPORT_CHUNK_CHARS - header.length) / line.length))).slice(0, IMPORT_CHUNK_CHARS);
    let importId: string | undefined;
    let refused: { status: number; body: { errors: { key: string }[] } } | undefined;
    for (let index = 0; index * IMPORT_CHUNK_CHARS <= IMPORT_MAX_FILE_BYTES + IMPORT_CHUNK_CHARS; index += 1) {
      const response = await user.post('/prospects/import/upload', { ...(importId ? { importId } : {}), listId, chunk, index });
      if (response.status !== 200) {
        refused = response;
        assert.ok((index + 1) * IMPORT_CHUNK_CHARS > IMPORT_MAX_FILE_BYTES, `refused at chunk ${index}`);
        break;
      }
      importId = response.body.importId;
    }
    assert.equal(refused?.status, 413);
    assert.equal(refused?.body.errors[0]!.key, 'import_file_too_large');
    assert.equal(await chunkCount(t, importId!), 0);
    assert.equal((await user.get(`/prospects/checkUpload/${importId}`)).status, 404);
  });

  it('schedules the deletion of an upload a day ahead, and deletes it then if it was never imported', async () => {
    const user = await signedIn(t, 'never-started');
    const listId = await newList(user, 'Never started');
    const importId = await upload(user, listId, 'name,email\nAnn Able,ann@example.test\n');
    const [job] = await rowsOf<{ due: number }>(
      t.database.db,
      sql`select extract(epoch from (start_after - created_on))::int as due from pgboss.job where name = ${IMPORT_CLEANUP_JOB} and data->>'importId' = ${importId}`,
    );
    assert.ok(job && Math.abs(job.due - IMPORT_CLEANUP_AFTER_SECONDS) < 60, JSON.stringify(job));
    // What the job does when it comes due.
    await removeUnstartedImport(t.database.db, importId);
    assert.equal(await chunkCount(t, importId), 0);
    assert.equal((await user.get(`/prospects/checkUpload/${importId}`)).status, 404);

    // An import that was started is left to finish (it deletes its upload itself).
    const started = await upload(user, listId, 'name,email\nBen Bell,ben@example.test\n');
    assert.equal((await user.post(`/prospects/save/csv/${started}`, { mapping: { name: 'name', email: 'email' }, duplicatePolicy: 'add' })).status, 200);
    await removeUnstartedImport(t.database.db, started);
    assert.equal((await finished(user, started)).imported, 1);
    assert.equal(await chunkCount(t, started), 0);
  });
});
