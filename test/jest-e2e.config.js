const shared = require('./jest-swc.cjs');

/** API end-to-end tests: the real app module against a real Postgres. */
module.exports = {
  ...shared,
  rootDir: '..',
  displayName: 'api-e2e',
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 2,
};
