import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useTranslation } from './use-translation';

function createI18n() {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en',
    fallbackLng: false,
    resources: {
      en: {
        translation: {
          greeting: 'Hello',
          count: '{{n}} trials',
          site_one: '{{count}} site',
          site_other: '{{count}} sites',
        },
      },
      de: { translation: { greeting: 'Hallo', count: '{{n}} Studien' } },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

const seen: unknown[] = [];

function Greeting({ id }: { id: string }) {
  const { t } = useTranslation();
  seen.push(t);
  return (
    <p data-testid={id}>
      {t('greeting')} · {t('count', { n: 3 })} · {t('later')}
    </p>
  );
}

describe(useTranslation.name, () => {
  it('should give every component the same t, with and without values', () => {
    seen.length = 0;
    render(
      <I18nextProvider i18n={createI18n()}>
        <Greeting id="a" />
        <Greeting id="b" />
      </I18nextProvider>,
    );

    expect(screen.getByTestId('a')).toHaveTextContent('Hello · 3 trials · later');
    expect(screen.getByTestId('b')).toHaveTextContent('Hello · 3 trials · later');
    expect(new Set(seen).size).toBe(1);
  });

  it('should re-render every component in the new language', async () => {
    const i18n = createI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <Greeting id="a" />
        <Greeting id="b" />
      </I18nextProvider>,
    );

    await act(() => i18n.changeLanguage('de'));

    expect(screen.getByTestId('a')).toHaveTextContent('Hallo · 3 Studien · later');
    expect(screen.getByTestId('b')).toHaveTextContent('Hallo · 3 Studien · later');
  });

  it('should show texts added after the first render, and changed ones', async () => {
    const i18n = createI18n();
    const view = render(
      <I18nextProvider i18n={i18n}>
        <Greeting id="a" />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('a')).toHaveTextContent('Hello · 3 trials · later');

    i18n.addResourceBundle(
      'en',
      'translation',
      { later: 'Loaded', greeting: 'Hi', count: '{{n}} studies' },
      true,
      true,
    );
    await act(async () => {
      view.rerender(
        <I18nextProvider i18n={i18n}>
          <Greeting id="a" />
        </I18nextProvider>,
      );
      await Promise.resolve();
    });

    expect(screen.getByTestId('a')).toHaveTextContent('Hi · 3 studies · Loaded');
  });

  it('should give each count and value its own text, also when asked again', () => {
    function Sites() {
      const { t } = useTranslation();
      return (
        <p data-testid="sites">
          {[1, 2, 1, 7].map((count) => t('site', { count })).join(' / ')} ·{' '}
          {t('count', { n: 'no' })} · {t('count', { n: 'four' })} · {t('missing', { n: 1 })}
        </p>
      );
    }
    render(
      <I18nextProvider i18n={createI18n()}>
        <Sites />
      </I18nextProvider>,
    );

    expect(screen.getByTestId('sites')).toHaveTextContent(
      '1 site / 2 sites / 1 site / 7 sites · no trials · four trials · missing',
    );
  });
});
