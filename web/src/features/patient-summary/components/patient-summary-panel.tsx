import { ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePatientForm, type PatientForm } from '@/lib/patient-form';
import {
  isSearchableForm,
  summarizeForm,
  SUMMARY_SECTIONS,
  type SummaryItem,
  type SummarySection,
  type SummaryValue,
} from '../summary';
import './patient-summary.css';
import { dateTimeFormat } from '@/lib/intl';

export interface PatientSummaryPanelProps {
  /** The answers to show; default: the stored patient form. */
  form?: PatientForm;
  /**
   * The Medical Files section (spec 01 §2): only when a trial request is loaded and file upload
   * is enabled — the caller decides and passes the content; without it the section is not shown.
   */
  medicalFiles?: ReactNode;
  /** Shows the 'Edit Patient Summary' button (default true; off on the questionnaire itself). */
  editable?: boolean;
  /** The mobile modal variant: a close icon calling this. */
  onClose?: () => void;
  /** The heading's id (a modal is labelled by it); default: a generated one. */
  titleId?: string;
  className?: string;
}

type SectionKey = SummarySection | 'medicalFiles';

function useValueText(): (value: SummaryValue) => string {
  const { t, i18n } = useTranslation();
  return (value) => {
    switch (value.kind) {
      case 'key':
        return t(value.key);
      case 'text':
        return value.text;
      case 'date':
        return value.month === null
          ? String(value.year)
          : dateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(
              new Date(value.year, value.month - 1, 1),
            );
    }
  };
}

function Section({
  id,
  title,
  open,
  onToggle,
  children,
}: {
  id: string;
  title: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <section className="patient-summary__section">
      <h3 className="patient-summary__section-title">
        <button
          type="button"
          className="patient-summary__toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={onToggle}
        >
          <span>{title}</span>
          <svg className="patient-summary__chevron" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      </h3>
      <div id={id} className="patient-summary__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}

function Items({ items }: { items: SummaryItem[] }) {
  const { t } = useTranslation();
  const valueText = useValueText();
  if (items.length === 0) {
    return <p className="patient-summary__empty">{t('questionnaire.summary.empty')}</p>;
  }
  return (
    <dl className="patient-summary__list">
      {items.map((item) => (
        <div
          key={item.id}
          className={
            item.value.kind === 'date'
              ? 'patient-summary__item patient-summary__item--date'
              : 'patient-summary__item'
          }
        >
          <dt>{t(item.labelKey)}</dt>
          <dd>{valueText(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The Patient Information panel (spec 01 §2): the patient's answers in collapsible sections and
 * an 'Edit Patient Summary' button, to /questionnaire when the stored form can be searched (it
 * has a condition and a location), otherwise to / to choose them.
 */
export function PatientSummaryPanel({
  form,
  medicalFiles,
  editable = true,
  onClose,
  titleId,
  className,
}: PatientSummaryPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stored = usePatientForm();
  const shown = form ?? stored;
  const summary = useMemo(() => summarizeForm(shown), [shown]);
  const generatedId = useId();
  const headingId = titleId ?? `${generatedId}-title`;
  const [closed, setClosed] = useState<ReadonlySet<SectionKey>>(new Set());

  const toggle = (key: SectionKey) => () =>
    setClosed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) {
        next.add(key);
      }
      return next;
    });

  const edit = (): void => {
    void navigate(isSearchableForm(stored) ? paths.questionnaire : paths.home);
  };

  return (
    <aside
      className={className ? `patient-summary ${className}` : 'patient-summary'}
      aria-labelledby={headingId}
    >
      <div className="patient-summary__header">
        <h2 id={headingId} className="patient-summary__title">
          {t('questionnaire.summary.title')}
        </h2>
        {onClose ? (
          <button
            type="button"
            className="patient-summary__close"
            aria-label={t('common.modal.close')}
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        ) : null}
      </div>
      {SUMMARY_SECTIONS.map((section) => (
        <Section
          key={section}
          id={`${generatedId}-${section}`}
          title={t(`questionnaire.summary.sections.${section}`)}
          open={!closed.has(section)}
          onToggle={toggle(section)}
        >
          <Items items={summary[section]} />
        </Section>
      ))}
      {medicalFiles ? (
        <Section
          id={`${generatedId}-medical-files`}
          title={t('questionnaire.summary.sections.medicalFiles')}
          open={!closed.has('medicalFiles')}
          onToggle={toggle('medicalFiles')}
        >
          {medicalFiles}
        </Section>
      ) : null}
      {editable ? (
        <button type="button" className="button patient-summary__edit" onClick={edit}>
          {t('questionnaire.summary.edit')}
        </button>
      ) : null}
    </aside>
  );
}
