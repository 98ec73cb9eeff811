import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useTranslation } from './use-translation';
import { afterEach, beforeEach, describe, expect, it, Mock, vi } from 'vitest';
import { getTranslations } from '@/api/sdk.gen';
import enCommon from '../../../api/src/translations/locales/en/common.json';
import deCommon from '../../../api/src/translations/locales/de/common.json';
import { TranslationsGate } from './translations-gate';
import { useLanguage } from './use-language';

vi.mock('@/api/sdk.gen', () => ({ getTranslations: vi.fn() }));
// Loosely typed on purpose: the tests feed answers and failures the generated types cannot express.
const fetchMock = getTranslations as unknown as Mock<
  (options: { path: { lang: string } }) => Promise<unknown>
>;

function Probe() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <div>
      <p>{t('common.navbar.contact')}</p>
      <p data-testid="lang">{language}</p>
      <button type="button" onClick={() => setLanguage('de')}>
        de
      </button>
    </div>
  );
}

function renderGate() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TranslationsGate>
        <Probe />
      </TranslationsGate>
    </QueryClientProvider>,
  );
}

const ok = (data: unknown) =>
  Promise.resolve({ data, request: new Request('http://x'), response: new Response() });

describe('TranslationsGate', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    fetchMock.mockReset();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('should show the loading spinner, then the texts of the stored language', async () => {
    localStorage.setItem('lang', 'de');
    fetchMock.mockImplementation(() => ok({ common: deCommon }));
    renderGate();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('Kontakt')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(expect.objectContaining({ path: { lang: 'de' } }));
    expect(document.documentElement.lang).toBe('de');
  });

  it('should retry every 1500 ms and show the texts once the server answers', async () => {
    fetchMock
      .mockImplementationOnce(() => Promise.reject(new Error('down')))
      .mockImplementationOnce(() => Promise.reject(new Error('down')))
      .mockImplementation(() => ok({ common: enCommon }));
    renderGate();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Contact')).toBeInTheDocument();
  });

  it('should stop after 6000 ms and say the texts could not be loaded', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new Error('down')));
    renderGate();
    await act(() => vi.advanceTimersByTimeAsync(6100));
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(screen.getByRole('alert')).toHaveTextContent('Trialflow could not load its texts');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('should store a newly chosen language and switch once its texts arrive', async () => {
    fetchMock.mockImplementation((opts) =>
      ok({ common: opts.path.lang === 'de' ? deCommon : enCommon }),
    );
    renderGate();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('Contact')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'de' }).click());
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('Kontakt')).toBeInTheDocument();
    expect(screen.getByTestId('lang')).toHaveTextContent('de');
    expect(localStorage.getItem('lang')).toBe('de');
  });
});
