import { useTranslation } from '@/i18n/use-translation';

import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';

import { useStaticPageSections, useSupportEmailText } from '../content';
import { StaticPage, StaticPageLinks } from './static-page';

export function ContactPage() {
  const { t } = useTranslation();
  const { supportEmail } = useAppConfig();
  const sections = useStaticPageSections('contact', { email: useSupportEmailText(supportEmail) });
  const mailto = `mailto:${supportEmail}?subject=${encodeURIComponent(t('pages.contact.emailSubject'))}`;

  return (
    <StaticPage
      page="contact"
      title={t('pages.contact.title')}
      intro={t('pages.contact.intro')}
      sections={sections}
      email={supportEmail}
      tones={{ 'patient-data': 'warning' }}
      lead={
        <section className="static-page__contact-card" aria-labelledby="contact-email-title">
          <h2 id="contact-email-title" className="static-page__contact-label">
            {t('pages.contact.emailLabel')}
          </h2>
          {supportEmail ? (
            <p className="static-page__contact-email">
              <a href={mailto}>{supportEmail}</a>
            </p>
          ) : (
            <p>{t('pages.contact.emailUnavailable')}</p>
          )}
          <p className="static-page__contact-hint">{t('pages.contact.emailHint')}</p>
        </section>
      }
      extras={{
        privacy: (
          <StaticPageLinks links={[{ label: t('pages.contact.privacyLink'), to: paths.privacy }]} />
        ),
      }}
    />
  );
}
