import { ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RadiusSelect } from '@/components/ui/radius-select';
import { waitErrorKey } from '@/lib/api-errors';
import { dispatchForm, getForm, NewPatientButton } from '@/lib/patient-form';
import { conditionLabel } from '@/i18n/conditions';
import { defaultRadiusUnit, PAGE_SIZE } from '../filter-options';
import { DISEASE_CHANGED_EVENT, resetForDisease, setPage, syncDisease } from '../filters-store';
import { answersFor, type SearchMode } from '../search-request';
import { useTrialSearch } from '../use-trial-search';
import { EmptyState } from './empty-state';
import { FiltersBar } from './filters-bar';
import { OpenQuestions } from './open-questions';
import { Pager } from './pager';
import { ResultCard } from './result-card';
import './search.css';

/** The result cards drawn in the first render: enough to fill a phone's or a laptop's screen. */
const FIRST_CARDS = 3;
/** The cards each later task adds, so none of them is a long task on a slow phone. */
const CARDS_PER_TASK = 2;

/**
 * How many of `count` result cards to draw: the first few at once, the rest a few per task after
 * the browser painted (effects run after paint), so the first render of a results page is not
 * one long task of 25 cards. Once all were shown (another page, a refetch), all are shown at once.
 */
function useProgressiveCount(count: number): number {
  const [shown, setShown] = useState<number | 'all'>(FIRST_CARDS);
  useEffect(() => {
    if (shown === 'all' || count === 0) {
      return;
    }
    const timer = setTimeout(
      () =>
        setShown((n) => (n === 'all' || n + CARDS_PER_TASK >= count ? 'all' : n + CARDS_PER_TASK)),
      0,
    );
    return () => clearTimeout(timer);
  }, [shown, count]);
  return shown === 'all' ? count : Math.min(count, shown);
}

/** Filters and page start afresh when the condition changes (here, elsewhere, in another tab). */
function useResetOnDiseaseChange(disease: string, filtersDisease: string): void {
  useEffect(() => {
    const onChange = (event: Event): void => {
      const detail = (event as CustomEvent<{ disease?: unknown } | undefined>).detail;
      const next = typeof detail?.disease === 'string' ? detail.disease : getForm().type_of_disease;
      resetForDisease(typeof next === 'string' ? next : '');
    };
    window.addEventListener(DISEASE_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(DISEASE_CHANGED_EVENT, onChange);
  }, []);

  useEffect(() => {
    syncDisease(disease);
  }, [disease, filtersDisease]);
}

function errorDetail(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) {
    return null;
  }
  const { statusCode, message } = error as { statusCode?: unknown; message?: unknown };
  return statusCode === 400 && typeof message === 'string' ? message : null;
}

function goToPage(page: number): void {
  setPage(page);
  // Spec 02 §4: a new page starts at the top of the window.
  window.scrollTo(0, 0);
}

/** The doctor's radius for this search (issue 15): a new radius starts at page 1. */
export function changeRadius(radius: string): void {
  dispatchForm({ type: 'set', name: 'radius', value: radius });
  setPage(1);
}

function ResultsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="results-loading">
      <Spinner label={t('search.loading')} />
      <ul className="results-skeleton" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="results-skeleton__card">
            <span className="results-skeleton__line results-skeleton__line--short" />
            <span className="results-skeleton__line" />
            <span className="results-skeleton__line results-skeleton__line--mid" />
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface SearchPageProps {
  mode: SearchMode;
  /**
   * The Patient Information panel (features/patient-summary), composed in app/ so this feature
   * imports no other screen's code.
   */
  patientPanel?: ReactNode;
}

