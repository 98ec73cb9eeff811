import { ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { CloseButton } from '@/components/ui/close-button';
import { paths } from '@/config/paths';
import {
  dispatchForm,
  getForm,
  NewPatientButton,
  useConfirmDiscard,
  usePatientForm,
  type PatientForm,
} from '@/lib/patient-form';
import { conditionLabelKey } from '@/i18n/conditions';
import { fieldLabelKey } from '@/lib/patient-form/answer-labels';
import { useAppConfig } from '@/lib/app-config';
import { usePartner } from '@/lib/partner';
import { commitAnswers, prepareStoredForm } from '../answer';
import {
  isConditionKey,
  QUESTION_GROUPS,
  visibleQuestions,
  type ConditionKey,
  type QuestionGroup,
} from '../schema';
import { requestQuestionnaireSync } from '../sync';
import { type ClearedAnswers, nextUndoStep, sameValue } from '../undo-cleared';
import { QuestionField } from './question-field';
import './questionnaire.css';
import { collator as makeCollator } from '@/lib/intl';

export interface QuestionnaireScreenProps {
  /**
   * The Patient Information panel, composed in by the app (features do not import each other):
   * beside the questions on a wide screen, below them on a narrow one.
   */
  summary?: ReactNode;
}

/** The conditions the partner offers, by their label (spec 02 §1); the chosen one always. */
function useConditionOptions(current: ConditionKey): string[] {
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const partner = usePartner();
  return useMemo(() => {
    const allowed = partner.diseases_dropdown;
    const offered: string[] = config.conditions.filter(
      (key) => allowed === 'all' || allowed.includes(key),
    );
    if (!offered.includes(current)) {
      offered.push(current);
    }
    const collator = makeCollator(i18n.language, { sensitivity: 'base' });
    return offered
      .map((key) => ({ key, label: t(conditionLabelKey(key)) }))
      .sort((a, b) => collator.compare(a.label, b.label))
      .map(({ key }) => key);
  }, [config.conditions, partner.diseases_dropdown, current, t, i18n.language]);
}

/** /questionnaire#<field> (a link from the search's match reasons) goes to that question. */
function useFocusQuestionOfHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      return;
    }
    // After the layout's own scroll to the top on navigation.
    const timer = window.setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!target) {
        return;
      }
      target.scrollIntoView?.({ block: 'center' });
      const control = target.matches('input, select, textarea')
        ? target
        : target.querySelector<HTMLElement>('input, select, textarea');
      control?.focus({ preventScroll: true });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [hash]);
}

function GroupSection({
  group,
  form,
  conditionOptions,
  onAnswer,
  onCommit,
}: {
  group: QuestionGroup;
  form: PatientForm;
  conditionOptions: string[];
  onAnswer: (values: PatientForm, sync: boolean) => void;
  onCommit: () => void;
}) {
  const { t } = useTranslation();
  const questions = visibleQuestions(form, group);
  const headingId = `questionnaire-${group}`;
  return (
    <section className="questionnaire__group" aria-labelledby={headingId}>
      <h2 id={headingId} className="questionnaire__group-title">
        {t(`questionnaire.groups.${group}`)}
      </h2>
      {questions.length === 0 && group === 'treatments' ? (
        <p className="questionnaire__note">{t('questionnaire.newlyDiagnosedNote')}</p>
      ) : (
        questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            form={form}
            onAnswer={onAnswer}
            onCommit={onCommit}
            options={question.id === 'type_of_disease' ? conditionOptions : undefined}
          />
        ))
      )}
    </section>
  );
}

