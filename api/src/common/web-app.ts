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

/**
 * Serves the built web app on / with index.html for client routes; /api, /files/ and
 * /facilities/ (the facility group files) stay the API's. The build writes a `.br` and a `.gz`
 * beside each text file: the variant the browser accepts is sent with `Vary: Accept-Encoding`.
 * Hashed assets are cached for a year; index.html and the other files are revalidated.
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
    res.sendFile(index);
  });
}