/** The results page of /search and /searchbycondition. */
export function SearchPage({ mode, patientPanel }: SearchPageProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { form, ui, filters, page, complete, query } = useTrialSearch(mode);
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
  const disease = typeof form.type_of_disease === 'string' ? form.type_of_disease : '';
  useResetOnDiseaseChange(disease, ui.disease);

  const data = query.isError ? undefined : query.data;
  // One object per answers: the cards are memoised, so each later step draws only its own.
  const linkForm = useMemo(
    () => (mode === 'patient' ? form : answersFor(form, 'condition')),
    [form, mode],
  );
  const shownCards = useProgressiveCount(data?.trials.length ?? 0);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || PAGE_SIZE))) : 1;
  const outOfRange = Boolean(
    data && !query.isPlaceholderData && data.total > 0 && page > pageCount,
  );

  useEffect(() => {
    // The results shrank (another tab changed the answers): show their last page.
    if (outOfRange) {
      setPage(pageCount);
    }
  }, [outOfRange, pageCount]);

  if (!complete) {
    // Spec 02 §3: without complete location criteria there is nothing to search; the form
    // and the filters stay stored, so home finds them as they were.
    return <Navigate to={paths.home} replace state={{ from: location.pathname }} />;
  }

  const unit =
    data?.unit ??
    (form.radius_unit === 'MI' || form.radius_unit === 'KM'
      ? form.radius_unit
      : defaultRadiusUnit(String(form.country_name)));
  const place = typeof form.zip_code === 'string' ? form.zip_code : '';
  const radius = Number.parseInt(String(form.radius), 10);
  const requestId = searchParams.get('requestID');
  const first = data ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? first + data.trials.length - 1 : 0;

  return (
    <div className={patientPanel ? 'search search--with-panel' : 'search'}>
      <header className="search__header">
        <h1 className="search__title">
          {mode === 'patient' ? t('search.title') : t('search.titleByCondition')}
        </h1>
        <NewPatientButton className="search__new-patient" />
        <p className="search__context">
          <span>{conditionLabel(t, disease)}</span>
          {place ? <span>{place}</span> : null}
          <span className="search__radius">
            {t('search.context.within')}{' '}
            <RadiusSelect
              inline
              value={Number.isFinite(radius) ? String(radius) : ''}
              unit={unit === 'MI' ? 'MI' : 'KM'}
              onChange={(next) => changeRadius(next)}
            />
          </span>
        </p>
        <p className="search__links">
          {mode === 'patient' ? (
            <Link to={paths.questionnaire}>{t('search.context.editAnswers')}</Link>
          ) : (
            <Link to={paths.questionnaire}>{t('search.context.describePatient')}</Link>
          )}
          <Link to={paths.home}>{t('search.context.changeSearch')}</Link>
        </p>
      </header>

      <div className="search__layout">
        {patientPanel ? (
          <div className="search__patient-slot">
            {/* Mobile: the panel folds away above the results; desktop: always shown beside them. */}
            <button
              type="button"
              className="button search__patient-toggle"
              aria-expanded={panelOpen}
              aria-controls={panelId}
              onClick={() => setPanelOpen((open) => !open)}
            >
              {panelOpen ? t('search.patientPanelHide') : t('search.patientPanelShow')}
            </button>
            <div
              id={panelId}
              className={panelOpen ? 'search__patient search__patient--open' : 'search__patient'}
            >
              {patientPanel}
            </div>
          </div>
        ) : null}

        <div className="search__main">
          {data ? <OpenQuestions questions={data.openQuestions} disease={disease} /> : null}

          <FiltersBar
            mode={mode}
            filters={filters}
            sort={ui.sort}
            facets={data?.facets}
            unit={unit}
          />

          <div className="search__results" aria-busy={query.isFetching}>
            {query.isError ? (
              <div className="search__error" role="alert">
                <h2 className="search__error-title">{t('search.error.title')}</h2>
                <p>{t(waitErrorKey(query.error) ?? 'search.error.text')}</p>
                {errorDetail(query.error) ? (
                  <p className="search__error-detail">{errorDetail(query.error)}</p>
                ) : null}
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => void query.refetch()}
                >
                  {t('search.error.retry')}
                </button>
              </div>
            ) : !data ? (
              <ResultsSkeleton />
            ) : data.total === 0 ? (
              <EmptyState
                nearestBeyond={data.nearestBeyond}
                facets={data.facets}
                filters={filters}
                form={form}
                mode={mode}
                unit={unit}
              />
            ) : (
              <>
                <div className="search__summary">
                  <p className="search__total" role="status">
                    {t('search.total', { count: data.total })}
                    {data.total > data.trials.length ? (
                      <span className="search__range">
                        {' '}
                        {t('search.range', { first, last, total: data.total })}
                      </span>
                    ) : null}
                  </p>
                  {query.isFetching ? (
                    <span className="search__updating">
                      <span className="button__spinner" aria-hidden="true" />
                      {t('search.updating')}
                    </span>
                  ) : null}
                </div>
                <ol className="search__list">
                  {data.trials.slice(0, shownCards).map((trial) => (
                    <li key={trial.nctId}>
                      <ResultCard
                        trial={trial}
                        unit={data.unit}
                        linkForm={linkForm}
                        facilityForm={form}
                        requestId={requestId}
                      />
                    </li>
                  ))}
                </ol>
                <Pager page={page} pageCount={pageCount} onChange={goToPage} />
              </>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
