export * from './follow-up-types';
export * from './follow-ups';
