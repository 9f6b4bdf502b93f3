/**
 * The prospects journeys' world: an API session per user (the same public calls the app makes,
 * used only to seed data a journey is not about), a generated CSV, and team set-up.
 */
import type { Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';

type Playwright = PlaywrightWorkerArgs['playwright'];
import { createUser, expect, type TestUser } from '../../support/fixtures';
import { E2E_BASE_URL } from '../../support/env';

export interface ApiSession {
  user: TestUser;
  call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
  dispose(): Promise<void>;
}

/** Signs `user` in on a fresh API context (or registers a new user) and returns a JSON caller. */
export async function apiAs(playwright: Playwright, user?: TestUser, name?: string): Promise<ApiSession> {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const token = async () => ((await (await request.get('/auth/csrf', { headers: { accept: 'application/json' } })).json()) as { token: string }).token;
  let signedIn: TestUser;
  if (user) {
    const login = await request.post('/auth/login', { headers: { 'x-csrf-token': await token() }, data: { email: user.email, password: user.password } });
    expect(login.status(), await login.text()).toBe(200);
    signedIn = user;
  } else {
    signedIn = await createUser(request, name ? { name } : {});
  }
  return {
    user: signedIn,
    async call<T>(method: string, path: string, body?: unknown) {
      const response = await request.fetch(path, {
        method,
        headers: { 'x-csrf-token': await token(), accept: 'application/json' },
        ...(body === undefined ? {} : { data: body }),
      });
      expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    },
    dispose: () => request.dispose(),
  };
}

export const createList = (api: ApiSession, name: string) =>
  api.call<{ id: number; name: string }>('POST', '/lists/add', { type: 'prospect', name });

export const createFolder = (api: ApiSession, name: string) => api.call<{ id: number; name: string }>('POST', '/folders', { name });

export interface SeedProspect {
  name: string;
  email?: string;
  phone?: string;
  company?: string;
}

export const addProspect = (api: ApiSession, listId: number, prospect: SeedProspect) =>
  api.call<{ id: number }>('POST', '/prospects-new/add', {
    listId,
    name: prospect.name,
    emails: prospect.email ? [{ email: prospect.email }] : [],
    phones: prospect.phone ? [{ phone: prospect.phone }] : [],
    companies: prospect.company ? [{ name: prospect.company }] : [],
  });

export const IMPORT_ROWS = 1_000;
/** Rows (1-based, after the header) the server must reject, and why. */
export const BAD_ROWS = { 17: 'no name and no email', 230: 'company url invalid', 811: 'no name and no email' } as const;

/**
 * A CSV of `rows` people. The server recognises every header but "Contact", which the user maps
 * to the full name in the mapping step.
 */
export function peopleCsv(rows = IMPORT_ROWS, seed = 'p'): string {
  const lines = ['Contact,E-mail,Company,Website,Job title'];
  for (let n = 1; n <= rows; n += 1) {
    if (n in BAD_ROWS && BAD_ROWS[n as keyof typeof BAD_ROWS] === 'no name and no email') lines.push(',,Nameless Inc,nameless.example,');
    else if (n === 230) lines.push(`Person ${seed}${n},person-${seed}${n}@example.com,Broken Co,not a url at all,Engineer`);
    else lines.push(`Person ${seed}${n},person-${seed}${n}@example.com,Company ${n % 40},company${n % 40}.example,Engineer`);
  }
  return lines.join('\n');
}

/** Opens a list from the sidebar by its name. */
export async function openList(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Prospect lists' }).getByText(name, { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Makes `lead` a team lead and `member` a member limited to own records; limited to own records. */
export async function makeTeam(lead: ApiSession, member: ApiSession): Promise<void> {
  const { joinCode } = await lead.call<{ joinCode: string }>('POST', '/team/join-code');
  await member.call('POST', '/team/accept', { code: joinCode });
  const info = await lead.call<{ members: { id: number; email: string }[] }>('GET', '/team-info');
  const memberId = info.members.find((entry) => entry.email === member.user.email)!.id;
  await lead.call('PUT', `/team/members/${memberId}/group`, { group: 'Only own record' });
}

/** Picks the prospect field of a CSV column in the import's mapping step. */
export async function mapColumn(page: Page, header: string, field: string): Promise<void> {
  const column = page.getByRole('columnheader', { name: `${header} ` });
  // The field list is long and virtualised: type to narrow it, as a user would, so the option is
  // rendered. Under load a click can land while the dropdown still animates in: pick again until
  // the column shows the chosen field.
  await expect(async () => {
    const select = page.getByRole('combobox', { name: `Field for column ${header}` });
    await select.click();
    await select.fill(field);
    await pickOption(page, field, { timeout: 5_000 });
    await expect(column).toContainText(field, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}

/**
 * Picks an option of the open antd select. Its role="option" nodes are a hidden accessibility
 * mirror; the visible rows carry the option's title.
 */
export async function pickOption(page: Page, name: string, options: { timeout?: number } = {}): Promise<void> {
  // The dropdown just opened: a select picked a moment ago may still be fading out (antd's leave
  // animation) with options of the same name, and each select's dropdown joins the page when it
  // first opens, so the newest is the last one that is not leaving.
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .last()
    .locator('.ant-select-item-option')
    .filter({ hasText: name })
    .first()
    .click(options);
}

/**
 * Drags `source` (a drag handle) onto `target` with the mouse, as a user does: press, move past the
 * few pixels that start a drag, glide to the target's centre, let go. Both are measured once they
 * stand still (hover waits for that), since the sidebar's menu animates after each change.
 */
export async function dragOnto(page: Page, source: Locator, target: Locator): Promise<void> {
  await source.hover();
  const from = await source.boundingBox();
  if (!from) throw new Error('drag source is not visible');
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x, start.y + 8, { steps: 4 });
  await target.hover({ trial: true });
  const to = await target.boundingBox();
  if (!to) throw new Error('drop target is not visible');
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}
