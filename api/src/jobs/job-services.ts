/**
 * The service container a job builds when it runs outside an API process (the worker), or
 * before the API's own container exists. Pushes go to the job's push target; socket membership
 * belongs to API processes, so a job never moves or drops sockets.
 */
import type { JobDeps } from './registry';

export async function servicesForJob(deps: JobDeps) {
  // Imported here, not at the top: services.ts imports the areas, whose job files import this
  // one, and the job registry is loaded by the app next to services.ts.
  const { createServices } = await import('../services');
  const { createMailer } = await import('../modules/mail/mailer');
  const { config } = deps;
  return createServices({
    config,
    db: deps.database.db,
    push: {
      emitToUser: (userId, event) => deps.push.emitToUser(userId, event),
      emitToTeam: (teamId, event) => deps.push.emitToTeam(teamId, event),
      moveUserToTeam: () => undefined,
      disconnectUser: () => undefined,
    } as Parameters<typeof createServices>[0]['push'],
    mailer: createMailer(config, deps.logger),
    baseUrl: () => config.publicUrl ?? `http://${config.host}:${config.port}`,
  });
}
