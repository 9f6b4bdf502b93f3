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
import { createFinderModule, type FinderModule } from './modules/finder/module';
import { createProspectsModule, type ProspectsModule } from './modules/prospects/module';
import { createVerificationModule, type VerificationModule } from './modules/verification/module';

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
  verification: VerificationModule;
  finder: FinderModule;
  prospects: ProspectsModule;
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
  const teams = new TeamService(db, accounts, mail, push, baseUrl);
  const identity = options.identity ?? identityProviderFor(config);
  const auth = new AuthService(db, sessions, limiter, teams, gamification, mail, push, baseUrl, identity, config.signupCredits);
  const general = new GeneralService(db, mail, limiter, baseUrl);
  const areaDeps = { config, db, push, baseUrl, accounts, gamification, mail };
  // Verification first (the finder and prospects verify through it), prospects before the finder
  // (the finder saves what it finds into prospect lists).
  const verification = createVerificationModule(areaDeps);
  const prospects = createProspectsModule({ ...areaDeps, verification });
  const finder = createFinderModule({ ...areaDeps, verification, prospects });
  return {
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
    verification,
    finder,
    prospects,
  };
}
