import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router-dom';
import type { OpenQuestionDto } from '@/api/types.gen';
import { criterionName } from '@/lib/criterion-text';
import { questionHref } from '../question-fields';

/**
 * "Questions that decide the most results": the unanswered criteria the API ranks by how many
 * results they settle, each a link back to its question.
 */
export function OpenQuestions({
  questions,
  disease,
}: {
  questions: OpenQuestionDto[];
  disease: string;
}) {
  const { t, i18n } = useTranslation();
  // The list is drawn when the box is first opened: a results page's first render is one long
  // task on a phone, and the folded list was a tenth of it.
  const [opened, setOpened] = useState(false);
  if (questions.length === 0) {
    return null;
  }
  return (
    <section className="open-questions" aria-labelledby="open-questions-title">
      {/* Folded by default: the results come first, above the fold (issue 15). */}
      <details
        className="open-questions__details"
        onToggle={(event) => {
          if (event.currentTarget.open) {
            setOpened(true);
          }
        }}
      >
        <summary className="open-questions__summary">
          <h2 id="open-questions-title" className="open-questions__title">
            {t('search.openQuestions.title')}
          </h2>
          <span className="open-questions__badge">
            {t('search.openQuestions.count', { count: questions.length })}
          </span>
        </summary>
        <p className="open-questions__text">{t('search.openQuestions.text')}</p>
        {opened ? (
          <ol className="open-questions__list">
            {questions.map((question) => (
              <li key={question.key} className="open-questions__item">
                <Link className="open-questions__link" to={questionHref(question.key, disease)}>
                  {criterionName(i18n, question.key, question.label)}
                </Link>
                <span className="open-questions__count">
                  {t('search.openQuestions.decides', { count: question.trials })}
                </span>
              </li>
            ))}
          </ol>
        ) : null}
      </details>
    </section>
  );
}
