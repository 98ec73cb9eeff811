import { useTranslation } from '@/i18n/use-translation';
import type { CriterionResultDto, TrialDetailsDto } from '@/api/types.gen';
import { criterionNotes, criterionRule, showsCriterionText } from '@/lib/criterion-text';
import { registryText } from '@/lib/registry-text';

type Outcome = 'met' | 'notMet' | 'toCheck';

function RuleList({ results }: { results: CriterionResultDto[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="evaluation__list">
      {results.map((result, i) => (
        <li key={`${result.key}-${i}`} className="evaluation__item">
          <span className="evaluation__rule">{criterionRule(i18n, result)}</span>
          <span className="evaluation__section">
            {t(`search.details.evaluation.section.${result.section}`)}
          </span>
          {criterionNotes(result).map((note) => (
            <span
              key={note}
              className={`evaluation__note${note === 'qualified' ? '' : ' evaluation__note--confidence'}`}
            >
              {t(`search.details.evaluation.${note}`)}
            </span>
          ))}
          {result.texts && result.texts.length > 1 ? (
            result.texts.map((text) => (
              <q key={text} className="evaluation__text">
                {registryText(text)}
              </q>
            ))
          ) : showsCriterionText(result) ? (
            <q className="evaluation__text">{registryText(result.text)}</q>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The trial's rules evaluated for the patient of the link (q): met, not met and to check, each
 * with the rule in words and the criteria sentence it was read from.
 */
export function EvaluationSection({ trial }: { trial: TrialDetailsDto }) {
  const { t } = useTranslation();
  const groups: { outcome: Outcome; results: CriterionResultDto[] }[] = [
    { outcome: 'notMet', results: trial.conflicting },
    { outcome: 'toCheck', results: trial.toCheck },
    { outcome: 'met', results: trial.matched },
  ];
  const total = groups.reduce((sum, g) => sum + g.results.length, 0);

  return (
    <section className="details-section evaluation" aria-labelledby="evaluation-title">
      <h2 id="evaluation-title" className="details-section__title">
        {t('search.details.evaluation.title')}
      </h2>
      {trial.evaluated ? (
        <ul className="evaluation__counts" aria-label={t('search.details.evaluation.summary')}>
          {groups.map(({ outcome, results }) => (
            <li key={outcome} className={`evaluation__count evaluation__count--${outcome}`}>
              <span className="evaluation__icon" aria-hidden="true" />
              {t(`search.details.evaluation.count.${outcome}`, { count: results.length })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="details-section__note">{t('search.details.evaluation.notEvaluated')}</p>
      )}
      {total === 0 ? (
        <p className="details-section__note">{t('search.details.evaluation.noRules')}</p>
      ) : (
        groups
          .filter((g) => g.results.length > 0)
          .map(({ outcome, results }) => (
            <div key={outcome} className={`evaluation__group evaluation__group--${outcome}`}>
              <h3 className="evaluation__group-title">
                {trial.evaluated
                  ? t(`search.details.evaluation.group.${outcome}`)
                  : t('search.details.evaluation.group.rules')}
              </h3>
              <RuleList results={results} />
            </div>
          ))
      )}
    </section>
  );
}
