import { ChangeEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { FormValue, PatientForm } from '@/lib/patient-form';
import { fieldLabelKey, optionLabelKey } from '@/lib/patient-form/answer-labels';
import {
  questionLabelKey,
  type CheckboxQuestion,
  type MonthYearQuestion,
  type MultiQuestion,
  type NumberQuestion,
  type Question,
  type SingleQuestion,
  type TextQuestion,
} from '../schema';
// The shared field look (inputs, selects, check boxes), whichever chunk loads first.
import '@/components/ui/form-field.css';
import { dateTimeFormat } from '@/lib/intl';

/**
 * One question of the questionnaire. `onAnswer` stores answers (with their cascades); `sync`
 * says whether the change is one the server hears about at once: every choice is, typing is not
 * (it is sent when the field is left, `onCommit`).
 */
export interface QuestionFieldProps {
  question: Question;
  form: PatientForm;
  onAnswer: (values: PatientForm, sync: boolean) => void;
  /** Typing ended (the field was left): send what was typed. */
  onCommit: () => void;
  /** Overrides the options of a single choice (the conditions the partner offers). */
  options?: readonly string[];
}

const RADIO_LIMIT = 4;

function text(value: FormValue | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

function Hint({ id, hintKey }: { id: string; hintKey?: string }) {
  const { t } = useTranslation();
  return hintKey ? (
    <p id={id} className="question__hint">
      {t(hintKey)}
    </p>
  ) : null;
}

function SingleChoice({
  question,
  form,
  onAnswer,
  options = question.options,
}: QuestionFieldProps & { question: SingleQuestion }) {
  const { t } = useTranslation();
  const hintId = useId();
  const value = text(form[question.field]);
  const label = t(questionLabelKey(question));
  const optionLabel = (option: string) =>
    t(optionLabelKey(question.field, option, question.optionSet));
  const display = question.display ?? (options.length <= RADIO_LIMIT ? 'radio' : 'select');
  const answer = (next: string) => onAnswer({ [question.field]: next }, true);

  if (display === 'select') {
    return (
      <div className="question">
        <label className="question__label" htmlFor={question.id}>
          {label}
        </label>
        <Hint id={hintId} hintKey={question.hintKey} />
        <select
          id={question.id}
          className="field__input field__select question__select"
          value={value}
          aria-describedby={question.hintKey ? hintId : undefined}
          onChange={(event) => answer(event.target.value)}
        >
          {question.required && value ? null : (
            <option value="">{t('questionnaire.select')}</option>
          )}
          {/* A stored value outside the options (an older form) still shows. */}
          {value && !options.includes(value) ? (
            <option value={value}>{optionLabel(value)}</option>
          ) : null}
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      </div>
    );
  }

  return (
    <fieldset
      className="question question--choice"
      id={question.id}
      aria-describedby={question.hintKey ? hintId : undefined}
    >
      <legend className="question__label">{label}</legend>
      <Hint id={hintId} hintKey={question.hintKey} />
      <div className="question__choices">
        {options.map((option) => (
          <label key={option} className="choice">
            <input
              type="radio"
              className="choice__input"
              name={question.id}
              value={option}
              checked={value === option}
              onChange={() => answer(option)}
            />
            <span className="choice__text">{optionLabel(option)}</span>
          </label>
        ))}
        {value && !question.required ? (
          <button
            type="button"
            className="link-button question__clear"
            aria-label={t('questionnaire.clearAnswerOf', { label })}
            onClick={() => answer('')}
          >
            {t('questionnaire.clearAnswer')}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

function Checkboxes({
  question,
  form,
  onAnswer,
}: QuestionFieldProps & { question: CheckboxQuestion }) {
  const { t } = useTranslation();
  const hintId = useId();
  const boxes = question.fields.map((field) => (
    <label key={field} className="check">
      <input
        type="checkbox"
        id={field}
        className="field__checkbox"
        checked={form[field] === 'yes'}
        onChange={(event) => onAnswer({ [field]: event.target.checked ? 'yes' : '' }, true)}
      />
      <span>{t(fieldLabelKey(field))}</span>
    </label>
  ));
  if (question.fields.length === 1) {
    return <div className="question question--checkbox">{boxes}</div>;
  }
  return (
    <fieldset
      className="question question--checkboxes"
      id={question.id}
      aria-describedby={question.hintKey ? hintId : undefined}
    >
      <legend className="question__label">{t(questionLabelKey(question))}</legend>
      <Hint id={hintId} hintKey={question.hintKey} />
      <div className="question__checks">{boxes}</div>
    </fieldset>
  );
}

/** The value of the multi-select's remove option (spec 02 §2). */
const REMOVE = '__remove__';

function MultiSelect({
  question,
  form,
  onAnswer,
}: QuestionFieldProps & { question: MultiQuestion }) {
  const { t } = useTranslation();
  const hintId = useId();
  const label = t(questionLabelKey(question));
  const chosen = question.fields.filter((field) => form[field] === 'yes');

  const onChange = (event: ChangeEvent<HTMLSelectElement>): void => {
    const picked = event.target.value;
    if (picked === REMOVE) {
      onAnswer(Object.fromEntries(question.fields.map((field) => [field, ''])), true);
    } else if (picked) {
      onAnswer({ [picked]: form[picked] === 'yes' ? '' : 'yes' }, true);
    }
  };

  return (
    <div className="question question--multi">
      <label className="question__label" htmlFor={question.id}>
        {label}
      </label>
      <Hint id={hintId} hintKey={question.hintKey} />
      {/* Always back on the prompt: each pick adds or removes one option. */}
      <select
        id={question.id}
        className="field__input field__select question__select"
        value=""
        aria-describedby={question.hintKey ? hintId : undefined}
        onChange={onChange}
      >
        <option value="">
          {chosen.length > 0
            ? t('questionnaire.multi.count', { count: chosen.length })
            : t('questionnaire.multi.prompt')}
        </option>
        {question.fields.map((field) => (
          <option key={field} value={field}>
            {form[field] === 'yes' ? `✓ ${t(fieldLabelKey(field))}` : t(fieldLabelKey(field))}
          </option>
        ))}
        {chosen.length > 0 ? (
          <option value={REMOVE}>{t('questionnaire.multi.remove')}</option>
        ) : null}
      </select>
      {chosen.length > 0 ? (
        <ul className="question__chips" aria-label={t('questionnaire.multi.chosen', { label })}>
          {chosen.map((field) => (
            <li key={field} className="chip">
              <span>{t(fieldLabelKey(field))}</span>
              <button
                type="button"
                className="chip__remove"
                aria-label={t('questionnaire.multi.removeOne', { label: t(fieldLabelKey(field)) })}
                onClick={() => onAnswer({ [field]: '' }, true)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function isValidNumber(raw: string, question: NumberQuestion): boolean {
  if (!/^\d+([.,]\d+)?$/.test(raw)) {
    return false;
  }
  const n = Number(raw.replace(',', '.'));
  return n >= question.min && n <= question.max && (!question.integer || Number.isInteger(n));
}

function NumberField({
  question,
  form,
  onAnswer,
  onCommit,
}: QuestionFieldProps & { question: NumberQuestion }) {
  const { t } = useTranslation();
  const errorId = useId();
  const stored = text(form[question.field]);
  // While typing, the input shows what is typed; otherwise the stored answer.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (stored === 'dontknow' ? '' : stored);
  const invalid = draft !== null && draft.trim() !== '' && !isValidNumber(draft.trim(), question);

  const onChange = (event: ChangeEvent<HTMLInputElement>): void => {
    const raw = event.target.value;
    setDraft(raw);
    const trimmed = raw.trim();
    // An invalid number is not kept as the answer: the search must not use a wrong one.
    const valid = trimmed !== '' && isValidNumber(trimmed, question);
    onAnswer({ [question.field]: valid ? trimmed.replace(',', '.') : question.emptyValue }, false);
  };

  const onBlur = (): void => {
    if (!invalid) {
      setDraft(null);
    }
    if (draft !== null) {
      onCommit();
    }
  };

  return (
    <div className={invalid ? 'question field--invalid' : 'question'}>
      <label className="question__label" htmlFor={question.id}>
        {t(questionLabelKey(question))}
      </label>
      <input
        id={question.id}
        className="field__input question__number"
        type="text"
        inputMode={question.integer ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={shown}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={onChange}
        onBlur={onBlur}
      />
      {invalid ? (
        <p id={errorId} className="field__error" role="alert">
          {t(question.integer ? 'questionnaire.errors.integer' : 'questionnaire.errors.number', {
            min: question.min,
            max: question.max,
          })}
        </p>
      ) : null}
    </div>
  );
}

/** Years offered for a transplant: this year back to 1980. */
function transplantYears(now: Date): string[] {
  const years: string[] = [];
  for (let year = now.getFullYear(); year >= 1980; year -= 1) {
    years.push(String(year));
  }
  return years;
}

function MonthYear({
  question,
  form,
  onAnswer,
}: QuestionFieldProps & { question: MonthYearQuestion }) {
  const { t, i18n } = useTranslation();
  const monthId = question.monthField;
  const yearId = question.yearField;
  const months = useMemo(() => {
    const format = dateTimeFormat(i18n.language, { month: 'long' });
    return Array.from({ length: 12 }, (_, i) => ({
      value: String(i + 1),
      label: format.format(new Date(2020, i, 1)),
    }));
  }, [i18n.language]);
  const years = useMemo(() => transplantYears(new Date()), []);

  return (
    <fieldset className="question question--month-year" id={question.id}>
      <legend className="question__label">{t(questionLabelKey(question))}</legend>
      <div className="question__row">
        <div className="question__part">
          <label className="question__sublabel" htmlFor={monthId}>
            {t('questionnaire.month')}
          </label>
          <select
            id={monthId}
            className="field__input field__select"
            value={text(form[question.monthField])}
            onChange={(event) => onAnswer({ [question.monthField]: event.target.value }, true)}
          >
            <option value="">{t('questionnaire.select')}</option>
            {months.map((month) => (
              <option key={month.value} value={month.value}>
                {month.label}
              </option>
            ))}
          </select>
        </div>
        <div className="question__part">
          <label className="question__sublabel" htmlFor={yearId}>
            {t('questionnaire.year')}
          </label>
          <select
            id={yearId}
            className="field__input field__select"
            value={text(form[question.yearField])}
            onChange={(event) => onAnswer({ [question.yearField]: event.target.value }, true)}
          >
            <option value="">{t('questionnaire.select')}</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
}

function FreeText({
  question,
  form,
  onAnswer,
  onCommit,
}: QuestionFieldProps & { question: TextQuestion }) {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState(false);
  return (
    <div className="question">
      <label className="question__label" htmlFor={question.id}>
        {t(questionLabelKey(question))}
      </label>
      <textarea
        id={question.id}
        className="field__input question__textarea"
        rows={2}
        maxLength={question.maxLength}
        value={text(form[question.field])}
        onChange={(event) => {
          setDirty(true);
          onAnswer({ [question.field]: event.target.value }, false);
        }}
        onBlur={() => {
          if (dirty) {
            setDirty(false);
            onCommit();
          }
        }}
      />
    </div>
  );
}

export function QuestionField(props: QuestionFieldProps) {
  const { question } = props;
  switch (question.kind) {
    case 'single':
      return <SingleChoice {...props} question={question} />;
    case 'checkbox':
      return <Checkboxes {...props} question={question} />;
    case 'multi':
      return <MultiSelect {...props} question={question} />;
    case 'number':
      return <NumberField {...props} question={question} />;
    case 'monthYear':
      return <MonthYear {...props} question={question} />;
    case 'text':
      return <FreeText {...props} question={question} />;
  }
}
