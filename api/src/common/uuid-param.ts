import { ParseUUIDPipe } from '@nestjs/common';

/** A path parameter that must be a v4 uuid; anything else is a 400, never a lookup. */
export const uuidParam = (): ParseUUIDPipe =>
  new ParseUUIDPipe({ version: '4', errorHttpStatusCode: 400 });

/** The 403 description of routes with the caller's own userId in the path. */
export const NOT_SELF = 'The userId is not the caller’s.';
