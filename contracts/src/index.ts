export * from './http';
export * from './errors';
export * from './constants';
export * from './common';
export * from './events';
export * from './general';
export * from './rules/permissions';
export * from './routes';
