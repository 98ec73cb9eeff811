import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';

export interface ReceivedEvent {
  id: string;
  event: string;
  data: { id: string; type: string; data: Record<string, unknown> };
}

export interface EventStream {
  status: number;
  events: ReceivedEvent[];
  /** Resolves with the time (Date.now()) the server ended the response. */
  ended: Promise<number>;
  /** Resolves with the first received event matching, or rejects after `ms`. */
  waitFor(match: (e: ReceivedEvent) => boolean, ms?: number): Promise<ReceivedEvent>;
  close(): void;
}

/**
 * A text/event-stream client as a browser's would be (frames of id/event/data lines), with the
 * bearer header the generated fetch-based client sends.
 */
export function openEventStream(
  baseUrl: string,
  token: string | null,
  lastEventId?: string,
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (token) {
      headers.Authorization = `Bearer ${token}`;
    }
    if (lastEventId !== undefined) {
      headers['Last-Event-ID'] = lastEventId;
    }
    const events: ReceivedEvent[] = [];
    const waiters: { match: (e: ReceivedEvent) => boolean; done: (e: ReceivedEvent) => void }[] =
      [];
    let req: ClientRequest | null = null;
    req = httpRequest(`${baseUrl}/api/events`, { headers }, (res: IncomingMessage) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of frame.split('\n')) {
            const m = /^(id|event|data): (.*)$/.exec(line);
            if (m) {
              fields[m[1]] = m[2];
            }
          }
          if (fields.data) {
            const event = {
              id: fields.id,
              event: fields.event,
              data: JSON.parse(fields.data) as ReceivedEvent['data'],
            };
            events.push(event);
            for (const w of waiters.filter((x) => x.match(event))) {
              waiters.splice(waiters.indexOf(w), 1);
              w.done(event);
            }
          }
        }
      });
      res.on('error', () => undefined);
      const ended = new Promise<number>((done) => res.once('end', () => done(Date.now())));
      resolve({
        status: res.statusCode ?? 0,
        events,
        ended,
        waitFor: (match, ms = 10_000) => {
          const found = events.find(match);
          if (found) {
            return Promise.resolve(found);
          }
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error('No such event arrived')), ms);
            waiters.push({
              match,
              done: (e) => {
                clearTimeout(timer);
                ok(e);
              },
            });
          });
        },
        close: () => {
          req?.destroy();
          res.destroy();
        },
      });
    });
    req.on('error', reject);
    req.end();
  });
}
