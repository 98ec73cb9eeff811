import { Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { FieldMessage } from '@/components/ui/form-field';
import { Language } from '@/i18n/i18n';
import { useLanguage } from '@/i18n/use-language';
import { useAppConfig } from '@/lib/app-config';
import type { AltchaStateChangeDetail } from '@/types/altcha-widget';

export interface CaptchaHandle {
  /** A new captcha after a failed registration (spec 01 §4): the old payload is spent. */
  reset: () => void;
}

interface CaptchaProps {
  /** The solved payload (ALTCHA) or token (reCAPTCHA); null when not (or no longer) solved. */
  onChange: (payload: string | null) => void;
  /** Error message keys (see FieldMessage). */
  error?: string | null;
  ref?: Ref<CaptchaHandle>;
}

export const ALTCHA_CHALLENGE_URL = '/api/captcha/challenge';
/** Spec 01 §9: reCAPTCHA's leftover challenge frame is removed 5000 ms after unmount. */
const RECAPTCHA_CLEANUP_MS = 5000;

/** ALTCHA's own texts, loaded with the widget; English is built in. */
const ALTCHA_LANGUAGES: Record<Language, { code: string; load?: () => Promise<unknown> }> = {
  en: { code: 'en' },
  es: { code: 'es-es', load: () => import('altcha/i18n/es-es') },
  de: { code: 'de', load: () => import('altcha/i18n/de') },
};

type WidgetElement = HTMLElement & { reset?: () => void };

function AltchaCaptcha({ onChange, ref }: Omit<CaptchaProps, 'error'>) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [loaded, setLoaded] = useState<'loading' | 'ready' | 'failed'>('loading');
  const widgetRef = useRef<WidgetElement>(null);
  const onChangeRef = useRef(onChange);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let active = true;
    // The widget (a web component with its proof-of-work workers) loads only with this form.
    Promise.all([import('altcha'), ALTCHA_LANGUAGES[language].load?.()])
      .then(() => active && setLoaded('ready'))
      .catch(() => active && setLoaded('failed'));
    return () => {
      active = false;
    };
  }, [language]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (loaded !== 'ready' || !widget) {
      return;
    }
    const onState = (event: Event): void => {
      const { state, payload } = (event as CustomEvent<AltchaStateChangeDetail>).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, [loaded]);

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        widgetRef.current?.reset?.();
        onChangeRef.current(null);
      },
    }),
    [],
  );

  if (loaded === 'failed') {
    return <p className="captcha__unavailable">{t('auth.captcha.unavailable')}</p>;
  }
  if (loaded === 'loading') {
    return <div className="captcha__placeholder" aria-hidden="true" />;
  }
  return (
    <altcha-widget
      ref={widgetRef}
      challenge={ALTCHA_CHALLENGE_URL}
      language={ALTCHA_LANGUAGES[language].code}
      name="captcha"
    />
  );
}

const RECAPTCHA_SCRIPT_ID = 'trialflow-recaptcha';

function loadRecaptcha(language: Language): Promise<NonNullable<Window['grecaptcha']>> {
  return new Promise((resolve, reject) => {
    const ready = (): void => window.grecaptcha?.ready(() => resolve(window.grecaptcha!));
    if (window.grecaptcha) {
      ready();
      return;
    }
    let script = document.getElementById(RECAPTCHA_SCRIPT_ID) as HTMLScriptElement | null;
    if (!script) {
      script = document.createElement('script');
      script.id = RECAPTCHA_SCRIPT_ID;
      script.src = `https://www.google.com/recaptcha/api.js?render=explicit&hl=${language}`;
      script.async = true;
      script.defer = true;
      document.head.appendChild(script);
    }
    script.addEventListener('load', ready, { once: true });
    script.addEventListener('error', () => reject(new Error('reCAPTCHA did not load')), {
      once: true,
    });
  });
}

function ReCaptcha({ siteKey, onChange, ref }: Omit<CaptchaProps, 'error'> & { siteKey: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const containerRef = useRef<HTMLDivElement>(null);
  const widgetId = useRef<number | null>(null);
  const onChangeRef = useRef(onChange);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let active = true;
    const container = containerRef.current;
    loadRecaptcha(language)
      .then((grecaptcha) => {
        if (!active || !container) {
          return;
        }
        container.replaceChildren();
        widgetId.current = grecaptcha.render(container, {
          sitekey: siteKey,
          callback: (token) => onChangeRef.current(token),
          'expired-callback': () => onChangeRef.current(null),
          'error-callback': () => onChangeRef.current(null),
        });
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
      widgetId.current = null;
      // reCAPTCHA leaves its challenge frame on <body>.
      window.setTimeout(() => {
        document
          .querySelectorAll('iframe[src*="recaptcha/api2/bframe"]')
          .forEach((frame) => frame.parentElement?.parentElement?.remove());
      }, RECAPTCHA_CLEANUP_MS);
    };
  }, [siteKey, language]);

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        if (widgetId.current !== null) {
          window.grecaptcha?.reset(widgetId.current);
        }
        onChangeRef.current(null);
      },
    }),
    [],
  );

  if (failed) {
    return <p className="captcha__unavailable">{t('auth.captcha.unavailable')}</p>;
  }
  return <div ref={containerRef} className="captcha__recaptcha" />;
}

/** The captcha of the registration: ALTCHA, or reCAPTCHA when the installation configures it. */
export function Captcha({ onChange, error, ref }: CaptchaProps) {
  const { t } = useTranslation();
  const { captcha } = useAppConfig();
  return (
    <div className={error ? 'captcha field field--invalid' : 'captcha field'}>
      <span className="field__label" id="captcha-label">
        {t('auth.captcha.label')}
      </span>
      <div role="group" aria-labelledby="captcha-label" className="captcha__widget">
        {captcha.kind === 'recaptcha' && captcha.siteKey ? (
          <ReCaptcha siteKey={captcha.siteKey} onChange={onChange} ref={ref} />
        ) : (
          <AltchaCaptcha onChange={onChange} ref={ref} />
        )}
      </div>
      <FieldMessage id="captcha-error" message={error} />
    </div>
  );
}
