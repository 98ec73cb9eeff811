import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import type { Env } from '../api/src/config/env';
import { ENV } from '../api/src/config/env.token';
import { CTGOV_CONDITION_TERMS } from '../api/src/trials/ctgov/ctgov-sync-client';
import { CtgovSyncRepository } from '../api/src/trials/ctgov/ctgov-sync.repository';
import { CtgovSyncScheduler } from '../api/src/trials/ctgov/ctgov-sync-scheduler';
import { type CtgovSyncResult, CtgovSyncService } from '../api/src/trials/ctgov/ctgov-sync.service';
import { TrialsImportService } from '../api/src/trials/trials-import.service';
import { CTGOV_DIR, readStudies } from './utils/shipped-data';
import { createTestApp, TestApp } from './utils/test-app';

const SYNCED = ['RECRUITING', 'NOT_YET_RECRUITING'];

type Study = {
  protocolSection: {
    identificationModule: { nctId: string; briefTitle?: string; officialTitle?: string };
    statusModule: { overallStatus?: string; lastUpdatePostDateStruct?: { date?: string } };
    conditionsModule?: { conditions?: string[] };
  };
};

interface Served {
  params: Record<string, string>;
  at: number;
  status: number;
  nctIds: string[];
}

const studies = readStudies<Study>(CTGOV_DIR);

/** The naive search of the fake API: the term in a condition or a title. */
function matches(study: Study, params: Record<string, string>): boolean {
  const p = study.protocolSection;
  const term = (params['query.cond'] ?? '').toLowerCase();
  const text = [
    ...(p.conditionsModule?.conditions ?? []),
    p.identificationModule.briefTitle ?? '',
    p.identificationModule.officialTitle ?? '',
  ]
    .join('\n')
    .toLowerCase();
  const statuses = (params['filter.overallStatus'] ?? '').split('|').filter(Boolean);
  const since = /^AREA\[LastUpdatePostDate\]RANGE\[(\d{4}-\d{2}-\d{2}),MAX\]$/.exec(
    params['filter.advanced'] ?? '',
  );
  return (
    text.includes(term) &&
    (statuses.length === 0 || statuses.includes(p.statusModule.overallStatus ?? '')) &&
    (!since || (p.statusModule.lastUpdatePostDateStruct?.date ?? '') >= since[1])
  );
}

const tokenOf = (term: string, offset: number): string =>
  Buffer.from(`${term}|${offset}`).toString('base64url');

/** A stand-in for ClinicalTrials.gov API v2 GET /studies over the shipped records. */
class FakeCtgov {
  readonly served: Served[] = [];
  /** Requests by page token ('' for a first page), per search term. */
  readonly perToken = new Map<string, number>();
  failOnce = new Set<string>();
  alwaysFail = new Set<string>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v2`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }

  reset(): void {
    this.served.length = 0;
    this.perToken.clear();
  }

  requestsFor(term: string, token: string | null): number {
    return this.perToken.get(`${term}#${token ?? ''}`) ?? 0;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams.entries());
    const record = (status: number, nctIds: string[] = []): void => {
      this.served.push({ params, at: Date.now(), status, nctIds });
    };
    if (url.pathname !== '/api/v2/studies') {
      record(404);
      res.writeHead(404).end();
      return;
    }
    const term = params['query.cond'] ?? '';
    const token = params.pageToken ?? '';
    const key = `${term}#${token}`;
    this.perToken.set(key, (this.perToken.get(key) ?? 0) + 1);
    if (this.alwaysFail.has(token) || this.failOnce.delete(token)) {
      record(500);
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"boom"}');
      return;
    }
    const offset = token ? Number(Buffer.from(token, 'base64url').toString().split('|')[1]) : 0;
    const pageSize = Number(params.pageSize ?? 10);
    const all = studies.filter((s) => matches(s, params));
    const page = all.slice(offset, offset + pageSize);
    const body: Record<string, unknown> = { studies: page };
    if (offset + pageSize < all.length) {
      body.nextPageToken = tokenOf(term, offset + pageSize);
    }
    if (params.countTotal === 'true') {
      body.totalCount = all.length;
    }
    record(
      200,
      page.map((s) => s.protocolSection.identificationModule.nctId),
    );
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}

