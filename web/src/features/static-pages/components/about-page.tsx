import { useTranslation } from '@/i18n/use-translation';

import { paths } from '@/config/paths';
import { clinicalTrialsGovTermsUrl, clinicalTrialsGovUrl, useStaticPageSections } from '../content';
import { StaticPage, StaticPageLinks } from './static-page';

export function AboutPage() {
  const { t } = useTranslation();
  const sections = useStaticPageSections('about');

  return (
    <StaticPage
      page="about"
      title={t('pages.about.title')}
      intro={t('pages.about.intro')}
      sections={sections}
      tones={{ judgement: 'note' }}
      extras={{
        'data-source': (
          <StaticPageLinks
            links={[
              { label: t('pages.about.sourceLink'), to: clinicalTrialsGovUrl, external: true },
              {
                label: t('pages.about.sourceTermsLink'),
                to: clinicalTrialsGovTermsUrl,
                external: true,
              },
            ]}
          />
        ),
        privacy: (
          <StaticPageLinks links={[{ label: t('pages.about.privacyLink'), to: paths.privacy }]} />
        ),
        contact: (
          <StaticPageLinks links={[{ label: t('pages.about.contactLink'), to: paths.contact }]} />
        ),
      }}
    />
  );
}
