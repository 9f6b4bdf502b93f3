/** The email-content calls: thin — contract-parsed input (and the multipart files) → service → answer. */
import type { FastifyReply } from 'fastify';
import { callerOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;%]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

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
      const file = await service.download(callerOf(ctx), ctx.params.id);
      return ctx.reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
    deleteEmailAttachment: async (ctx) => service.remove(callerOf(ctx), ctx.params.id),
  };
}
