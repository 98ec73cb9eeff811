// The API as a child process against the bench database, as `npm start` runs it in production:
// no request logging (LOG_LEVEL=warn), no web app, no start-up import, no sync.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from './postgres.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class ApiProcess {
  /**
   * @param {import('./dist.mjs').DistSnapshot} dist
   * @param {{ root: string, databaseUrl: string | null, label: string, cpuProfDir?: string,
   *           env?: Record<string, string>, log: (m: string) => void }} options
   *   `databaseUrl` null: the API runs its own embedded Postgres (give DATA_DIR and
   *   EMBEDDED_PG_PORT in `env`); `env` overrides the defaults below.
   */
  constructor(dist, options) {
    this.dist = dist;
    this.options = options;
    this.child = null;
    this.tail = [];
  }

  async start() {
    const { root, databaseUrl, label, cpuProfDir } = this.options;
    this.port = await freePort();
    this.url = `http://127.0.0.1:${this.port}`;
    const logDir = join(root, '.data', 'bench-logs');
    mkdirSync(logDir, { recursive: true });
    this.logFile = join(logDir, `api-${label}.log`);
    const logStream = createWriteStream(this.logFile);
    const args = [];
    if (cpuProfDir) {
      mkdirSync(cpuProfDir, { recursive: true });
      args.push(
        '--cpu-prof',
        `--cpu-prof-dir=${cpuProfDir}`,
        `--cpu-prof-name=api-${label}.cpuprofile`,
      );
    }
    args.push(this.dist.path('main.js'));
    this.startedAt = performance.now();
    const env = {
      ...process.env,
      NODE_ENV: process.env.BENCH_NODE_ENV ?? 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: this.url,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      RUN_MIGRATIONS: 'false',
      WEB_DIST_DIR: '',
      TRIALS_IMPORT_DIR: '',
      TRIALS_CURATION_FILE: '',
      CTGOV_SYNC: 'false',
      ...this.options.env,
    };
    if (databaseUrl === null) {
      delete env.DATABASE_URL;
    }
    this.child = spawn(process.execPath, args, {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk) => {
      logStream.write(chunk);
      this.tail.push(...String(chunk).split('\n').filter(Boolean));
      this.tail = this.tail.slice(-40);
    };
    this.child.stdout.on('data', keep);
    this.child.stderr.on('data', keep);
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => {
        logStream.end();
        resolve({ code, signal });
      }),
    );
    await this.waitForHealth(120_000);
    this.healthSeconds = (performance.now() - this.startedAt) / 1000;
  }

  failure(message) {
    return new Error(`${message}\nLast API output (${this.logFile}):\n${this.tail.join('\n')}`);
  }

  async waitForHealth(timeoutMs) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        throw this.failure(`The API exited early (code ${this.child.exitCode})`);
      }
      try {
        const res = await fetch(`${this.url}/api/health`);
        if (res.ok) {
          return;
        }
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw this.failure(`The API did not become healthy within ${timeoutMs / 1000} s`);
  }

  /** Sends one request and waits for its answer (the first search waits for the index). */
  async post(path, body, timeoutMs = 600_000) {
    const started = performance.now();
    const res = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, text, ms: performance.now() - started };
  }

  /** Resident memory of the API process (MiB), from /proc. */
  rssMiB() {
    try {
      const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
      return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
    } catch {
      return null;
    }
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      return;
    }
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** Synchronous last resort (process exit): no waiting. */
  kill() {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
    }
  }
}
