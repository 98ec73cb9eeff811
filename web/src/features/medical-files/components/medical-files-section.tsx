import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useModal } from '@/components/ui/modal-store';
import { Spinner } from '@/components/ui/spinner';
import { deleteFileVariables, useDeleteFile } from '../api/delete-file';
import { saveAllFiles, saveFile } from '../api/download-file';
import { useRequestFiles, type MedicalFile } from '../api/list-files';
import { fileDate, sizeInKb } from '../file-rules';
import { UPLOAD_FILES_MODAL } from '../modal-types';
import './medical-files.css';

/**
 * The Medical Files section of the Patient Information panel (spec 01 §2) for the requesting
 * HCP and clinops of the site: name, size in KB rounded up and the en-GB long date of each file;
 * download one, download all as a zip, delete; the Upload Files modal.
 */
export function MedicalFilesSection({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const files = useRequestFiles(requestId);
  const remove = useDeleteFile(requestId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, action: () => Promise<unknown>, failure: string) => {
    setError(null);
    setBusy(key);
    try {
      await action();
    } catch {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  const download = (file: MedicalFile) =>
    run(
      `download:${file.id}`,
      () => saveFile(requestId, file.id, file.name),
      t('files.errors.download'),
    );
  const downloadAll = () =>
    run('downloadAll', () => saveAllFiles(requestId), t('files.errors.download'));
  const del = (file: MedicalFile) =>
    run(
      `delete:${file.id}`,
      () => remove.mutateAsync(deleteFileVariables(requestId, file.id)),
      t('files.errors.delete'),
    );

  return (
    <div className="medical-files" data-testid="medical-files">
      <div className="medical-files__toolbar">
        <button
          type="button"
          className="button button--primary"
          onClick={() => openModal(UPLOAD_FILES_MODAL, { requestId })}
        >
          {t('files.actions.upload')}
        </button>
        {files.data && files.data.length > 0 ? (
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            onClick={() => void downloadAll()}
          >
            {t('files.actions.downloadAll')}
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="medical-files__error" role="alert">
          {error}
        </p>
      ) : null}
      {files.isPending ? (
        <Spinner label={t('files.loading')} />
      ) : files.isError ? (
        <p className="medical-files__error" role="alert">
          {t('files.errors.list')}
        </p>
      ) : files.data.length === 0 ? (
        <p className="medical-files__empty">{t('files.empty')}</p>
      ) : (
        <ul className="medical-files__list" aria-label={t('files.listLabel')}>
          {files.data.map((file) => (
            <li key={file.id} className="medical-files__item">
              <span className="medical-files__name">{file.name}</span>
              <span className="medical-files__meta">
                {t('files.size', { kb: sizeInKb(file.size) })} · {fileDate(file.timestamp)}
              </span>
              <button
                type="button"
                className="button button--small"
                disabled={busy !== null}
                aria-label={t('files.actions.downloadNamed', { name: file.name })}
                onClick={() => void download(file)}
              >
                {t('files.actions.download')}
              </button>
              <button
                type="button"
                className="button button--small"
                disabled={busy !== null}
                aria-label={t('files.actions.deleteNamed', { name: file.name })}
                onClick={() => void del(file)}
              >
                {t('files.actions.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
