import { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router-dom';
import type { NearestBeyondDto, SearchFacetsDto } from '@/api/types.gen';
import { paths } from '@/config/paths';
import { dispatchForm, type PatientForm } from '@/lib/patient-form';
import { useLanguage } from '@/i18n/use-language';
import { RADIUS_CHOICES } from '@trialflow/contract';
import { STUDY_TYPES } from '../filter-options';
import {
  activeFilterCount,
  dispatchFilter,
  type FiltersState,
  LIST_FILTERS,
} from '../filters-store';
import { filterOptionLabel, formatDistance, unitLabel } from '../labels';
import type { SearchMode } from '../search-request';

interface EmptyStateProps {
  /** The nearest trials beyond the radius, from the API (null: none within the largest). */
  nearestBeyond?: NearestBeyondDto | null;
  facets: SearchFacetsDto;
  filters: FiltersState;
  form: PatientForm;
  mode: SearchMode;
  unit: string;
}

/** The next radius step above the current one; null at the API's limit. */
export function widerRadius(radius: number): number | null {
  return RADIUS_CHOICES.find((step) => step > radius) ?? null;
}

/**
 * No results: says what to change, from what applies — filters the facets show would give
 * results, a wider radius, all hospitals instead of the chosen ones, the answers.
 */
export function EmptyState({
  nearestBeyond = null,
  facets,
  filters,
  form,
  mode,
  unit,
}: EmptyStateProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const suggestions: { key: string; node: ReactNode }[] = [];
  const add = (key: string, label: string, onClick: () => void): void => {
    suggestions.push({
      key,
      node: (
        <button type="button" className="link-button" onClick={onClick}>
          {label}
        </button>
      ),
    });
  };

  // Each facet counts with every other filter applied: a value with hits is a way out.
  for (const type of STUDY_TYPES) {
    const count = facets.study_type[type] ?? 0;
    if (!filters.study_type.includes(type) && filters.study_type.length > 0 && count > 0) {
      add(
        `study-${type}`,
        t('search.empty.includeStudyType', {
          type: filterOptionLabel(t, 'study_type', type),
          count,
        }),
        () => dispatchFilter({ type: 'SET_FILTER', name: 'study_type', value: type }),
      );
    }
  }
  for (const name of LIST_FILTERS) {
    if (name === 'study_type' || filters[name].length === 0) {
      continue;
    }
    const best = Math.max(0, ...Object.values(facets[name]));
    if (best > 0) {
      add(
        `clear-${name}`,
        t('search.empty.removeFilter', { filter: t(`search.filters.${name}`), count: best }),
        () => dispatchFilter({ type: 'CLEAR_FILTER', name }),
      );
    }
  }
  if (filters.distance !== '') {
    add('distance', t('search.empty.removeDistance'), () =>
      dispatchFilter({ type: 'CLEAR_FILTER', name: 'distance' }),
    );
  }
  if (activeFilterCount(filters) > 0) {
    add('reset', t('search.empty.resetFilters'), () => dispatchFilter({ type: 'RESET_FILTERS' }));
  }
  const radius = Number.parseInt(String(form.radius), 10);
  const wider = Number.isFinite(radius) ? widerRadius(radius) : null;
  if (nearestBeyond) {
    // The API found the nearest trials beyond the radius: one step takes the doctor to them.
    const to = nearestBeyond.to;
    add(
      'beyond',
      t('search.empty.widenRadius', {
        radius: formatDistance(language, to),
        unit: unitLabel(t, unit),
      }),
      () => {
        dispatchForm({ type: 'set', name: 'radius', value: String(to) });
        if (filters.distance !== '') {
          dispatchFilter({ type: 'CLEAR_FILTER', name: 'distance' });
        }
      },
    );
  } else if (wider !== null) {
    add(
      'radius',
      t('search.empty.widenRadius', {
        radius: formatDistance(language, wider),
        unit: unitLabel(t, unit),
      }),
      () => dispatchForm({ type: 'set', name: 'radius', value: String(wider) }),
    );
  }
  if (Array.isArray(form.facility_ids) && form.facility_ids.length > 0) {
    add('facilities', t('search.empty.allFacilities'), () =>
      dispatchForm({
        type: 'setMany',
        values: { facility_ids: [], facility: '', facility_name: '' },
      }),
    );
  }
  if (mode === 'patient') {
    suggestions.push({
      key: 'answers',
      node: (
        <>
          <Link to={paths.questionnaire}>{t('search.empty.reviewAnswers')}</Link>{' '}
          <span className="empty-state__why">{t('search.empty.reviewAnswersWhy')}</span>
        </>
      ),
    });
  }
  suggestions.push({
    key: 'place',
    node: <Link to={paths.home}>{t('search.empty.changeSearch')}</Link>,
  });

  return (
    <section className="empty-state" aria-labelledby="empty-state-title">
      <h2 id="empty-state-title" className="empty-state__title">
        {t('search.empty.title')}
      </h2>
      {nearestBeyond ? (
        <p className="empty-state__beyond" role="status">
          {t('search.empty.beyond', {
            count: nearestBeyond.count,
            from: formatDistance(language, nearestBeyond.from),
            to: formatDistance(language, nearestBeyond.to),
            unit: unitLabel(t, unit),
          })}{' '}
          <span className="empty-state__why">
            {t('search.empty.beyondNearest', {
              distance: formatDistance(language, Math.round(nearestBeyond.nearest)),
              unit: unitLabel(t, unit),
            })}
          </span>
        </p>
      ) : null}
      <p className="empty-state__text">{t('search.empty.text')}</p>
      <ul className="empty-state__list">
        {suggestions.map((s) => (
          <li key={s.key}>{s.node}</li>
        ))}
      </ul>
    </section>
  );
}
