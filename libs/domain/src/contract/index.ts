/**
 * The API's record shapes, defined once and used by the server (its views) and the web client
 * (its API slices), so a field added on one side cannot be forgotten by the other. One file per
 * context.
 */
export * from './audit';
export * from './people-organizations';
export * from './duplicates';
export * from './envelope';
export * from './files';
export * from './links';
export * from './mail';
export * from './users';
export * from './follow-ups';
export * from './tasks';
export * from './forms';
export * from './aml';
export * from './orders';
export * from './search';
export * from './import';
export * from './calendar';
export * from './settings';
export * from './overview';
export * from './registers';
