import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HttpRecorder {
  url: string;
  /** 'GET /path' of every request received. */
  requests: string[];
  close(): Promise<void>;
}

/** A local HTTP server that answers 404 to everything and remembers what was asked. */
export async function startHttpRecorder(): Promise<HttpRecorder> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(404, { 'Content-Type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
