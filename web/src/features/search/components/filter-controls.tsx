import { useId, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';

export interface FilterOption {
  value: string;
  label: string;
  /** Trials this value would give (the facet); undefined while unknown. */
  count?: number;
}

function OptionText({ option }: { option: FilterOption }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="filter-option__label">{option.label}</span>
      {option.count !== undefined ? (
        <span className="filter-option__count">
          <span aria-hidden="true">{option.count}</span>
          <span className="visually-hidden">
            {`, ${t('search.filters.count', { count: option.count })}`}
          </span>
        </span>
      ) : null}
    </>
  );
}

interface CheckboxGroupProps {
  legend: string;
  hint?: string;
  options: FilterOption[];
  selected: readonly string[];
  onToggle: (value: string, checked: boolean) => void;
  /** 'chips': compact toggles in a row (the visible desktop filters). */
  variant?: 'list' | 'chips';
}

/** A group of checkbox filters (phase, status, study type, specificity) with facet counts. */
export function CheckboxGroup({
  legend,
  hint,
  options,
  selected,
  onToggle,
  variant = 'list',
}: CheckboxGroupProps) {
  const hintId = useId();
  return (
    <fieldset
      className={`filter-group filter-group--${variant}`}
      aria-describedby={hint ? hintId : undefined}
    >
      <legend className="filter-group__legend">{legend}</legend>
      {hint ? (
        <p id={hintId} className="filter-group__hint">
          {hint}
        </p>
      ) : null}
      <div className="filter-group__options">
        {options.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <label
              key={option.value}
              className={checked ? 'filter-option filter-option--checked' : 'filter-option'}
            >
              <input
                type="checkbox"
                className="filter-option__input"
                checked={checked}
                onChange={(event) => onToggle(option.value, event.target.checked)}
              />
              <OptionText option={option} />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

interface MultiSelectProps {
  label: string;
  options: FilterOption[];
  selected: readonly string[];
  onAdd: (value: string) => void;
  onRemove: (value: string) => void;
  /** The remove option: clears the whole filter (spec 02 §2). */
  onClear: () => void;
  /** A text box that narrows a long list (the genetic mutations). */
  searchable?: boolean;
}

/**
 * A multi-select filter: the chosen values as removable chips, a 'remove filter' option that
 * clears them all, and the options as checkboxes (native controls: Tab, Space, labels).
 */
export function MultiSelect({
  label,
  options,
  selected,
  onAdd,
  onRemove,
  onClear,
  searchable = false,
}: MultiSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const [term, setTerm] = useState('');
  const labelOf = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
  const needle = term.trim().toLowerCase();
  const shown = needle
    ? options.filter(
        (o) => o.label.toLowerCase().includes(needle) || o.value.toLowerCase().includes(needle),
      )
    : options;

  return (
    <fieldset className="multi-select">
      <legend className="filter-group__legend">{label}</legend>
      <div className="multi-select__selected" aria-live="polite">
        {selected.length === 0 ? (
          <span className="multi-select__none">{t('search.filters.noneSelected')}</span>
        ) : (
          <ul className="multi-select__chips" aria-label={t('search.filters.selected', { label })}>
            {selected.map((value) => (
              <li key={value} className="chip">
                <span>{labelOf.get(value) ?? value}</span>
                <button
                  type="button"
                  className="chip__remove"
                  aria-label={t('search.filters.removeValue', {
                    value: labelOf.get(value) ?? value,
                  })}
                  onClick={() => onRemove(value)}
                >
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M6 6l12 12M18 6 6 18" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="link-button multi-select__clear"
          disabled={selected.length === 0}
          onClick={onClear}
        >
          {t('search.filters.remove', { label })}
        </button>
      </div>
      {searchable ? (
        <div className="multi-select__search">
          <label className="visually-hidden" htmlFor={`${id}-search`}>
            {t('search.filters.searchIn', { label })}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="field__input"
            placeholder={t('search.filters.searchPlaceholder')}
            value={term}
            autoComplete="off"
            onChange={(event) => setTerm(event.target.value)}
          />
        </div>
      ) : null}
      <div className="multi-select__options">
        {shown.length === 0 ? (
          <p className="multi-select__none">{t('search.filters.noMatch')}</p>
        ) : (
          shown.map((option) => {
            const checked = selected.includes(option.value);
            return (
              <label
                key={option.value}
                className={checked ? 'filter-option filter-option--checked' : 'filter-option'}
              >
                <input
                  type="checkbox"
                  className="filter-option__input"
                  checked={checked}
                  onChange={(event) =>
                    event.target.checked ? onAdd(option.value) : onRemove(option.value)
                  }
                />
                <OptionText option={option} />
              </label>
            );
          })
        )}
      </div>
    </fieldset>
  );
}
