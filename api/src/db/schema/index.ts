/** The whole schema: one file per area, re-exported here for drizzle-kit and the repositories. */
export * from './platform';
export * from './prospects';
export * from './verification';
export * from './finder';
export * from './identity';
