import { useTranslation } from '@/i18n/use-translation';

import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { STORAGE_KEYS } from '@/lib/storage';

import { useStaticPageSections, useSupportEmailText } from '../content';
import { StaticPage, StaticPageLinks } from './static-page';

/** The strictly necessary entries the policy names one by one; their texts are keyed by name. */
const NECESSARY_STORAGE_KEYS = [
  STORAGE_KEYS.sessionId,
  STORAGE_KEYS.login,
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.user,
  STORAGE_KEYS.lang,
  STORAGE_KEYS.cookieConsentTime,
] as const;

function StorageTable() {
  const { t } = useTranslation();
  const rows = NECESSARY_STORAGE_KEYS.map((key) => ({
    key,
    purpose: t(`pages.cookie.storage.entries.${key}.purpose`, { defaultValue: '' }),
    duration: t(`pages.cookie.storage.entries.${key}.duration`, { defaultValue: '' }),
  })).filter((row) => row.purpose !== '');
  if (rows.length === 0) {
    return null;
  }
  const caption = t('pages.cookie.storage.caption');

  return (
    <>
      {/* Scrolls sideways on narrow screens; focusable so keyboard users can scroll it too. */}
      <div className="static-page__table-wrapper" role="region" aria-label={caption} tabIndex={0}>
        <table className="static-page__table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pages.cookie.storage.columns.key')}</th>
              <th scope="col">{t('pages.cookie.storage.columns.purpose')}</th>
              <th scope="col">{t('pages.cookie.storage.columns.duration')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  <code>{row.key}</code>
                </th>
                <td>{row.purpose}</td>
                <td>{row.duration}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="static-page__table-note">{t('pages.cookie.storage.note')}</p>
    </>
  );
}

export function CookiePage() {
  const { t } = useTranslation();
  const { supportEmail } = useAppConfig();
  const sections = useStaticPageSections('cookie', { email: useSupportEmailText(supportEmail) });

  return (
    <StaticPage
      page="cookie"
      title={t('pages.cookie.title')}
      intro={t('pages.cookie.intro')}
      lastUpdated={{ text: t('pages.cookie.lastUpdated'), dateTime: '2026-11-22' }}
      sections={sections}
      email={supportEmail}
      extras={{
        necessary: <StorageTable />,
        more: (
          <StaticPageLinks links={[{ label: t('pages.cookie.privacyLink'), to: paths.privacy }]} />
        ),
      }}
    />
  );
}
