/**
 * The runner's part of the linkedin-accounts area (area.ts spreads it in): the service
 * `services.linkedinRunner` (enqueue, cancel, subscribe, the calls' service), the handlers of
 * `linkedinPending`, `linkedinActions` and `sendInlineLinkedinMessage`, the runner's durable jobs
 * and its queue user. The runner itself lives in engines/social/runner; this file binds it to the
 * configuration, the database, the pushes and the accounts' stored secrets.
 *
 * One runner per process and database (a WeakMap on the query builder): the API's handlers, its
 * embedded job workers and the worker process's jobs share it, so listeners other areas register
 * while their services are built hear every outcome wherever it happened.
 */
import type { QueueUser } from '../../../area';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/types';
import { socialNetworkProviders } from '../../../engines/social';
import type { ProxyTarget } from '../../../engines/social/provider';
import {
  LinkedinRunner,
  runnerJobsFor,
  startRunnerChains,
  wireRunnerQueue,
  type EnqueueRequest,
  type EnqueueResult,
  type InboundListener,
  type OutcomeListener,
  type RunnerAccountRow,
  type RunnerLogger,
} from '../../../engines/social/runner';
import type { CredentialCipher } from '../../../engines/mail/secrets/credentials';
import { callerOf, type HandlerMap } from '../../../http/route-kit';
import type { JobDeps } from '../../../jobs/registry';
import { servicesForJob } from '../../../jobs/job-services';
import type { JobQueue } from '../../../jobs/queue';
import type { AreaDeps } from '../../../platform';
import type { Services } from '../../../services';
import { credentialCipherFor } from '../../email-accounts/credentials';
import { openSecret } from '../credentials';
import { LinkedinActionsService } from './service';

export interface LinkedinRunnerService extends QueueUser {
  /** This process's runner (tests and the bench drive it directly). */
  readonly runner: LinkedinRunner;
  /** The calls' rules (pending, actions, inline message). */
  readonly actions: LinkedinActionsService;
  /** Queues an action (campaigns: idempotent per campaign, recipient and step). */
  enqueue(request: EnqueueRequest): Promise<EnqueueResult>;
  /** Cancels an account's queued actions (it was deleted), releasing what they held of the day's limits. */
  cancelForAccount(linkedinAccountId: number): Promise<number>;
  /** Final outcomes of actions (see engines/social/runner/index.ts). */
  onOutcome(listener: OutcomeListener): () => void;
  /** Accepted invitations and replies read from the inbox. */
  onInbound(listener: InboundListener): () => void;
}

declare module '../../../services' {
  interface Services {
    linkedinRunner: LinkedinRunnerService;
  }
}

interface RunnerDeps {
  db: Db;
  config: AppConfig;
  cipher: CredentialCipher;
  push?: AreaDeps['push'] | JobDeps['push'];
  logger?: RunnerLogger;
}

const runners = new WeakMap<Db, LinkedinRunner>();

/** An account's session and proxy, decrypted (throws when they cannot be read: the runner marks the account). */
export function sessionOpener(cipher: CredentialCipher) {
  return (account: RunnerAccountRow) => {
    if (!account.session) throw new Error(`LinkedIn account ${account.id} has no session`);
    const proxy: ProxyTarget =
      account.proxyKind === 'custom' && account.proxyHost && account.proxyPort
        ? {
            kind: 'custom',
            host: account.proxyHost,
            port: account.proxyPort,
            username: account.proxyUsername ?? '',
            password: account.proxyPassword ? openSecret(cipher, account.id, 'proxy-password', account.proxyPassword) : '',
          }
        : { kind: 'builtin', countryId: account.proxyCountryId ?? 0 };
    return { linkedinAccountId: account.id, session: openSecret(cipher, account.id, 'session', account.session), proxy };
  };
}

/** The process's runner for this database, made on first use. */
export function linkedinRunnerFor(deps: RunnerDeps): LinkedinRunner {
  let runner = runners.get(deps.db);
  if (!runner) {
    runner = new LinkedinRunner({
      db: deps.db,
      providers: socialNetworkProviders({ db: deps.db, config: deps.config }),
      openSession: sessionOpener(deps.cipher),
      // Test servers' fast clock (refused in production by config.ts): the same as the campaigns'.
      timeScale: deps.config.campaignTimeScale,
      ...(deps.push ? { push: deps.push } : {}),
      ...(deps.logger ? { logger: deps.logger } : {}),
    });
    runners.set(deps.db, runner);
  }
  return runner;
}

export function linkedinRunnerServices(deps: AreaDeps, built: Services): Pick<Services, 'linkedinRunner'> {
  // The mailboxes' cipher: one key for every stored secret (as the linkedin-accounts service uses).
  const cipher = built.emailAccounts?.cipher ?? credentialCipherFor(deps.config);
  const runner = linkedinRunnerFor({ db: deps.db, config: deps.config, cipher, push: deps.push });
  return {
    linkedinRunner: {
      runner,
      actions: new LinkedinActionsService({ db: deps.db, runner }),
      enqueue: (request) => runner.enqueue(request),
      cancelForAccount: (id) => runner.cancelForAccount(id),
      onOutcome: (listener) => runner.onOutcome(listener),
      onInbound: (listener) => runner.onInbound(listener),
      useQueue(queue: JobQueue | undefined) {
        wireRunnerQueue(runner, queue);
        if (queue) void startRunnerChains(queue, Date.now(), runner.timeScale).catch(() => undefined);
      },
    },
  };
}

export function linkedinRunnerQueueUsers(services: Services): QueueUser[] {
  return [services.linkedinRunner];
}

export function linkedinActionHandlers(services: Services): HandlerMap {
  const service = () => services.linkedinRunner.actions;
  return {
    async linkedinPending(ctx) {
      return service().pending(callerOf(ctx), ctx.params.id);
    },

    async linkedinActions(ctx) {
      return service().actions(callerOf(ctx), ctx.params.id, ctx.query);
    },

    async sendInlineLinkedinMessage(ctx) {
      return { action: await service().inlineMessage(callerOf(ctx), ctx.body) };
    },
  };
}

/**
 * The runner's jobs, the same in the API process (embedded workers) and in worker.ts: they use
 * the process's runner — the one the API's services made, or one made here from the same service
 * composition when this process serves no HTTP (the worker), so other areas' listeners are there.
 */
export async function linkedinRunnerJobs(queue: JobQueue, deps: JobDeps): Promise<void> {
  let runner: LinkedinRunner | undefined;
  await runnerJobsFor(async (jobQueue) => {
    if (!runner) {
      runner = runners.get(deps.database.db) ?? (await servicesForJob(deps)).linkedinRunner.runner;
      runner.useLogger(deps.logger);
      // Actions queued from inside a job (a campaign step, the warm-up) wake a runner too.
      wireRunnerQueue(runner, jobQueue);
    }
    return runner;
  })(queue, deps);
}
