/** Team calls: info, invite, join code, accept, leave, remove, change group. */
import { callerOf, userOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

export function teamHandlers(services: Services): HandlerMap {
  const { teams, accounts } = services;
  return {
    teamInfo: async (ctx) => teams.info(callerOf(ctx)),
    teamInvite: async (ctx) => teams.invite(callerOf(ctx), ctx.locale, ctx.body),
    teamCheckCode: async (ctx) => {
      callerOf(ctx);
      return teams.checkCode(ctx.body.code);
    },
    teamAccept: async (ctx) => {
      const session = userOf(ctx);
      await teams.accept(session.caller, ctx.body.code);
      return accounts.userInfo(session);
    },
    teamLeave: async (ctx) => {
      const session = userOf(ctx);
      await teams.leave(session.caller);
      return accounts.userInfo(session);
    },
    teamRemoveMember: async (ctx) => {
      await teams.removeMember(callerOf(ctx), ctx.params.id);
      return { ok: true as const };
    },
    teamChangeGroup: async (ctx) => teams.changeGroup(callerOf(ctx), ctx.params.id, ctx.body.group),
    teamRegenerateCode: async (ctx) => teams.regenerateCode(callerOf(ctx)),
  };
}
