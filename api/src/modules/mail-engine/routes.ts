/** HTTP handlers of the mail engine's calls (contracts/src/mail-tracking.ts): parse → service → answer. */
import type { ErrorKey, SendTestEmailFailure } from '@leadforge/contracts';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../http/domain-error';
import { callerOf, type HandlerMap } from '../../http/route-kit';
import { isTrackingId } from '../../engines/mail/outbound/tracking';
import type { Services } from '../../services';
import { TRANSPARENT_GIF, TestEmailFailure, type Requester } from './service';

function requesterOf(request: FastifyRequest): Requester {
  const agent = request.headers['user-agent'];
  return { method: request.method, userAgent: typeof agent === 'string' ? agent : null, ip: request.ip };
}

/** Every pixel and redirect is fetched afresh: a cached one would hide the next open from us. */
const NO_STORE = 'no-store, no-cache, must-revalidate, max-age=0';

export function mailEngineHandlers(services: Services): HandlerMap {
  const { tracking, unsubscribe, testEmail } = services.mailEngine;
  return {
    trackingOpen: async (ctx) => {
      // What cannot be a token of ours came from no message we sent: the usual envelope.
      if (!isTrackingId(ctx.params.token)) throw new DomainError('not_found');
      const found = await tracking.open(ctx.params.token, requesterOf(ctx.request));
      // A mail client shows a broken-image icon for a non-image answer: an unknown pixel is a 404
      // that is still the image.
      return ctx.reply
        .code(found ? 200 : 404)
        .header('content-type', 'image/gif')
        .header('cache-control', NO_STORE)
        .header('pragma', 'no-cache')
        .header('expires', '0')
        .send(TRANSPARENT_GIF);
    },
    trackingClick: async (ctx) => {
      const url = await tracking.click(ctx.params.token, requesterOf(ctx.request));
      return ctx.reply.header('cache-control', NO_STORE).header('referrer-policy', 'no-referrer').redirect(url, 302);
    },
    unsubscribeInfo: async (ctx) => unsubscribe.info(ctx.params.token),
    unsubscribe: async (ctx) => unsubscribe.unsubscribe(ctx.params.token, requesterOf(ctx.request)),
    sendTestEmail: async (ctx) => {
      try {
        return await testEmail.send(callerOf(ctx), ctx.body);
      } catch (error) {
        if (!(error instanceof TestEmailFailure)) throw error;
        // Document 2 §8: 422 and a list of messages, with the send-email failure fields (§7.6).
        const status = 422;
        const item = (key: ErrorKey) => ({ key, ...services.texts.translate(key, ctx.locale, { variables: (error.detail.variables ?? []).join(', ') }) });
        const errors = [item(error.key)];
        const failure: SendTestEmailFailure = {
          errors,
          isMailProviderError: error.detail.isMailProviderError,
          message: error.detail.serverMessage ?? errors[0]!.description,
          isRecipientsExceeded: error.detail.isRecipientsExceeded,
          status,
        };
        return ctx.reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(failure));
      }
    },
  };
}