function Questionnaire({ condition, summary }: { condition: ConditionKey; summary?: ReactNode }) {
  const { t } = useTranslation();
  const form = usePatientForm();
  const navigate = useNavigate();
  const { userSource } = usePartner();
  const conditionOptions = useConditionOptions(condition);
  useFocusQuestionOfHash();

  // The condition may have been chosen on the home screen, which applies no cascades.
  useEffect(() => {
    prepareStoredForm();
  }, [condition]);

  const sync = useCallback(() => requestQuestionnaireSync({ userSource }), [userSource]);
  const confirmDiscard = useConfirmDiscard();
  // The answers the last change cleared, until another question is answered (undo-cleared.ts).
  const [kept, setKeptState] = useState<ClearedAnswers | null>(null);
  const keptRef = useRef<ClearedAnswers | null>(null);
  const setKept = useCallback((next: ClearedAnswers | null) => {
    keptRef.current = next;
    setKeptState(next);
  }, []);
  const restore = useCallback(
    (cleared: ClearedAnswers) => {
      // The form before the change was consistent: its values come back as they were.
      dispatchForm({
        type: 'setMany',
        values: { [cleared.field]: cleared.origin, ...cleared.values },
      });
      setKept(null);
    },
    [setKept],
  );
  const answerWithUndo = useCallback(
    (values: PatientForm) => {
      const entries = Object.entries(values);
      if (entries.length !== 1 || entries[0][0] === 'type_of_disease') {
        commitAnswers(values);
        setKept(null);
        return;
      }
      const [[field, value]] = entries;
      const current = keptRef.current;
      if (current && current.field === field && sameValue(current.origin, value)) {
        restore(current);
        return;
      }
      const before = getForm();
      const stored = commitAnswers(values);
      const step = nextUndoStep(current, field, value, before, stored);
      setKept(step.kind === 'keep' ? step.cleared : null);
    },
    [restore, setKept],
  );
  const onAnswer = useCallback(
    (values: PatientForm, syncNow: boolean) => {
      const commit = (): void => {
        answerWithUndo(values);
        if (syncNow) {
          sync();
        }
      };
      const disease = values.type_of_disease;
      // Another condition is another patient: ask before the current answers go (issue 15).
      if (typeof disease === 'string' && disease !== getForm().type_of_disease) {
        confirmDiscard('condition', commit);
      } else {
        commit();
      }
    },
    [sync, confirmDiscard, answerWithUndo],
  );

  const seeTrials = (): void => {
    sync(); // typed answers not sent yet go with it
    void navigate(paths.search);
  };

  return (
    <div className="questionnaire">
      <header className="questionnaire__header">
        <div className="questionnaire__header-row">
          <p className="questionnaire__condition">{t(conditionLabelKey(condition))}</p>
          <NewPatientButton />
        </div>
        <h1 className="questionnaire__title">{t('questionnaire.title')}</h1>
        <p className="questionnaire__lead">{t('questionnaire.lead')}</p>
      </header>
      <div
        className={
          summary ? 'questionnaire__layout' : 'questionnaire__layout questionnaire__layout--single'
        }
      >
        <div className="questionnaire__main">
          {QUESTION_GROUPS.map((group) => (
            <GroupSection
              key={group}
              group={group}
              form={form}
              conditionOptions={conditionOptions}
              onAnswer={onAnswer}
              onCommit={sync}
            />
          ))}
        </div>
        {summary ? <div className="questionnaire__aside">{summary}</div> : null}
        {kept ? (
          <UndoNotice
            cleared={kept}
            onUndo={() => {
              restore(kept);
              sync();
            }}
            onDismiss={() => setKept(null)}
          />
        ) : null}
        <div className="questionnaire__actions">
          <button
            type="button"
            className="button button--primary questionnaire__see"
            onClick={seeTrials}
          >
            {t('questionnaire.seeTrials')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** "2 answers cleared: EGFR, ALK. Undo" after a change hid the questions they answered. */
function UndoNotice({
  cleared,
  onUndo,
  onDismiss,
}: {
  cleared: ClearedAnswers;
  onUndo: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const fields = Object.keys(cleared.values);
  return (
    <div className="undo-notice" role="status">
      <p className="undo-notice__text">
        {t('questionnaire.undo.cleared', {
          count: fields.length,
          list: fields.map((field) => t(fieldLabelKey(field))).join(', '),
        })}
      </p>
      <button type="button" className="button undo-notice__undo" onClick={onUndo}>
        {t('questionnaire.undo.action')}
      </button>
      <CloseButton
        onClose={onDismiss}
        className="undo-notice__close"
        label={t('questionnaire.undo.dismiss')}
      />
    </div>
  );
}

/**
 * The questionnaire screen (/questionnaire, spec 02 §2): the questions of the chosen condition in
 * three sections, answered straight into the shared patient form, and 'See matching trials'.
 * Without a condition there is nothing to ask: back to / to choose one.
 */
export function QuestionnaireScreen({ summary }: QuestionnaireScreenProps) {
  const form = usePatientForm();
  const condition = form.type_of_disease;
  if (!isConditionKey(condition)) {
    return <Navigate to={paths.home} replace />;
  }
  return <Questionnaire condition={condition} summary={summary} />;
}
