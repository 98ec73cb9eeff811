import { useId } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { RADIUS_CHOICES } from '@trialflow/contract';
import './form-field.css';
import { numberFormat } from '@/lib/intl';

export interface RadiusSelectProps {
  /** The radius, in `unit` ('' or a bad value shows the default choice). */
  value: string;
  unit: 'KM' | 'MI';
  onChange: (radius: string) => void;
  /** Inline in a sentence ("within [1,000 km]") rather than a labelled form field. */
  inline?: boolean;
  className?: string;
}

/**
 * The search radius the doctor chooses (issue 15), in km or miles by the place's country (spec 02
 * §9). The offered choices are the contract's; a stored radius outside them is offered too.
 */
export function RadiusSelect({
  value,
  unit,
  onChange,
  inline = false,
  className,
}: RadiusSelectProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = Number.parseInt(value, 10);
  const choices =
    Number.isInteger(current) && current > 0 && !RADIUS_CHOICES.includes(current)
      ? [...RADIUS_CHOICES, current].sort((a, b) => a - b)
      : RADIUS_CHOICES;
  const format = numberFormat(i18n.language);
  const unitText = t(`common.radius.units.${unit}`);
  return (
    <span
      className={`radius-select${inline ? ' radius-select--inline' : ''} ${className ?? ''}`.trim()}
    >
      <label htmlFor={id} className={inline ? 'visually-hidden' : 'field__label'}>
        {t('common.radius.label')}
      </label>
      <select
        id={id}
        className="field__input field__select radius-select__input"
        value={Number.isInteger(current) && current > 0 ? String(current) : ''}
        onChange={(event) => onChange(event.target.value)}
      >
        {Number.isInteger(current) && current > 0 ? null : <option value="">—</option>}
        {choices.map((radius) => (
          <option key={radius} value={String(radius)}>
            {t('common.radius.option', { radius: format.format(radius), unit: unitText })}
          </option>
        ))}
      </select>
    </span>
  );
}
