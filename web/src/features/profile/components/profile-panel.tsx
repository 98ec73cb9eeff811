import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import type { Language, UserResponseDto } from '@/api/types.gen';
import {
  CheckboxField,
  FieldMessage,
  FormAlert,
  SelectField,
  TextField,
} from '@/components/ui/form-field';
import { isLanguage, LANGUAGES } from '@/i18n/i18n';
import { useLanguage } from '@/i18n/use-language';
import { useAppConfig } from '@/lib/app-config';
import { schemaResolver } from '@/lib/form-schema';
import { readItem, STORAGE_KEYS, StoredUser, useStoredUser, writeItem } from '@/lib/storage';
import { useMe } from '../api/get-me';
import { phoneDigits, ProfileValues, profileSchema, useUpdateUser } from '../api/update-user';
import {
  COUNTRY_DIAL_CODES,
  countryName,
  joinPhone,
  listCountries,
  splitPhone,
} from '../countries';
import './profile.css';
import { SubmitButton } from '@/components/ui/submit-button';

const resolver = schemaResolver(profileSchema);

type ProfileUser = StoredUser & Partial<UserResponseDto>;

/** The API's validation messages are the spec's English ones: shown translated. */
const API_MESSAGES: Record<string, string> = {
  "Input can only be a letter of an alphabet or a '.'.": 'validation.fullName',
  'Input can only be a letter of an alphabet or a number.': 'validation.alphanumeric',
  'Input must have less than 60 characters.': 'validation.length60',
  'First name is required.': 'validation.firstNameRequired',
  'Last name is required.': 'validation.lastNameRequired',
  'Phone number must have 4 or more digits! It can have a maximum of 15 digits.':
    'validation.phoneMin',
};

function saveErrorKeys(error: unknown): string[] {
  const message =
    typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : null;
  if (typeof message !== 'string') {
    return ['profile.saveFailed'];
  }
  const keys = message
    .split('; ')
    .map((part) => API_MESSAGES[part])
    .filter((key): key is string => Boolean(key));
  return keys.length > 0 ? keys : ['profile.saveFailed'];
}

/** Without a number or a country, the dialling code of the language's main country. */
const COUNTRY_OF_LANGUAGE: Record<Language, string> = { en: 'GB', es: 'ES', de: 'DE' };

function toValues(user: ProfileUser, fallbackLanguage: Language): ProfileValues {
  const preferred =
    user.country || readItem(STORAGE_KEYS.countryCode) || COUNTRY_OF_LANGUAGE[fallbackLanguage];
  const { country: phoneCountry, national } = splitPhone(user.phoneNumber ?? '', preferred);
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phoneCountry: COUNTRY_DIAL_CODES.has(phoneCountry)
      ? phoneCountry
      : COUNTRY_OF_LANGUAGE[fallbackLanguage],
    phone: national,
    country: user.country ?? '',
    institution: user.institution ?? '',
    language: isLanguage(user.language) ? user.language : fallbackLanguage,
    subscribe: Boolean(user.subscribe),
  };
}

/** '+49 30123456': the dialling code apart from the rest. */
function formatPhone(phone: string, country?: string): string {
  const { country: code, national } = splitPhone(phone, country);
  const dial = COUNTRY_DIAL_CODES.get(code);
  return dial && national ? `+${dial} ${national}` : phone;
}

