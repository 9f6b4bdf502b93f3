/** Composition root of the services: one place that wires repositories' callers together. */
import type { AppConfig } from './config';
import type { Db } from './db/types';
import { ErrorTexts } from './http/error-texts';
import type { BaseUrl, PushSink } from './platform';
import { AccountService } from './modules/account/service';
import { identityProviderFor, type IdentityProvider } from './modules/auth/identity-provider';
import { DEFAULT_RATE_LIMITS, RateLimiter, createAttemptStore, type RateLimitPolicy } from './modules/auth/rate-limiter';
import { AuthService } from './modules/auth/service';
import { SessionService } from './modules/auth/sessions';
import { GamificationService } from './modules/gamification/service';
import { GeneralService } from './modules/general/service';
import type { Mailer } from './modules/mail/mailer';
import { MailService } from './modules/mail/service';
import { TeamService } from './modules/team/service';
import { AREAS } from './areas';

/**
 * The service container: the platform's services below, and each area's, which its `area.ts`
 * declares by augmenting this interface and builds in its `services` factory.
 */
export interface Services {
  config: AppConfig;
  db: Db;
  texts: ErrorTexts;
  sessions: SessionService;
  limiter: RateLimiter;
  mail: MailService;
  accounts: AccountService;
  gamification: GamificationService;
  teams: TeamService;
  auth: AuthService;
  general: GeneralService;
  /** null: neither Google nor the development sandbox is configured (google_login_unavailable). */
  identity: IdentityProvider | null;
  baseUrl: BaseUrl;
}

export interface ServiceOptions {
  config: AppConfig;
  db: Db;
  push: PushSink;
  mailer: Mailer;
  baseUrl: BaseUrl;
  rateLimits?: RateLimitPolicy | undefined;
  identity?: IdentityProvider | undefined;
  texts?: ErrorTexts | undefined;
}

export function createServices(options: ServiceOptions): Services {
  const { config, db, push, baseUrl } = options;
  const texts = options.texts ?? new ErrorTexts();
  const secureCookies = config.publicUrl?.startsWith('https:') ?? false;
  const sessions = new SessionService(db, { secureCookies });
  const limiter = new RateLimiter(createAttemptStore(db, config.redisUrl), options.rateLimits ?? DEFAULT_RATE_LIMITS);
  const mail = new MailService(options.mailer, undefined);
  const gamification = new GamificationService(db, push);
  const accounts = new AccountService(db, gamification, push, sessions);
  const teams = new TeamService(db, mail, push, baseUrl);
  const identity = options.identity ?? identityProviderFor(config);
  const auth = new AuthService(db, sessions, limiter, teams, gamification, mail, push, baseUrl, identity, config.signupCredits);
  const general = new GeneralService(db, mail, limiter, baseUrl);
  const areaDeps = { config, db, push, baseUrl, accounts, gamification, mail };
  // Typed whole although the areas' keys are still being added: each area only uses the keys of
  // the platform and of the areas listed before it in AREAS.
  const services = {
    config,
    db,
    texts,
    sessions,
    limiter,
    mail,
    accounts,
    gamification,
    teams,
    auth,
    general,
    identity,
    baseUrl,
  } as Services;
  for (const area of AREAS) Object.assign(services, area.services?.(areaDeps, services));
  return services;
}
