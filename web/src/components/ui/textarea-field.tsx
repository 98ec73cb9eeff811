import { Ref, TextareaHTMLAttributes, useId } from 'react';
import { FieldMessage } from './form-field';
import './form-field.css';
import './textarea-field.css';

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
> {
  label: string;
  /** The field error's message (translation keys); see FieldMessage. */
  error?: string | null;
  /** Shown under the field, e.g. a character counter; announced politely. */
  counter?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field with the same frame and messages as TextField. */
export function TextAreaField({ label, error, counter, ref, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const describedBy = [counter ? `${id}-counter` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        className="field__input field__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...textarea}
      />
      {counter ? (
        <p id={`${id}-counter`} className="field__hint field__counter" aria-live="polite">
          {counter}
        </p>
      ) : null}
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}
