import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from '@/api/client.gen';
import { postQuestionnaire } from './save-questionnaire';

// Node's Request needs an absolute URL; the app itself calls its own origin.
const BASE = 'http://localhost';

/** The server's side: answers every request with `response` and keeps what it was sent. */
function serve(response: () => Response): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      requests.push(request);
      return Promise.resolve(response());
    }),
  );
  return requests;
}

describe(postQuestionnaire.name, () => {
  let baseUrl: string | undefined;

  beforeEach(() => {
    baseUrl = client.getConfig().baseUrl;
    client.setConfig({ baseUrl: BASE });
  });

  afterEach(() => {
    client.setConfig({ baseUrl });
    vi.unstubAllGlobals();
  });

  it('should POST the answers to /api/questionnaire and return the stored questionnaire', async () => {
    const requests = serve(() => Response.json({ questionnaire: { _id: 'q-1', egfr: 'yes' } }));
    const body = { egfr: 'yes', sessionId: 'abc' };

    await expect(postQuestionnaire(body)).resolves.toEqual({ _id: 'q-1', egfr: 'yes' });
    expect(requests).toHaveLength(1);
    expect(requests[0].method).toBe('POST');
    expect(new URL(requests[0].url).pathname).toBe('/api/questionnaire');
    expect(await requests[0].json()).toEqual(body);
  });

  it("should reject with the API's error body when the server refuses the answers", async () => {
    const error = { statusCode: 400, message: 'egfr must be one of yes, no, dontknow' };
    serve(() => Response.json(error, { status: 400 }));

    await expect(postQuestionnaire({ egfr: 'maybe' })).rejects.toEqual(error);
  });
});
