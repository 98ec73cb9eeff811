import { ChangeEvent, useId } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { isLanguage, LANGUAGES } from '@/i18n/i18n';
import { useLanguage } from '@/i18n/use-language';
import { useAppConfig } from '@/lib/app-config';
import './language-switch.css';

/** English / Español / Deutsch, each named in its own language. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage, switching } = useLanguage();
  const config = useAppConfig();
  const id = useId();
  const offered = LANGUAGES.filter((lang) => config.languages.includes(lang));

  const onChange = (event: ChangeEvent<HTMLSelectElement>): void => {
    const { value } = event.target;
    if (isLanguage(value) && value !== language) {
      setLanguage(value);
    }
  };

  return (
    <div className={className ? `language-switch ${className}` : 'language-switch'}>
      <label className="visually-hidden" htmlFor={id}>
        {t('common.language.label')}
      </label>
      <svg
        className="language-switch__icon"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
      </svg>
      <select
        id={id}
        className="language-switch__select"
        value={language}
        onChange={onChange}
        aria-busy={switching}
      >
        {offered.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {t(`common.language.${lang}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
