// Helpers for scripts that run the product with `npm start` (the smoke journeys, bench/web.mjs).
import { createServer } from 'node:net';

/** A TCP port nothing listens on right now. */
export const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/** Resolves once `url` answers health 200; fails when `server` (npm start) exits or time runs out. */
export async function waitForHealth(url, server, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) {
      throw new Error(`npm start exited early with code ${server.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The app did not become healthy within ${timeoutMs / 1000} s`);
}
