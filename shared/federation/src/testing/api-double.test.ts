import { callApi, isApiError } from '@leadforge/api-client';
import { finderBulkDownload, uninstall } from '@leadforge/contracts';
import { withApiDouble } from './api-double';

const api = withApiDouble();

describe('the API double of the remotes’ tests', () => {
  it('answers the typed client’s unsafe call after its CSRF token, and records the body sent', async () => {
    api().on('POST /uninstall', { body: { ok: true } });
    await expect(callApi(uninstall, { body: { product: 'email-finder', reason: 'other', comment: '' } })).resolves.toEqual({
      ok: true,
    });
    expect(
      api()
        .callsTo('POST /uninstall')
        .map((call) => call.body),
    ).toEqual([{ product: 'email-finder', reason: 'other', comment: '' }]);
  });

  it('answers a contract route by its declaration, with the path built from the request', async () => {
    api().onRoute(finderBulkDownload, { params: { id: 9 } }, { text: 'email\n', contentType: 'text/csv' });
    await callApi(finderBulkDownload, { params: { id: 9 } });
    expect(api().callsTo('GET /finder/bulk-jobs/9/download')).toHaveLength(1);
  });

  it('hands a file reply to the client as a file', async () => {
    api().on('GET /finder/bulk-jobs/7/download', { text: 'email\nada@acme.test\n', contentType: 'text/csv' });
    const file = (await callApi(finderBulkDownload, { params: { id: 7 } })) as Blob;
    await expect(file.text()).resolves.toBe('email\nada@acme.test\n');
  });

  it('answers what no test answered with the API’s 404 envelope, which the client reads as its error', async () => {
    const failure = await callApi(finderBulkDownload, { params: { id: 8 } }).catch((error: unknown) => error);
    expect(isApiError(failure) && failure.status === 404 && failure.hasKey('not_found')).toBe(true);
  });
});
