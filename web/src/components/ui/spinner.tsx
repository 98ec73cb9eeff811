import './spinner.css';

export function Spinner({ label, fullscreen = false }: { label?: string; fullscreen?: boolean }) {
  return (
    <div
      className={fullscreen ? 'spinner spinner--fullscreen' : 'spinner'}
      role="status"
      aria-live="polite"
    >
      <span className="spinner__circle" aria-hidden="true" />
      {label ? <span className="spinner__label">{label}</span> : null}
    </div>
  );
}
