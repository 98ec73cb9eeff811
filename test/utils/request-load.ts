/** One answered (or failed) call of a load loop. */
export interface LoadResult {
  kind: string;
  /** Milliseconds since the epoch when the answer (or the failure) came. */
  at: number;
  /** HTTP status; 0 when the request failed without an answer (socket error, timeout). */
  status: number;
  /** What the call produced when it succeeded (e.g. the id of a stored write). */
  value?: string;
}

export type LoadCall = () => Promise<{ status: number; value?: string }>;

/**
 * Runs each call in a loop of its own (one request at a time per loop, a short pause between)
 * until stopped, recording every outcome: a small, steady load whose failures a test can
 * classify by time.
 */
export class RequestLoad {
  readonly results: LoadResult[] = [];
  private running = true;
  private readonly loops: Promise<void>[] = [];

  constructor(calls: Record<string, LoadCall>, pauseMs = 50) {
    for (const [kind, call] of Object.entries(calls)) {
      this.loops.push(this.loop(kind, call, pauseMs));
    }
  }

  private async loop(kind: string, call: LoadCall, pauseMs: number): Promise<void> {
    while (this.running) {
      let outcome: { status: number; value?: string };
      try {
        outcome = await call();
      } catch {
        outcome = { status: 0 };
      }
      this.results.push({ kind, at: Date.now(), ...outcome });
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  of(kind: string, from = 0, to = Infinity): LoadResult[] {
    return this.results.filter((r) => r.kind === kind && r.at >= from && r.at <= to);
  }
}

/** fetch with a JSON body and a time limit; answers the status and the parsed body. */
export async function callJson(
  url: string,
  method: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: the status says enough
  }
  return { status: res.status, body: parsed };
}
