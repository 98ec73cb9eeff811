import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface CognitoLocal {
  /** http://localhost:<port>: the COGNITO_ENDPOINT and the issuer domain of its tokens. */
  endpoint: string;
  /** One call of the Cognito JSON API (X-Amz-Target AWSCognitoIdentityProviderService.<target>). */
  call<T = Record<string, unknown>>(target: string, body: object): Promise<T>;
  /** What the server printed so far (confirmation codes, errors). */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForHealth(
  endpoint: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`cognito-local exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      const res = await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`cognito-local did not answer within 20 s:\n${output()}`);
}

/**
 * Starts cognito-local (a real Cognito protocol peer) in a temporary folder of its own, where it
 * keeps its .cognito/ data, on a free port.
 */
export async function startCognitoLocal(): Promise<CognitoLocal> {
  const port = await freePort();
  const endpoint = `http://localhost:${port}`;
  const cwd = mkdtempSync(join(tmpdir(), 'trialflow-cognito-local-'));
  mkdirSync(join(cwd, '.cognito'));
  writeFileSync(
    join(cwd, '.cognito', 'config.json'),
    JSON.stringify({ TokenConfig: { IssuerDomain: endpoint } }),
  );
  const bin = join(dirname(require.resolve('cognito-local/package.json')), 'lib/bin/start.js');
  const child = spawn(process.execPath, [bin], {
    cwd,
    env: { ...process.env, PORT: String(port), NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const output = (): string => log;

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(cwd, { recursive: true, force: true });
  };

  try {
    await waitForHealth(endpoint, child, output);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    endpoint,
    output,
    stop,
    call: async <T>(target: string, body: object): Promise<T> => {
      const res = await fetch(`${endpoint}/`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-amz-json-1.1',
          'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`,
        },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as T & { __type?: string; message?: string };
      if (!res.ok) {
        throw new Error(`${target} failed: ${answer.__type ?? res.status} ${answer.message ?? ''}`);
      }
      return answer;
    },
  };
}
