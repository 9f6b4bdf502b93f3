import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The environment maps the e2e server reads; journeys re-pin remotes here, never in the repo. */
export const E2E_ENVIRONMENTS_DIR = join(tmpdir(), `leadforge-e2e-${E2E_PORT}`, 'environments');
export const E2E_DATA_DIR = join(tmpdir(), `leadforge-e2e-${E2E_PORT}`, 'data');
