#!/usr/bin/env node
import { Command } from 'commander';
import { CliError, ls, pin, versions } from './commands';
import { resolveWorkspace } from './workspace';

const program = new Command()
  .name('pnpm remotes')
  .description('Pins released remote versions per environment (environments/<env>.json, read by the host at start-up)');

program
  .command('pin')
  .description('pin a released, compatible remote version in an environment')
  .argument('<env>', 'environment, e.g. local, staging, production')
  .argument('<remote@version>', 'e.g. prospects@1.2.0')
  .option('--manifest <url>', 'serve this pin from another URL (CDN) instead of /remotes/<remote>/<version>/')
  .action((env: string, spec: string, options: { manifest?: string }) => {
    console.log(pin(resolveWorkspace(), env, spec, options));
  });

program
  .command('ls')
  .description('show what an environment pins')
  .argument('<env>')
  .action((env: string) => console.log(ls(resolveWorkspace(), env)));

program
  .command('versions')
  .description('list the released versions of a remote and where they are pinned')
  .argument('<remote>')
  .action((remote: string) => console.log(versions(resolveWorkspace(), remote)));

try {
  program.parse();
} catch (error) {
  if (error instanceof CliError) {
    console.error(`remotes: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
