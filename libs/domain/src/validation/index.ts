export * from './common';
export * from './schemas';
