import { useMemo, useRef, useState } from 'react';
import { FieldErrors, useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SelectField } from '@/components/ui/form-field';
import { useModal } from '@/components/ui/modal-store';
import { HOSPITAL_SELECTION_MODAL } from '@/components/ui/modal-types';
import { paths } from '@/config/paths';
import { getForm } from '@/lib/patient-form';
import { useLanguage } from '@/i18n/use-language';
import { trackLocationAndDisease, trackSearchPressed } from '@/lib/analytics';
import { AppConfig, useAppConfig } from '@/lib/app-config';
import { schemaResolver } from '@/lib/form-schema';
import { usePartner } from '@/lib/partner';
import { useVisitorCountryPrefill } from '../api/get-visitor-country';
import type { PlaceDto } from '@/api/types.gen';
import { conditionOptions, initialCondition, partnerConditions } from '../conditions';
import { placeFromForm, SelectedPlace, toSelectedPlace } from '../location';
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

/**
 * The HCP home's search form (spec 01 §2 Home, spec 02 §5): condition, location from the places
 * suggestions, 'Find Trial Matches' to /questionnaire, and where configured the hospital choice.
 */
export function HomeSearchForm() {
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
    setPlace(selected);
    storePlace(selected);
  };

  const onInvalid = (invalid: FieldErrors<HomeSearchValues>): void => {
    // react-hook-form focuses the condition itself; the place is not a registered input.
    if (!invalid.type_of_disease && invalid.place) {
      locationRef.current?.focus();
    }
  };

  const onFind = async (values: HomeSearchValues): Promise<void> => {
    if (!place) {
      return;
    }
    storePlace(place, { type_of_disease: values.type_of_disease });
    trackLocationAndDisease({
      condition: values.type_of_disease,
      countryCode: place.countryCode,
      city: place.city,
    });
    await navigate(paths.questionnaire);
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
      </div>
    </form>
  );
}
