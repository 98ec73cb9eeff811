import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { CloseButton } from '@/components/ui/close-button';
import { useModal } from '@/components/ui/modal-store';
import type { ModalContentProps } from '@/components/ui/modal-types';
import { REQUEST_STATUSES, StatusBadge, useStatusLabel } from '@/components/ui/status-badge';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextAreaField } from '@/components/ui/textarea-field';
import { paths } from '@/config/paths';
import { schemaResolver } from '@/lib/form-schema';
import { hasLoginFlag } from '@/lib/storage';
import { useCancelTrialRequest, useUpdateTrialRequestStatus } from '../api/change-trial-request';
import { cancelSchema, NOTE_MAX, NoteValues, updateStatusSchema } from '../schemas';
import './trial-requests.css';

/** What clinops may choose (spec 01 §4): any of these from any other. */
export const CLINOPS_STATUSES = REQUEST_STATUSES.filter(
  (s) => s !== 'newRequest' && s !== 'cancelled',
);

/** Spec 01 §5: both modal actions need the login marker, else the user goes to /login. */
function useRequireLogin(onClose: () => void): () => boolean {
  const navigate = useNavigate();
  return () => {
    if (hasLoginFlag()) {
      return true;
    }
    onClose();
    void navigate(paths.login);
    return false;
  };
}

function useErrorPopup() {
  const { t } = useTranslation();
  const { openModal } = useModal();
  return () =>
    openModal('popup', {
      title: t('requests.update.errorTitle'),
      text: t('requests.update.errorText'),
      primaryLabel: t('requests.contact.ok'),
    });
}

export interface CancelRequestModalProps {
  requestId: string;
  identifier: string;
}

/** Cancel trial request (HCP): an explanation is required, at most 500 characters. */
export function CancelRequestModal({
  requestId,
  identifier,
  titleId,
  onClose,
}: CancelRequestModalProps & ModalContentProps) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const statusLabel = useStatusLabel();
  const cancel = useCancelTrialRequest();
  const requireLogin = useRequireLogin(onClose);
  const showError = useErrorPopup();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<NoteValues>({ resolver: schemaResolver(cancelSchema), defaultValues: { note: '' } });
  const note = useWatch({ control, name: 'note' });

  const onSubmit = handleSubmit(async ({ note: text }) => {
    if (!requireLogin()) {
      return;
    }
    try {
      await cancel.mutateAsync({ requestId, note: text.trim() });
      openModal('popup', {
        title: t('requests.update.changedTitle', { status: statusLabel('cancelled') }),
        text: t('requests.update.changedText'),
        primaryLabel: t('requests.contact.ok'),
      });
    } catch {
      showError();
    }
  });

  return (
    <div className="request-modal">
      <CloseButton onClose={onClose} />
      <h2 id={titleId} className="request-modal__title">
        {t('requests.cancel.title')}
      </h2>
      <p className="request-modal__trial">{identifier}</p>
      <p className="request-modal__text">{t('requests.cancel.text')}</p>
      <form className="request-modal__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextAreaField
          label={t('requests.cancel.label')}
          placeholder={t('requests.cancel.placeholder')}
          counter={t('requests.cancel.counter', { count: Array.from(note).length, max: NOTE_MAX })}
          error={errors.note?.message}
          data-autofocus
          {...register('note')}
        />
        <div className="request-modal__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('requests.cancel.keep')}
          </button>
          <SubmitButton busy={cancel.isPending} className="button--danger">
            {t('requests.cancel.submit')}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}

export interface UpdateStatusModalProps {
  requestId: string;
  identifier: string;
  status: string;
}

/**
 * Update trial request status (clinops): one of five statuses, starting with the current one,
 * and a note to the referring physician (required, at most 500 characters).
 */
export function UpdateStatusModal({
  requestId,
  identifier,
  status,
  titleId,
  onClose,
}: UpdateStatusModalProps & ModalContentProps) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const statusLabel = useStatusLabel();
  const update = useUpdateTrialRequestStatus();
  const requireLogin = useRequireLogin(onClose);
  const showError = useErrorPopup();
  const [chosen, setChosen] = useState<string>(status);
  const [statusError, setStatusError] = useState(false);
  const allowed = (CLINOPS_STATUSES as readonly string[]).includes(chosen);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<NoteValues>({
    resolver: schemaResolver(updateStatusSchema),
    defaultValues: { note: '' },
  });
  const note = useWatch({ control, name: 'note' });

  const onSubmit = handleSubmit(async ({ note: text }) => {
    if (!allowed) {
      setStatusError(true);
      return;
    }
    if (!requireLogin()) {
      return;
    }
    try {
      await update.mutateAsync({ requestId, status: chosen, note: text.trim() });
      openModal('popup', {
        title: t('requests.update.changedTitle', { status: statusLabel(chosen) }),
        text: t('requests.update.changedText'),
        primaryLabel: t('requests.contact.ok'),
      });
    } catch {
      showError();
    }
  });

  return (
    <div className="request-modal">
      <CloseButton onClose={onClose} />
      <h2 id={titleId} className="request-modal__title">
        {t('requests.update.title')}
      </h2>
      <p className="request-modal__trial">
        {identifier} <StatusBadge status={status} />
      </p>
      <form className="request-modal__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <fieldset className="status-choice">
          <legend className="field__label">{t('requests.update.statusLegend')}</legend>
          <div className="status-choice__options">
            {CLINOPS_STATUSES.map((option) => (
              <button
                key={option}
                type="button"
                className={
                  option === chosen
                    ? 'status-choice__option status-choice__option--chosen'
                    : 'status-choice__option'
                }
                aria-pressed={option === chosen}
                onClick={() => {
                  setChosen(option);
                  setStatusError(false);
                }}
              >
                <StatusBadge status={option} />
              </button>
            ))}
          </div>
          {statusError ? (
            <p className="field__error" role="alert">
              {t('requests.update.statusRequired')}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          label={t('requests.update.label')}
          counter={t('requests.cancel.counter', { count: Array.from(note).length, max: NOTE_MAX })}
          error={errors.note?.message}
          data-autofocus
          {...register('note')}
        />
        <div className="request-modal__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('requests.contact.cancel')}
          </button>
          <SubmitButton busy={update.isPending}>{t('requests.update.submit')}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
