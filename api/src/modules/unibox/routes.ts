/** The unibox area's handlers: thin (contract-parsed input → service → answer). */
import type { FastifyReply } from 'fastify';
import { callerOf, type HandlerMap } from '../../http/route-kit';
import { sendDownload } from '../../http/file-download';
import type { Services } from '../../services';

export function uniboxHandlers(services: Services): HandlerMap {
  const service = services.unibox;
  return {
    async uniboxAccounts(ctx) {
      return service.accounts(callerOf(ctx), ctx.query.forUserId);
    },
    async updateUniboxAccount(ctx) {
      return { item: await service.updateAccount(callerOf(ctx), ctx.params.id, ctx.body) };
    },
    async pauseUniboxAccount(ctx) {
      return {
        item: await service.updateAccount(callerOf(ctx), ctx.params.id, { forUserId: ctx.body.forUserId, syncPaused: true }),
      };
    },
    async resumeUniboxAccount(ctx) {
      return {
        item: await service.updateAccount(callerOf(ctx), ctx.params.id, { forUserId: ctx.body.forUserId, syncPaused: false }),
      };
    },
    async uniboxDirectories(ctx) {
      return { items: await service.directories(callerOf(ctx), ctx.query.forUserId) };
    },
    async uniboxThreadGroups(ctx) {
      return service.threads(callerOf(ctx), ctx.body);
    },
    async uniboxThreadMessages(ctx) {
      return { items: await service.messages(callerOf(ctx), ctx.params.threadId, ctx.query.forUserId) };
    },
    async uniboxRead(ctx) {
      return service.mark(callerOf(ctx), ctx.body, { kind: 'read', value: ctx.body.isRead });
    },
    async uniboxStar(ctx) {
      return service.mark(callerOf(ctx), ctx.body, { kind: 'star', value: ctx.body.isStarred });
    },
    async uniboxDelete(ctx) {
      return service.mark(callerOf(ctx), ctx.body, { kind: 'delete' });
    },
    async uniboxSendEmail(ctx) {
      return service.send(callerOf(ctx), ctx.body, ctx.locale);
    },
    async uniboxTrialStatus(ctx) {
      return service.trialStatus(callerOf(ctx));
    },
    async uniboxAttachment(ctx): Promise<FastifyReply> {
      return sendDownload(ctx.reply, await service.attachment(callerOf(ctx), ctx.params.messageId, ctx.params.index, ctx.query.forUserId));
    },
    async uniboxLeadInterest(ctx) {
      return { item: await service.leadInterest(callerOf(ctx), ctx.body) };
    },
    async uniboxUnreadCount(ctx) {
      return { unreadMessages: await service.unreadCount(callerOf(ctx), ctx.query.forUserId) };
    },
  };
}
