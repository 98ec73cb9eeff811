import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * A route of the spec's table whose screen belongs to a later feature: it says so plainly
 * instead of pretending, and offers the way home.
 */
export function UpcomingScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="upcoming">
      <h1>{t(titleKey)}</h1>
      <p>{t('common.upcoming.text')}</p>
      <Link className="button button--primary" to={paths.home}>
        {t('common.upcoming.back')}
      </Link>
    </section>
  );
}
