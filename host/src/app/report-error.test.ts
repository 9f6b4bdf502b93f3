import { createStore } from 'jotai';
import { ApiError } from '@leadforge/api-client';
import { handleGlobalError, newVersionAvailableAtom } from './chunk-errors';
import { reportError, setErrorSink, shouldReport } from './report-error';

function chunkError(): Error {
  const error = new Error('Loading chunk 512 failed.\n(timeout: http://localhost/512.abc.js)');
  error.name = 'ChunkLoadError';
  return error;
}

describe('error reporting (document 2 §8)', () => {
  const reported: unknown[] = [];
  let previous: ReturnType<typeof setErrorSink>;
  beforeEach(() => {
    reported.length = 0;
    previous = setErrorSink((_message, error) => reported.push(error));
  });
  afterEach(() => {
    setErrorSink(previous);
  });

  it('ignores ChunkLoadError and network noise', () => {
    const aborted = new Error('The user aborted a request.');
    aborted.name = 'AbortError';
    const offline = new TypeError('Failed to fetch');
    const noAnswer = new ApiError({ kind: 'network', routeId: 'general.game', status: 0, errors: [], rawText: '' });
    for (const noise of [chunkError(), aborted, offline, noAnswer]) {
      expect(shouldReport(noise)).toBe(false);
      expect(reportError(noise)).toBe(false);
    }
    expect(reported).toHaveLength(0);
  });

  it('reports real failures', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'name')");
    const serverError = new ApiError({ kind: 'http', routeId: 'general.game', status: 500, errors: [], rawText: 'boom' });
    expect(reportError(bug)).toBe(true);
    expect(reportError(serverError)).toBe(true);
    expect(reported).toEqual([bug, serverError]);
  });

  it('a ChunkLoadError raises the "new version available" notice instead of a report', () => {
    const store = createStore();
    handleGlobalError(chunkError(), store);
    expect(store.get(newVersionAvailableAtom)).toBe(true);
    expect(reported).toHaveLength(0);
  });
});
