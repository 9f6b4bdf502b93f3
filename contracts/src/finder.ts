/**
 * Finder calls (issue 4): single and bulk email search, domain search and positions, company
 * search, technology checker, extension history pages, LinkedIn search tasks.
 */
import type { AnyRoute } from './http';

export const finderRoutes = {} as const satisfies Record<string, AnyRoute>;
