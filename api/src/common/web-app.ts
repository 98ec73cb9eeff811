import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import compression from 'compression';
import type express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Hashed build output: the content of a name never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths whose answers stream: compressing them would hold bytes back (or waste the work). */
function streams(req: Request, res: Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  return (
    type.startsWith('text/event-stream') ||
    req.path === '/api/events' ||
    req.path.startsWith('/api/events/') ||
    req.path.startsWith('/files/') ||
    req.path.startsWith('/api/files/')
  );
}

/**
 * gzip or brotli (by Accept-Encoding) for the API's JSON and the app's index.html. The event
 * stream and file transfers pass through untouched; files the web build precompressed are
 * served as they are (they already carry Content-Encoding, which this middleware leaves alone).
 */
export function compressResponses(): RequestHandler {
  return compression({
    filter: (req, res) => !streams(req, res) && compression.filter(req, res),
  });
}

const SHELL_LANGUAGES = ['en', 'es', 'de'];

function cookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie ?? '';
  return new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header)?.[1];
}

/**
 * The prerendered /login the web build wrote (web/src/prerender/login-shell.ts) for this
 * visitor: the language the app stored (mirrored into `trialflow_lang`), else English (specs 01
 * and 02: the language comes from local storage and defaults to English); the cookie banner
 * until `trialflow_consent`, compact on phones (as the app decides, by user agent).
 */
export function loginShellFile(req: Request): string {
  const stored = cookie(req, 'trialflow_lang');
  const language = stored !== undefined && SHELL_LANGUAGES.includes(stored) ? stored : 'en';
  if (cookie(req, 'trialflow_consent') === '1') {
    return `login.${language}.html`;
  }
  const mobile = /Mobi|Android|iPhone|iPad/i.test(req.headers['user-agent'] ?? '');
  return `login.${language}.${mobile ? 'banner-compact' : 'banner'}.html`;
}

/** The first screens the web build writes a page for, by path (and /details/…, below). */
const FIRST_SCREEN_FILES: Record<string, string> = {
  '/': 'index.home.html',
  '/questionnaire': 'index.questionnaire.html',
  '/search': 'index.search.html',
};

/**
 * The file the web build wrote for a signed-in first screen (vite.config.ts, preloadFirstScreens):
 * index.html with the screen's chunks and stylesheets preloaded, so they download beside the
 * app's entry instead of one round trip after it. Null for every other path (index.html).
 */
export function firstScreenFile(path: string): string | null {
  return FIRST_SCREEN_FILES[path] ?? (path.startsWith('/details/') ? 'index.details.html' : null);
}

/**
 * Serves the built web app on / with index.html for client routes; /api, /files/ and
 * /facilities/ (the facility group files) stay the API's. The build writes a `.br` and a `.gz`
 * beside each text file: the variant the browser accepts is sent with `Vary: Accept-Encoding`.
 * Hashed assets are cached for a year; index.html and the other files are revalidated. /login
 * gets its prerendered first screen (loginShellFile); /, /questionnaire, /search and /details/…
 * get index.html with their code preloaded (firstScreenFile).
 */
export function serveWebApp(
  app: INestApplication,
  webDistDir: string,
  rootDir: string,
  apiPrefix: string,
): void {
  if (!webDistDir) {
    return;
  }
  const dist = resolve(rootDir, webDistDir);
  const index = join(dist, 'index.html');
  if (!existsSync(index)) {
    return;
  }
  const assets = join(dist, 'assets') + sep;
  const server = app.getHttpAdapter().getInstance() as express.Express;
  server.use(
    expressStaticGzip(dist, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        index: false,
        setHeaders: (res, path) => {
          res.setHeader('Cache-Control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
        },
      },
    }),
  );
  server.use((req: Request, res: Response, next: NextFunction) => {
    const isApi = req.path === `/${apiPrefix}` || req.path.startsWith(`/${apiPrefix}/`);
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      isApi ||
      req.path.startsWith('/files/') ||
      req.path.startsWith('/facilities/') ||
      // A missing asset is a 404, never index.html served as JavaScript.
      req.path.startsWith('/assets/')
    ) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    if (req.path === '/login') {
      // Its first screen is prerendered, per language and cookie banner.
      const shell = join(dist, loginShellFile(req));
      if (existsSync(shell)) {
        res.setHeader('Vary', 'Accept-Encoding, Cookie, User-Agent');
        res.sendFile(shell);
        return;
      }
    }
    const screen = firstScreenFile(req.path);
    if (screen && existsSync(join(dist, screen))) {
      res.sendFile(join(dist, screen));
      return;
    }
    res.sendFile(index);
  });
}
