import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { useModal } from '@/components/ui/modal-store';
import { paths } from '@/config/paths';
import {
  getForm,
  hasPatientAnswers,
  isAnswered,
  PATIENT_CLEARED_EVENT,
  startNewPatient,
  usePatientForm,
} from './store';

export type DiscardReason = 'newPatient' | 'condition';

/**
 * Asks before the current patient's answers are discarded (a new patient, another condition);
 * runs `onConfirm` at once when there is nothing to lose.
 */
export function useConfirmDiscard(): (reason: DiscardReason, onConfirm: () => void) => void {
  const { t } = useTranslation();
  const { openModal, closeModal } = useModal();
  return useCallback(
    (reason, onConfirm) => {
      if (!hasPatientAnswers(getForm())) {
        onConfirm();
        return;
      }
      openModal('popup', {
        title: t('common.patient.discardTitle'),
        text: t(
          reason === 'condition' ? 'common.patient.discardCondition' : 'common.patient.discardNew',
        ),
        primaryLabel: t('common.patient.discard'),
        secondaryLabel: t('common.patient.keep'),
        onPrimary: () => {
          closeModal();
          onConfirm();
        },
      });
    },
    [t, openModal, closeModal],
  );
}

/**
 * "New patient" (issue 15): clears every answer of the current patient, after asking when there
 * are some, and goes to home to choose the condition. The place searched from stays.
 */
export function NewPatientButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirmDiscard = useConfirmDiscard();
  const form = usePatientForm();
  if (!isAnswered(form.type_of_disease) && !hasPatientAnswers(form)) {
    return null;
  }
  return (
    <button
      type="button"
      className={`button new-patient ${className}`.trim()}
      onClick={() =>
        confirmDiscard('newPatient', () => {
          startNewPatient();
          void navigate(paths.home);
        })
      }
    >
      <svg className="button__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 5v14M5 12h14" />
      </svg>
      {t('common.patient.new')}
    </button>
  );
}

/** A number that changes each time the patient is cleared: a `key` that remounts a form. */
export function usePatientGeneration(): number {
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const onCleared = (): void => setGeneration((g) => g + 1);
    window.addEventListener(PATIENT_CLEARED_EVENT, onCleared);
    return () => window.removeEventListener(PATIENT_CLEARED_EVENT, onCleared);
  }, []);
  return generation;
}
