/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Manifest, type Plugin } from 'vite';
import {
  loginShellFileName,
  renderLoginShell,
  SHELL_ID,
  SHELL_LANGUAGES,
  type ShellBanner,
  type ShellTexts,
} from './src/prerender/login-shell.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside every text file of the build, once:
 * the API (express-static-gzip) and nginx (gzip_static) send them as they are, so no request
 * pays for compressing. Files under 1 KB and source maps are left alone.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      // .vite/ holds the build manifest, which is never served.
      .filter((entry) => !entry.name.startsWith('.'))
      .flatMap((entry) =>
        entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
      );
  return {
    name: 'trialflow-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) {
          continue;
        }
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

const localesDir = fileURLToPath(new URL('../api/src/translations/locales', import.meta.url));

/** The texts the API serves for one language: every namespace file under its name. */
function readTexts(language: string): ShellTexts {
  const dir = join(localesDir, language);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [
        name.replace(/\.json$/, ''),
        JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown,
      ]),
  );
}

/**
 * Writes /login's first screen, prerendered, beside index.html: login.{en,es,de}.html (no cookie
 * banner), .banner.html and .banner-compact.html (phones). Each is index.html with the screen's
 * HTML (src/prerender/login-shell.ts) before #root, which stays hidden until the app takes over,
 * and the first route's stylesheets inlined, so the screen paints with the document, before
 * any other request returns. The API (and nginx) answer /login with the right file by the
 * visitor's language and consent cookies (README, "Web performance").
 */
function prerenderLogin(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'trialflow-prerender-login',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: resolve(root, 'src/login-loader.ts'), name: 'login' });
    },
    writeBundle(_options, bundle) {
      const loader = Object.values(bundle).find(
        (file) =>
          file.type === 'chunk' && file.isEntry && file.facadeModuleId?.endsWith('login-loader.ts'),
      );
      if (!loader) {
        throw new Error('prerender-login: no login-loader chunk');
      }
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      const stylesheets = [
        ...index.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\n?/g),
      ];
      if (stylesheets.length === 0 || !index.includes('<div id="root"></div>')) {
        throw new Error('prerender-login: index.html has no stylesheet link or no #root');
      }
      const css = stylesheets
        .map(([, href]) =>
          readFileSync(join(outDir, href), 'utf8').replace(/<\/style/gi, '<\\/style'),
        )
        .join('\n');
      const banners: ShellBanner[] = ['none', 'full', 'compact'];
      for (const language of SHELL_LANGUAGES) {
        const texts = readTexts(language);
        for (const banner of banners) {
          let page = index.replace('<html lang="en">', `<html lang="${language}">`);
          for (const [tag] of stylesheets) {
            page = page.replace(tag, '');
          }
          // The screen needs no script to paint: src/login-loader.ts fetches the app's code
          // once the browser painted it (no preloads racing the first paint).
          page = page
            .replace(
              /<script type="module" crossorigin src="[^"]+"><\/script>/,
              `<script type="module" crossorigin src="/${loader.fileName}"></script>`,
            )
            .replace(/ *<link rel="modulepreload"[^>]*>\n/g, '');
          page = page.replace(
            '</head>',
            // #root holds the app while it renders hidden beside the shell.
            `    <style>${css}\n#${SHELL_ID} ~ #root{display:none}</style>\n` +
              // No first paint of half the screen (the parser may yield midway): the browser
              // paints once the whole shell is parsed, so its largest text is in the first frame.
              `    <link rel="expect" href="#${SHELL_ID}-end" blocking="render" />\n  </head>`,
          );
          page = page.replace(
            '<div id="root"></div>',
            `<div id="${SHELL_ID}">${renderLoginShell(texts, language, banner)}<div id="${SHELL_ID}-end" hidden></div></div>\n    <div id="root"></div>`,
          );
          writeFileSync(join(outDir, loginShellFileName(language, banner)), page);
        }
      }
    },
  };
}

/**
 * The signed-in screens a page load starts on, by the modules app/router.tsx loads for them (keys
 * of the Vite manifest). The router asks for them only once the entry has run: one round trip
 * after the app's own code (~0.3 s on Lighthouse's slow 4G).
 */
const FIRST_SCREENS: Record<string, string[]> = {
  home: ['src/app/routes/home.tsx'],
  questionnaire: ['src/features/questionnaire/screens.ts', 'src/features/patient-summary/index.ts'],
  search: [
    'src/features/search/index.ts',
    'src/features/patient-summary/index.ts',
    'src/app/routes/loaders.ts',
  ],
  details: ['src/app/routes/referrals.tsx', 'src/app/routes/loaders.ts'],
};

