// A require hook that compiles the API's TypeScript with SWC (the options of jest-swc.cjs), so
// a test can run the real API entry point (api/src/main.ts) as a separate process. Node itself
// loads the ES-module-only packages (require(esm), Node 20.19+).
'use strict';
const { transformSync } = require('@swc/core');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

// The contract package from its source, as jest's moduleNameMapper does: its dist/ exists only
// after an API build, which a fresh clone running `npm test` has not done.
const CONTRACT_SOURCE = path.join(__dirname, '..', '..', 'packages', 'contract', 'src', 'index.ts');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveContract(request, ...rest) {
  return request === '@trialflow/contract'
    ? CONTRACT_SOURCE
    : resolveFilename.call(this, request, ...rest);
};

require.extensions['.ts'] = function compile(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