function PhoneField({
  countryField,
  numberField,
  error,
  countries,
}: {
  countryField: UseFormRegisterReturn;
  numberField: UseFormRegisterReturn;
  error?: string;
  countries: ReturnType<typeof listCountries>;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className={error ? 'field phone-field field--invalid' : 'field phone-field'}>
      <legend className="field__label">
        {t('profile.fields.phone')}
        <span className="field__optional"> ({t('form.optional')})</span>
      </legend>
      <div className="phone-field__row">
        <label className="visually-hidden" htmlFor={`${id}-country`}>
          {t('profile.fields.dialCode')}
        </label>
        <select
          id={`${id}-country`}
          className="field__input field__select phone-field__code"
          {...countryField}
        >
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name} (+{country.dialCode})
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={`${id}-number`}>
          {t('profile.fields.phoneNumber')}
        </label>
        <input
          id={`${id}-number`}
          className="field__input phone-field__number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...numberField}
        />
      </div>
      <FieldMessage id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/**
 * The profile (spec 01 §2 /dashboard, /dashboard/profile): view, and edit with the validators
 * of spec 02 §5; the saved user replaces the stored one.
 */
export function ProfilePanel({ title }: { title?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const config = useAppConfig();
  const stored = useStoredUser() as ProfileUser | null;
  const me = useMe();
  const { mutateAsync: updateUser } = useUpdateUser();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [saveError, setSaveError] = useState<string[] | null>(null);
  const user: ProfileUser | null = me.data?.user ?? stored;
  const countries = useMemo(() => listCountries(language), [language]);

  // The server's copy is the truth: keep the stored user (navbar, guards) in step with it.
  useEffect(() => {
    if (me.data?.user) {
      const next = JSON.stringify(me.data.user);
      if (readItem(STORAGE_KEYS.user) !== next) {
        writeItem(STORAGE_KEYS.user, next);
      }
    }
  }, [me.data]);

  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: user ? toValues(user, language) : undefined,
  });

  if (!user) {
    return null;
  }

  const startEditing = (): void => {
    reset(toValues(user, language));
    setSaved(false);
    setSaveError(null);
    setEditing(true);
  };

  const onSubmit = async (values: ProfileValues): Promise<void> => {
    setSaveError(null);
    try {
      const answer = await updateUser({
        path: { id: user._id },
        body: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          phoneNumber: joinPhone(values.phoneCountry, phoneDigits(values.phone)),
          country: values.country,
          institution: values.institution.trim(),
          language: values.language,
          subscribe: values.subscribe,
        },
      });
      writeItem(STORAGE_KEYS.user, JSON.stringify(answer.user));
      setEditing(false);
      setSaved(true);
      if (answer.user.language !== language && config.languages.includes(answer.user.language)) {
        setLanguage(answer.user.language);
      }
    } catch (error) {
      setSaveError(saveErrorKeys(error));
    }
  };

  const notGiven = <span className="profile__empty">{t('profile.notGiven')}</span>;
  const languages = LANGUAGES.filter((lang) => config.languages.includes(lang));

  return (
    <section className="panel profile" aria-labelledby="profile-title">
      <div className="profile__header">
        <span className="profile__avatar" aria-hidden="true">
          {Array.from(user.firstName.trim())[0]?.toUpperCase() ?? ''}
        </span>
        <div>
          <h2 id="profile-title" className="panel__title profile__title">
            {title ?? t('profile.title')}
          </h2>
          <p className="profile__email">{user.email}</p>
        </div>
      </div>
      <FormAlert tone="success">{saved ? t('profile.saved') : null}</FormAlert>
      {editing ? (
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <FormAlert>{saveError ? saveError.map((key) => t(key)).join(' ') : null}</FormAlert>
          <div className="profile__columns">
            <TextField
              label={t('profile.fields.firstName')}
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextField
              label={t('profile.fields.lastName')}
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </div>
          <PhoneField
            countryField={register('phoneCountry')}
            numberField={register('phone')}
            error={errors.phone?.message}
            countries={countries}
          />
          <SelectField
            label={t('profile.fields.country')}
            optional
            {...register('country', {
              // With no number typed yet, the dialling code follows the chosen country.
              onChange: (event: { target: { value: string } }) => {
                const code = event.target.value;
                if (code && !getValues('phone').trim() && COUNTRY_DIAL_CODES.has(code)) {
                  setValue('phoneCountry', code);
                }
              },
            })}
          >
            <option value="">{t('profile.noCountry')}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('profile.fields.institution')}
            autoComplete="organization"
            optional
            error={errors.institution?.message}
            {...register('institution')}
          />
          <SelectField label={t('profile.fields.language')} {...register('language')}>
            {languages.map((lang) => (
              <option key={lang} value={lang} lang={lang}>
                {t(`common.language.${lang}`)}
              </option>
            ))}
          </SelectField>
          <CheckboxField label={t('profile.fields.subscribe')} {...register('subscribe')} />
          <div className="panel__actions">
            <SubmitButton busy={isSubmitting}>{t('profile.save')}</SubmitButton>
            <button type="button" className="button" onClick={() => setEditing(false)}>
              {t('profile.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <dl className="profile__list">
            <div className="profile__item">
              <dt>{t('profile.fields.name')}</dt>
              <dd>{[user.firstName, user.lastName].filter(Boolean).join(' ')}</dd>
            </div>
            <div className="profile__item">
              <dt>{t('profile.fields.phone')}</dt>
              <dd>{user.phoneNumber ? formatPhone(user.phoneNumber, user.country) : notGiven}</dd>
            </div>
            <div className="profile__item">
              <dt>{t('profile.fields.country')}</dt>
              <dd>{user.country ? countryName(user.country, language) : notGiven}</dd>
            </div>
            <div className="profile__item">
              <dt>{t('profile.fields.institution')}</dt>
              <dd>{user.institution || notGiven}</dd>
            </div>
            <div className="profile__item">
              <dt>{t('profile.fields.language')}</dt>
              <dd>
                {isLanguage(user.language) ? t(`common.language.${user.language}`) : notGiven}
              </dd>
            </div>
            <div className="profile__item">
              <dt>{t('profile.fields.newsletter')}</dt>
              <dd>{user.subscribe ? t('profile.subscribed') : t('profile.notSubscribed')}</dd>
            </div>
          </dl>
          <button type="button" className="button button--primary" onClick={startEditing}>
            {t('profile.edit')}
          </button>
        </>
      )}
    </section>
  );
}
