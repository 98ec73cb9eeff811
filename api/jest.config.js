const shared = require('../test/jest-swc.cjs');

/** API and contract unit tests: colocated *.spec.ts, no database. */
module.exports = {
  ...shared,
  rootDir: '..',
  displayName: 'api-unit',
  testMatch: ['<rootDir>/api/src/**/*.spec.ts', '<rootDir>/packages/contract/src/**/*.spec.ts'],
};
