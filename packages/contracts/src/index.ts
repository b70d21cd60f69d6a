export * from './auth/session.ts';
export * from './commands.ts';
export * from './common.ts';
export * from './errors.ts';
export * from './loyalty/index.ts';
export * from './messages.ts';
export * from './pagination.ts';
export * from './permissions.ts';
