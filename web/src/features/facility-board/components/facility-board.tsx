import {
  DndContext,
  DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
} from '@dnd-kit/core';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatBoardDate } from '@/lib/dates';
import { useClickedMessage } from '@/lib/board-channel';
import { useFacilityBoard, type BoardCard } from '../api/get-facility-board';
import { useMoveBoardCard } from '../api/move-board-card';
import {
  BOARD_COLUMNS,
  BoardColumn,
  cardTitle,
  columnsOf,
  conditionWithSpaces,
  placeCards,
} from '../board';
import './facility-board.css';

/** The board's own details window: /details/clinops/{trialId}?id={requestId}. */
export function clinopsDetailsHref(card: BoardCard): string {
  return `${paths.detailsClinops(card.trial.trial_id)}?id=${encodeURIComponent(card.progressId)}`;
}

interface PendingDecision {
  card: BoardCard;
  from: BoardColumn;
}

function useColumnLabel(): (column: BoardColumn) => string {
  const { t } = useTranslation();
  return (column) => t(`requests.board.columns.${column}`);
}

function DecisionChoice({
  card,
  onChoose,
  onCancel,
}: {
  card: BoardCard;
  onChoose: (approved: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="board-card__decision" role="group" aria-labelledby={id}>
      <p id={id} className="board-card__decision-title">
        {t('requests.board.decide', { identifier: card.identifier })}
      </p>
      <div className="board-card__decision-buttons">
        <button
          type="button"
          className="button board-card__approve"
          autoFocus
          onClick={() => onChoose(true)}
        >
          {t('requests.board.approve')}
        </button>
        <button type="button" className="button board-card__reject" onClick={() => onChoose(false)}>
          {t('requests.board.reject')}
        </button>
        <button type="button" className="link-button" onClick={onCancel}>
          {t('requests.board.cancelMove')}
        </button>
      </div>
    </div>
  );
}

function MoveMenu({
  card,
  from,
  onMove,
}: {
  card: BoardCard;
  from: BoardColumn;
  onMove: (to: BoardColumn) => void;
}) {
  const { t } = useTranslation();
  const label = useColumnLabel();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const targets = BOARD_COLUMNS.filter((c) => c !== from && !columnsOf(card).includes(c));
  if (targets.length === 0) {
    return null;
  }
  return (
    <div className="board-card__move">
      <button
        type="button"
        className="board-card__move-button"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('requests.board.moveMenu', { identifier: card.identifier })}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
      >
        {t('requests.board.move')}
      </button>
      {open ? (
        <ul id={menuId} className="board-card__targets">
          {targets.map((to) => (
            <li key={to}>
              <button
                type="button"
                className="board-card__target"
                onClick={() => {
                  setOpen(false);
                  onMove(to);
                }}
              >
                {t('requests.board.moveTo', { column: label(to) })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Card({
  card,
  column,
  deciding,
  onMove,
  onDecide,
  onCancelDecision,
}: {
  card: BoardCard;
  column: BoardColumn;
  deciding: boolean;
  onMove: (card: BoardCard, from: BoardColumn, to: BoardColumn) => void;
  onDecide: (approved: boolean) => void;
  onCancelDecision: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `${column}|${card._id}`,
    data: { card, column },
  });
  const style = transform
    ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` }
    : undefined;
  const decided = card.decision_made && card.approved !== null;
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={isDragging ? 'board-card board-card--dragging' : 'board-card'}
      data-testid={`card-${card.identifier}`}
    >
      <div className="board-card__top">
        {decided ? (
          <span
            className={
              card.approved
                ? 'board-card__label board-card__label--approved'
                : 'board-card__label board-card__label--rejected'
            }
          >
            {card.approved ? t('requests.board.approved') : t('requests.board.notApproved')}
          </span>
        ) : (
          <span />
        )}
        <button
          type="button"
          className="board-card__handle"
          aria-label={t('requests.board.drag', { identifier: card.identifier })}
          {...attributes}
          {...listeners}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <circle cx="5" cy="3" r="1.4" />
            <circle cx="11" cy="3" r="1.4" />
            <circle cx="5" cy="8" r="1.4" />
            <circle cx="11" cy="8" r="1.4" />
            <circle cx="5" cy="13" r="1.4" />
            <circle cx="11" cy="13" r="1.4" />
          </svg>
        </button>
      </div>
      <a
        className="board-card__title"
        href={clinopsDetailsHref(card)}
        target="_blank"
        rel="noopener"
        title={card.trial.trial_name}
      >
        {cardTitle(card.trial.trial_name)}
        <span className="visually-hidden">
          {' '}
          {t('requests.board.open', { identifier: card.identifier })}
        </span>
      </a>
      <dl className="board-card__facts">
        <div>
          <dt>{t('requests.board.nctId')}</dt>
          <dd>{card.trial.trial_id}</dd>
        </div>
        <div>
          <dt>{t('requests.board.condition')}</dt>
          <dd className="board-card__condition">{conditionWithSpaces(card.condition)}</dd>
        </div>
        <div>
          <dt>{t('requests.board.identifier')}</dt>
          <dd className="board-card__identifier">{card.identifier}</dd>
        </div>
        <div>
          <dt>{t('requests.board.dateUpdated')}</dt>
          <dd>{formatBoardDate(card.timestamp)}</dd>
        </div>
      </dl>
      {deciding ? (
        <DecisionChoice card={card} onChoose={onDecide} onCancel={onCancelDecision} />
      ) : (
        <MoveMenu card={card} from={column} onMove={(to) => onMove(card, column, to)} />
      )}
    </li>
  );
}

function Column({
  column,
  cards,
  children,
}: {
  column: BoardColumn;
  cards: BoardCard[];
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const label = useColumnLabel();
  const { setNodeRef, isOver } = useDroppable({ id: column, data: { column } });
  const titleId = useId();
  return (
    <section
      ref={setNodeRef}
      className={isOver ? `board-column board-column--over` : 'board-column'}
      aria-labelledby={titleId}
      data-column={column}
    >
      <h2 id={titleId} className={`board-column__title board-column__title--${column}`}>
        {label(column)} <span className="board-column__count">{cards.length}</span>
      </h2>
      {cards.length === 0 ? (
        <p className="board-column__empty">{t('requests.board.emptyColumn')}</p>
      ) : null}
      <ul className="board-column__cards">{children}</ul>
    </section>
  );
}

/**
 * /clinops/dashboard (spec 01 §2 Facility board): four columns of request cards for the user's
 * facilities. Moves are saved (drag and drop, the drag handle with the keyboard, or the Move
 * menu); moving to Decision Made asks for the decision. Reloads on 'Clicked' and on live events.
 */
export function FacilityBoard() {
  const { t } = useTranslation();
  const label = useColumnLabel();
  const board = useFacilityBoard();
  const move = useMoveBoardCard();
  const [deciding, setDeciding] = useState<PendingDecision | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [saveError, setSaveError] = useState(false);
  const { refetch } = board;
  useClickedMessage(useCallback(() => void refetch(), [refetch]));
  const placed = useMemo(() => placeCards(board.data ?? []), [board.data]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );

  const save = (card: BoardCard, from: BoardColumn, to: BoardColumn, approved?: boolean): void => {
    setSaveError(false);
    move.mutate(
      { card, from, to, approved },
      {
        onSuccess: () =>
          setAnnouncement(
            t('requests.board.moved', { identifier: card.identifier, column: label(to) }),
          ),
        onError: () => setSaveError(true),
      },
    );
  };

  const requestMove = (card: BoardCard, from: BoardColumn, to: BoardColumn): void => {
    if (from === to || columnsOf(card).includes(to)) {
      return;
    }
    if (to === 'decisionMade') {
      setDeciding({ card, from });
      return;
    }
    save(card, from, to);
  };

  const onDragEnd = ({ active, over }: DragEndEvent): void => {
    const data = active.data.current as { card: BoardCard; column: BoardColumn } | undefined;
    const to = over?.data.current as { column: BoardColumn } | undefined;
    if (data && to) {
      requestMove(data.card, data.column, to.column);
    }
  };

  const identifierOf = (id: string | number): string => {
    const cardId = String(id).split('|')[1];
    return board.data?.find((c) => c._id === cardId)?.identifier ?? '';
  };
  const columnOf = (id: string | number | undefined): string =>
    id && (BOARD_COLUMNS as readonly string[]).includes(String(id))
      ? label(String(id) as BoardColumn)
      : '';
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('requests.board.dragStart', { identifier: identifierOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('requests.board.dragOver', {
            identifier: identifierOf(active.id),
            column: columnOf(over.id),
          })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('requests.board.dragOver', {
            identifier: identifierOf(active.id),
            column: columnOf(over.id),
          })
        : undefined,
    onDragCancel: ({ active }) =>
      t('requests.board.dragCancel', { identifier: identifierOf(active.id) }),
  };

  return (
    <div className="facility-board">
      <header className="facility-board__header">
        <h1 className="facility-board__title">{t('requests.board.title')}</h1>
        <p className="facility-board__lead">{t('requests.board.lead')}</p>
      </header>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {saveError ? (
        <p className="facility-board__error" role="alert">
          {t('requests.board.saveError')}
        </p>
      ) : null}
      {board.isPending ? <Spinner label={t('requests.board.loading')} /> : null}
      {board.isError ? (
        <div className="facility-board__error" role="alert">
          <p>{t('requests.board.error')}</p>
          <button type="button" className="button" onClick={() => void refetch()}>
            {t('requests.list.retry')}
          </button>
        </div>
      ) : null}
      {board.isSuccess && board.data.length === 0 ? (
        <p className="facility-board__empty">{t('requests.board.empty')}</p>
      ) : null}
      {board.isSuccess ? (
        <DndContext
          sensors={sensors}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t('requests.board.dragInstructions') },
          }}
        >
          <div className="facility-board__columns">
            {BOARD_COLUMNS.map((column) => (
              <Column key={column} column={column} cards={placed[column]}>
                {placed[column].map((card) => (
                  <Card
                    key={card._id}
                    card={card}
                    column={column}
                    deciding={
                      deciding !== null &&
                      deciding.card._id === card._id &&
                      deciding.from === column
                    }
                    onMove={requestMove}
                    onDecide={(approved) => {
                      setDeciding(null);
                      save(card, column, 'decisionMade', approved);
                    }}
                    onCancelDecision={() => setDeciding(null)}
                  />
                ))}
              </Column>
            ))}
          </div>
        </DndContext>
      ) : null}
    </div>
  );
}
