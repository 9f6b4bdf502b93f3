/**
 * What an area of the API is: one object holding its calls, their handlers, its services, its
 * background jobs and its tables. The app registers the routes and handlers, the service
 * container builds the services, the job registry (API process and worker alike) registers the
 * jobs, and the schema test checks the tables against the migrated database, all by iterating
 * `AREAS` (areas.ts). A new area is one file (`modules/<area>/area.ts`, made by
 * `pnpm generate area`) and one line in that list.
 */
import type { AnyRoute } from '@leadforge/contracts';
import { isTable, type Table } from 'drizzle-orm';
import type { HandlerMap } from './http/route-kit';
import type { JobQueue } from './jobs/queue';
import type { JobRegistrar } from './jobs/registry';
import type { AreaDeps } from './platform';
import type { Services } from './services';

/** A part of an area's services that needs the durable job queue once it has started. */
export interface QueueUser {
  useQueue(queue: JobQueue | undefined): void;
}

export interface AreaModule {
  /** kebab-case, as in the route table of the README (and the remote's folder where it has one). */
  readonly name: string;
  /** The calls this area answers: a slice of contracts' `allRoutes` (a test checks none is unowned or owned twice). */
  readonly routes: Record<string, AnyRoute>;
  /**
   * Builds the area's services, added to the one service container under the keys it returns.
   * Areas are built in the order of `AREAS`: `built` already holds the platform services and
   * those of the areas listed earlier. Declare the keys' types by augmenting `Services`
   * (see an existing `area.ts`).
   */
  readonly services?: (deps: AreaDeps, built: Services) => Partial<Services>;
  /** One handler per name of `routes`; building the app fails on a route without one. */
  readonly handlers: (services: Services) => HandlerMap;
  /** The parts of the area's services that enqueue durable jobs (given the queue once it starts). */
  readonly queueUsers?: (services: Services) => QueueUser[];
  /** Registers the area's job handlers (same code in the API process and the worker). */
  readonly jobs?: JobRegistrar;
  /** Closes what the services hold open (SMTP pools, IMAP sessions) once the job queue has stopped. */
  readonly close?: (services: Services) => Promise<void>;
  /** The area's drizzle tables (its `db/schema/<area>.ts` module). */
  readonly schema?: Record<string, unknown>;
}

/** Identity, typed: keeps an area file's object literal checked against the shape. */
export function defineArea(area: AreaModule): AreaModule {
  return area;
}

/** The drizzle tables among a schema module's exports (it also exports enums and helpers). */
export function tablesOf(schema: Record<string, unknown>): Table[] {
  return Object.values(schema).filter(isTable);
}
