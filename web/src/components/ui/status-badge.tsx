import { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import './status-badge.css';

/** The trial request statuses of spec 01 §4, in the order the product lists them. */
export const REQUEST_STATUSES = [
  'newRequest',
  'waitlist',
  'inReview',
  'accepted',
  'rejected',
  'enrolled',
  'cancelled',
] as const;

export type RequestStatusKey = (typeof REQUEST_STATUSES)[number];

export function isRequestStatus(value: string): value is RequestStatusKey {
  return (REQUEST_STATUSES as readonly string[]).includes(value);
}

const svg = (children: ReactNode) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="status-badge__icon">
    {children}
  </svg>
);

/** Each status has its own icon and colour (spec 01 §4); the colour is never the only cue. */
const ICONS: Record<RequestStatusKey, ReactNode> = {
  newRequest: svg(<path d="M12 5v14M5 12h14" />),
  waitlist: svg(
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 8v4l3 2" />
    </>,
  ),
  inReview: svg(
    <>
      <circle cx="11" cy="11" r="6" />
      <path d="m16 16 4 4" />
    </>,
  ),
  accepted: svg(<path d="m5 12.5 4.5 4.5L19 7.5" />),
  rejected: svg(<path d="M6 6l12 12M18 6 6 18" />),
  enrolled: svg(
    <>
      <circle cx="12" cy="8" r="3.5" />
      <path d="M5 20c1.2-3.4 3.8-5 7-5s5.8 1.6 7 5" />
    </>,
  ),
  cancelled: svg(
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M6.5 17.5 17.5 6.5" />
    </>,
  ),
};

/** The translated label of a status; an unknown one shows as sent. */
export function useStatusLabel(): (status: string) => string {
  const { t } = useTranslation();
  return (status) =>
    isRequestStatus(status) ? t(`requests.status.${status}`) : status.replace(/_/g, ' ');
}

export function StatusBadge({ status }: { status: string }) {
  const label = useStatusLabel();
  const key = isRequestStatus(status) ? status : null;
  return (
    <span className={`status-badge status-badge--${key ?? 'unknown'}`} data-status={status}>
      {key ? ICONS[key] : null}
      <span>{label(status)}</span>
    </span>
  );
}
