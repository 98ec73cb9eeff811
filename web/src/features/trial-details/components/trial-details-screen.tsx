import { useQueryClient } from '@tanstack/react-query';
import { ReactNode, useCallback, useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { TrialDetailsDto, TrialSiteDto } from '@/api/types.gen';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { conditionLabel } from '@/i18n/conditions';
import { useLanguage } from '@/i18n/use-language';
import { registryText } from '@/lib/registry-text';
import { loadAllSites, type TrialQuery, trialQueryOf, useTrial } from '../api/get-trial';
import { ctgovStatusLabel, enumLabel, formatDate, phaseLabel } from '../labels';
import { EvaluationSection } from './evaluation-section';
import { SitesSection } from './sites-section';
import './trial-details.css';

interface ApiError {
  statusCode?: number;
  errors?: Record<string, string>;
}

function apiError(error: unknown): ApiError {
  return typeof error === 'object' && error !== null ? error : {};
}

/** A 404, or a 400 about the id itself: there is no such trial to show. */
function isNotFound(error: unknown): boolean {
  const { statusCode, errors } = apiError(error);
  return statusCode === 404 || (statusCode === 400 && Boolean(errors && 'nctId' in errors));
}

/** A 400 about the answers of the link (an old or damaged q): the trial can still be shown. */
function isBadAnswers(error: unknown): boolean {
  const { statusCode, errors } = apiError(error);
  return (
    statusCode === 400 &&
    Boolean(errors) &&
    Object.keys(errors ?? {}).some((k) => k === 'q' || k.startsWith('q.'))
  );
}

export function TrialNotFound({ id }: { id: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('search.details.notFound.title'));
  return (
    <section className="trial-not-found" aria-labelledby="trial-not-found-title">
      <h1 id="trial-not-found-title">{t('search.details.notFound.title')}</h1>
      <p>{t('search.details.notFound.text', { id })}</p>
      <p className="trial-not-found__links">
        <Link className="button button--primary" to={paths.search}>
          {t('search.details.notFound.search')}
        </Link>
        <Link className="button" to={paths.home}>
          {t('search.details.notFound.home')}
        </Link>
      </p>
    </section>
  );
}

function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (!title) {
      return;
    }
    const previous = document.title;
    document.title = `${title} · Trialflow`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

function TextBlock({ text }: { text: string }) {
  return <div className="details-text">{registryText(text)}</div>;
}

/** Every site of the shown trial (its details came with the first few of `sitesTotal`). */
export type AllSitesLoader = () => Promise<TrialSiteDto[]>;

/** What `app/` adds to the details screen (the trial request button and panel). */
export interface TrialDetailsSlots {
  /** Beside the registry link, e.g. the request button (which lists every site). */
  headerAction?: (
    trial: TrialDetailsDto,
    facility: number | null,
    allSites: AllSitesLoader,
  ) => ReactNode;
  /**
   * Above the trial's sections, full width, e.g. the trial request the page was opened for: on a
   * phone it is the first thing after the title, not below the whole trial.
   */
  top?: (trial: TrialDetailsDto, facility: number | null) => ReactNode;
  /** At the top of the side column, e.g. the patient's information and medical files. */
  aside?: (trial: TrialDetailsDto, facility: number | null) => ReactNode;
}

function TrialDetailsView({
  trial,
  query,
  facility,
  answersDropped,
  slots,
}: {
  trial: TrialDetailsDto;
  /** The query the trial was asked with. */
  query: TrialQuery;
  facility: number | null;
  answersDropped: boolean;
  slots: TrialDetailsSlots;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const allSites = useCallback<AllSitesLoader>(
    () =>
      trial.sites.length >= trial.sitesTotal
        ? Promise.resolve(trial.sites)
        : loadAllSites(queryClient, trial.nctId, query),
    [queryClient, trial.nctId, trial.sites, trial.sitesTotal, query],
  );
  const { language } = useLanguage();
  const title = trial.briefTitle || trial.officialTitle || trial.nctId;
  useDocumentTitle(title);
  const started = formatDate(language, trial.startDate);
  const updated = formatDate(language, trial.lastUpdateDate);
  const age =
    trial.minimumAgeYears !== null && trial.maximumAgeYears !== null
      ? t('search.details.eligibility.ageRange', {
          min: trial.minimumAgeYears,
          max: trial.maximumAgeYears,
        })
      : trial.minimumAgeYears !== null
        ? t('search.details.eligibility.ageMin', { min: trial.minimumAgeYears })
        : trial.maximumAgeYears !== null
          ? t('search.details.eligibility.ageMax', { max: trial.maximumAgeYears })
          : t('search.details.eligibility.ageAny');

  return (
    <article className="trial-details" aria-labelledby="trial-title">
      <header className="trial-details__header">
        <div className="trial-details__tags">
          {trial.phases.map((phase) => (
            <span key={phase} className="tag tag--phase">
              {phaseLabel(t, phase)}
            </span>
          ))}
          <span className={`tag tag--status tag--${trial.overallStatus.toLowerCase()}`}>
            {ctgovStatusLabel(t, trial.overallStatus)}
          </span>
          {trial.studyType ? (
            <span className="tag">{enumLabel(t, 'studyType', trial.studyType)}</span>
          ) : null}
        </div>
        <h1 id="trial-title" className="trial-details__title">
          {title}
        </h1>
        {trial.officialTitle && trial.officialTitle !== title ? (
          <p className="trial-details__official">{trial.officialTitle}</p>
        ) : null}
        <dl className="trial-details__facts">
          <div>
            <dt>{t('search.details.nctId')}</dt>
            <dd>{trial.nctId}</dd>
          </div>
          {trial.sponsor ? (
            <div>
              <dt>{t('search.details.sponsor')}</dt>
              <dd>{trial.sponsor}</dd>
            </div>
          ) : null}
          {started ? (
            <div>
              <dt>{t('search.details.startDate')}</dt>
              <dd>{started}</dd>
            </div>
          ) : null}
          {updated ? (
            <div>
              <dt>{t('search.details.lastUpdate')}</dt>
              <dd>{updated}</dd>
            </div>
          ) : null}
        </dl>
        <a
          className="button button--primary trial-details__registry"
          href={trial.registryUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('search.details.registry')}
          <span className="visually-hidden"> {t('search.card.newTab')}</span>
        </a>
        {slots.headerAction?.(trial, facility, allSites)}
      </header>

      {answersDropped ? (
        <p className="trial-details__notice" role="status">
          {t('search.details.answersUnreadable')}
        </p>
      ) : null}

      {slots.top?.(trial, facility)}

      <div className="trial-details__layout">
        <div className="trial-details__main">
          {trial.briefSummary ? (
            <section className="details-section" aria-labelledby="summary-title">
              <h2 id="summary-title" className="details-section__title">
                {t('search.details.summary')}
              </h2>
              <TextBlock text={trial.briefSummary} />
            </section>
          ) : null}

          <EvaluationSection trial={trial} />

          <section className="details-section" aria-labelledby="treatment-title">
            <h2 id="treatment-title" className="details-section__title">
              {t('search.details.conditionsAndTreatments')}
            </h2>
            <h3 className="details-section__subtitle">{t('search.details.conditions')}</h3>
            {trial.conditions.length > 0 ? (
              <ul className="details-tags">
                {trial.conditions.map((condition) => (
                  <li key={condition} className="tag">
                    {conditionLabel(t, condition)}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="details-section__note">{t('search.details.none')}</p>
            )}
            <h3 className="details-section__subtitle">{t('search.details.interventions')}</h3>
            {trial.interventions.length > 0 ? (
              <ul className="interventions">
                {trial.interventions.map((intervention, i) => (
                  <li key={`${intervention.name}-${i}`} className="interventions__item">
                    <span className="interventions__name">{intervention.name}</span>
                    <span className="interventions__kind">
                      {[
                        intervention.type
                          ? enumLabel(t, 'interventionType', intervention.type)
                          : null,
                        intervention.treatmentClass
                          ? t(
                              `search.options.treatment_subtype.${treatmentKey(intervention.treatmentClass)}`,
                              { defaultValue: intervention.treatmentClass },
                            )
                          : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="details-section__note">{t('search.details.none')}</p>
            )}
          </section>

          <section className="details-section" aria-labelledby="eligibility-title">
            <h2 id="eligibility-title" className="details-section__title">
              {t('search.details.eligibility.title')}
            </h2>
            <dl className="trial-details__facts trial-details__facts--stacked">
              <div>
                <dt>{t('search.details.eligibility.age')}</dt>
                <dd>{age}</dd>
              </div>
              <div>
                <dt>{t('search.details.eligibility.sex')}</dt>
                <dd>{enumLabel(t, 'sex', trial.sex || 'ALL')}</dd>
              </div>
              {trial.genes.length > 0 ? (
                <div>
                  <dt>{t('search.details.eligibility.genes')}</dt>
                  <dd>{trial.genes.join(', ')}</dd>
                </div>
              ) : null}
            </dl>
            <h3 className="details-section__subtitle">
              {t('search.details.eligibility.inclusion')}
            </h3>
            {trial.eligibilityInclusion ? (
              <TextBlock text={trial.eligibilityInclusion} />
            ) : (
              <p className="details-section__note">{t('search.details.none')}</p>
            )}
            <h3 className="details-section__subtitle">
              {t('search.details.eligibility.exclusion')}
            </h3>
            {trial.eligibilityExclusion ? (
              <TextBlock text={trial.eligibilityExclusion} />
            ) : (
              <p className="details-section__note">{t('search.details.none')}</p>
            )}
          </section>
        </div>

        <div className="trial-details__aside">
          {slots.aside?.(trial, facility)}
          <SitesSection
            sites={trial.sites}
            total={trial.sitesTotal}
            nctId={trial.nctId}
            query={query}
            unit={trial.unit}
            facility={facility}
          />
        </div>
      </div>
    </article>
  );
}

/** 'Targeted Therapy' → 'targetedTherapy' (the filter's translation key). */
function treatmentKey(value: string): string {
  const [first = '', ...rest] = value.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return (
    first.toLowerCase() +
    rest.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join('')
  );
}

/**
 * /details/{id} and /details/oncobit/{id} (spec 01 §2), opened in a new tab from a result or a
 * trial request with requestID, q (the answers) and facility.
 */
export function TrialDetailsScreen(slots: TrialDetailsSlots = {}) {
  const { t } = useTranslation();
  // /details/clinops/{trialId}?id= names the trial trialId.
  const { id: detailsId, trialId } = useParams();
  const id = detailsId ?? trialId ?? '';
  const [params] = useSearchParams();
  const q = params.get('q');
  const { base: query, withAnswers: answeredQuery } = trialQueryOf(params);
  const withAnswers = useTrial(id.trim(), answeredQuery);
  // An unreadable q (an old or damaged link) still shows the trial, only without the
  // patient's evaluation: the same trial asked again without q.
  const dropAnswers = Boolean(q) && withAnswers.isError && isBadAnswers(withAnswers.error);
  const withoutAnswers = useTrial(id.trim(), query, dropAnswers);
  const trial = dropAnswers ? withoutAnswers : withAnswers;

  if (trial.isError && isNotFound(trial.error)) {
    return <TrialNotFound id={id} />;
  }
  if (trial.isError) {
    return (
      <section className="trial-not-found" role="alert">
        <h1>{t('search.details.error.title')}</h1>
        <p>{t('search.details.error.text')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void trial.refetch()}
        >
          {t('search.details.error.retry')}
        </button>
      </section>
    );
  }
  if (!trial.data) {
    return (
      <div className="trial-details trial-details--loading">
        <Spinner label={t('search.details.loading')} />
      </div>
    );
  }
  return (
    <TrialDetailsView
      trial={trial.data}
      query={dropAnswers ? query : answeredQuery}
      facility={query.facility ?? null}
      answersDropped={dropAnswers}
      slots={slots}
    />
  );
}
