// API tests boot the real Nest app over HTTP against a fresh PostgreSQL database per run
// (test/support/global-setup.ts) and the machine's Redis.
const vm = require('node:vm');

// otplib's base32 codec and hashes ship as ES modules only. Where Jest can require() an ES module
// natively (Node 24.9+, the same test Jest makes), it loads them as they are; on an older Node,
// Jest needs them compiled to CommonJS.
const requiresEsmNatively = typeof vm.SourceTextModule?.prototype.hasAsyncGraph === 'function';
const ESM_ONLY = '@scure/base|@noble/hashes';

/** @type {import('jest').Config} */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  // The S3 adapter's contract runs only against a configured S3-compatible endpoint.
  testPathIgnorePatterns: process.env.S3_TEST_BUCKET
    ? ['/node_modules/']
    : ['/node_modules/', 'storage-s3\\.e2e-spec\\.ts$'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', diagnostics: false }],
    ...(requiresEsmNatively
      ? {}
      : {
          [`^.+/(${ESM_ONLY})/.+\\.js$`]: [
            'ts-jest',
            {
              tsconfig: { allowJs: true, module: 'commonjs', target: 'es2022' },
              diagnostics: false,
            },
          ],
        }),
  },
  transformIgnorePatterns: requiresEsmNatively
    ? ['/node_modules/']
    : [`/node_modules/(?!.*(${ESM_ONLY})/)`],
  // The domain library is consumed as source in tests, so they never run against a stale build.
  moduleNameMapper: { '^@registra/domain$': '<rootDir>/../libs/domain/src/index.ts' },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  // Every answer of the API tests is checked against the OpenAPI document (ADR 0130).
  setupFilesAfterEnv: ['<rootDir>/test/support/api-contract.setup.ts'],
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
};
