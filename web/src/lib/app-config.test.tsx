import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createTestConfig, createTestI18n } from '@/testing/render';
import { AppConfigProvider, useAppConfig } from './app-config';

const fetchConfig = vi.fn();
vi.mock('@/api/@tanstack/react-query.gen', () => ({
  getConfigOptions: () => ({ queryKey: ['config'], queryFn: () => fetchConfig() as unknown }),
}));

function Probe() {
  return <p>support: {useAppConfig().supportEmail}</p>;
}

function renderProvider(language: 'en' | 'de' = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <AppConfigProvider>
          <Probe />
        </AppConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('AppConfigProvider', () => {
  it('should render the app with the configuration from the server', async () => {
    fetchConfig.mockResolvedValue(createTestConfig({ supportEmail: 'help@site.example' }));
    renderProvider();
    expect(await screen.findByText('support: help@site.example')).toBeInTheDocument();
  });

  it('should say in the user language that the server is unreachable, and retry on demand', async () => {
    fetchConfig.mockRejectedValue(new Error('offline'));
    renderProvider('de');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Trialflow ist nicht erreichbar' },
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    fetchConfig.mockReset();
    fetchConfig.mockResolvedValue(createTestConfig({ supportEmail: 'back@site.example' }));
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('support: back@site.example')).toBeInTheDocument();
  }, 15_000);
});
