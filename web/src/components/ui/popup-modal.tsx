import { FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { ModalContentProps } from './modal-types';
import { CloseButton } from './close-button';

export interface PopupInput {
  placeholder: string;
  name: string;
  /** Accessible label; the placeholder when missing. */
  label?: string;
  type?: 'text' | 'email';
  /** Returns the (translated) message to show, or null when the value is fine. */
  validate?: (value: string) => string | null;
}

/** The generic popup of spec 01 §2 Modals, opened with `openModal('popup', props)`. */
export interface PopupModalProps {
  title: string;
  subtitle?: string;
  text?: string;
  input?: PopupInput;
  helpText?: string;
  resendLink?: { label: string; onClick: () => void };
  /** Empty or missing hides the primary button. */
  primaryLabel?: string;
  /**
   * Runs on the primary button (after `input.validate` passed) with the input's value. The
   * popup stays open: the caller closes it or opens the next modal. Without it the button closes.
   */
  onPrimary?: (inputValue?: string) => void | Promise<void>;
  /** A second button that only closes the popup (e.g. "Keep the answers" beside a discard). */
  secondaryLabel?: string;
}

function isPromiseLike(value: unknown): value is PromiseLike<void> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

export function PopupModal({
  title,
  subtitle,
  text,
  input,
  helpText,
  resendLink,
  primaryLabel,
  onPrimary,
  secondaryLabel,
  onClose,
  titleId,
}: PopupModalProps & ModalContentProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (busy) {
      return;
    }
    if (input) {
      const message = input.validate?.(value) ?? null;
      if (message) {
        setError(message);
        return;
      }
    }
    setError(null);
    if (!onPrimary) {
      onClose();
      return;
    }
    try {
      const result = onPrimary(input ? value : undefined);
      if (isPromiseLike(result)) {
        setBusy(true);
        await result;
      }
    } catch {
      if (mounted.current) {
        setError(t('common.popup.error'));
      }
    } finally {
      if (mounted.current) {
        setBusy(false);
      }
    }
  };

  return (
    <div className="popup">
      <CloseButton onClose={onClose} />
      <h2 id={titleId} className="popup__title">
        {title}
      </h2>
      {subtitle ? <p className="popup__subtitle">{subtitle}</p> : null}
      {text ? <p className="popup__text">{text}</p> : null}
      <form className="popup__form" noValidate onSubmit={(event) => void submit(event)}>
        {input ? (
          <div className="popup__field">
            <label className="visually-hidden" htmlFor={inputId}>
              {input.label ?? input.placeholder}
            </label>
            <input
              id={inputId}
              className="popup__input"
              name={input.name}
              type={input.type ?? 'text'}
              placeholder={input.placeholder}
              value={value}
              autoComplete={input.type === 'email' ? 'email' : 'off'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              data-autofocus
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
            />
          </div>
        ) : null}
        {error ? (
          <p id={errorId} className="popup__error" role="alert">
            {error}
          </p>
        ) : null}
        {helpText ? <p className="popup__help">{helpText}</p> : null}
        {primaryLabel ? (
          <button
            type="submit"
            className="button button--primary popup__primary"
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? <span className="popup__spinner" aria-hidden="true" /> : null}
            {primaryLabel}
          </button>
        ) : null}
        {secondaryLabel ? (
          <button type="button" className="button popup__secondary" onClick={onClose}>
            {secondaryLabel}
          </button>
        ) : null}
        {busy ? (
          <span className="visually-hidden" role="status">
            {t('common.modal.loading')}
          </span>
        ) : null}
        {resendLink ? (
          <p className="popup__resend">
            <button type="button" className="popup__link-button" onClick={resendLink.onClick}>
              {resendLink.label}
            </button>
          </p>
        ) : null}
      </form>
    </div>
  );
}
