import { useTranslation } from '@/i18n/use-translation';

import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';

import { clinicalTrialsGovUrl, useStaticPageSections, useSupportEmailText } from '../content';
import { StaticPage, StaticPageLinks } from './static-page';

export function ImpressumPage() {
  const { t } = useTranslation();
  const { supportEmail } = useAppConfig();
  const sections = useStaticPageSections('impressum', {
    email: useSupportEmailText(supportEmail),
  });

  return (
    <StaticPage
      page="impressum"
      title={t('pages.impressum.title')}
      intro={t('pages.impressum.intro')}
      sections={sections}
      email={supportEmail}
      extras={{
        contact: (
          <StaticPageLinks
            links={[{ label: t('pages.impressum.contactLink'), to: paths.contact }]}
          />
        ),
        'trial-data': (
          <StaticPageLinks
            links={[
              { label: t('pages.impressum.sourceLink'), to: clinicalTrialsGovUrl, external: true },
            ]}
          />
        ),
      }}
    />
  );
}
