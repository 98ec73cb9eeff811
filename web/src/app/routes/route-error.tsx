import { useLayoutEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';
import { releasePrerenderedShell } from '@/lib/prerendered-shell';

/** Shown when a lazy chunk fails to load or a screen throws: no stack, a way out. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  // The message, not /login's prerendered screen, is what the visitor must see.
  useLayoutEffect(releasePrerenderedShell, []);
  const chunk = error instanceof Error && /chunk|dynamically imported module/i.test(error.message);
  return (
    <div className="app-load-error" role="alert">
      <h1>{isRouteErrorResponse(error) ? String(error.status) : t('common.errors.pageTitle')}</h1>
      <p>{chunk ? t('common.errors.updatedText') : t('common.errors.pageText')}</p>
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          {t('common.errors.reload')}
        </button>{' '}
        <Link to={paths.home}>{t('common.errors.home')}</Link>
      </p>
    </div>
  );
}
