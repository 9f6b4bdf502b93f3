/** The email-content calls: thin — contract-parsed input (and the multipart files) → service → answer. */
import type { FastifyReply } from 'fastify';
import { sendDownload } from '../../http/file-download';
import { callerOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';


export function emailContentHandlers(services: Services): HandlerMap {
  const service = services.emailContent;
  return {
    getEmailContent: async (ctx) => service.get(callerOf(ctx), ctx.query.campaignId, ctx.query.blockId),
    saveEmailContent: async (ctx) =>
      service.save(
        callerOf(ctx),
        ctx.body,
        ctx.files.filter((file) => file.fieldName === 'file'),
      ),
    downloadEmailAttachment: async (ctx): Promise<FastifyReply> => {
      return sendDownload(ctx.reply, await service.download(callerOf(ctx), ctx.params.id));
    },
    deleteEmailAttachment: async (ctx) => service.remove(callerOf(ctx), ctx.params.id),
  };
}
