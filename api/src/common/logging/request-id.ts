import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const VALID_ID = /^[\w.-]{8,128}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

/** Reuses a sane incoming X-Request-Id (from nginx) or makes one, and echoes it back. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && VALID_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

export function requestIdOf(req: IncomingMessage): string | undefined {
  const id = (req as IncomingMessage & { id?: unknown }).id;
  return typeof id === 'string' ? id : undefined;
}
