import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge, useStatusLabel } from '@/components/ui/status-badge';
import { formatDayMonthYear } from '@/lib/dates';
import { useLiveStatus } from '@/lib/live-events';
import { useMarkNotificationsSeen } from '../api/mark-notifications-seen';
import { useNotifications, type NotificationItem } from '../api/get-notifications';
import { panelOrder, unseenCount } from '../panel-order';
import './notifications.css';

/** Where a notification leads: the request's details for the viewer's role (built in `app/`). */
export type NotificationLinkBuilder = (notification: NotificationItem) => string;

function useNotificationText(): (n: NotificationItem) => string {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  return (n) => {
    const values = {
      name: [n.firstName, n.lastName].filter(Boolean).join(' '),
      identifier: n.identifier,
      status: statusLabel(n.status),
    };
    const known = ['newRequest', 'statusChanged', 'cancelled', 'reminder'];
    return known.includes(n.notificationType)
      ? t(`requests.notifications.types.${n.notificationType}`, values)
      : t('requests.notifications.types.other', values);
  };
}

/**
 * The Notifications panel (spec 01 §2, §4): per request only the newest unseen one, newest first,
 * then the seen ones. A click marks the request's notifications seen and opens the request.
 * New ones arrive over the live event stream without a reload.
 */
export function NotificationsPanel({
  linkFor,
  headingLevel = 2,
}: {
  linkFor: NotificationLinkBuilder;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useNotifications();
  const markSeen = useMarkNotificationsSeen();
  const live = useLiveStatus();
  const text = useNotificationText();
  const items = panelOrder(query.data ?? []);
  const unseen = unseenCount(query.data ?? []);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const open = (n: NotificationItem): void => {
    const go = (): void => void navigate(linkFor(n));
    if (n.seen) {
      go();
      return;
    }
    // The list changes once the server confirms (spec 01 §4); the request opens either way.
    markSeen.mutate(n.progressId, { onSettled: go });
  };

  return (
    <section className="notifications" aria-labelledby="notifications-title">
      <div className="notifications__head">
        <Heading id="notifications-title" className="notifications__title">
          {t('requests.notifications.title')}
          {unseen > 0 ? (
            <span className="notifications__badge">
              <span aria-hidden="true">{unseen}</span>
              <span className="visually-hidden">
                {t('requests.notifications.unread', { count: unseen })}
              </span>
            </span>
          ) : null}
        </Heading>
        <span
          className={live ? 'notifications__live' : 'notifications__live notifications__live--off'}
        >
          {live ? t('requests.notifications.live') : t('requests.notifications.offline')}
        </span>
      </div>
      {query.isPending ? <Spinner label={t('requests.notifications.loading')} /> : null}
      {query.isError ? (
        <p className="notifications__empty" role="alert">
          {t('requests.notifications.error')}
        </p>
      ) : null}
      {query.isSuccess && items.length === 0 ? (
        <p className="notifications__empty">{t('requests.notifications.empty')}</p>
      ) : null}
      <ul className="notifications__list" aria-live="polite">
        {items.map((n) => (
          <li key={n._id}>
            <button
              type="button"
              className={n.seen ? 'notification' : 'notification notification--new'}
              onClick={() => open(n)}
              data-testid="notification"
            >
              <span className="notification__top">
                <span className="notification__identifier">{n.identifier}</span>
                {!n.seen ? (
                  <span className="notification__new">{t('requests.notifications.new')}</span>
                ) : null}
                <span className="notification__date">{formatDayMonthYear(n.timestamp)}</span>
              </span>
              <span className="notification__text">{text(n)}</span>
              <span className="notification__trial">{n.trialName}</span>
              <StatusBadge status={n.status} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
