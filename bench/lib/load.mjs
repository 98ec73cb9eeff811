// Load runs with autocannon. Latencies are taken from every 2xx response (autocannon's own
// histogram has no p95), so p50/p95/p99 below are exact over the measured window.
import autocannon from 'autocannon';

function percentile(sorted, q) {
  if (sorted.length === 0) {
    return NaN;
  }
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function runOnce(options, onLatency) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) {
        onLatency(responseTime);
      }
    });
  });
}

/**
 * @param {{ baseUrl: string, connections: number, duration: number, warmup: number,
 *           get?: string, pool?: { path: string, body: string }[] }} spec
 *   `get`: a GET path (health); `pool`: POST requests cycled in order across all connections,
 *   from `cursor.next` on (share one cursor between runs so a later run does not replay the
 *   bodies an earlier one sent, which the server may still have cached).
 */
export async function measure(spec) {
  const firstBad = { seen: null };
  const cursor = spec.cursor ?? { next: 0 };
  const options = {
    url: spec.baseUrl,
    connections: spec.connections,
    pipelining: 1,
    timeout: 30,
  };
  const onResponse = (status, body) => {
    if ((status < 200 || status >= 300) && !firstBad.seen) {
      firstBad.seen = { status, body: String(body).slice(0, 2000) };
    }
  };
  if (spec.get) {
    options.requests = [{ method: 'GET', path: spec.get, onResponse }];
  } else {
    const pool = spec.pool;
    options.requests = [
      {
        setupRequest: (req) => {
          const r = pool[cursor.next++ % pool.length];
          return {
            ...req,
            method: 'POST',
            path: r.path,
            body: r.body,
            headers: { 'content-type': 'application/json' },
          };
        },
        onResponse,
      },
    ];
  }
  if (spec.warmup > 0) {
    await runOnce({ ...options, duration: spec.warmup }, () => undefined);
  }
  const latencies = [];
  const from = cursor.next;
  const startedAt = Date.now();
  const result = await runOnce({ ...options, duration: spec.duration }, (ms) => latencies.push(ms));
  const seconds = (Date.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies[latencies.length - 1] ?? NaN,
    rps: latencies.length / seconds,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    firstBad: firstBad.seen,
    distinct: spec.pool ? Math.min(spec.pool.length, cursor.next - from) : 1,
  };
}
