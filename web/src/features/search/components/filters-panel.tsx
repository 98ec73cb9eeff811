import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useLocation } from 'react-router-dom';
import type { SearchFacetsDto } from '@/api/types.gen';
import { CloseButton } from '@/components/ui/close-button';
import { registerModal } from '@/components/ui/modal-host';
import type { ModalContentProps } from '@/components/ui/modal-types';
import {
  DISTANCE_CHOICES,
  GENETIC_MUTATIONS,
  RECRUITING_STATUSES,
  SPECIFICITIES,
  STUDY_TYPES,
  TREATMENT_SUBTYPES,
  TRIAL_PHASES,
} from '../filter-options';
import { activeFilterCount, dispatchFilter, type ListFilter } from '../filters-store';
import { filterOptionLabel, type FilterGroup, unitLabel } from '../labels';
import type { SearchMode } from '../search-request';
import { useTrialSearch } from '../use-trial-search';
import { CheckboxGroup, type FilterOption, MultiSelect } from './filter-controls';

export const FILTERS_MODAL = 'search-filters';

/** Options with their labels and, once the search answered, their facet counts. */
export function useOptions(facets: SearchFacetsDto | undefined) {
  const { t } = useTranslation();
  return (group: FilterGroup | 'genetic_mutations', values: readonly string[]): FilterOption[] =>
    values.map((value) => ({
      value,
      label: group === 'genetic_mutations' ? value : filterOptionLabel(t, group, value),
      count: facets ? (facets[group][value] ?? 0) : undefined,
    }));
}

export function toggle(name: ListFilter) {
  return (value: string, checked: boolean): void =>
    dispatchFilter({ type: checked ? 'SET_FILTER' : 'REMOVE_FILTER', name, value });
}

/** The distance filter: empty (any distance in the radius) or a tighter limit. */
export function DistanceSelect({ value, unit }: { value: string; unit: string }) {
  const { t } = useTranslation();
  return (
    <label className="filter-select">
      <span className="filter-group__legend">{t('search.filters.distance')}</span>
      <select
        className="field__input field__select"
        value={value}
        onChange={(event) =>
          event.target.value === ''
            ? dispatchFilter({ type: 'CLEAR_FILTER', name: 'distance' })
            : dispatchFilter({
                type: 'SET_SINGLE_FILTER',
                name: 'distance',
                value: event.target.value,
              })
        }
      >
        <option value="">{t('search.filters.anyDistance')}</option>
        {DISTANCE_CHOICES.map((d) => (
          <option key={d} value={String(d)}>
            {t('search.filters.within', { distance: d, unit: unitLabel(t, unit) })}
          </option>
        ))}
      </select>
    </label>
  );
}

export interface FiltersPanelProps {
  mode: SearchMode;
  /** 'advanced': the desktop modal; 'mobile': the full-screen panel, with phase and status. */
  variant: 'advanced' | 'mobile';
}

/**
 * The desktop advanced filters modal and the mobile filters panel (spec 02 §2): changes apply at
 * once (page 1), the counts follow the search.
 */
export function FiltersPanel({
  mode,
  variant,
  onClose,
  titleId,
}: FiltersPanelProps & ModalContentProps) {
  const { t } = useTranslation();
  const { filters, query } = useTrialSearch(mode);
  const { pathname } = useLocation();
  const [openedAt] = useState(pathname);

  useEffect(() => {
    // The panel belongs to the results page: leaving it (the back button) closes the panel.
    if (pathname !== openedAt) {
      onClose();
    }
  }, [pathname, openedAt, onClose]);
  const data = query.isError ? undefined : query.data;
  const options = useOptions(data?.facets);
  const unit = data?.unit ?? 'KM';
  const active = activeFilterCount(filters);

  return (
    <div className={`filters-panel filters-panel--${variant}`}>
      <CloseButton onClose={onClose} />
      <h2 id={titleId} className="filters-panel__title">
        {variant === 'advanced' ? t('search.filters.advancedTitle') : t('search.filters.title')}
      </h2>
      <p className="filters-panel__info">{t('search.filters.info')}</p>
      <div className="filters-panel__body">
        {variant === 'mobile' ? (
          <>
            <CheckboxGroup
              legend={t('search.filters.trial_phase')}
              options={options('trial_phase', TRIAL_PHASES)}
              selected={filters.trial_phase}
              onToggle={toggle('trial_phase')}
            />
            <CheckboxGroup
              legend={t('search.filters.recruiting_status')}
              options={options('recruiting_status', RECRUITING_STATUSES)}
              selected={filters.recruiting_status}
              onToggle={toggle('recruiting_status')}
            />
            <DistanceSelect value={filters.distance} unit={unit} />
          </>
        ) : null}
        <MultiSelect
          label={t('search.filters.treatment_subtype')}
          options={options('treatment_subtype', TREATMENT_SUBTYPES)}
          selected={filters.treatment_subtype}
          onAdd={(value) =>
            dispatchFilter({ type: 'SET_FILTER', name: 'treatment_subtype', value })
          }
          onRemove={(value) =>
            dispatchFilter({ type: 'REMOVE_FILTER', name: 'treatment_subtype', value })
          }
          onClear={() => dispatchFilter({ type: 'CLEAR_FILTER', name: 'treatment_subtype' })}
        />
        <MultiSelect
          label={t('search.filters.genetic_mutations')}
          options={options('genetic_mutations', GENETIC_MUTATIONS)}
          selected={filters.genetic_mutations}
          onAdd={(value) =>
            dispatchFilter({ type: 'SET_FILTER', name: 'genetic_mutations', value })
          }
          onRemove={(value) =>
            dispatchFilter({ type: 'REMOVE_FILTER', name: 'genetic_mutations', value })
          }
          onClear={() => dispatchFilter({ type: 'CLEAR_FILTER', name: 'genetic_mutations' })}
          searchable
        />
        <CheckboxGroup
          legend={t('search.filters.study_type')}
          hint={
            filters.study_type.length === 0
              ? t('search.filters.studyTypeHint')
              : t('search.filters.studyTypeSelected', {
                  types: filters.study_type
                    .map((type) => filterOptionLabel(t, 'study_type', type))
                    .join(', '),
                })
          }
          options={options('study_type', STUDY_TYPES)}
          selected={filters.study_type}
          onToggle={toggle('study_type')}
        />
        <CheckboxGroup
          legend={t('search.filters.specificity')}
          hint={t('search.filters.specificityHint')}
          options={options('specificity', SPECIFICITIES)}
          selected={filters.specificity}
          onToggle={toggle('specificity')}
        />
      </div>
      <div className="filters-panel__footer">
        <button
          type="button"
          className="button"
          disabled={active === 0}
          onClick={() => dispatchFilter({ type: 'RESET_FILTERS' })}
        >
          {t('search.filters.reset')}
        </button>
        <button type="button" className="button button--primary" onClick={onClose}>
          {query.isFetching || !data
            ? t('search.filters.showResults')
            : t('search.filters.showCount', { count: data.total })}
        </button>
      </div>
    </div>
  );
}

registerModal(FILTERS_MODAL, FiltersPanel);
