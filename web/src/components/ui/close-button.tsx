import { useTranslation } from '@/i18n/use-translation';

export interface CloseButtonProps {
  onClose: () => void;
  /** Classes besides `modal__close` (its place in a header, a notice). */
  className?: string;
  /** The accessible name; "Close" by default. */
  label?: string;
}

/** The × that closes a modal, a panel or a notice. */
export function CloseButton({ onClose, className, label }: CloseButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={className ? `modal__close ${className}` : 'modal__close'}
      aria-label={label ?? t('common.modal.close')}
      onClick={onClose}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </button>
  );
}