/**
 * Writes index.{home,questionnaire,search,details}.html beside index.html: the same page, plus a
 * modulepreload for each chunk the screen's route loads and a stylesheet link for its CSS, so
 * they download side by side with the entry instead of after it. The API (and nginx) answer /,
 * /questionnaire, /search and /details/… with them (README, "Web performance"). A module missing
 * from the manifest fails the build: the router changed and this list must follow.
 */
function preloadFirstScreens(): Plugin {
  let outDir = '';
  return {
    name: 'trialflow-first-screens',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(
        readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest;
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      const inIndex = (file: string): boolean => index.includes(`/${file}"`);
      for (const [screen, modules] of Object.entries(FIRST_SCREENS)) {
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (key: string): void => {
          const chunk = manifest[key];
          if (!chunk) {
            throw new Error(`first-screens: ${key} (${screen}) is not a chunk of the build`);
          }
          if (scripts.has(chunk.file)) {
            return;
          }
          scripts.add(chunk.file);
          chunk.css?.forEach((file) => styles.add(file));
          chunk.imports?.forEach(visit);
        };
        modules.forEach(visit);
        const tags = [
          ...[...styles]
            .filter((file) => !inIndex(file))
            .map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">\n`),
          ...[...scripts]
            .filter((file) => !inIndex(file))
            .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`),
        ];
        writeFileSync(
          join(outDir, `index.${screen}.html`),
          index.replace(/\n *<\/head>/, `\n${tags.join('')}  </head>`),
        );
      }
    },
  };
}

const nodeModule = (path: string): string =>
  fileURLToPath(new URL(`../node_modules/${path}`, import.meta.url));

/**
 * The app runs on Preact through its React compatibility layer (preact/compat): the same
 * components and libraries, a runtime ~50 KB gzip smaller than react-dom (README, "Web
 * performance"). `WEB_RUNTIME=react` builds and tests with React itself, to compare.
 */
const preactAliases: Record<string, string> = {
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  react: 'preact/compat',
  // react-i18next's shim for React 17: Preact has the hook itself.
  'use-sync-external-store/shim': 'preact/compat',
};

/**
 * Vitest resolves packages with Node's conditions, where these pick their CommonJS builds, whose
 * require('react') would load React beside Preact: their ES modules go through the aliases.
 */
const preactTestAliases: Record<string, string> = {
  '@testing-library/react': nodeModule('@testing-library/react/dist/@testing-library/react.esm.js'),
  'react-router/dom': nodeModule('react-router/dist/development/dom-export.mjs'),
  'react-router-dom': nodeModule('react-router-dom/dist/index.mjs'),
  'react-router': nodeModule('react-router/dist/development/index.mjs'),
  '@dnd-kit/core': nodeModule('@dnd-kit/core/dist/core.esm.js'),
  '@dnd-kit/utilities': nodeModule('@dnd-kit/utilities/dist/utilities.esm.js'),
  '@dnd-kit/accessibility': nodeModule('@dnd-kit/accessibility/dist/accessibility.esm.js'),
};

const runtimeAliases = (): { find: string | RegExp; replacement: string }[] => {
  if (process.env.WEB_RUNTIME === 'react') {
    return [];
  }
  const aliases = { ...(process.env.VITEST ? preactTestAliases : {}), ...preactAliases };
  // Exact names: 'react' must not also catch 'react-router'.
  return Object.entries(aliases).map(([find, replacement]) => ({
    find: new RegExp(`^${find.replace(/[/.-]/g, '\\$&')}$`),
    replacement,
  }));
};

export default defineConfig({
  plugins: [react(), prerenderLogin(), preloadFirstScreens(), precompress()],
  resolve: {
    alias: [
      ...runtimeAliases(),
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The contract package from its source: one compile, no build step for the web app.
      {
        find: '@trialflow/contract',
        replacement: fileURLToPath(new URL('../packages/contract/src/index.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/files': apiTarget },
  },
  // The manifest lets scripts/check-bundle-size.mjs follow what the first route loads.
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    manifest: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // react-router reads React 19's useOptimistic when there is one (Preact has none) and
        // falls back to plain state: expected, not worth a warning on every build.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) {
          return;
        }
        warn(warning);
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // The libraries that import React go through Vite's resolver, so they meet the same runtime.
    server: {
      deps: {
        inline:
          process.env.WEB_RUNTIME === 'react'
            ? []
            : [
                /@testing-library\/react/,
                /react-router/,
                /react-i18next/,
                /@tanstack\/react-query/,
                /react-hook-form/,
                /@dnd-kit/,
              ],
      },
    },
    // jsdom journeys take seconds each on a 2-core machine running other jobs; 5 s failed there.
    testTimeout: 20_000,
  },
});
