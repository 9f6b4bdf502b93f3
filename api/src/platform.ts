/**
 * What services need from the platform around them. The realtime module (helper B) provides
 * the push side; services depend on this narrow shape so they can also run in the worker.
 */
import type { Realtime } from './realtime/realtime';

export type PushSink = Pick<Realtime, 'emitToUser' | 'emitToTeam' | 'moveUserToTeam' | 'disconnectUser'>;

/** The public origin used in mailed links (PUBLIC_URL, else the address the server listens on). */
export type BaseUrl = () => string;

/**
 * What an area module (verification, finder, prospects, …) is built from. Shared services are
 * passed whole so an area can reuse, say, the account facts or the mail sender.
 */
export interface AreaDeps {
  config: import('./config').AppConfig;
  db: import('./db/types').Db;
  push: PushSink;
  baseUrl: BaseUrl;
  accounts: import('./modules/account/service').AccountService;
  gamification: import('./modules/gamification/service').GamificationService;
  mail: import('./modules/mail/service').MailService;
}
