// Several instances of the built server (test/instances): two API instances and a worker on one
// database and Redis. Its own run, after the product is built (`npm test`, ADR 0109).
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/instances/**/*.instances-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/test/instances/global-setup.ts',
  testTimeout: 120000,
};
