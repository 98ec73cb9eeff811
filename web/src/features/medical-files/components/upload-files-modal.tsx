import { useQueryClient } from '@tanstack/react-query';
import { DragEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { ModalContentProps } from '@/components/ui/modal-types';
import type { MedicalFileResponseDto } from '@/api/types.gen';
import { deleteFile } from '@/api/sdk.gen';
import { waitErrorKey } from '@/lib/api-errors';
import { useAppConfig } from '@/lib/app-config';
import { filesQueryKey } from '../api/list-files';
import { UploadError, uploadFile, type UploadHandle } from '../api/upload-file';
import { ACCEPT_ATTRIBUTE, megabytes, selectionProblem, sizeInKb } from '../file-rules';
import './medical-files.css';

/** Spec 01 §4: the states of one file in the modal. */
export type UploadState = 'pending' | 'uploading' | 'success' | 'error' | 'deleting';

interface Item {
  key: number;
  file: File;
  state: UploadState;
  progress: number;
  /** The stored file, once uploaded. */
  stored?: MedicalFileResponseDto;
  /** What went wrong, shown under the item. */
  error?: string;
}

type Action =
  | { type: 'add'; files: File[]; firstKey: number }
  | { type: 'start'; key: number }
  | { type: 'progress'; key: number; progress: number }
  | { type: 'uploaded'; key: number; stored: MedicalFileResponseDto }
  | { type: 'failed'; key: number; error: string }
  | { type: 'deleting'; key: number }
  | { type: 'deleteFailed'; key: number; error: string }
  | { type: 'remove'; key: number };

function reducer(items: Item[], action: Action): Item[] {
  const update = (key: number, change: Partial<Item>): Item[] =>
    items.map((item) => (item.key === key ? { ...item, ...change } : item));
  switch (action.type) {
    case 'add':
      return [
        ...items,
        ...action.files.map((file, i) => ({
          key: action.firstKey + i,
          file,
          state: 'pending' as const,
          progress: 0,
        })),
      ];
    case 'start':
      return update(action.key, { state: 'uploading', progress: 0 });
    case 'progress':
      return update(action.key, { progress: action.progress });
    case 'uploaded':
      return update(action.key, { state: 'success', progress: 1, stored: action.stored });
    case 'failed':
      return update(action.key, { state: 'error', error: action.error });
    case 'deleting':
      // Only an uploaded file can be deleted (spec 01 §4).
      return items.map((item) =>
        item.key === action.key && item.state === 'success'
          ? { ...item, state: 'deleting', error: undefined }
          : item,
      );
    case 'deleteFailed':
      return update(action.key, { state: 'success', error: action.error });
    case 'remove':
      return items.filter((item) => item.key !== action.key);
  }
}

export interface UploadFilesModalProps {
  requestId: string;
}

/**
 * The Upload Files modal (spec 01 §2, §4, §5): drop files or pick them; each is checked with the
 * others against the limits of /api/config, then uploaded one after the other with its own
 * progress bar. An uploaded file can be deleted again from here; Cancel and Done close it.
 */
export function UploadFilesModal({
  requestId,
  titleId,
  onClose,
}: UploadFilesModalProps & ModalContentProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, dispatch] = useReducer(reducer, []);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(1);
  const current = useRef<{ key: number; handle: UploadHandle } | null>(null);

  const limits = config.files;

  const add = (files: File[]): void => {
    const kept = items.filter((i) => i.state !== 'error').map((i) => i.file);
    const found = selectionProblem(files, kept, limits);
    if (found !== null) {
      setProblem(
        found === 'required'
          ? t('files.errors.required')
          : found === 'tooManyFiles'
            ? t('files.errors.tooManyFiles', { count: limits.maxFiles })
            : t('files.errors.tooLarge', { size: megabytes(limits.maxUploadBytes) }),
      );
      return;
    }
    setProblem(null);
    dispatch({ type: 'add', files, firstKey: nextKey.current });
    nextKey.current += files.length;
  };

  // One upload at a time, in the order the files were added.
  const uploading = items.some((i) => i.state === 'uploading');
  const next = items.find((i) => i.state === 'pending');
  useEffect(() => {
    if (uploading || !next) {
      return;
    }
    const key = next.key;
    dispatch({ type: 'start', key });
    const handle = uploadFile(requestId, next.file, (progress) =>
      dispatch({ type: 'progress', key, progress }),
    );
    current.current = { key, handle };
    handle.done.then(
      ([stored]) => {
        dispatch({ type: 'uploaded', key, stored });
        void queryClient.invalidateQueries({ queryKey: filesQueryKey(requestId) });
      },
      (error: unknown) => {
        if (error instanceof UploadError && error.message === 'aborted') {
          return;
        }
        const wait = error instanceof UploadError ? waitErrorKey(null, error.status) : null;
        const serverMessage = wait
          ? t(wait)
          : error instanceof UploadError && error.status >= 400 && error.status < 500
            ? error.message
            : '';
        dispatch({
          type: 'failed',
          key,
          error: serverMessage || t('files.errors.upload'),
        });
      },
    );
  }, [uploading, next, requestId, queryClient, t]);

  // Closing the modal stops what is still being sent.
  useEffect(() => () => current.current?.handle.abort(), []);

  const remove = async (item: Item): Promise<void> => {
    if (item.state !== 'success' || !item.stored) {
      return;
    }
    dispatch({ type: 'deleting', key: item.key });
    try {
      await deleteFile({ path: { requestId, fileId: item.stored.id }, throwOnError: true });
      dispatch({ type: 'remove', key: item.key });
      void queryClient.invalidateQueries({ queryKey: filesQueryKey(requestId) });
    } catch {
      dispatch({ type: 'deleteFailed', key: item.key, error: t('files.errors.delete') });
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>): void => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };

  const done = (): void => {
    if (items.length === 0) {
      setProblem(t('files.errors.required'));
      return;
    }
    onClose();
  };

  const statusText = (item: Item): string => {
    switch (item.state) {
      case 'pending':
        return t('files.status.pending');
      case 'uploading':
        return t('files.status.uploading', { percent: Math.round(item.progress * 100) });
      case 'success':
        return t('files.status.success');
      case 'error':
        return t('files.status.failed');
      case 'deleting':
        return t('files.status.deleting');
    }
  };

  return (
    <div className="upload-files">
      <h2 id={titleId} className="upload-files__title">
        {t('files.upload.title')}
      </h2>
      <p className="upload-files__subtitle">{t('files.upload.subtitle')}</p>

      <div
        className={
          dragging ? 'upload-files__zone upload-files__zone--active' : 'upload-files__zone'
        }
        data-testid="upload-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{t('files.upload.drop')}</p>
        <label htmlFor={inputId} className="button">
          {t('files.upload.browse')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="upload-files__input"
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          aria-label={t('files.upload.browse')}
          onChange={(event) => {
            add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <p className="upload-files__hint">
          {t('files.upload.hint', {
            count: limits.maxFiles,
            size: megabytes(limits.maxUploadBytes),
          })}
        </p>
      </div>

      {problem ? (
        <p className="upload-files__problem" role="alert">
          {problem}
        </p>
      ) : null}

      {items.length > 0 ? (
        <ul className="upload-files__items" aria-label={t('files.upload.listLabel')}>
          {items.map((item) => (
            <li
              key={item.key}
              className={`upload-files__item upload-files__item--${item.state}`}
              data-state={item.state}
            >
              <div className="upload-files__row">
                <span className="upload-files__name">{item.file.name}</span>
                <span className="upload-files__size">
                  {t('files.size', { kb: sizeInKb(item.file.size) })}
                </span>
                <span className="upload-files__status">{statusText(item)}</span>
                {item.state === 'success' ? (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => void remove(item)}
                    aria-label={t('files.actions.deleteNamed', { name: item.file.name })}
                  >
                    {t('files.actions.delete')}
                  </button>
                ) : null}
              </div>
              <progress
                className="upload-files__progress"
                max={100}
                value={Math.round(item.progress * 100)}
                aria-label={t('files.upload.progress', { name: item.file.name })}
              />
              {item.error ? (
                <p className="upload-files__error" role="alert">
                  {item.state === 'error' ? `${t('files.status.error')}: ` : ''}
                  {item.error}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      <div className="upload-files__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('files.upload.cancel')}
        </button>
        <button type="button" className="button button--primary" onClick={done}>
          {t('files.upload.done')}
        </button>
      </div>
    </div>
  );
}
