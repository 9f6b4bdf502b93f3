/**
 * Demo data for a newcomer: the account demo@leadforge.local (password generated once, kept in
 * DATA_DIR/demo-credentials.json and printed) and a few prospects. No email account: a mailbox row
 * no real server backs would show a status, limits and warm-up that nothing produces; a newcomer
 * connects their own (issue 13).
 * Idempotent: a second run changes nothing and prints the same login.
 *
 *   pnpm --filter @leadforge/api seed      (on the embedded database, stop the server first)
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ONBOARDING_STEPS } from '@leadforge/contracts';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, type Database } from './db/connection';
import { runMigrations } from './db/migrate';
import { prospectEmails, prospects, users } from './db/schema';
import { randomToken } from './lib/crypto';
import { hashPassword, verifyPassword } from './lib/passwords';
import { TRIAL_DURATION_MS } from './modules/account/plan-rules';
import * as accountRepo from './modules/account/repository';
import { GamificationService } from './modules/gamification/service';

export const DEMO_EMAIL = 'demo@leadforge.local';
export const DEMO_NAME = 'Demo User';

export interface DemoCredentials {
  email: string;
  password: string;
}

const credentialsFile = (config: Pick<AppConfig, 'dataDir'>) => path.join(config.dataDir, 'demo-credentials.json');

export async function readDemoCredentials(config: Pick<AppConfig, 'dataDir'>): Promise<DemoCredentials | null> {
  try {
    const parsed = JSON.parse(await readFile(credentialsFile(config), 'utf8')) as Partial<DemoCredentials>;
    return typeof parsed.email === 'string' && typeof parsed.password === 'string' ? { email: parsed.email, password: parsed.password } : null;
  } catch {
    return null;
  }
}

const noPush = { emitToUser() {}, emitToTeam() {}, moveUserToTeam() {}, disconnectUser() {} };

export async function seedDemo(database: Database, config: Pick<AppConfig, 'dataDir' | 'signupCredits'>): Promise<DemoCredentials> {
  const { db } = database;
  const saved = await readDemoCredentials(config);
  const existing = await accountRepo.findUserByEmail(db, DEMO_EMAIL);
  if (existing) {
    if (saved && (await verifyPassword(existing.passwordHash, saved.password))) return saved;
    // The credentials file was lost: issue a new password rather than leave the account unusable.
    const password = randomToken(9);
    await accountRepo.updateUser(db, existing.id, { passwordHash: await hashPassword(password) });
    return writeCredentials(config, { email: DEMO_EMAIL, password });
  }
  const password = saved?.password ?? randomToken(9);
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    const created = await accountRepo.insertAccountWithUser(tx, {
      email: DEMO_EMAIL,
      name: DEMO_NAME,
      passwordHash,
      locale: 'en',
      trialEndsAt: new Date(Date.now() + TRIAL_DURATION_MS),
      startingCredits: config.signupCredits,
    });
    const samples = [
      { name: 'Ada Lovelace', email: 'ada@analytical.example' },
      { name: 'Grace Hopper', email: 'grace@cobol.example' },
      { name: 'Alan Turing', email: 'alan@bletchley.example' },
    ];
    for (const sample of samples) {
      const [prospect] = await tx
        .insert(prospects)
        .values({ accountId: created.accountId, userId: created.id, name: sample.name })
        .returning();
      await tx.insert(prospectEmails).values({ prospectId: prospect!.id, accountId: created.accountId, email: sample.email });
    }
    // No inbox rows and no mailbox: counts and statuses must come from real mail (issues 11, 13).
    return created;
  });
  await new GamificationService(db, noPush).completeStepQuietly(user.id, ONBOARDING_STEPS.signUp);
  return writeCredentials(config, { email: DEMO_EMAIL, password });
}

async function writeCredentials(config: Pick<AppConfig, 'dataDir'>, credentials: DemoCredentials) {
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(credentialsFile(config), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  await chmod(credentialsFile(config), 0o600);
  return credentials;
}

export async function hasAnyUser(database: Database) {
  const rows = await database.db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

export async function hasDemoUser(database: Database) {
  const rows = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
  return rows.length > 0;
}

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir });
  try {
    await runMigrations(database);
    const credentials = await seedDemo(database, config);
    console.log(`Demo account ready: ${credentials.email} / ${credentials.password}`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
