/**
 * @registra/domain: the product's rules (docs/product/) as pure TypeScript, shared by the server
 * (CommonJS build in dist/) and the web client (this file as source, through a Vite alias). No I/O,
 * no framework.
 */
export * from './enums';
export * from './labels';
export * from './errors';
export * from './limits';
export * from './messages';
export * from './money';
export * from './countries';
export * from './folders';
export * from './routes';
export * from './catalogue';
export * from './rules';
export * from './validation';
export * from './audit';
export * from './contract';
