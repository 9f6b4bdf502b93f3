/** HTTP handlers of the prospects calls declared in contracts (thin: parse → service → answer). */
import type { HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

export function prospectsHandlers(_services: Services): HandlerMap {
  return {};
}
