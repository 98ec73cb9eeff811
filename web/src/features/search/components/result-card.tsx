import { memo } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { TrialSummaryDto } from '@/api/types.gen';
import type { PatientForm } from '@/lib/patient-form';
import { useLanguage } from '@/i18n/use-language';
import { detailsHref } from '@/lib/details-link';
import { siteDistanceText } from '@/lib/site-distance';
import { ctgovStatusLabel, filterOptionLabel } from '../labels';
import { MatchSummary } from './match-summary';

/**
 * The facility a details link puts first (spec 02 §2 "facility of the selected location"): the
 * facility chosen in the form, else — when the search was limited to chosen hospitals — the
 * card's site, which is one of them.
 */
export function selectedFacility(form: PatientForm, trial: TrialSummaryDto): number | null {
  const chosen = Number(form.facility);
  if (form.facility !== '' && Number.isInteger(chosen) && chosen > 0) {
    return chosen;
  }
  const limited = Array.isArray(form.facility_ids) && form.facility_ids.length > 0;
  return limited && trial.nearestSite ? trial.nearestSite.facilityId : null;
}

interface ResultCardProps {
  trial: TrialSummaryDto;
  unit: string;
  /** The answers the details link carries. */
  linkForm: PatientForm;
  facilityForm: PatientForm;
  requestId: string | null;
}

/**
 * One result. Memoised: the results page adds its cards a few per task, and without it each step
 * drew every card already shown again.
 */
export const ResultCard = memo(function ResultCard({
  trial,
  unit,
  linkForm,
  facilityForm,
  requestId,
}: ResultCardProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const href = detailsHref({
    nctId: trial.nctId,
    form: linkForm,
    requestId,
    facilityId: selectedFacility(facilityForm, trial),
  });
  const site = trial.nearestSite;
  const place = site ? [site.city, site.state, site.country].filter(Boolean).join(', ') : '';
  const titleId = `trial-${trial.nctId}`;

  return (
    <article className="result-card" aria-labelledby={titleId}>
      <div className="result-card__tags">
        {trial.phases.map((phase) => (
          <span key={phase} className="tag tag--phase">
            {filterOptionLabel(t, 'trial_phase', phase)}
          </span>
        ))}
        <span className={`tag tag--status tag--${trial.overallStatus.toLowerCase()}`}>
          {ctgovStatusLabel(t, trial.overallStatus)}
        </span>
        <span className="result-card__score">{t('search.card.score', { score: trial.score })}</span>
      </div>
      <h3 id={titleId} className="result-card__title">
        <a href={href} target="_blank" rel="noopener">
          {trial.briefTitle || trial.officialTitle}
          <span className="visually-hidden"> {t('search.card.newTab')}</span>
        </a>
      </h3>
      <p className="result-card__meta">
        <span>{trial.nctId}</span>
        {trial.sponsor ? <span>{trial.sponsor}</span> : null}
      </p>
      <div className="result-card__site">
        {site ? (
          <>
            <p className="result-card__site-name">
              <span className="result-card__label">{t('search.card.nearestSite')}</span>{' '}
              {site.facility}
              {place ? `, ${place}` : ''}
            </p>
            {site.distance !== null ? (
              <p className="result-card__distance">
                {/* Placed at its city (the record gives no coordinates): "about 40 km away". */}
                {siteDistanceText(
                  t,
                  language,
                  'search.card',
                  { ...site, distance: site.distance },
                  unit,
                )}
              </p>
            ) : null}
            {trial.sitesInRadius > 1 ? (
              <p className="result-card__sites">
                {t('search.card.sitesInRadius', { count: trial.sitesInRadius })}
              </p>
            ) : null}
          </>
        ) : (
          <p className="result-card__site-name">{t('search.card.noSite')}</p>
        )}
      </div>
      <MatchSummary trial={trial} />
      <a className="button result-card__details" href={href} target="_blank" rel="noopener">
        {t('search.card.details')}
        <span className="visually-hidden">
          {' '}
          {t('search.card.detailsFor', { nctId: trial.nctId })}
        </span>
      </a>
    </article>
  );
});
