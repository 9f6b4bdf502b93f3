// Starts the composed app for the journeys: a fresh embedded database and a private copy of the
// environment maps (journeys re-pin remotes in it), on E2E_PORT. The finder and verifier journeys'
// loopback peers (DNS, scripted SMTP servers, a company website) start first and the API is
// pointed at them.
import { spawn } from 'node:child_process';
import { tsImport } from 'tsx/esm/api';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = process.env.E2E_PORT ?? '8181';
const base = join(tmpdir(), `leadforge-e2e-${port}`);
rmSync(base, { recursive: true, force: true });
mkdirSync(join(base, 'data'), { recursive: true });
cpSync(join(root, 'environments'), join(base, 'environments'), { recursive: true });

const { startFinderPeers } = await tsImport('./finder-peers.ts', import.meta.url);
const peers = await startFinderPeers();

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'api', 'src', 'server.ts')], {
  cwd: join(root, 'api'),
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: join(base, 'data'),
    ENVIRONMENTS_DIR: join(base, 'environments'),
    LEADFORGE_ENV: 'local',
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_HOST: '',
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The email-account journeys' SMTP and IMAP servers listen on loopback (a CIDR list, not a flag).
    MAIL_ALLOW_PRIVATE: '127.0.0.0/8',
    // No Google or Microsoft OAuth client here: the offline sandbox stands in (oauth-sandbox.spec.ts).
    MAIL_OAUTH_SANDBOX: 'true',
    // A fast campaign clock (a day of delays and trigger windows takes a minute): the delivery
    // journey watches a sequence's delay and trigger run their course.
    CAMPAIGN_TIME_SCALE: '1440',
    // The LinkedIn runner and the sandbox network keep the same clock. There every person accepts
    // an invitation, 1–2 hours after it (2.5–5 s), and answers a message or an accepted
    // invitation 12–16 hours after it (30–40 s): well after a sequence's next step (the message
    // leaves within a second or two of the acceptance), so the LinkedIn campaign journey sees its
    // message sent before the answer arrives.
    SOCIAL_SANDBOX_ACCEPT_RATE: '1',
    SOCIAL_SANDBOX_ACCEPT_HOURS: '1-2',
    SOCIAL_SANDBOX_REPLY_RATE: '1',
    SOCIAL_SANDBOX_REPLY_HOURS: '12-16',
    ...peers.env,
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => void peers.close().finally(() => process.exit(code ?? 0)));
