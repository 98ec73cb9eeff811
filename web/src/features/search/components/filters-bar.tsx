import { useId } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { SearchFacetsDto } from '@/api/types.gen';
import { useModal } from '@/components/ui/modal-store';
import { RECRUITING_STATUSES, SORT_ORDERS, type SortOrder, TRIAL_PHASES } from '../filter-options';
import { activeFilterCount, dispatchFilter, type FiltersState, setSort } from '../filters-store';
import type { SearchMode } from '../search-request';
import { CheckboxGroup } from './filter-controls';
import { DistanceSelect, FILTERS_MODAL, toggle, useOptions } from './filters-panel';

function FilterIcon() {
  return (
    <svg className="button__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}

interface FiltersBarProps {
  mode: SearchMode;
  filters: FiltersState;
  sort: SortOrder;
  facets: SearchFacetsDto | undefined;
  unit: string;
}

/**
 * Above the results: on desktop the phase and status filters, the distance and the advanced
 * filters button; on mobile one button to the filters panel. Sort on both.
 */
export function FiltersBar({ mode, filters, sort, facets, unit }: FiltersBarProps) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const sortId = useId();
  const options = useOptions(facets);
  const active = activeFilterCount(filters);
  const advancedActive = [
    filters.treatment_subtype.length > 0,
    filters.genetic_mutations.length > 0,
    filters.specificity.length > 0,
    !(filters.study_type.length === 1 && filters.study_type[0] === 'Interventional') &&
      filters.study_type.length > 0,
  ].filter(Boolean).length;

  return (
    <section className="filters-bar" aria-label={t('search.filters.label')}>
      <div className="filters-bar__desktop">
        <CheckboxGroup
          variant="chips"
          legend={t('search.filters.trial_phase')}
          options={options('trial_phase', TRIAL_PHASES)}
          selected={filters.trial_phase}
          onToggle={toggle('trial_phase')}
        />
        <CheckboxGroup
          variant="chips"
          legend={t('search.filters.recruiting_status')}
          options={options('recruiting_status', RECRUITING_STATUSES)}
          selected={filters.recruiting_status}
          onToggle={toggle('recruiting_status')}
        />
        <div className="filters-bar__row">
          <DistanceSelect value={filters.distance} unit={unit} />
          <button
            type="button"
            className="button"
            aria-haspopup="dialog"
            onClick={() => openModal(FILTERS_MODAL, { mode, variant: 'advanced' })}
          >
            <FilterIcon />
            {advancedActive > 0
              ? t('search.filters.advancedCount', { count: advancedActive })
              : t('search.filters.advanced')}
          </button>
          {active > 0 ? (
            <button
              type="button"
              className="link-button"
              onClick={() => dispatchFilter({ type: 'RESET_FILTERS' })}
            >
              {t('search.filters.reset')}
            </button>
          ) : null}
        </div>
      </div>
      <div className="filters-bar__mobile">
        <button
          type="button"
          className="button"
          aria-haspopup="dialog"
          onClick={() => openModal(FILTERS_MODAL, { mode, variant: 'mobile', fullscreen: true })}
        >
          <FilterIcon />
          {active > 0
            ? t('search.filters.mobileCount', { count: active })
            : t('search.filters.title')}
        </button>
      </div>
      <div className="filters-bar__sort">
        <label htmlFor={sortId} className="filter-group__legend">
          {t('search.sort.label')}
        </label>
        <select
          id={sortId}
          className="field__input field__select"
          value={sort}
          onChange={(event) => {
            setSort(event.target.value as SortOrder);
            window.scrollTo(0, 0);
          }}
        >
          {SORT_ORDERS.map((order) => (
            <option key={order} value={order}>
              {t(`search.sort.${order}`)}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
