import { useTranslation } from '@/i18n/use-translation';

import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';

import { useStaticPageSections, useSupportEmailText } from '../content';
import { StaticPage, StaticPageLinks } from './static-page';

export function PrivacyPage() {
  const { t } = useTranslation();
  const { supportEmail } = useAppConfig();
  const sections = useStaticPageSections('privacy', { email: useSupportEmailText(supportEmail) });

  return (
    <StaticPage
      page="privacy"
      title={t('pages.privacy.title')}
      intro={t('pages.privacy.intro')}
      lastUpdated={{ text: t('pages.privacy.lastUpdated'), dateTime: '2026-11-22' }}
      sections={sections}
      email={supportEmail}
      showContents
      extras={{
        cookies: (
          <StaticPageLinks links={[{ label: t('pages.privacy.cookieLink'), to: paths.cookie }]} />
        ),
        controller: (
          <StaticPageLinks
            links={[{ label: t('pages.privacy.impressumLink'), to: paths.impressum }]}
          />
        ),
      }}
    />
  );
}
