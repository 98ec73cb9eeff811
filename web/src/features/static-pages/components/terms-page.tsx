import { useTranslation } from '@/i18n/use-translation';

import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';

import { useStaticPageSections, useSupportEmailText } from '../content';
import { StaticPage, StaticPageLinks } from './static-page';

export function TermsPage() {
  const { t } = useTranslation();
  const { supportEmail } = useAppConfig();
  const sections = useStaticPageSections('terms', { email: useSupportEmailText(supportEmail) });

  return (
    <StaticPage
      page="terms"
      title={t('pages.terms.title')}
      intro={t('pages.terms.intro')}
      lastUpdated={{ text: t('pages.terms.lastUpdated'), dateTime: '2026-11-22' }}
      sections={sections}
      email={supportEmail}
      showContents
      tones={{ 'no-advice': 'note' }}
      extras={{
        privacy: (
          <StaticPageLinks links={[{ label: t('pages.terms.privacyLink'), to: paths.privacy }]} />
        ),
      }}
    />
  );
}
