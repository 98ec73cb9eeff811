import { MouseEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { REQUEST_STATUSES, StatusBadge, useStatusLabel } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { conditionLabel } from '@/i18n/conditions';
import { formatDayMonthYear } from '@/lib/dates';
import { useTrialRequests, type TrialRequestItem } from '../api/get-trial-requests';
import { filterRequests, newestFirst } from '../filter';
import './trial-requests.css';

/** Builds the details link of a request (composed in `app/`, where the search feature is). */
export type RequestLinkBuilder = (request: TrialRequestItem) => string;

/** The spec's filter choices: All, then the statuses (Wait List is not offered, spec 01 §2). */
const FILTER_STATUSES = REQUEST_STATUSES.filter((s) => s !== 'waitlist');

/** Spec 01 §2: a request opens its details in a new tab. */
function openInNewTab(href: string): void {
  window.open(href, '_blank', 'noopener');
}

function useConditionText(): (key: string) => string {
  const { t } = useTranslation();
  return (key) => conditionLabel(t, key);
}

function ListState({
  query,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return <Spinner label={t('requests.list.loading')} />;
  }
  if (query.isError) {
    return (
      <div className="requests-state" role="alert">
        <p>{t('requests.list.error')}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          {t('requests.list.retry')}
        </button>
      </div>
    );
  }
  return null;
}

/** No requests yet: spec 01 §2's empty state with 'Start Searching'. */
export function RequestsEmptyState() {
  const { t } = useTranslation();
  return (
    <div className="requests-empty">
      <svg
        viewBox="0 0 48 48"
        aria-hidden="true"
        focusable="false"
        className="requests-empty__icon"
      >
        <rect x="10" y="7" width="28" height="34" rx="4" />
        <path d="M18 7h12v6H18zM17 22h14M17 29h9" />
      </svg>
      <h2 className="requests-empty__title">{t('requests.list.emptyTitle')}</h2>
      <p className="requests-empty__text">{t('requests.list.emptyText')}</p>
      <Link className="button button--primary" to={paths.home}>
        {t('requests.list.startSearching')}
      </Link>
    </div>
  );
}

/** Home (desktop): Identifier, Condition, Trial Name, Status, Last Activity; newest first. */
export function TrialRequestsTable({ linkFor }: { linkFor: RequestLinkBuilder }) {
  const { t } = useTranslation();
  const query = useTrialRequests();
  const condition = useConditionText();
  const rows = useMemo(() => newestFirst(query.data ?? []), [query.data]);
  const titleId = useId();

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, href: string): void => {
    // The link in the row opens the tab itself.
    if ((event.target as HTMLElement).closest('a')) {
      return;
    }
    openInNewTab(href);
  };

  return (
    <section className="panel requests-table" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {t('requests.list.title')}
      </h2>
      <ListState query={query} />
      {query.isSuccess && rows.length === 0 ? <RequestsEmptyState /> : null}
      {rows.length > 0 ? (
        <div className="requests-table__scroll">
          <table className="requests-table__table">
            <thead>
              <tr>
                <th scope="col">{t('requests.list.identifier')}</th>
                <th scope="col">{t('requests.list.condition')}</th>
                <th scope="col">{t('requests.list.trialName')}</th>
                <th scope="col">{t('requests.list.status')}</th>
                <th scope="col">{t('requests.list.lastActivity')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((request) => {
                const href = linkFor(request);
                return (
                  <tr
                    key={request._id}
                    className="requests-table__row"
                    onClick={(event) => onRowClick(event, href)}
                  >
                    <th scope="row">
                      <a href={href} target="_blank" rel="noopener noreferrer">
                        {request.identifier}
                        <span className="visually-hidden"> {t('requests.list.newTab')}</span>
                      </a>
                    </th>
                    <td>{condition(request.condition)}</td>
                    <td className="requests-table__trial">{request.trialName}</td>
                    <td>
                      <StatusBadge status={request.status} />
                    </td>
                    <td>{formatDayMonthYear(request.timestamp)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/**
 * /trialrequestsmobile (spec 01 §2 Trial Requests): cards newest first, a search by identifier
 * or trial name, 'Filter by Status', and the empty state.
 */
export function TrialRequestsMobileScreen({
  linkFor,
  onOpen,
}: {
  linkFor: RequestLinkBuilder;
  /** Marks the request as the current one (spec 01 §2). */
  onOpen?: (request: TrialRequestItem) => void;
}) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const condition = useConditionText();
  const query = useTrialRequests();
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const all = useMemo(() => newestFirst(query.data ?? []), [query.data]);
  const shown = filterRequests(all, text, status);
  const searchId = useId();
  const filterId = useId();

  return (
    <section className="requests-mobile" aria-labelledby="requests-mobile-title">
      <h1 id="requests-mobile-title" className="requests-mobile__title">
        {t('requests.list.title')}
      </h1>
      <ListState query={query} />
      {query.isSuccess && all.length === 0 ? <RequestsEmptyState /> : null}
      {all.length > 0 ? (
        <>
          <div className="requests-mobile__tools">
            <label className="visually-hidden" htmlFor={searchId}>
              {t('requests.list.search')}
            </label>
            <input
              id={searchId}
              type="search"
              className="field__input requests-mobile__search"
              placeholder={t('requests.list.search')}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <label className="requests-mobile__filter-label" htmlFor={filterId}>
              {t('requests.list.filter')}
            </label>
            <select
              id={filterId}
              className="field__input field__select requests-mobile__filter"
              value={status}
              onChange={(event) => setStatus(event.target.value)}
            >
              <option value="">{t('requests.list.all')}</option>
              {FILTER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
            </select>
          </div>
          <p className="requests-mobile__count" aria-live="polite">
            {t('requests.list.count', { count: shown.length })}
          </p>
          {shown.length === 0 ? (
            <p className="requests-mobile__none">{t('requests.list.noMatch')}</p>
          ) : (
            <ul className="requests-mobile__list">
              {shown.map((request) => (
                <li key={request._id}>
                  <a
                    className="request-card"
                    href={linkFor(request)}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={() => onOpen?.(request)}
                  >
                    <span className="request-card__head">
                      <span className="request-card__identifier">{request.identifier}</span>
                      <StatusBadge status={request.status} />
                    </span>
                    <span className="request-card__condition">{condition(request.condition)}</span>
                    <span className="request-card__trial">{request.trialName}</span>
                    <span className="request-card__date">
                      {t('requests.list.created')}: {formatDayMonthYear(request.createdAt)}
                      <span className="visually-hidden"> {t('requests.list.newTab')}</span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
