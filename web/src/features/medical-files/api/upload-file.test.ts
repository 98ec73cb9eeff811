import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from '@/api/client.gen';
import { configureApiClient } from '@/lib/api-client';
import { UNAUTHORIZED_EVENT } from '@/lib/product-session';
import { STORAGE_KEYS } from '@/lib/storage';
import { UploadError, uploadFile } from './upload-file';
import { inSeconds, jwt } from '@/testing/jwt';

const OLD = jwt({ sub: 'u-1', sid: 's-1', exp: inSeconds(600) });
const NEW = jwt({ sub: 'u-1', sid: 's-1', exp: inSeconds(900) });
const STORED = [{ _id: 'f-1', name: 'scan.pdf' }];

/** XMLHttpRequest as the upload uses it; each sent request waits for the test's answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  headers: Record<string, string> = {};
  url = '';
  status = 0;
  response: unknown = null;
  responseType = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(_method: string, url: string): void {
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(): void {
    FakeXhr.sent.push(this);
  }

  abort(): void {
    this.onabort?.();
  }

  answer(status: number, response: unknown): void {
    this.status = status;
    this.response = response;
    this.onload?.();
  }
}

/** The refresh call's answers, in order; records how many were made. */
function serveRefresh(...answers: Response[]): { calls: () => number } {
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(answers[calls++] ?? Response.json({}, { status: 500 }))),
  );
  return { calls: () => calls };
}

const refreshed = (): Response =>
  Response.json({
    status: 200,
    data: { accessToken: NEW, refreshToken: 'refresh-2', expiresIn: 900 },
  });

/** The next request the upload sends (it refreshes first, asynchronously, when needed). */
async function nextSent(count: number): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(count));
  return FakeXhr.sent[count - 1];
}

const pdf = (): File => new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' });

describe(uploadFile.name, () => {
  beforeEach(() => {
    configureApiClient();
    client.setConfig({ baseUrl: 'http://localhost' });
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    localStorage.setItem(STORAGE_KEYS.accessToken, OLD);
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    client.setConfig({ baseUrl: '' });
    localStorage.clear();
  });

  it('should send the file once more with a refreshed token after a 401', async () => {
    const refresh = serveRefresh(refreshed());
    const progress: number[] = [];
    const { done } = uploadFile('r-1', pdf(), (f) => progress.push(f));

    const first = await nextSent(1);
    expect(first.headers.Authorization).toBe(`Bearer ${OLD}`);
    first.answer(401, { statusCode: 401, message: 'Please log in again.' });
    const second = await nextSent(2);
    expect(second.url).toBe('/api/files/r-1');
    expect(second.headers.Authorization).toBe(`Bearer ${NEW}`);
    second.answer(201, STORED);

    await expect(done).resolves.toEqual(STORED);
    expect(refresh.calls()).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(progress.at(-1)).toBe(1);
  });

  it('should fail with 401 and end the session when the refresh is refused', async () => {
    const refresh = serveRefresh(
      Response.json({ statusCode: 401, message: 'Your session has ended.' }, { status: 401 }),
    );
    const ended = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, ended);
    try {
      const { done } = uploadFile('r-1', pdf(), () => undefined);
      (await nextSent(1)).answer(401, { statusCode: 401, message: 'Please log in again.' });

      await expect(done).rejects.toEqual(new UploadError(401, 'Please log in again.'));
      expect(refresh.calls()).toBe(1);
      expect(FakeXhr.sent).toHaveLength(1);
      expect(ended).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener(UNAUTHORIZED_EVENT, ended);
    }
  });

  it('should not send a third time when the refreshed token is refused too', async () => {
    serveRefresh(refreshed(), refreshed());
    const { done } = uploadFile('r-1', pdf(), () => undefined);
    (await nextSent(1)).answer(401, { statusCode: 401, message: 'Please log in again.' });
    (await nextSent(2)).answer(401, { statusCode: 401, message: 'Please log in again.' });

    await expect(done).rejects.toMatchObject({ status: 401 });
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('should refresh first when the token is about to expire', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, jwt({ sub: 'u-1', exp: inSeconds(30) }));
    const refresh = serveRefresh(refreshed());
    const { done } = uploadFile('r-1', pdf(), () => undefined);
    const sent = await nextSent(1);
    expect(sent.headers.Authorization).toBe(`Bearer ${NEW}`);
    sent.answer(201, STORED);

    await expect(done).resolves.toEqual(STORED);
    expect(refresh.calls()).toBe(1);
  });

  it('should not retry other failures, nor without a refresh token', async () => {
    const refresh = serveRefresh(refreshed());
    const quota = uploadFile('r-1', pdf(), () => undefined);
    (await nextSent(1)).answer(413, { statusCode: 413, message: 'File too large' });
    await expect(quota.done).rejects.toEqual(new UploadError(413, 'File too large'));

    localStorage.removeItem(STORAGE_KEYS.refreshToken);
    const signedOut = uploadFile('r-1', pdf(), () => undefined);
    (await nextSent(2)).answer(401, { statusCode: 401, message: 'Please log in again.' });
    await expect(signedOut.done).rejects.toMatchObject({ status: 401 });
    expect(FakeXhr.sent).toHaveLength(2);
    expect(refresh.calls()).toBe(0);
  });
});
