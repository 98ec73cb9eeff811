import type { ReactNode } from 'react';

/** A form's primary submit button: disabled with a spinner while the form is submitting. */
export function SubmitButton({
  busy,
  className,
  children,
}: {
  busy: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={className ? `button button--primary ${className}` : 'button button--primary'}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? <span className="button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
