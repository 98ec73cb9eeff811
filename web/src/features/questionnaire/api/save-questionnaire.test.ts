import { describe, expect, it, vi } from 'vitest';
import { saveQuestionnaire } from '@/api/sdk.gen';
import { postQuestionnaire } from './save-questionnaire';

vi.mock('@/api/sdk.gen', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/sdk.gen')>()),
  saveQuestionnaire: vi.fn(),
}));

describe('postQuestionnaire', () => {
  it('should save through the generated saveQuestionnaire and return the stored questionnaire', async () => {
    vi.mocked(saveQuestionnaire).mockResolvedValue({
      data: { questionnaire: { _id: 'q-1', egfr: 'yes' } },
      request: new Request('http://x'),
      response: new Response(),
    } as never);
    const body = { egfr: 'yes', sessionId: 'abc' };

    await expect(postQuestionnaire(body)).resolves.toEqual({ _id: 'q-1', egfr: 'yes' });
    expect(saveQuestionnaire).toHaveBeenCalledWith({ body, throwOnError: true });
  });

  it('should fail when the call fails', async () => {
    vi.mocked(saveQuestionnaire).mockRejectedValue({ statusCode: 400, message: 'bad' });
    await expect(postQuestionnaire({})).rejects.toEqual({ statusCode: 400, message: 'bad' });
  });
});
