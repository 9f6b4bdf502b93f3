/**
 * The child process of kill.test.ts (spawned by it only): a LinkedIn runner on the test's
 * PostgreSQL database whose network takes an action and never answers. It tells its parent over
 * IPC which action reached the network, and the parent SIGKILLs it right there.
 *
 * Environment: DATABASE_URL, DATA_DIR and MAIL_SECRET_KEY (the parent's key: the sessions it
 * sealed must open here), LINKEDIN_WORKER_ID.
 */
import { openDatabase } from '../../../db/connection';
import { sessionOpener } from '../../../modules/linkedin-accounts/actions/area-part';
import { createCredentialCipher } from '../../mail/secrets/credentials';
import type { ActionOutcome, ActionRequest } from '../provider';
import { SandboxSocialNetwork } from '../sandbox';
import { SANDBOX_NETWORK_DEFAULTS } from '../sandbox/network';
import { LinkedinRunner } from './runner';

/** The message the parent waits for: what reached the network. */
export interface ReachedMessage {
  reached: { action: ActionRequest['action']; profileUrl: string };
}

/** The network received the action; its answer never comes back (the process dies waiting). */
class SilentNetwork extends SandboxSocialNetwork {
  override async perform(_ref: unknown, request: ActionRequest): Promise<ActionOutcome> {
    process.send?.({ reached: { action: request.action, profileUrl: request.profileUrl } } satisfies ReachedMessage);
    return new Promise<ActionOutcome>(() => undefined);
  }
}

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolMax: 2 });
  const cipher = createCredentialCipher({ dataDir: process.env.DATA_DIR!, env: { MAIL_SECRET_KEY: process.env.MAIL_SECRET_KEY } });
  const network = new SilentNetwork({ db: database.db, network: SANDBOX_NETWORK_DEFAULTS });
  const runner = new LinkedinRunner({
    db: database.db,
    providers: () => network,
    openSession: sessionOpener(cipher),
    workerId: process.env.LINKEDIN_WORKER_ID ?? 'runner-killed',
  });
  await runner.runOnce();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
