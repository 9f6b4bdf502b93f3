/**
 * The platform's tables and the built areas', re-exported for the repositories that read across
 * areas. drizzle-kit reads every file of this folder, so a new area's tables (in
 * `<area>.ts`, imported by its own module) need no line here.
 */
export * from './platform';
export * from './prospects';
export * from './verification';
export * from './finder';
export * from './identity';
export * from './mail';
export * from './warmup';
