import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '@/i18n/use-translation';
import type { CriterionResultDto, TrialSummaryDto } from '@/api/types.gen';
import { registryText } from '@/lib/registry-text';
import {
  criterionName,
  criterionNotes,
  criterionRule,
  showsCriterionText,
  type CriterionTranslator,
} from '@/lib/criterion-text';

type Outcome = 'matched' | 'toCheck' | 'conflicting';

const OUTCOMES: readonly Outcome[] = ['matched', 'toCheck', 'conflicting'];

/** The distinct criteria named in a group, in order ("EGFR mutation, Age"). */
function namesOf(i18n: CriterionTranslator, results: CriterionResultDto[]): string[] {
  return [...new Set(results.map((r) => criterionName(i18n, r.key, r.label)))];
}

const NAMED = 3;

function CriterionItem({
  result,
  t,
  i18n,
}: {
  result: CriterionResultDto;
  t: TFunction;
  i18n: CriterionTranslator;
}) {
  return (
    <li className="match__item">
      <span className="match__rule">{criterionRule(i18n, result)}</span>
      {criterionNotes(result).map((note) => (
        <span
          key={note}
          className={`match__note${note === 'qualified' ? '' : ' match__note--confidence'}`}
        >
          {t(`search.match.${note}`)}
        </span>
      ))}
      {showsCriterionText(result) ? (
        <q className="match__text">{registryText(result.text)}</q>
      ) : null}
    </li>
  );
}

/**
 * A result's fit: how many criteria matched, are to check and conflict, the criteria named, and
 * on request each rule in words with the sentence it was read from.
 */
export function MatchSummary({ trial }: { trial: TrialSummaryDto }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  // An answer that may not fit (contradicting a rule without the confidence to exclude) comes
  // first among the criteria to check, and is named on a line of its own.
  const mayNotFit = trial.toCheck.filter((result) => result.qualified);
  const groups: Record<Outcome, CriterionResultDto[]> = {
    matched: trial.matched,
    toCheck: [...mayNotFit, ...trial.toCheck.filter((result) => !result.qualified)],
    conflicting: trial.conflicting,
  };
  const total = OUTCOMES.reduce((sum, o) => sum + groups[o].length, 0);

  return (
    <div className="match">
      <ul className="match__counts" aria-label={t('search.match.label')}>
        {OUTCOMES.map((outcome) => {
          const names = namesOf(i18n, groups[outcome]);
          const shown = names.slice(0, NAMED).join(', ');
          const more = names.length - NAMED;
          return (
            <li key={outcome} className={`match__count match__count--${outcome}`}>
              <span className="match__icon" aria-hidden="true" />
              <strong>{t(`search.match.${outcome}`, { count: groups[outcome].length })}</strong>
              {names.length > 0 ? (
                <span className="match__names">
                  {more > 0 ? t('search.match.namesMore', { names: shown, count: more }) : shown}
                </span>
              ) : null}
              {outcome === 'toCheck' && mayNotFit.length > 0 ? (
                <span className="match__may-not-fit">
                  {t('search.match.mayNotFit', {
                    count: mayNotFit.length,
                    names: namesOf(i18n, mayNotFit).join(', '),
                  })}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {total > 0 ? (
        <>
          <button
            type="button"
            className="link-button match__toggle"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? t('search.match.hideRules') : t('search.match.showRules')}
          </button>
          {/* The rules in words are drawn when asked for: a results page of 25 cards with every
              rule of every card drawn (hidden) was one long task per few cards on a phone. */}
          <div id={detailsId} className="match__details" hidden={!open}>
            {!open
              ? null
              : OUTCOMES.filter((o) => groups[o].length > 0).map((outcome) => (
                  <div key={outcome} className={`match__group match__group--${outcome}`}>
                    <h4 className="match__group-title">{t(`search.match.group.${outcome}`)}</h4>
                    <ul className="match__list">
                      {groups[outcome].map((result, i) => (
                        <CriterionItem
                          key={`${result.key}-${i}`}
                          result={result}
                          t={t}
                          i18n={i18n}
                        />
                      ))}
                    </ul>
                  </div>
                ))}
          </div>
        </>
      ) : (
        <p className="match__none">{t('search.match.noRules')}</p>
      )}
    </div>
  );
}
