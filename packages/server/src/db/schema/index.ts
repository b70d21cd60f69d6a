export * from './audit.ts';
export * from './identity.ts';
export * from './loyalty.ts';
