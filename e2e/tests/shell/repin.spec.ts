import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { E2E_ENVIRONMENTS_DIR } from '../../support/env';
import { expect, signIn, test } from '../../support/fixtures';
import { REPIN_REMOTE } from '../../support/global-setup';
import { repoRoot } from '../../support/remotes';

function pin(version: string) {
  execFileSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'tools', 'remotes-cli', 'src', 'cli.ts'), 'pin', 'local', `${REPIN_REMOTE.name}@${version}`], {
    cwd: join(repoRoot, 'tools', 'remotes-cli'),
    env: { ...process.env, ENVIRONMENTS_DIR: E2E_ENVIRONMENTS_DIR },
    stdio: 'pipe',
  });
}

test('re-pinning a remote to another released version changes what the browser loads, without rebuilding the host', async ({ page, user }) => {
  const remoteFiles: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith(`/remotes/${REPIN_REMOTE.name}/`)) remoteFiles.push(path);
  });
  pin(REPIN_REMOTE.from);
  await signIn(page, user, '/crm');
  await expect(page.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();
  expect(remoteFiles.length).toBeGreaterThan(0);
  expect(remoteFiles.every((path) => path.startsWith(`/remotes/crm/${REPIN_REMOTE.from}/`))).toBe(true);

  pin(REPIN_REMOTE.to);
  remoteFiles.length = 0;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();
  expect(remoteFiles.length).toBeGreaterThan(0);
  expect(remoteFiles.every((path) => path.startsWith(`/remotes/crm/${REPIN_REMOTE.to}/`))).toBe(true);

  pin(REPIN_REMOTE.from);
});
