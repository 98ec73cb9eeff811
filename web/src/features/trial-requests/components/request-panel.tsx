import { useTranslation } from '@/i18n/use-translation';
import { useModal } from '@/components/ui/modal-store';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime, formatDayMonthYear } from '@/lib/dates';
import { useTrialRequest, type TrialRequestDetails } from '../api/get-trial-request';
import { CANCEL_REQUEST_MODAL, UPDATE_STATUS_MODAL } from '../modal-types';
import './trial-requests.css';

type HistoryEntry = TrialRequestDetails['history'][number];

function actorName(entry: HistoryEntry): string {
  return [entry.actor.firstName, entry.actor.lastName].filter(Boolean).join(' ');
}

/** The request's history as a timeline, newest last (who, when, from, to, note). */
export function RequestHistory({ history }: { history: HistoryEntry[] }) {
  const { t } = useTranslation();
  return (
    <section className="request-history" aria-labelledby="request-history-title">
      <h3 id="request-history-title" className="request-history__title">
        {t('requests.history.title')}
      </h3>
      {history.length === 0 ? (
        <p className="request-history__empty">{t('requests.history.empty')}</p>
      ) : (
        <ol className="timeline">
          {history.map((entry) => {
            const name = actorName(entry);
            return (
              <li key={entry._id} className={`timeline__item timeline__item--${entry.to}`}>
                <span className="timeline__dot" aria-hidden="true" />
                <div className="timeline__body">
                  <p className="timeline__head">
                    {entry.from === null ? (
                      <span className="timeline__what">{t('requests.history.created')}</span>
                    ) : null}
                    <StatusBadge status={entry.to} />
                  </p>
                  <p className="timeline__meta">
                    <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
                    {name ? <span> · {t('requests.history.by', { name })}</span> : null}
                  </p>
                  {entry.note ? <p className="timeline__note">{entry.note}</p> : null}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/**
 * The trial request a details screen was opened for (`requestID`, or `id` from the board):
 * its identifier, status, latest note and history, and the action of the viewer's role.
 */
export function RequestPanel({ requestId, role }: { requestId: string; role: 'hcp' | 'clinops' }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const query = useTrialRequest(requestId);

  if (query.isPending) {
    return (
      <section className="details-section request-panel">
        <Spinner label={t('requests.request.loading')} />
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="details-section request-panel" role="alert">
        <h2 className="details-section__title">{t('requests.request.title')}</h2>
        <p>{t('requests.request.notFound')}</p>
      </section>
    );
  }
  const request = query.data;
  const cancelled = request.status === 'cancelled';
  return (
    <section
      className="details-section request-panel"
      aria-labelledby="request-panel-title"
      data-testid="request-panel"
    >
      <h2 id="request-panel-title" className="details-section__title">
        {t('requests.request.title')}
      </h2>
      <dl className="request-panel__facts">
        <div>
          <dt>{t('requests.request.identifier')}</dt>
          <dd className="request-panel__identifier">{request.identifier}</dd>
        </div>
        <div>
          <dt>{t('requests.request.status')}</dt>
          <dd>
            <StatusBadge status={request.status} />
          </dd>
        </div>
        <div>
          <dt>{t('requests.request.site')}</dt>
          <dd>{request.selectedLocation.facility_name}</dd>
        </div>
        <div>
          <dt>{t('requests.request.created')}</dt>
          <dd>{formatDayMonthYear(request.createdAt)}</dd>
        </div>
      </dl>
      {cancelled ? <p className="request-panel__final">{t('requests.request.final')}</p> : null}
      {!cancelled && role === 'hcp' ? (
        <button
          type="button"
          className="button button--danger"
          onClick={() =>
            openModal(CANCEL_REQUEST_MODAL, {
              requestId: request._id,
              identifier: request.identifier,
            })
          }
        >
          {t('requests.request.cancel')}
        </button>
      ) : null}
      {!cancelled && role === 'clinops' ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() =>
            openModal(UPDATE_STATUS_MODAL, {
              requestId: request._id,
              identifier: request.identifier,
              status: request.status,
            })
          }
        >
          {t('requests.request.updateStatus')}
        </button>
      ) : null}
      <RequestHistory history={request.history} />
    </section>
  );
}
