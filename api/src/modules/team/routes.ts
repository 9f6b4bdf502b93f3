/** Team calls: info, invite, join code, accept, leave, remove, change group. */
import { userOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

export function teamHandlers(services: Services): HandlerMap {
  const { teams, accounts } = services;
  return {
    teamInfo: async (ctx) => teams.info(userOf(ctx).userId),
    teamInvite: async (ctx) => teams.invite(userOf(ctx).userId, ctx.locale, ctx.body),
    teamCheckCode: async (ctx) => {
      userOf(ctx);
      return teams.checkCode(ctx.body.code);
    },
    teamAccept: async (ctx) => {
      const session = userOf(ctx);
      await teams.accept(session.userId, ctx.body.code);
      return accounts.userInfo(session);
    },
    teamLeave: async (ctx) => {
      const session = userOf(ctx);
      await teams.leave(session.userId);
      return accounts.userInfo(session);
    },
    teamRemoveMember: async (ctx) => {
      await teams.removeMember(userOf(ctx).userId, ctx.params.id);
      return { ok: true as const };
    },
    teamChangeGroup: async (ctx) => teams.changeGroup(userOf(ctx).userId, ctx.params.id, ctx.body.group),
    teamRegenerateCode: async (ctx) => teams.regenerateCode(userOf(ctx).userId),
  };
}
