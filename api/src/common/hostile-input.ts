import type { IncomingMessage } from 'node:http';
import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** Deepest nesting of arrays and objects a JSON body may have; the API's own shapes need < 10. */
export const MAX_JSON_DEPTH = 32;

/** Largest JSON body accepted (413 beyond); medical files go through multipart, not JSON. */
export const MAX_JSON_BYTES = '1mb';

const OPEN_BRACKET = 0x5b; // [
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACKET = 0x5d; // ]
const CLOSE_BRACE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * The deepest nesting in a raw JSON text, counted on the bytes before anything parses it:
 * one linear pass, so `[[[[…]]]]` costs microseconds instead of a recursive walk that
 * blows the stack (500) in class-transformer. Multi-byte UTF-8 never contains these ASCII
 * bytes, so scanning bytes is exact. Stops as soon as `limit` is passed.
 */
export function jsonDepth(buf: Uint8Array, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (inString) {
      if (b === BACKSLASH) {
        i++;
      } else if (b === QUOTE) {
        inString = false;
      }
    } else if (b === QUOTE) {
      inString = true;
    } else if (b === OPEN_BRACKET || b === OPEN_BRACE) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) {
          return deepest;
        }
      }
    } else if (b === CLOSE_BRACKET || b === CLOSE_BRACE) {
      depth--;
    }
  }
  return deepest;
}

/** body-parser's `verify` hook: refuses a too deeply nested body before JSON.parse runs. */
export function verifyJsonDepth(_req: IncomingMessage, _res: unknown, buf: Buffer): void {
  if (jsonDepth(buf, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw Object.assign(new Error('The request body is nested too deeply'), {
      status: 400,
      type: 'entity.too.deep',
    });
  }
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when a text holds something Postgres or a mail server cannot store or send: a NUL or
 * a UTF-16 surrogate without its pair (only reachable through a `\uD800` JSON escape).
 */
export function isUnsafeText(text: string): boolean {
  return UNSAFE_TEXT.test(text);
}

/** The path of the first unsafe string (or key) in a parsed value; null when there is none. */
export function findUnsafeText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') {
    return isUnsafeText(value) ? path || 'body' : null;
  }
  if (value === null || typeof value !== 'object') {
    return null;
  }
  // Depth is bounded by verifyJsonDepth (JSON) and qs (query strings, urlencoded).
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (isUnsafeText(key)) {
      return itemPath;
    }
    const found = findUnsafeText(item, itemPath);
    if (found) {
      return found;
    }
  }
  return null;
}

/**
 * Express middleware after the body parsers: a NUL or lone surrogate in the path, the query
 * or the body is refused with 400 naming the field, before any controller, DTO or query sees
 * it (Postgres rejects both, which used to surface as a 500).
 */
export function refuseUnsafeText(req: Request, _res: Response, next: NextFunction): void {
  const field = /%00/i.test(req.path)
    ? 'path'
    : (findUnsafeText(req.query) ?? findUnsafeText(req.body as unknown));
  if (field) {
    next(
      new BadRequestException({
        statusCode: 400,
        message: `${field} contains a NUL character or an unpaired surrogate`,
        errors: { [field]: 'invalidCharacters' },
      }),
    );
    return;
  }
  next();
}

/** Body types a browser form may send across origins without a preflight. */
const FORM_BODY_TYPES = /^(text\/plain|application\/x-www-form-urlencoded)\b/i;

/**
 * The API reads JSON (and multipart uploads): a body sent as a form or plain text is answered
 * 415 instead of reaching a route as an empty body, which also shuts out cross-site form posts.
 */
export function refuseFormBodies(req: Request, _res: Response, next: NextFunction): void {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined ||
    Number(req.headers['content-length'] ?? 0) > 0;
  if (hasBody && FORM_BODY_TYPES.test(req.headers['content-type'] ?? '')) {
    next(
      new UnsupportedMediaTypeException({
        statusCode: 415,
        message: 'The request body must be application/json',
      }),
    );
    return;
  }
  next();
}

/** Every response of the API can hold personal data or tokens: browsers and proxies keep none. */
export function noStore(_req: Request, res: Response, next: NextFunction): void {
  // Routes with public, cacheable answers (JWKS, translations) set their own header later.
  res.setHeader('Cache-Control', 'no-store');
  next();
}
