import { useMemo, useRef, useState } from 'react';
import { FieldErrors, useController, useForm } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { SelectField } from '@/components/ui/form-field';
import { RadiusSelect } from '@/components/ui/radius-select';
import { useModal } from '@/components/ui/modal-store';
import { HOSPITAL_SELECTION_MODAL } from '@/components/ui/modal-types';
import { paths } from '@/config/paths';
import { DEFAULT_RADIUS } from '@trialflow/contract';
import {
  dispatchForm,
  getForm,
  NewPatientButton,
  useConfirmDiscard,
  usePatientGeneration,
} from '@/lib/patient-form';
import { readItem, STORAGE_KEYS } from '@/lib/storage';
import { useLanguage } from '@/i18n/use-language';
import { trackLocationAndDisease, trackSearchPressed } from '@/lib/analytics';
import { AppConfig, useAppConfig } from '@/lib/app-config';
import { schemaResolver } from '@/lib/form-schema';
import { usePartner } from '@/lib/partner';
import { useVisitorCountryPrefill } from '../api/get-visitor-country';
import type { PlaceDto } from '@/api/types.gen';
import { conditionOptions, initialCondition, partnerConditions } from '../conditions';
import { placeFromForm, radiusUnitFor, SelectedPlace, toSelectedPlace } from '../location';
import { HomeSearchValues, homeSearchSchema } from '../search-schema';
import { storePlace } from '../store-search';
import type { HospitalSelectionModalProps } from './hospital-selection-modal';
import { PlaceCombobox } from './place-combobox';
import './home-search.css';

const resolver = schemaResolver(homeSearchSchema);

/**
 * The countries where the hospital choice is offered (GET /api/config
 * `hospitalSelectionCountries`, empty by default), as upper-case ISO codes.
 */
export function hospitalSelectionCountries(config: AppConfig): string[] {
  return config.hospitalSelectionCountries.map((c) => c.trim().toUpperCase());
}

/** The radius the form starts with: the current search's, for the place it was chosen for. */
function initialRadius(place: SelectedPlace | null): string {
  const stored = Number.parseInt(String(getForm().radius), 10);
  return place && Number.isInteger(stored) && stored > 0 ? String(stored) : String(DEFAULT_RADIUS);
}

/**
 * The HCP home's search form (spec 01 §2 Home, spec 02 §5): condition, location from the places
 * suggestions, the radius, 'Find Trial Matches' to /questionnaire, and where configured the
 * hospital choice. "New patient" starts it afresh (a new form, remounted).
 */
export function HomeSearchForm() {
  const generation = usePatientGeneration();
  return <SearchForm key={generation} />;
}

function SearchForm() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const config = useAppConfig();
  const partner = usePartner();
  const navigate = useNavigate();
  const { openModal } = useModal();
  const locationRef = useRef<HTMLInputElement>(null);
  useVisitorCountryPrefill();

  const offered = useMemo(
    () => partnerConditions(config.conditions, partner),
    [config.conditions, partner],
  );
  const options = useMemo(
    () => conditionOptions(config.conditions, partner, t, language),
    [config.conditions, partner, t, language],
  );

  // The place of an earlier visit stays chosen, so coming back to home keeps the search.
  const [place, setPlace] = useState<SelectedPlace | null>(() => placeFromForm(getForm()));
  // The radius belongs to one search: another place starts from the default (issue 15).
  const [radius, setRadius] = useState<string>(() => initialRadius(place));
  const confirmDiscard = useConfirmDiscard();
  const unit = radiusUnitFor(place?.countryCode ?? readItem(STORAGE_KEYS.countryCode) ?? '');
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<HomeSearchValues>({
    resolver,
    defaultValues: {
      type_of_disease: initialCondition(offered, partner, getForm().type_of_disease),
      location: place?.label ?? '',
      place: place?.label ?? '',
    },
  });
  const { field: location } = useController({ name: 'location', control });

  const onTextChange = (text: string): void => {
    location.onChange(text);
    // Typing after a pick makes the location unchosen again: only a suggestion counts.
    setValue('place', '', { shouldValidate: isSubmitted });
    setPlace(null);
  };

  const onPick = (picked: PlaceDto): void => {
    const selected = toSelectedPlace(picked);
    location.onChange(selected.label);
    setValue('place', selected.label, { shouldValidate: isSubmitted });
    const nextRadius = selected.label === place?.label ? radius : String(DEFAULT_RADIUS);
    setPlace(selected);
    setRadius(nextRadius);
    storePlace(selected, { radius: nextRadius });
  };

  const onInvalid = (invalid: FieldErrors<HomeSearchValues>): void => {
    // react-hook-form focuses the condition itself; the place is not a registered input.
    if (!invalid.type_of_disease && invalid.place) {
      locationRef.current?.focus();
    }
  };

  const find = async (values: HomeSearchValues, chosen: SelectedPlace): Promise<void> => {
    storePlace(chosen, { type_of_disease: values.type_of_disease, radius });
    trackLocationAndDisease({
      condition: values.type_of_disease,
      countryCode: chosen.countryCode,
      city: chosen.city,
    });
    await navigate(paths.questionnaire);
  };

  const onFind = (values: HomeSearchValues): void => {
    if (!place) {
      return;
    }
    const previous = getForm().type_of_disease;
    // Another condition is another patient: ask before the current one's answers go.
    if (typeof previous === 'string' && previous !== '' && previous !== values.type_of_disease) {
      confirmDiscard('condition', () => void find(values, place));
    } else {
      void find(values, place);
    }
  };

  const openHospitals = (values: HomeSearchValues): void => {
    if (!place) {
      return;
    }
    const current = getForm().facility_ids;
    const props: HospitalSelectionModalProps = {
      fullscreen: true,
      facilityGrouping: partner.facilityGrouping,
      condition: values.type_of_disease,
      place,
      initialSelected: Array.isArray(current) ? current : [],
    };
    openModal(HOSPITAL_SELECTION_MODAL, { ...props });
  };

  const hospitalCountries = hospitalSelectionCountries(config);
  const showHospitals =
    place !== null &&
    partner.facilityGrouping.trim() !== '' &&
    hospitalCountries.includes(place.countryCode);

  return (
    <form
      className="home-search"
      role="search"
      aria-label={t('home.search.label')}
      noValidate
      onSubmit={(event) => {
        trackSearchPressed();
        void handleSubmit(onFind, onInvalid)(event);
      }}
    >
      <div className="home-search__fields">
        <SelectField
          label={t('home.search.condition')}
          error={errors.type_of_disease?.message}
          {...register('type_of_disease')}
        >
          <option value="">{t('home.search.conditionPlaceholder')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <PlaceCombobox
          label={t('home.search.location')}
          placeholder={t('home.search.locationPlaceholder')}
          name={location.name}
          value={location.value}
          picked={place !== null}
          onTextChange={onTextChange}
          onPick={onPick}
          error={errors.place?.message}
          inputRef={locationRef}
        />
        <RadiusSelect
          value={radius}
          unit={unit}
          onChange={(next) => {
            setRadius(next);
            if (place) {
              dispatchForm({ type: 'set', name: 'radius', value: next });
            }
          }}
        />
      </div>
      <div className="home-search__actions">
        <button type="submit" className="button button--primary home-search__find">
          {t('home.search.find')}
        </button>
        {showHospitals ? (
          <button
            type="button"
            className="button home-search__hospitals"
            onClick={() => void handleSubmit(openHospitals, onInvalid)()}
          >
            {t('home.search.selectHospitals')}
          </button>
        ) : null}
        <NewPatientButton className="home-search__new-patient" />
      </div>
    </form>
  );
}
