import { useId, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { CloseButton } from '@/components/ui/close-button';
import type { ModalContentProps } from '@/components/ui/modal-types';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n/use-language';
import { trackLocationAndDisease } from '@/lib/analytics';
import { useFacilityGroup } from '../api/get-facility-group';
import {
  clearVisible,
  FacilityFilters,
  filterFacilities,
  NO_FILTERS,
  regionsOf,
  searchByConditionUrl,
  selectedIds,
  selectVisible,
  toFacilities,
} from '../facilities';
import type { SelectedPlace } from '../location';
import { storePlace } from '../store-search';
import './hospital-selection-modal.css';

export interface HospitalSelectionModalProps {
  /** Always: the modal is fullscreen on desktop and mobile (spec 01 §2 Modals). */
  fullscreen: true;
  /** The partner's facility grouping code (GET /api/facilities/groups/{id}). */
  facilityGrouping: string;
  /** The condition chosen in the search form. */
  condition: string;
  place: SelectedPlace;
  /** Facility ids chosen earlier for the same place. */
  initialSelected?: readonly string[];
}

/**
 * Hospital selection (spec 01 §2 Modals): the partner's facilities, filtered by region, text or
 * selected only; select all and clear act on the visible list. Continues to the questionnaire
 * (patient search, facility_ids stored) or to /searchbycondition.
 */
export function HospitalSelectionModal({
  facilityGrouping,
  condition,
  place,
  initialSelected = [],
  onClose,
  titleId,
}: HospitalSelectionModalProps & ModalContentProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const id = useId();
  const query = useFacilityGroup(facilityGrouping);
  const [filters, setFilters] = useState<FacilityFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(initialSelected));

  const facilities = useMemo(() => toFacilities(query.data, language), [query.data, language]);
  const regions = useMemo(() => regionsOf(facilities, language), [facilities, language]);
  const visible = useMemo(
    () => filterFacilities(facilities, filters, selected),
    [facilities, filters, selected],
  );
  // Only ids of this grouping count: an id kept from elsewhere is not a choice made here.
  const chosen = useMemo(() => selectedIds(facilities, selected), [facilities, selected]);
  const filtering = filters.region !== '' || filters.text.trim() !== '' || filters.selectedOnly;

  const setFilter = (change: Partial<FacilityFilters>): void =>
    setFilters((current) => ({ ...current, ...change }));

  const toggle = (facilityId: string): void =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(facilityId)) {
        next.delete(facilityId);
      } else {
        next.add(facilityId);
      }
      return next;
    });

  const track = (): void =>
    trackLocationAndDisease({ condition, countryCode: place.countryCode, city: place.city });

  const toQuestionnaire = async (): Promise<void> => {
    storePlace(place, { type_of_disease: condition, facility_ids: chosen });
    track();
    onClose();
    await navigate(paths.questionnaire);
  };

  const toSearchByCondition = async (): Promise<void> => {
    track();
    onClose();
    await navigate(searchByConditionUrl(place, condition, chosen));
  };

  const canContinue = chosen.length > 0;
  const hintId = `${id}-hint`;

  let content;
  if (query.isPending && query.fetchStatus !== 'idle') {
    content = <Spinner label={t('home.hospitals.loading')} />;
  } else if (query.isError || facilityGrouping === '') {
    content = (
      <div className="hospital-modal__message" role="alert">
        <p>{t('home.hospitals.error')}</p>
        {facilityGrouping !== '' ? (
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('home.hospitals.retry')}
          </button>
        ) : null}
      </div>
    );
  } else if (visible.length === 0) {
    content = (
      <p className="hospital-modal__message" role="status">
        {facilities.length === 0 ? t('home.hospitals.none') : t('home.hospitals.empty')}
      </p>
    );
  } else {
    content = (
      <ul className="hospital-modal__list" aria-label={t('home.hospitals.list')}>
        {visible.map((facility) => {
          const checkboxId = `${id}-facility-${facility.id}`;
          const where = [facility.city, facility.state].filter(Boolean).join(', ');
          return (
            <li key={facility.id} className="hospital-modal__item">
              <input
                id={checkboxId}
                type="checkbox"
                className="field__checkbox"
                checked={selected.has(facility.id)}
                onChange={() => toggle(facility.id)}
              />
              <label htmlFor={checkboxId} className="hospital-modal__item-label">
                <span className="hospital-modal__name">{facility.facility}</span>
                {where ? <span className="hospital-modal__where">{where}</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="hospital-modal">
      <header className="hospital-modal__header">
        <div>
          <h2 id={titleId} className="hospital-modal__title">
            {t('home.hospitals.title')}
          </h2>
          <p className="hospital-modal__intro">
            {t('home.hospitals.intro', { place: place.label })}
          </p>
        </div>
        <CloseButton onClose={onClose} className="hospital-modal__close" />
      </header>

      <div className="hospital-modal__body">
        <div
          className="hospital-modal__filters"
          role="group"
          aria-label={t('home.hospitals.filters')}
        >
          <div className="field">
            <label className="field__label" htmlFor={`${id}-text`}>
              {t('home.hospitals.searchLabel')}
            </label>
            <input
              id={`${id}-text`}
              type="search"
              className="field__input"
              placeholder={t('home.hospitals.searchPlaceholder')}
              autoComplete="off"
              value={filters.text}
              onChange={(event) => setFilter({ text: event.target.value })}
              data-autofocus
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-region`}>
              {t('home.hospitals.region')}
            </label>
            <select
              id={`${id}-region`}
              className="field__input field__select"
              value={filters.region}
              onChange={(event) => setFilter({ region: event.target.value })}
            >
              <option value="">{t('home.hospitals.allRegions')}</option>
              {regions.map((region) => (
                <option key={region} value={region}>
                  {region}
                </option>
              ))}
            </select>
          </div>
          <div className="field field--checkbox">
            <div className="field__checkbox-row">
              <input
                id={`${id}-selected-only`}
                type="checkbox"
                className="field__checkbox"
                checked={filters.selectedOnly}
                onChange={(event) => setFilter({ selectedOnly: event.target.checked })}
              />
              <label className="field__checkbox-label" htmlFor={`${id}-selected-only`}>
                {t('home.hospitals.selectedOnly')}
              </label>
            </div>
          </div>
        </div>

        <div className="hospital-modal__results">
          <div className="hospital-modal__toolbar">
            <p className="hospital-modal__shown" aria-live="polite">
              {facilities.length > 0
                ? t('home.hospitals.shown', { shown: visible.length, total: facilities.length })
                : null}
            </p>
            <div className="hospital-modal__bulk">
              <button
                type="button"
                className="link-button"
                disabled={visible.length === 0}
                onClick={() => setSelected((current) => selectVisible(current, visible))}
              >
                {filtering ? t('home.hospitals.selectShown') : t('home.hospitals.selectAll')}
              </button>
              <button
                type="button"
                className="link-button"
                disabled={visible.length === 0}
                onClick={() => setSelected((current) => clearVisible(current, visible))}
              >
                {filtering ? t('home.hospitals.clearShown') : t('home.hospitals.clear')}
              </button>
            </div>
          </div>
          {content}
        </div>
      </div>

      <footer className="hospital-modal__footer">
        <p className="hospital-modal__count" role="status" aria-live="polite">
          {t('home.hospitals.selected', { count: chosen.length })}
        </p>
        {canContinue ? null : (
          <p id={hintId} className="hospital-modal__hint">
            {t('home.hospitals.needSelection')}
          </p>
        )}
        <div className="hospital-modal__actions">
          <button
            type="button"
            className="button"
            disabled={!canContinue}
            aria-describedby={canContinue ? undefined : hintId}
            onClick={() => void toSearchByCondition()}
          >
            {t('home.hospitals.toSearchByCondition')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!canContinue}
            aria-describedby={canContinue ? undefined : hintId}
            onClick={() => void toQuestionnaire()}
          >
            {t('home.hospitals.toQuestionnaire')}
          </button>
        </div>
      </footer>
    </div>
  );
}
