import { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { MESSAGE_SEPARATOR } from '@/lib/form-schema';
import './form-field.css';

/**
 * A field error as kept by the schema resolver: translation keys, one per line. Shows them in
 * the current language, joined by a space (spec 02 §5 combined validators).
 */
export function FieldMessage({ id, message }: { id: string; message?: string | null }) {
  const { t } = useTranslation();
  if (!message) {
    return null;
  }
  const text = message
    .split(MESSAGE_SEPARATOR)
    .map((key) => t(key))
    .join(' ');
  return (
    <p id={id} className="field__error" role="alert">
      {text}
    </p>
  );
}

interface FieldFrameProps {
  id: string;
  label: string;
  optional?: boolean;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
}

function FieldFrame({ id, label, optional, hint, error, children }: FieldFrameProps) {
  const { t } = useTranslation();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> ({t('form.optional')})</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field error's message (translation keys); see FieldMessage. */
  error?: string | null;
  hint?: ReactNode;
  optional?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, optional, ref, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} optional={optional} hint={hint} error={error}>
      <input
        ref={ref}
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </FieldFrame>
  );
}

export function PasswordField({ label, error, hint, optional, ref, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={id} label={label} optional={optional} hint={hint} error={error}>
      <div className="field__password">
        <input
          ref={ref}
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...input}
          type={visible ? 'text' : 'password'}
        />
        <button
          type="button"
          className="field__toggle"
          aria-pressed={visible}
          aria-controls={id}
          aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? (
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M3 3l18 18M10.6 5.1A10.4 10.4 0 0 1 12 5c5 0 8.6 4.2 9.8 7-.5 1.2-1.5 2.8-3 4.2M6.6 6.6C4.5 8 3 10.1 2.2 12c1.2 2.8 4.8 7 9.8 7 1.9 0 3.6-.6 5-1.5M9.9 9.9a3 3 0 0 0 4.2 4.2" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M2.2 12C3.4 9.2 7 5 12 5s8.6 4.2 9.8 7c-1.2 2.8-4.8 7-9.8 7s-8.6-4.2-9.8-7z" />
              <circle cx="12" cy="12" r="3" />
            </svg>
          )}
        </button>
      </div>
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  optional?: boolean;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

export function SelectField({
  label,
  error,
  hint,
  optional,
  ref,
  children,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} optional={optional} hint={hint} error={error}>
      <select
        ref={ref}
        id={id}
        className="field__input field__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

export interface CheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type'
> {
  label: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, error, ref, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={error ? 'field field--checkbox field--invalid' : 'field field--checkbox'}>
      <div className="field__checkbox-row">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          className="field__checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <label className="field__checkbox-label" htmlFor={id}>
          {label}
        </label>
      </div>
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

/** A message about the whole form (a failed call), announced when it appears. */
export function FormAlert({
  children,
  tone = 'error',
}: {
  children: ReactNode;
  tone?: 'error' | 'success' | 'info';
}) {
  if (!children) {
    return null;
  }
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
