import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateAnswers } from '@trialflow/contract';
import { describe, expect, it } from 'vitest';
import { isQuestionVisible, questionFields, questionsFor } from './schema';

/**
 * The held-out patient vignettes of issue 14 are "answers exactly as the questionnaire sends
 * them": every answered field is one this form shows for the answers given (its condition, its
 * section, its visibility rule), and the answers pass the contract's answer schema.
 */
const FIXTURES = resolve(__dirname, '../../../../test/fixtures');

interface VignettesFile {
  vignettes: { id: string; answers: Record<string, unknown> }[];
}

function problems(file: string, only?: RegExp): string[] {
  const data = JSON.parse(readFileSync(resolve(FIXTURES, file), 'utf8')) as VignettesFile;
  const out: string[] = [];
  for (const { id, answers } of data.vignettes.filter((v) => !only || only.test(v.id))) {
    const validation = validateAnswers(answers);
    if ('errors' in validation) {
      out.push(...validation.errors.map((e) => `${id}: ${e.message}`));
    }
    const shown = new Set<string>(
      questionsFor(String(answers.type_of_disease))
        .filter((q) => isQuestionVisible(q, answers as never))
        .flatMap(questionFields),
    );
    out.push(
      ...Object.keys(answers)
        .filter((f) => !shown.has(f))
        .map((f) => `${id}: ${f} is not asked`),
    );
  }
  return out;
}

describe('held-out vignettes', () => {
  it("should answer only what the fourth round's patients are asked, with valid values", () => {
    expect(problems('eligibility-vignettes-holdout-4.json')).toEqual([]);
  });

  it("should answer only what the fifth round's patients are asked, with valid values", () => {
    expect(problems('eligibility-vignettes-holdout-5.json')).toEqual([]);
  });

  it("should answer only what the sixth round's patients are asked, with valid values", () => {
    expect(problems('eligibility-vignettes-holdout-6.json')).toEqual([]);
  });

  it("should answer only what the seventh round's patients are asked, with valid values", () => {
    expect(problems('eligibility-vignettes-holdout-7.json')).toEqual([]);
  });

  it("should answer only what the eighth round's patients are asked, with valid values", () => {
    expect(problems('eligibility-vignettes-holdout-8.json')).toEqual([]);
  });

  it("should answer only what the ninth round's patients are asked, with valid values", () => {
    expect(problems('eligibility-vignettes-holdout-9.json')).toEqual([]);
  });

  it("should answer only what the tenth round's patients are asked, with valid values", () => {
    expect(problems('eligibility-vignettes-holdout-10.json')).toEqual([]);
  });

  it("should answer only what the eleventh round's patients are asked, with valid values", () => {
    expect(problems('eligibility-vignettes-holdout-11.json')).toEqual([]);
  });

  it("should answer only what the twelfth round's patients are asked, with valid values", () => {
    expect(problems('eligibility-vignettes-holdout-12.json')).toEqual([]);
  });

  it("should answer only what the thirteenth round's patients are asked, with valid values", () => {
    expect(problems('eligibility-vignettes-holdout-13.json')).toEqual([]);
  });

  it("should answer only what the fourteenth round's patients are asked, with valid values", () => {
    expect(problems('eligibility-vignettes-holdout-14.json')).toEqual([]);
  });

  it("should answer only what the fifteenth round's patients are asked, with valid values", () => {
    expect(problems('eligibility-vignettes-holdout-15.json')).toEqual([]);
  });

  it("should answer only what round 16's patients are asked, with valid values", () => {
    expect(problems('eligibility-vignettes-holdout-16.json')).toEqual([]);
  });

  it("should answer only what round 17 part B's patients are asked, with valid values", () => {
    expect(problems('eligibility-vignettes-holdout-17-part-b.json')).toEqual([]);
  });

  // D01-D05 predate this check (D01 and D04 answer brain metastases and resectability at stage
  // IIIB, which the form does not show).
  it("should answer only what round 6's development patients are asked (D06 onward)", () => {
    expect(problems('eligibility-vignettes.json', /^D(?:0[6-9]|[1-9]\d)$/)).toEqual([]);
  });
});
