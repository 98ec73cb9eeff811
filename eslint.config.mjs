// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/**
 * The boundaries (docs/architecture.md): the web app never imports the API's source (what both
 * need is in @trialflow/contract; the translations the API serves are data the web tests read),
 * a web feature never imports another feature (shared code goes to lib/ or components/, features
 * are composed in app/), and an API module never reaches into another module's repository or
 * controller (it uses that module's exported service). The CLI composes repositories itself.
 */
const BOUNDARY_ZONES = [
  {
    target: './web/src',
    from: './api/src',
    except: ['./translations/locales'],
    message: 'The web app does not import API source: share it through @trialflow/contract.',
  },
  {
    target: './packages/contract',
    from: ['./api', './web'],
    message: 'The contract depends on neither side.',
  },
  ...folders('./web/src/features').map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move shared code to lib/ or components/.',
  })),
  ...folders('./api/src')
    .filter((m) => m !== 'cli')
    .map((module) => ({
      target: `./api/src/${module}`,
      // The trial import stores sites' facilities through FacilitiesRepository (one transaction).
      from: `./api/src/!(${module}|cli${module === 'trials' ? '|facilities' : ''})/**/*.{repository,controller}.ts`,
      message: "Use the module's exported service, not its repository or controller.",
    })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'test-results/**',
      'coverage/**',
      'web/src/api/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.mjs',
            '*.cjs',
            '*.js',
            'api/*.js',
            'api/scripts/*.cjs',
            'test/*.js',
            'test/*.cjs',
            'test/smoke/*.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['api/tsconfig.json', 'web/tsconfig.json', 'packages/contract/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARY_ZONES }],
      curly: ['error', 'all'],
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      'no-console': 'off',
    },
  },
  {
    // page.evaluate callbacks run in the browser.
    files: ['test/smoke/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['api/**/*.ts', 'test/**/*.ts', 'migrations/**/*.ts', 'packages/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    files: ['test/**/*.ts', 'api/**/*.spec.ts', 'packages/**/*.spec.ts'],
    rules: {
      // supertest bodies are untyped JSON; asserting on them is the point of the test.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation'],
              message:
                "Use '@/i18n/use-translation': react-i18next's hook costs a wrapper per mount and a t per render.",
            },
          ],
        },
      ],
    },
  },
  prettier,
);
