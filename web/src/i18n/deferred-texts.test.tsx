import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useTranslation } from './use-translation';
import { afterEach, beforeEach, describe, expect, it, Mock, vi } from 'vitest';
import { getTranslations } from '@/api/sdk.gen';
import deCommon from '../../../api/src/translations/locales/de/common.json';
import dePages from '../../../api/src/translations/locales/de/pages.json';
import enCommon from '../../../api/src/translations/locales/en/common.json';
import enPages from '../../../api/src/translations/locales/en/pages.json';
import { DeferredTexts } from './deferred-texts';
import { TranslationsGate } from './translations-gate';
import { useLanguage } from './use-language';

vi.mock('@/api/sdk.gen', () => ({ getTranslations: vi.fn() }));
const fetchMock = getTranslations as unknown as Mock<
  (options: {
    path: { lang: string };
    query?: { exclude?: string; only?: string };
  }) => Promise<unknown>
>;

const ok = (data: unknown) =>
  Promise.resolve({ data, request: new Request('http://x'), response: new Response() });

/** What the API answers: the catalogue, less or only the asked namespaces. */
function server(opts: { path: { lang: string }; query?: { exclude?: string; only?: string } }) {
  const de = opts.path.lang === 'de';
  if (opts.query?.only === 'pages') {
    return ok({ pages: de ? dePages : enPages });
  }
  const common = de ? deCommon : enCommon;
  return ok(
    opts.query?.exclude === 'pages' ? { common } : { common, pages: de ? dePages : enPages },
  );
}

function AboutTitle() {
  const { t } = useTranslation();
  const { setLanguage } = useLanguage();
  return (
    <div>
      <h1>{t('pages.about.title')}</h1>
      <button type="button" onClick={() => setLanguage('de')}>
        de
      </button>
    </div>
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TranslationsGate>
        <DeferredTexts namespace="pages">
          <AboutTitle />
        </DeferredTexts>
      </TranslationsGate>
    </QueryClientProvider>,
  );
}

describe(DeferredTexts.name, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    fetchMock.mockReset();
    fetchMock.mockImplementation(server);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('should load the first texts without the static pages, then the pages when one is opened', async () => {
    renderPage();
    await act(() => vi.advanceTimersByTimeAsync(10));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(fetchMock).toHaveBeenCalledWith(
      expect.objectContaining({ path: { lang: 'en' }, query: { exclude: 'pages' } }),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      expect.objectContaining({ path: { lang: 'en' }, query: { only: 'pages' } }),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(enPages.about.title);
  });

  it("should show the page in a newly chosen language with that language's texts", async () => {
    renderPage();
    await act(() => vi.advanceTimersByTimeAsync(10));
    await act(() => vi.advanceTimersByTimeAsync(10));
    act(() => screen.getByRole('button', { name: 'de' }).click());
    await act(() => vi.advanceTimersByTimeAsync(10));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(fetchMock).toHaveBeenCalledWith(
      expect.objectContaining({ path: { lang: 'de' }, query: { only: 'pages' } }),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(dePages.about.title);
  });

  it('should say so when the texts of the page cannot be loaded', async () => {
    fetchMock.mockImplementation((opts) =>
      opts.query?.only ? Promise.reject(new Error('down')) : server(opts),
    );
    renderPage();
    await act(() => vi.advanceTimersByTimeAsync(10));
    // Retried every 1500 ms like the first texts, then given up.
    for (let i = 0; i < 5; i++) {
      await act(() => vi.advanceTimersByTimeAsync(1500));
    }
    expect(screen.getByRole('alert')).toHaveTextContent(enCommon.errors.unreachableText);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});