const TERMS = Object.values(CTGOV_CONDITION_TERMS);
const today = (): string => new Date().toISOString().slice(0, 10);

describe(CtgovSyncService.name, () => {
  const fake = new FakeCtgov();
  let t: TestApp;
  let sync: CtgovSyncService;
  let first: CtgovSyncResult;
  const count = async (sql: string, params: unknown[] = []): Promise<number> =>
    Number((await t.dataSource.query<{ n: string }[]>(sql, params))[0].n);

  beforeAll(async () => {
    await fake.start();
    t = await createTestApp({
      CTGOV_API_URL: fake.url,
      CTGOV_REQUESTS_PER_MINUTE: '600',
      CTGOV_SYNC: 'true',
      CTGOV_SYNC_HOUR: '3',
    });
    sync = t.app.get(CtgovSyncService);
    // Lung cancer's second page answers 500 once.
    fake.failOnce.add(tokenOf('lung cancer', 10));
    first = await sync.run({ pageSize: 10, retryDelayMs: 20 });
  });

  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('should store every recruiting or not-yet-recruiting study served for the 17 conditions', async () => {
    const served = new Set(fake.served.flatMap((s) => s.nctIds));
    const expected = new Set(
      studies
        .filter((s) => SYNCED.includes(s.protocolSection.statusModule.overallStatus ?? ''))
        .filter((s) => TERMS.some((term) => matches(s, { 'query.cond': term })))
        .map((s) => s.protocolSection.identificationModule.nctId),
    );
    expect(first.status).toBe('completed');
    expect(first.conditionsDone).toBe(17);
    expect(served.size).toBeGreaterThan(20);
    expect([...served].sort()).toEqual([...expected].sort());
    expect(first.counts.new).toBe(served.size);
    expect(first.studies).toBe(fake.served.reduce((n, s) => n + s.nctIds.length, 0));
    const stored = await t.dataSource.query<{ nct_id: string; overall_status: string }[]>(
      'SELECT nct_id, overall_status FROM trial ORDER BY nct_id',
    );
    expect(stored.map((r) => r.nct_id)).toEqual([...served].sort());
    expect(new Set(stored.map((r) => r.overall_status))).toEqual(new Set(SYNCED));
  });

  it('should send the v2 paging parameters for each condition', () => {
    const ok = fake.served.filter((s) => s.status === 200);
    expect(new Set(ok.map((s) => s.params['query.cond']))).toEqual(new Set(TERMS));
    for (const { params } of fake.served) {
      expect(params['filter.overallStatus']).toBe('RECRUITING|NOT_YET_RECRUITING');
      expect(params.pageSize).toBe('10');
      expect(params['filter.advanced']).toBeUndefined();
      // countTotal on a condition's first page only.
      expect(params.countTotal === 'true').toBe(params.pageToken === undefined);
    }
    expect(fake.served.filter((s) => s.params.pageToken !== undefined).length).toBeGreaterThan(0);
    expect(first.requests).toBe(fake.served.length);
  });

  it('should retry a page answered 500 once and complete the run', async () => {
    const token = tokenOf('lung cancer', 10);
    const tries = fake.served.filter((s) => s.params.pageToken === token);
    expect(tries.map((s) => s.status)).toEqual([500, 200]);
    expect(fake.failOnce.size).toBe(0);
    const [state] = await t.dataSource.query<{ page_token: string | null; finished: boolean }[]>(
      `SELECT page_token, finished_at IS NOT NULL AS finished FROM ctgov_sync_state
       WHERE condition = 'lung_cancer'`,
    );
    expect(state).toEqual({ page_token: null, finished: true });
  });

  it('should ask only for studies updated since the last finished sync on the next run', async () => {
    fake.reset();
    const second = await sync.run({ pageSize: 10, retryDelayMs: 20 });
    expect(second.status).toBe('completed');
    expect(fake.served.length).toBeGreaterThanOrEqual(17);
    for (const { params } of fake.served) {
      expect(params['filter.advanced']).toBe(`AREA[LastUpdatePostDate]RANGE[${today()},MAX]`);
    }
    expect(second.counts).toMatchObject({ new: 0, updated: 0 });
    expect(second.studies).toBe(fake.served.reduce((n, s) => n + s.nctIds.length, 0));
    expect(second.counts.skipped.unchanged ?? 0).toBe(second.studies);
  });

  it('should stop at a page that keeps failing, keep what it stored and resume there', async () => {
    await t.dataSource.query('DELETE FROM site');
    await t.dataSource.query('DELETE FROM trial');
    await t.dataSource.query("DELETE FROM ctgov_sync_state WHERE condition = 'lung_cancer'");
    const lung = studies.filter((s) =>
      matches(s, { 'query.cond': 'lung cancer', 'filter.overallStatus': SYNCED.join('|') }),
    );
    expect(lung.length).toBeGreaterThan(10);
    const broken = tokenOf('lung cancer', 10);
    fake.reset();
    fake.alwaysFail.add(broken);

    const stopped = await sync.run({
      conditions: ['lung_cancer', 'melanoma'],
      pageSize: 5,
      retryDelayMs: 20,
    });
    expect(stopped.status).toBe('failed');
    expect(stopped.error).toContain('lung_cancer');
    expect(stopped.conditionsDone).toBe(0);
    expect(fake.requestsFor('lung cancer', broken)).toBe(3);
    expect(fake.requestsFor('melanoma', null)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM trial')).toBe(10);
    const [state] = await t.dataSource.query<{ page_token: string; finished_at: Date | null }[]>(
      "SELECT page_token, finished_at FROM ctgov_sync_state WHERE condition = 'lung_cancer'",
    );
    expect(state).toEqual({ page_token: broken, finished_at: null });

    fake.alwaysFail.clear();
    const resumed = await sync.run({ conditions: ['lung_cancer'], pageSize: 5 });
    expect(resumed.status).toBe('completed');
    expect(fake.requestsFor('lung cancer', broken)).toBe(4);
    expect(fake.requestsFor('lung cancer', null)).toBe(1);
    expect(fake.requestsFor('lung cancer', tokenOf('lung cancer', 5))).toBe(1);
    expect(resumed.counts.new).toBe(lung.length - 10);
    expect(await count('SELECT count(*) AS n FROM trial')).toBe(lung.length);
  });

  it('should let one of two concurrent runs sync and tell the other it is already running', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      const results = await Promise.all([
        sync.run({ conditions: ['melanoma'], pageSize: 10 }),
        sync.run({ conditions: ['melanoma'], pageSize: 10 }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['already-running', 'completed']);
      expect(warn.mock.calls.map((c) => String(c[0]))).toContainEqual(
        expect.stringContaining('sync already running'),
      );
    } finally {
      warn.mockRestore();
    }
    // The lock was released: a later run goes ahead.
    expect((await sync.run({ conditions: ['melanoma'] })).status).toBe('completed');
  });

  it('should space requests by CTGOV_REQUESTS_PER_MINUTE', async () => {
    const env: Env = { ...t.app.get<Env>(ENV), CTGOV_REQUESTS_PER_MINUTE: 120 };
    const slow = new CtgovSyncService(
      t.app.get(TrialsImportService),
      t.app.get(CtgovSyncRepository),
      env,
    );
    fake.reset();
    const result = await slow.run({ conditions: ['melanoma', 'breast_cancer', 'lung_cancer'] });
    expect(result.status).toBe('completed');
    expect(fake.served).toHaveLength(3);
    const gaps = fake.served.slice(1).map((s, i) => s.at - fake.served[i].at);
    for (const gap of gaps) {
      // 60 000 / 120 = 500 ms; a few ms of timer slack.
      expect(gap).toBeGreaterThanOrEqual(490);
    }
  });

  it('should schedule the daily run at CTGOV_SYNC_HOUR UTC when CTGOV_SYNC is on', () => {
    const next = t.app.get(CtgovSyncScheduler).nextRunAt();
    expect(next).not.toBeNull();
    expect(next!.getUTCHours()).toBe(3);
    expect(next!.getUTCMinutes()).toBe(0);
    expect(next!.getTime()).toBeGreaterThan(Date.now());
    expect(next!.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
  });
});
