/** HTTP handlers of the finder calls declared in contracts (thin: parse → service → answer). */
import type { HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

export function finderHandlers(_services: Services): HandlerMap {
  return {};
}
