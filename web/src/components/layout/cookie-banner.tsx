import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { trackCookieConsent } from '@/lib/analytics';
import { STORAGE_KEYS, useStoredItem, writeItem } from '@/lib/storage';
import './cookie-banner.css';

/** Phones and tablets get the compact banner; the spec detects them by user agent (§2). */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Mobi|Android|iPhone|iPad/i.test(userAgent);
}

/** Shown until consent is stored or the user is logged in (spec 01 §2 Shared parts). */
export function CookieBanner() {
  const { t } = useTranslation();
  const consent = useStoredItem(STORAGE_KEYS.cookieConsentTime);
  const login = useStoredItem(STORAGE_KEYS.login);
  const [mobile] = useState(() => isMobileUserAgent(navigator.userAgent));

  if (consent || login === 'true') {
    return null;
  }

  const accept = (): void => {
    writeItem(STORAGE_KEYS.cookieConsentTime, new Date().toISOString());
    trackCookieConsent();
  };

  return (
    <section
      className={mobile ? 'cookie-banner cookie-banner--compact' : 'cookie-banner'}
      role="region"
      aria-label={t('common.cookie.label')}
    >
      <div className="cookie-banner__inner">
        <svg
          className="cookie-banner__icon"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M12 3a9 9 0 1 0 9 9 3.5 3.5 0 0 1-4-3.5A3.5 3.5 0 0 1 12 3z" />
          <circle cx="8.5" cy="11" r="1" />
          <circle cx="12" cy="15.5" r="1" />
          <circle cx="15.5" cy="13" r="0.8" />
        </svg>
        <p className="cookie-banner__text">
          {t('common.cookie.text')}{' '}
          <Link to={paths.cookie} className="cookie-banner__link">
            {t('common.cookie.link')}
          </Link>
        </p>
        <button
          type="button"
          className="button button--primary cookie-banner__accept"
          onClick={accept}
        >
          {t('common.cookie.accept')}
        </button>
      </div>
    </section>
  );
}
