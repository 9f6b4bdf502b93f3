/** HTTP handlers of the verification calls declared in contracts (thin: parse → service → answer). */
import type { HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

export function verificationHandlers(_services: Services): HandlerMap {
  return {};
}
