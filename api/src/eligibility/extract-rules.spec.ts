import {
  answersToCriterions,
  CRITERIA,
  type EligibilityRule,
  ruleExcludes,
} from '@trialflow/contract';
import { evaluateRules } from '../search/matching';
import { dedupeRules, extractRules, readRules, type ExtractRulesInput } from './extract-rules';
import { karnofskyToEcogMax } from './patterns/performance';

function allRules(
  inclusion: string,
  exclusion = '',
  overrides: Partial<ExtractRulesInput> = {},
): EligibilityRule[] {
  return readRules({
    minimumAgeYears: null,
    maximumAgeYears: null,
    sex: 'ALL',
    eligibilityInclusion: inclusion,
    eligibilityExclusion: exclusion,
    conditions: ['lung_cancer'],
    ...overrides,
  });
}

/** The rules the sentences state; the inferences (session 11) have their own block below. */
function rules(
  inclusion: string,
  exclusion = '',
  overrides: Partial<ExtractRulesInput> = {},
): EligibilityRule[] {
  return allRules(inclusion, exclusion, overrides).filter((r) => !r.inferred);
}

/** The inferences only, as "inference reading [min..]". */
function inferences(
  inclusion: string,
  exclusion = '',
  overrides: Partial<ExtractRulesInput> = {},
): string[] {
  return allRules(inclusion, exclusion, overrides)
    .filter((r) => r.inferred)
    .map((r) => `${r.inferred} ${r.qualified ? 'qualified' : (r.reading ?? 'plain')}`);
}

/** The rules as compact strings: "key kind section [min..max] [anyOf] [q]". */
function compact(list: EligibilityRule[]): string[] {
  return list
    .filter((r) => r.source === 'text')
    .map(
      (r) =>
        `${r.key} ${r.kind} ${r.section}` +
        (r.kind === 'range' ? ` ${r.min ?? ''}..${r.max ?? ''}` : '') +
        (r.anyOf?.length ? ` anyOf:${r.anyOf.join(',')}` : '') +
        (r.qualified ? ' q' : ''),
    )
    .sort();
}

describe('extractRules', () => {
  describe('structured fields', () => {
    it('should make one age range from both bounds, with a readable text', () => {
      const out = rules('', '', { minimumAgeYears: 18, maximumAgeYears: 75 });
      expect(out).toEqual([
        {
          key: 'age',
          kind: 'range',
          min: 18,
          max: 75,
          section: 'structured',
          source: 'structured',
          text: 'Age 18 to 75 years',
        },
      ]);
    });

    it('should make an open-ended age range from a minimum only', () => {
      const [age] = rules('', '', { minimumAgeYears: 18 });
      expect(age).toMatchObject({ key: 'age', min: 18, text: 'Age 18 years or older' });
      expect(age.max).toBeUndefined();
    });

    it('should require the sex of a single-sex trial and nothing for ALL', () => {
      expect(rules('', '', { sex: 'FEMALE' })).toEqual([
        expect.objectContaining({
          key: 'gender',
          kind: 'required',
          value: 'female',
          section: 'structured',
        }),
      ]);
      expect(rules('', '', { sex: 'MALE' })[0].value).toBe('male');
      expect(rules('', '', { sex: 'ALL' })).toEqual([]);
    });
  });

  describe('confidence (issue 14)', () => {
    /** "key kind section [min..max] confidence reading" for the text rules. */
    function read(inclusion: string, exclusion = ''): string[] {
      return rules(inclusion, exclusion)
        .filter((r) => r.source === 'text')
        .map(
          (r) =>
            `${r.key} ${r.kind} ${r.section}` +
            (r.kind === 'range' ? ` ${r.min ?? ''}..${r.max ?? ''}` : '') +
            ` ${r.confidence} ${r.reading}`,
        )
        .sort();
    }

    describe('structures the rules cannot represent (issue 14, round 2)', () => {
      /** The text rules that may exclude: confident ones. */
      const confident = (inclusion: string, exclusion = ''): string[] =>
        read(inclusion, exclusion).filter((r) => r.includes(' high '));

      it('should not require one histology of an "or" list of histologies', () => {
        // Either histology joins: no confident rule may require one of them alone.
        const out = rules('* Primary squamous cell carcinoma or adenocarcinoma of the esophagus');
        const alone = out.filter(
          (r) =>
            r.source === 'text' &&
            r.confidence === 'high' &&
            r.kind === 'required' &&
            ['squamous', 'adenocarcinoma'].includes(r.key) &&
            !r.anyOf?.length,
        );
        expect(alone).toEqual([]);
      });

      it('should not require a gene named in a wild-type list', () => {
        const out = confident(
          '* Be diagnosed to have Kirsten rat sarcoma viral oncogene (KRAS), neuroblastoma RAS viral oncogene homolog (NRAS), and v-raf murine sarcoma viral oncogene homolog B (BRAF) wild-type (WT) tumor as determined by local testing',
        );
        expect(out.filter((r) => r.includes(' required '))).toEqual([]);
      });

      it("should not read the setting of a prior treatment as the patient's extent", () => {
        expect(
          confident(
            '* ECOG 0-1',
            '* Prior systemic therapy (e.g., chemotherapy) for locally advanced unresectable or metastatic breast cancer',
          ),
        ).toEqual(
          expect.not.arrayContaining([
            expect.stringMatching(/^(?:metastatic|unresectable|tumor_stage) /),
          ]),
        );
      });

      it('should not require a rule of one clause when the inclusion item says "A; or B"', () => {
        expect(
          confident(
            '* Previous platinum-based chemotherapy for advanced disease; or disease relapse within 6 months after adjuvant chemotherapy',
          ),
        ).toEqual([]);
        expect(
          confident(
            '* Solid tumour relapsed or refractory to standard treatment, or for whom no standard treatment is available',
          ),
        ).toEqual([]);
        // A plain item without alternatives stays confident.
        expect(confident('* Relapsed or refractory multiple myeloma')).toEqual([
          'relapsed required inclusion high plain',
        ]);
      });

      it('should not require the items of either group around a line that is only "OR"', () => {
        expect(
          confident(
            '* Stage IV breast cancer\n* At least 2 prior lines of chemotherapy\n\nOR\n\n* Stage III breast cancer\n* No prior chemotherapy',
          ),
        ).toEqual([]);
      });

      it('should not read a count or size limit of metastases as any metastases', () => {
        for (const sentence of [
          '* More than 3 brain metastases',
          '* > 3 brain metastases',
          '* Brain metastases larger than 3 cm',
          '* Multiple brain metastases',
        ]) {
          expect(confident('', sentence)).toEqual([]);
        }
        expect(confident('', '* Brain metastases')).toEqual([
          'brain_metastases excluded exclusion high plain',
        ]);
      });

      it('should not read one named drug or a sub-class as the whole class excluded', () => {
        for (const sentence of [
          '* Prior pembrolizumab',
          '* Prior nivolumab or relatlimab therapy',
          '* Prior treatment with carfilzomib',
          '* Prior exposure to docetaxel',
          '* Prior EGFR TKI therapy',
          '* Prior enzalutamide or abiraterone',
          '* Previously treated by other third-generation epidermal growth factor receptor tyrosine kinase inhibitor (for example osimertinib)',
          '* Prior anthracycline-based chemotherapy',
        ]) {
          expect(confident('', sentence)).toEqual([]);
        }
        // The class itself, or a drug named with its class, still excludes.
        expect(
          confident('', '* Prior pembrolizumab or any other immune checkpoint inhibitor'),
        ).toEqual(['checkpoint_therapy excluded exclusion high plain']);
        expect(confident('', '* Prior PARP inhibitor')).toEqual([
          'parp_therapy excluded exclusion high plain',
        ]);
        // A required drug implies its class.
        expect(confident('* Must have received prior pembrolizumab')).toEqual([
          'checkpoint_therapy required inclusion high plain',
        ]);
      });

      it("should not apply one disease's line limit to every disease of a basket trial", () => {
        const out = rules(
          '* Histologically confirmed NSCLC, melanoma or colorectal cancer\n' +
            '* NSCLC: at least 2 prior lines of systemic therapy\n' +
            '* ECOG 0-1',
          '',
          { conditions: ['lung_cancer', 'melanoma', 'colorectal_cancer'] },
        ).filter((r) => r.source === 'text' && r.confidence !== 'low');
        expect(out.map((r) => r.key).sort()).toEqual(['ecog']);
        // A single-disease trial keeps the limit.
        expect(confident('* NSCLC: at least 2 prior lines of systemic therapy')).toEqual([
          'chemotherapy range inclusion 2.. high plain',
        ]);
      });

      it('should not require one side of a disease or site disjunction', () => {
        expect(confident('* Ocular or metastatic uveal melanoma')).toEqual(
          expect.not.arrayContaining([expect.stringMatching(/^metastatic /)]),
        );
        expect(confident('* Stage IV or recurrent NSCLC')).toEqual(
          expect.not.arrayContaining([expect.stringMatching(/^tumor_stage /)]),
        );
        expect(confident('* Unresectable locally advanced or metastatic (stage IV) NSCLC')).toEqual(
          expect.not.arrayContaining([expect.stringMatching(/^tumor_stage /)]),
        );
        expect(confident('* Stage IIIB or IV NSCLC')).toEqual([
          'nsclc required inclusion high plain',
          'tumor_stage range inclusion 3.2.. high plain',
        ]);
      });

      it('should read "ocular or metastatic" excluded, "For NSCLC patients:", "Arms 1E, 2E:" and "IIIB/C" as written', () => {
        expect(
          confident('', '* Participants with a diagnosis of ocular or metastatic uveal melanoma'),
        ).toEqual(expect.not.arrayContaining([expect.stringMatching(/^metastatic /)]));
        expect(
          confident('* For NSCLC patients: not harboring an EGFR-sensitizing mutation'),
        ).toEqual([]);
        expect(confident('* Arms 1E, 2E and 3E: solid tumour with ALK positivity')).toEqual([]);
        expect(confident('* Stage IIIB/C or IV NSCLC')).toEqual([
          'nsclc required inclusion high plain',
          'tumor_stage range inclusion 3.2.. high plain',
        ]);
      });

      it('should not read a treatment setting, a planned cycle or an allowance in brackets as a rule', () => {
        for (const [inclusion, exclusion] of [
          ['', '* Patient who is already exposed to docetaxel injection in metastatic setting'],
          ['* Serum CA125 levels >= 50 U/mL prior to Cycle 1 of NACT chemotherapy', ''],
          [
            '* ECOG performance status of 0 or 1 (patients with disease related ECOG 2 are allowed, in addition to ECOG 0 and 1)',
            '',
          ],
        ]) {
          expect(confident(inclusion, exclusion)).toEqual([]);
        }
      });

      it('should not read recovery from the toxicities of a therapy as a prior-therapy rule', () => {
        for (const [inclusion, exclusion] of [
          [
            '* Must have recovered from toxicities of prior radiation therapy to grade 1 or less',
            '',
          ],
          ['* Adverse events of prior chemotherapy resolved to grade 1 or baseline', ''],
          ['', '* Grade 3 or higher immune-related adverse events during previous immunotherapy'],
          ['', '* Note: If the patient has had major surgery, they must have recovered adequately'],
          ['', '* Systemic therapy or radiotherapy within the preceding 3 weeks'],
        ]) {
          expect(confident(inclusion, exclusion)).toEqual([]);
        }
      });

      it('should read the therapy sentences found on development records (round 3) as they are meant', () => {
        // "Naive of" negates; lines of a therapy without a count key are no chemotherapy lines.
        expect(confident('* Naive of systemic treatment for resectable stage II or III')).toEqual([
          'chemotherapy excluded inclusion high plain',
        ]);
        for (const [inclusion, exclusion] of [
          ['', '* More than 2 lines of prior endocrine therapy treatment'],
          ['', '* More than one prior line of checkpoint inhibitor treatment'],
          ['', '* Patients with tyrosine kinase inhibitor-resistant CKIT mutation V654A or T670I'],
          ['', '* Radiation pneumonia requiring steroid treatment'],
          ['', '* Received radiation therapy within the area of interest'],
          [
            '* No curative treatment options available including surgery or definitive radiation',
            '',
          ],
          ['* Treatment-naive or after one prior line of checkpoint inhibitor treatment', ''],
          ['* Triplet arms: only prior systemic therapy is nivolumab + axitinib on this trial', ''],
        ]) {
          expect(confident(inclusion, exclusion)).toEqual([]);
        }
      });

      it('should not read a reaction to a therapy as a prior-therapy limit', () => {
        expect(
          confident(
            '',
            '* Previous severe toxicity or allergic reactions to systemic chemotherapy agents',
          ),
        ).toEqual([]);
      });

      it('should not read the extent at diagnosis as the extent now', () => {
        expect(confident('', '* Metastatic disease at diagnosis')).toEqual([]);
      });

      it('should not let a sentence naming cohorts exclude the whole trial', () => {
        expect(
          confident(
            '* Cancer that falls into one of three cohorts: (1) melanoma refractory to anti-PD-1 therapy; (2) renal cell carcinoma after prior chemotherapy',
          ),
        ).toEqual([]);
      });

      it('should read two different inclusion ranges of one key as alternatives', () => {
        const out = read(
          '* Locally advanced cervical cancer (Stage IIIB-IVA) unsuitable for chemoradiation\n' +
            '* Patients with stage IVB with local disease but systemic chemotherapy is not possible',
        ).filter((r) => r.startsWith('tumor_stage'));
        expect(out.length).toBeGreaterThan(1);
        expect(out.every((r) => r.endsWith('low list'))).toBe(true);
      });

      it('should keep one plain histology and one plain stage range confident', () => {
        expect(
          confident('* Histologically confirmed adenocarcinoma\n* Stage IV disease'),
        ).not.toEqual([]);
      });
    });

    it('should read a plain statement with a high confidence', () => {
      expect(read('* ECOG performance status 0-1', '* Pregnant or breastfeeding')).toEqual([
        'ecog range inclusion ..1 high plain',
        'pregnant_nursing excluded exclusion high plain',
      ]);
    });

    it('should not read an allowance of a subgroup as a limit of the whole trial', () => {
      // Stage III or IV; the second item only says which stage III patients may join.
      expect(
        read(
          '* Stage III or IV non-small cell lung cancer\n' +
            '* Stage III patients may be enrolled only if they are not candidates for surgery',
        ),
      ).toEqual([
        'nsclc required inclusion high plain',
        'tumor_stage range inclusion 3.. high plain',
      ]);
      expect(
        read(
          '* Stage IIIB-IV NSCLC\n' +
            '* Patients with stage III disease who are not eligible for curative surgery are eligible',
        ),
      ).toEqual([
        'nsclc required inclusion high plain',
        'tumor_stage range inclusion 3.2.. high plain',
      ]);
    });

    it('should keep a plain "are eligible" statement of the population', () => {
      expect(read('* Patients with ECOG 0-2 are eligible')).toEqual([
        'ecog range inclusion ..2 high plain',
      ]);
    });

    it("should not read the object of a prior treatment as the patient's histology", () => {
      expect(read('', '* Prior chemotherapy for advanced adenocarcinoma')).toEqual([
        'chemotherapy excluded exclusion low qualified',
      ]);
      expect(
        read('', '* Prior systemic therapy given for metastatic squamous cell carcinoma'),
      ).toEqual(['chemotherapy excluded exclusion low qualified']);
      // The histology itself still reads.
      expect(read('* Histologically confirmed adenocarcinoma of the lung')).toContain(
        'adenocarcinoma required inclusion high plain',
      );
    });

    it('should read a rule with an exception in its item with a low confidence', () => {
      expect(read('* ECOG 0-1. Older participants with a better status may be included.')).toEqual([
        'ecog range inclusion ..1 low exception',
      ]);
      expect(
        read(
          '* ECOG performance status 0-1; however, participants aged 70 or older with ECOG 2 may be included',
        ),
      ).toEqual(['ecog range inclusion ..1 low exception']);
      expect(
        read('', '* Other malignancy, except adequately treated basal cell carcinoma of the skin'),
      ).toEqual(['other_cancer excluded exclusion low exception']);
    });

    it('should read a negated driver requirement as an exclusion, spelled out or abbreviated, alone or in a list', () => {
      expect(read('* EGFR-negative NSCLC')).toContain('egfr excluded inclusion high plain');
      expect(read('* EGFR, ALK and ROS1 negative')).toEqual([
        'alk excluded inclusion high plain',
        'egfr excluded inclusion high plain',
        'ros1 excluded inclusion high plain',
      ]);
      expect(read('* Negative for EGFR mutation and ALK rearrangement')).toEqual([
        'alk excluded inclusion high plain',
        'egfr excluded inclusion high plain',
      ]);
      expect(read('* EGFR(-) and ALK(-)')).toEqual([
        'alk excluded inclusion high plain',
        'egfr excluded inclusion high plain',
      ]);
      expect(read('* EGFR neg, ALK neg')).toEqual([
        'alk excluded inclusion high plain',
        'egfr excluded inclusion high plain',
      ]);
      // A positive one beside a negative one stays positive.
      expect(read('* EGFR mutation positive and ALK negative')).toEqual([
        'alk excluded inclusion high plain',
        'egfr required inclusion high plain',
      ]);
    });

    it('should read metastases that must be present as a requirement', () => {
      expect(read('* Brain metastases must be present')).toEqual([
        'brain_metastases required inclusion high plain',
      ]);
      expect(read('* At least one measurable brain metastasis')).toContain(
        'brain_metastases required inclusion high plain',
      );
    });

    it("should not read a condition named only for measurability as the patient's", () => {
      expect(
        read(
          '* At least one measurable lesion (brain metastasis must not be the only measurable lesion) per RECIST 1.1',
        ),
      ).not.toContainEqual(expect.stringMatching(/^brain_metastases/));
    });

    it('should read a sentence naming a condition plainly and negated with a low confidence', () => {
      expect(
        read(
          '',
          '* Leptomeningeal metastasis confirmed by MRI, but no evidence of brain parenchymal metastasis.',
        ),
      ).toEqual(['brain_metastases excluded exclusion low exception']);
    });

    it('should read a cohort-specific rule with a low confidence, inline or under a heading', () => {
      expect(read('* Cohort 2 only: prior PD-1 inhibitor required')).toEqual([
        'checkpoint_therapy required inclusion low cohort',
      ]);
      expect(
        read('* ECOG 0-2\nCohort A:\n  * EGFR mutation\nCohort B:\n  * KRAS mutation'),
      ).toEqual([
        'ecog range inclusion ..2 high plain',
        'egfr required inclusion low cohort',
        'kras required inclusion low cohort',
      ]);
      expect(read('Cohort A:\n* EGFR mutation\nAll cohorts:\n* ECOG 0-1')).toEqual([
        'ecog range inclusion ..1 high plain',
        'egfr required inclusion low cohort',
      ]);
    });

    it('should read a conditional sentence with a low confidence', () => {
      expect(read('', '* If female: pregnant or breastfeeding')).toEqual([
        'pregnant_nursing excluded exclusion low conditional',
      ]);
    });

    it('should read a qualified rule with a low confidence', () => {
      expect(read('', '* Untreated or symptomatic brain metastases')).toEqual([
        'brain_metastases excluded exclusion low qualified',
      ]);
    });

    it('should read a flat list after "one of the following … must be true:" with a low confidence', () => {
      expect(
        read(
          '* ECOG 0-1\n* One of the following must be true for the patient to be eligible:\n' +
            '* Known esophageal cancer (adenocarcinoma or squamous cell carcinoma)\n' +
            '* History of dysplasia',
        ),
      ).toEqual([
        'adenocarcinoma required inclusion low list',
        'ecog range inclusion ..1 high plain',
      ]);
      // Nested under the heading, the alternatives give no requirement and what follows is plain.
      expect(
        read('* One of the following:\n  * EGFR mutation\n  * ALK fusion\n* ECOG 0-1'),
      ).toEqual(['ecog range inclusion ..1 high plain']);
    });

    it('should read items chained by a trailing "or" as alternatives with a low confidence', () => {
      expect(
        read(
          '* Hereditary pancreatitis or\n* Germline mutation carrier (BRCA2, PALB2) or\n* Strong family history\n* ECOG 0-1',
        ),
      ).toEqual(['brca2 required inclusion low list', 'ecog range inclusion ..1 high plain']);
    });

    it('should read a rule for one phase or part of the trial with a low confidence', () => {
      expect(read('* No prior chemotherapy (for phase II part)')).toEqual([
        'chemotherapy excluded inclusion low cohort',
      ]);
    });

    it('should read no rule from a permission worded "may be admitted" or "does not exclude"', () => {
      expect(
        read(
          '* Patients who have received radiotherapy to some, but not all, tumors may be admitted earlier',
        ),
      ).toEqual([]);
      expect(
        read(
          '* Metastases that have resolved after previous radiation therapy do not exclude patients',
        ),
      ).toEqual([]);
    });

    it('should carry a negation over a coordinated noun phrase', () => {
      expect(read('* Absence of local and distant metastases')).toEqual([
        'metastatic excluded inclusion high plain',
      ]);
      expect(read('* No nodal or distant metastases')).toEqual([
        'metastatic excluded inclusion high plain',
      ]);
    });

    it('should not read a therapy named as the setting of a relapse as the therapy excluded', () => {
      expect(
        read(
          '',
          '* Progressive disease or clinical relapse (as defined by IMWG response criteria) following ASCT',
        ),
      ).not.toContainEqual(expect.stringContaining('autologous_transplant'));
    });

    it('should qualify a therapy limited to a body site or to the cancer it treated', () => {
      expect(read('* No prior chest radiotherapy', '* Prior pelvic radiation')).toEqual([
        'radiation_therapy excluded exclusion low qualified',
        'radiation_therapy excluded inclusion low qualified',
      ]);
      expect(
        read('', '* Prior surgery for esophageal or gastro-esophageal junction cancer.'),
      ).toEqual(['major_surgery excluded exclusion low qualified']);
    });

    it('should not read the cancer a prior treatment was for as another cancer', () => {
      expect(read('* No prior surgery for esophageal cancer')).not.toContainEqual(
        expect.stringContaining('other_cancer'),
      );
      expect(read('', '* Other prior malignancy')).toEqual([
        'other_cancer excluded exclusion high plain',
      ]);
    });

    it('should qualify a named kind of a comorbidity and one restricted by what it prevents', () => {
      expect(
        read(
          '* No ischemic heart disease\n* No renal conditions that contraindicate high doses of sodium',
        ),
      ).toEqual([
        'cardiac_disorders excluded inclusion low qualified',
        'kidney_diseases excluded inclusion low qualified',
      ]);
    });

    it('should group extent alternatives further apart into one anyOf rule', () => {
      expect(
        compact(
          rules(
            '* Stage IIIB/IIIC NSCLC that is unresectable and not fit for radical chemoradiotherapy, or metastatic NSCLC',
          ),
        ),
      ).toContain('unresectable required inclusion anyOf:metastatic');
      expect(
        compact(
          rules('* Unresectable, locally advanced or metastatic adenocarcinoma of the stomach'),
        ),
      ).toEqual([
        'adenocarcinoma required inclusion',
        'unresectable required inclusion anyOf:metastatic',
      ]);
    });

    it('should read an enumeration of biomarkers in inclusion as one anyOf rule', () => {
      const any = (inclusion: string): string[] =>
        rules(inclusion)
          .filter((r) => r.source === 'text')
          .map((r) => `${r.key} ${r.kind} anyOf:${(r.anyOf ?? []).join(',')} ${r.confidence}`);
      expect(any('* EGFR, ALK or ROS1 alteration')).toEqual(['egfr required anyOf:alk,ros1 high']);
      expect(any('* Any of (BRCA1, BRCA2, PALB2, ATM) mutations')).toEqual([
        'brca1 required anyOf:brca2,palb2,atm high',
      ]);
      // Commas only: a choice most likely, but not said: not confident.
      expect(any('* Known mutation of BRCA2, BRCA1, p16, PALB2 with an affected relative')).toEqual(
        ['brca2 required anyOf:brca1,palb2 low'],
      );
    });

    it('should require no measurable disease from "measurable or non-measurable", nor from one at diagnosis', () => {
      expect(
        read(
          '* Measurable disease as defined per RECIST v.1.1 or non-measurable (including bone-only) disease\n' +
            '* Myeloma with measurable disease at diagnosis',
        ),
      ).toEqual([]);
    });

    it('should read the setting of a prior treatment across an aside as its object', () => {
      expect(
        read(
          '',
          '* Prior systemic therapy (e.g., prior chemotherapy, immunotherapy) for locally advanced unresectable or metastatic breast cancer',
        ),
      ).toEqual([
        'checkpoint_therapy excluded exclusion low qualified',
        'chemotherapy excluded exclusion low qualified',
      ]);
    });

    it('should read a drug class as its specific key only, and therapies joined by "or" as one anyOf', () => {
      expect(compact(rules('* Treated with first line immunotherapy or BRAF inhibitors.'))).toEqual(
        ['checkpoint_therapy required inclusion anyOf:braf_therapy'],
      );
    });

    it('should not read a treatment the lesions could receive as a prior one', () => {
      expect(
        read('* All sites of progression can be safely treated with SBRT or radiotherapy'),
      ).toEqual([]);
    });

    it('should read a wash-out after "etc." and a therapy aimed at a named target or site as such', () => {
      expect(
        read(
          '',
          '* Treatment with immune checkpoint inhibitor, etc. within 28 days before enrollment',
        ),
      ).toEqual([]);
      expect(
        read(
          '',
          '* Prior treatment with BCMA targeted therapy\n* Prior radiotherapy near the oligoprogressive lesion',
        ),
      ).toEqual([
        'radiation_therapy excluded exclusion low qualified',
        'targeted_therapy excluded exclusion low qualified',
      ]);
    });

    it('should qualify leptomeningeal disease as a kind of CNS metastases', () => {
      expect(read('', '* Leptomeningeal disease.')).toEqual([
        'brain_metastases excluded exclusion low qualified',
      ]);
    });

    it('should read the items after "including:" as examples, with a low confidence', () => {
      expect(
        read(
          'Relapsed or refractory AML, including:\n\n* Relapse after allogeneic transplantation\n* At least 1 prior line of therapy which includes chemotherapy or targeted therapy',
        ),
      ).toEqual([
        'chemotherapy required inclusion low list',
        'relapsed required inclusion high plain',
        'relapsed required inclusion low list',
        'targeted_therapy required inclusion low list',
      ]);
    });

    it('should split inline "(n)" numbering and read "A, B, or C" histologies as one anyOf', () => {
      expect(
        compact(
          rules(
            '(1) Women aged 20 to 70 (2) Patients newly diagnosed with squamous cell carcinoma (SCC), adenocarcinoma, or adenosquamous carcinoma (3) ECOG 0-1',
          ),
        ),
      ).toEqual([
        'ecog range inclusion ..1',
        'newly_diagnosed required inclusion',
        'squamous required inclusion anyOf:adenocarcinoma,adenosquamous',
      ]);
      // An open list ("… or other cutaneous malignancy") is not confident (a melanoma trial:
      // a melanoma subtype is no rule of a lung trial, round 10c).
      expect(
        rules('* Cutaneous melanoma, Merkel cell carcinoma, or other cutaneous malignancy', '', {
          conditions: ['melanoma'],
        })
          .filter((r) => r.source === 'text')
          .map((r) => `${r.key} ${r.kind} ${r.section} ${r.confidence} ${r.reading}`),
      ).toEqual(['cutaneous_melanoma required inclusion low list']);
    });

    it('should not read eGFR as the EGFR gene', () => {
      expect(read('* Preserved renal function (eGFR >= 60 mL/min/1.73 m2)')).toEqual([]);
      expect(read('* EGFR(-) NSCLC')).toContain('egfr excluded inclusion high plain');
    });

    it('should make a rule confident when one of its mentions is plain', () => {
      expect(
        read(
          '',
          '* Known HIV infection\n* Other malignancy or HIV infection, except cured skin cancer',
        ),
      ).toContain('hiv excluded exclusion high plain');
    });

    describe('round 4: the next classes of wrong exclusion (issue 14)', () => {
      /** The text rules that may exclude (`ruleExcludes`: confident and not qualified). */
      const excluding = (
        inclusion: string,
        exclusion = '',
        conditions: string[] = ['lung_cancer'],
      ): string[] =>
        compact(rules(inclusion, exclusion, { conditions }).filter((r) => ruleExcludes(r)));

      it('should read a negative result written after its test as HER2-negative required', () => {
        for (const sentence of [
          '* Documented HER2 IHC negative breast cancer',
          '* HER2 immunohistochemistry (IHC) negative',
          '* HER2 IHC score of 0 or 1+',
          '* HER2 expression IHC 0',
          '* HER2 IHC 2+ and ISH negative',
        ]) {
          expect(excluding(sentence, '', ['breast_cancer'])).toEqual(['her2 excluded inclusion']);
        }
        // A positive result keeps its polarity.
        expect(
          excluding('* HER2-positive (IHC 3+ or ISH positive)', '', ['breast_cancer']),
        ).toEqual(['her2 required inclusion']);
        expect(excluding('* HER2 IHC 3+', '', ['breast_cancer'])).toEqual([
          'her2 required inclusion',
        ]);
      });

      it('should not read a HER2 mutation as HER2-positive expression', () => {
        expect(excluding('* Documented HER2 exon 20 insertion mutation')).toEqual([]);
        expect(excluding('', '* Known HER2 activating mutation')).toEqual([]);
      });

      it("should not read the target of a local treatment as the patient's extent", () => {
        for (const sentence of [
          '* Prior radiation therapy to the candidate metastatic sites',
          '* Received radiotherapy to a metastatic lesion within 2 weeks',
          '* Patients not suitable for ablative radiation therapy to metastatic sites',
        ]) {
          expect(excluding('* ECOG 0-1', sentence)).toEqual(['ecog range inclusion ..1']);
        }
        // The disease itself still excludes.
        expect(excluding('', '* Metastatic disease')).toEqual(['metastatic excluded exclusion']);
      });

      it('should not read a precursor lesion named by its cell type as that histology', () => {
        expect(
          excluding(
            '',
            '* History of precancerous lesions such as squamous dysplasia, Barrett esophagus or carcinoma in situ',
            ['esophageal_cancer'],
          ),
        ).toEqual([]);
        expect(excluding('', '* Squamous intraepithelial neoplasia', ['cervical_cancer'])).toEqual(
          [],
        );
        expect(excluding('', '* Squamous cell carcinoma')).toEqual(['squamous excluded exclusion']);
      });

      it('should not exclude a histology when only one site of it is excluded', () => {
        for (const sentence of [
          '* Adenocarcinoma of the gastric body or antrum',
          '* Gastric cardia adenocarcinoma',
          '* Squamous cell carcinoma of the esophagus',
        ]) {
          expect(excluding('* ECOG 0-1', sentence, ['esophageal_cancer'])).toEqual([
            'ecog range inclusion ..1',
          ]);
        }
        // Required with its site, the histology is still required; alone it still excludes.
        expect(excluding('* Gastric adenocarcinoma', '', ['gastric_cancer'])).toEqual([
          'adenocarcinoma required inclusion',
        ]);
        expect(excluding('', '* Adenocarcinoma histology')).toEqual([
          'adenocarcinoma excluded exclusion',
        ]);
        // A lung histology is asked of lung patients only: the lung is no narrowing site.
        expect(excluding('', '* Lung squamous cell carcinoma')).toEqual([
          'squamous excluded exclusion',
        ]);
      });

      it('should not exclude every checkpoint inhibitor for a therapy aimed at one other target', () => {
        for (const sentence of [
          '* Previous immunotherapies related to the mode of action of GI-102',
          '* Prior immunotherapy targeting LAG-3',
          '* Prior immunotherapy directed against TIGIT',
        ]) {
          expect(excluding('', sentence)).toEqual([]);
        }
        // Aimed at PD-1, PD-L1 or CTLA-4 it is the class.
        expect(excluding('', '* Prior immunotherapy targeting CTLA-4, PD-1 or PD-L1')).toEqual([
          'checkpoint_therapy excluded exclusion',
        ]);
      });

      it("should read a rule of one phase of the trial as that part's", () => {
        expect(excluding('', '* Phase 1b only: brain metastases')).toEqual([]);
        expect(excluding('* Phase 2: ECOG 0-1')).toEqual([]);
        expect(excluding('* For Phase I: unresectable disease')).toEqual([]);
        expect(
          excluding(
            '* ECOG performance status score: Phase I dose escalation: 0-1. Phase II dose expansion: 0-2.',
          ),
        ).toEqual([]);
        expect(
          excluding('* Phase 1a and dose escalation part of Phase 1b: unresectable disease'),
        ).toEqual([]);
        // "phase" in another sense leaves the rule for the whole trial.
        expect(excluding('* ECOG 0-1 (all phases)')).toEqual(['ecog range inclusion ..1']);
        expect(
          excluding('', '* Brain metastases\n* Participation in a phase 3 study within 4 weeks'),
        ).toEqual(['brain_metastases excluded exclusion']);
      });

      it('should keep the qualifier of an uncontrollable or poorly controlled comorbidity', () => {
        expect(excluding('', '* Uncontrollable diabetes mellitus')).toEqual([]);
        expect(excluding('', '* Diabetes not well controlled')).toEqual([]);
        expect(excluding('', '* Diabetes mellitus')).toEqual(['diabetes excluded exclusion']);
      });

      it('should not exclude a whole gene family for one named alteration', () => {
        for (const [sentence, condition] of [
          ['* Known FGFR2 fusion', 'cholangiocarcinoma'],
          ['* EGFR exon 20 insertion', 'lung_cancer'],
          ['* KRAS G12C mutation', 'lung_cancer'],
          ['* MET exon 14 skipping mutation', 'lung_cancer'],
          ['* MET amplification', 'lung_cancer'],
        ]) {
          expect(excluding('* ECOG 0-1', sentence, [condition])).toEqual([
            'ecog range inclusion ..1',
          ]);
        }
        expect(excluding('* No EGFR exon 19 deletion or L858R mutation')).toEqual([]);
        // Round 11b: one kind of EGFR mutation (activating, sensitizing) excluded is qualified
        // too: the question asks about any EGFR mutation (the calibration labels qualify most
        // such sentences). Required, the alteration implies the gene.
        expect(
          excluding('', '* Known EGFR activating mutations (exon 19 deletion or L858R)'),
        ).toEqual([]);
        expect(excluding('', '* Known EGFR sensitizing mutation or ALK rearrangement')).toEqual([
          'alk excluded exclusion',
        ]);
        expect(excluding('* FGFR2 fusion or rearrangement', '', ['cholangiocarcinoma'])).toEqual([
          'fgfr2 required inclusion',
        ]);
      });

      it('should not require EGFR from a group naming a HER2 mutation, nor exclude HER2 for it', () => {
        expect(
          excluding(
            '* Patient is positive for EGFR or HER2 exon 20 mutations based on tissue testing',
          ),
        ).toEqual([]);
        // (Round 11b: a sensitizing EGFR mutation is one kind of EGFR mutation, qualified.)
        expect(
          excluding('', '* Known sensitizing mutations in EGFR or HER2 sensitizing mutations'),
        ).toEqual([]);
      });

      it('should read metastatic melanoma involving the brain, excluded only if so, as no extent rule', () => {
        expect(
          excluding(
            '',
            '* Patients with a history metastatic melanoma involving the brain will be excluded if they have not been treated',
            ['melanoma'],
          ),
        ).toEqual([]);
      });

      it('should qualify untreated "before surgery" and a co-infection (development labels)', () => {
        expect(excluding('* No previous treatment before surgery;')).toEqual([]);
        expect(excluding('* Previously untreated disease')).toEqual([
          'untreated required inclusion',
        ]);
        expect(
          excluding('', '* Hepatitis B combined with Hepatitis C or Hepatitis D infection;'),
        ).toEqual([]);
      });

      it('should qualify brain metastases limited to one location', () => {
        expect(excluding('', '* Brain metastases in the brain stem')).toEqual([]);
        expect(excluding('', '* Brain metastases')).toEqual([
          'brain_metastases excluded exclusion',
        ]);
      });

      it('should not read how metastatic lesions count for measurability as metastatic required', () => {
        expect(
          excluding(
            '* Patient has measurable disease (RECIST 1.1). Metastatic lesions in bone, central nervous system (CNS), or in brain cannot be used for target lesions.',
          ),
        ).toEqual(['measurable_disease required inclusion']);
      });

      it("should read a shared histology named with one disease of a basket trial as that cohort's", () => {
        const basket = ['lung_cancer', 'esophageal_cancer'];
        const inclusion =
          '* Non-small cell lung cancer after platinum chemotherapy\n* Recurrent or metastatic head and neck squamous cell carcinoma (HNSCC)\n* Gastric or esophageal adenocarcinoma\n';
        expect(
          excluding(inclusion, '', basket).filter((r) => /^(?:squamous|adenocarcinoma) /.test(r)),
        ).toEqual([]);
        // One disease's trial keeps its histology.
        expect(
          excluding('* Recurrent or metastatic head and neck squamous cell carcinoma', '', [
            'lung_cancer',
          ]),
        ).toEqual(['squamous required inclusion']);
      });

      it('should read a requirement for the patients of one biomarker group as conditional', () => {
        expect(
          excluding(
            '* Patients with HER2-low tumors (HER2 IHC 1+ or 2+/ISH negative) need to have received fam-trastuzumab deruxtecan',
            '',
            ['breast_cancer'],
          ),
        ).toEqual([]);
      });
    });

    describe('round 5: more classes of wrong exclusion (issue 14)', () => {
      /** The text rules that may exclude (`ruleExcludes`: confident and not qualified). */
      const excluding = (
        inclusion: string,
        exclusion = '',
        conditions: string[] = ['lung_cancer'],
      ): string[] =>
        compact(rules(inclusion, exclusion, { conditions }).filter((r) => ruleExcludes(r)));

      it('should not require one disease status when another route of entry is an alternative', () => {
        for (const sentence of [
          '* Relapsed or refractory multiple myeloma and/or newly diagnosed patients ineligible for transplant',
          '* Relapsed or refractory myeloma, or untreated myeloma in patients unfit for high-dose therapy',
          '* Refractory disease after two lines and/or patients with high-risk newly diagnosed disease',
        ]) {
          expect(excluding(sentence, '', ['multiple_myeloma'])).toEqual([]);
        }
        // Without the alternative the status is still required.
        expect(
          excluding('* Relapsed or refractory multiple myeloma', '', ['multiple_myeloma']),
        ).toEqual(['relapsed required inclusion anyOf:refractory']);
        // "Ineligible for this study" still prohibits.
        expect(excluding('', '* Small cell lung cancer is ineligible for this study')).toEqual([
          'sclc excluded exclusion',
        ]);
      });

      it('should not read "regardless of" or "irrespective of" a biomarker as requiring it', () => {
        expect(excluding('* Advanced NSCLC regardless of PD-L1 expression')).toEqual([
          'nsclc required inclusion',
        ]);
        expect(
          excluding('* Metastatic breast cancer irrespective of HER2 status', '', [
            'breast_cancer',
          ]),
        ).toEqual(['metastatic required inclusion']);
        expect(excluding('* Stage IV NSCLC, independent of EGFR mutation status')).toEqual([
          'nsclc required inclusion',
          'tumor_stage range inclusion 4..',
        ]);
        // A biomarker asked for still is.
        expect(excluding('* PD-L1 positive NSCLC')).toEqual([
          'nsclc required inclusion',
          'pd_l1 required inclusion',
        ]);
      });

      it("should read the items under a patient subgroup's heading as that subgroup's", () => {
        const text =
          '* Stage IV NSCLC\n* For ICI-refractory subjects:\n  * Progression on prior anti-PD-1 therapy\n* ECOG 0-1';
        expect(excluding(text)).toEqual([
          'ecog range inclusion ..1',
          'nsclc required inclusion',
          'tumor_stage range inclusion 4..',
        ]);
        expect(
          excluding('* Stage IV NSCLC', '* For EGFR-mutant patients:\n  * Prior docetaxel'),
        ).toEqual(['nsclc required inclusion', 'tumor_stage range inclusion 4..']);
        // Not nested under a heading, the rule holds for everyone.
        expect(excluding('* Progression on prior anti-PD-1 therapy')).toEqual([
          'checkpoint_therapy required inclusion',
          'progressive_disease required inclusion',
        ]);
      });

      it("should not read another cancer's extent as the patient's metastatic disease", () => {
        for (const sentence of [
          '* A currently active metastatic second malignancy',
          '* Other malignancy that is metastatic or requires active treatment',
          '* Known additional malignancy that is progressing, metastatic or required treatment',
        ]) {
          expect(excluding('* Stage IV NSCLC', sentence)).toEqual([
            'nsclc required inclusion',
            'tumor_stage range inclusion 4..',
          ]);
        }
        // The patient's own metastatic disease still excludes.
        expect(excluding('', '* Metastatic disease')).toEqual(['metastatic excluded exclusion']);
      });
    });

    describe('round 6: the open classes of wrong exclusion (issue 14)', () => {
      /** The text rules that may exclude (`ruleExcludes`: confident and not qualified). */
      const excluding = (
        inclusion: string,
        exclusion = '',
        conditions: string[] = ['lung_cancer'],
      ): string[] =>
        compact(rules(inclusion, exclusion, { conditions }).filter((r) => ruleExcludes(r)));

      it('should keep the disease required when a relative clause negates a treatment', () => {
        expect(
          excluding('* Patients with NSCLC who are not eligible for curative surgery'),
        ).toEqual(['nsclc required inclusion']);
        expect(
          excluding(
            '* Patients with metastatic NSCLC who are not eligible for platinum chemotherapy',
          ),
        ).toEqual(['metastatic required inclusion', 'nsclc required inclusion']);
        expect(
          excluding('* Stage III NSCLC patients who are not candidates for resection'),
        ).toEqual(['nsclc required inclusion', 'tumor_stage range inclusion 3..3.3']);
        expect(
          excluding(
            '* Patients who are not suitable for radical surgery with locally advanced NSCLC',
          ),
        ).toEqual(['nsclc required inclusion']);
        expect(
          excluding(
            '* Adults with relapsed AML who are not eligible for intensive chemotherapy',
            '',
            ['acute_myeloid_leukemia'],
          ),
        ).toEqual(['relapsed required inclusion']);
        // The fitness clause asks for nothing confident, but it is still read (to check).
        expect(
          compact(rules('* Patients with NSCLC who are not eligible for curative surgery')),
        ).toContain('unresectable required inclusion q');
        // The tumour's own extent, and a prohibition of the study, still exclude.
        expect(excluding('* Unresectable stage III NSCLC')).toContain(
          'unresectable required inclusion',
        );
        expect(excluding('* Patients with EGFR mutation are not eligible for this study')).toEqual([
          'egfr excluded inclusion',
        ]);
        // A relative clause before the prohibition narrows what it excludes.
        expect(
          excluding('* Patients with NSCLC who received an EGFR TKI are not eligible'),
        ).toEqual([]);
      });

      it('should not read the fitness for a biomarker-targeted therapy as the biomarker negated', () => {
        expect(
          excluding(
            '* Received a BRAF-containing regimen or is not eligible for or has declined BRAF therapy',
            '',
            ['melanoma'],
          ),
        ).toEqual([]);
      });

      it('should bound a performance range at the wider score a bracketed aside allows', () => {
        for (const sentence of [
          '* ECOG 0-1 (or 0-2 as allowed by the local protocol)',
          '* ECOG performance status <= 1 (<= 2 if due to disease-related symptoms)',
          '* ECOG performance status of 0 or 1 (2 in patients over 70 years)',
          "* ECOG 0-1 (or up to 2 at the investigator's discretion)",
        ]) {
          expect(excluding(sentence)).toEqual(['ecog range inclusion ..2']);
        }
        // One cohort's wider range is that cohort's: no confident rule.
        expect(excluding('* ECOG 0-1 (0-2 for cohort B)')).toEqual([]);
        // A narrower aside or a reference to an appendix leaves the bound alone.
        expect(excluding('* ECOG 0-2 (0-1 for patients older than 75)')).toEqual([
          'ecog range inclusion ..2',
        ]);
        expect(excluding('* ECOG performance status of 0 or 1 (see Appendix 3)')).toEqual([
          'ecog range inclusion ..1',
        ]);
        expect(excluding('* ECOG 0-1')).toEqual(['ecog range inclusion ..1']);
      });

      it('should ask for no biomarker when an "and/or" names both of its results', () => {
        const crc = ['colorectal_cancer'];
        for (const sentence of [
          '* KRAS-mutant and/or KRAS wild-type metastatic colorectal cancer',
          '* Metastatic colorectal cancer (KRAS wild-type and/or mutant)',
          '* Metastatic colorectal cancer, KRAS mutated or wild-type',
        ]) {
          expect(excluding(sentence, '', crc)).toEqual(['metastatic required inclusion']);
        }
        expect(
          excluding(
            '* Relapsed or refractory AML with FLT3 mutation, and/or with their malignancy with wild-type FLT3',
            '',
            ['acute_myeloid_leukemia'],
          ),
        ).toEqual([]);
        expect(
          excluding('* NSCLC with no EGFR mutation and/or with an EGFR mutation after osimertinib'),
        ).toEqual([]);
        expect(excluding('* Non-squamous NSCLC with EGFR mutation and/or ALK-negative')).toEqual([
          'nsclc required inclusion',
          'squamous excluded inclusion',
        ]);
        // One result asked for still is, and a negation over a list still spreads.
        expect(excluding('* KRAS wild-type metastatic colorectal cancer', '', crc)).toEqual([
          'kras excluded inclusion',
          'metastatic required inclusion',
        ]);
        expect(excluding('* AML with FLT3 mutation', '', ['acute_myeloid_leukemia'])).toEqual([
          'flt3 required inclusion',
        ]);
        expect(excluding('* EGFR mutation and ALK rearrangement negative')).toEqual([
          'alk excluded inclusion',
          'egfr excluded inclusion',
        ]);
      });

      it("should read one disease's line or biomarker rule in a basket as that cohort's", () => {
        const basket = ['melanoma', 'cholangiocarcinoma', 'lung_cancer'];
        const diseases = '* Advanced melanoma, NSCLC or biliary tract cancer\n';
        // BRAF is asked of lung and biliary patients too: the melanoma cohort's rule only.
        expect(
          excluding(`${diseases}* Third-line therapy only in BRAF-mutated melanoma`, '', basket),
        ).toEqual([]);
        expect(
          excluding(
            `${diseases}* If subjects have BRAF-mutant melanoma, prior BRAF inhibitor therapy`,
            '',
            basket,
          ),
        ).toEqual([]);
        // Lines per disease, also named only in brackets.
        expect(
          excluding(
            `${diseases}* For NSCLC: at least 1 prior platinum-based line; for melanoma: prior anti-PD-1`,
            '',
            basket,
          ),
        ).toEqual([]);
        expect(
          excluding(
            `${diseases}* Progressed after >= 1 prior line of systemic therapy (NSCLC) or after anti-PD-1 (melanoma)`,
            '',
            basket,
          ),
        ).toEqual([]);
        // A breast cohort's HER2 result is not a lung patient's (HER2 is asked of both); its
        // hormone receptors are asked of breast patients only.
        expect(
          excluding(
            '* Metastatic breast cancer or NSCLC\n* HR-positive, HER2-negative breast cancer',
            '',
            ['breast_cancer', 'lung_cancer'],
          ),
        ).toEqual(['hr required inclusion', 'metastatic required inclusion']);
        // A biomarker only the named disease's patients answer keeps its reading, and so does
        // one of a trial of one disease.
        expect(excluding(`${diseases}* NSCLC: EGFR mutation required`, '', basket)).toEqual([
          'egfr required inclusion',
        ]);
        expect(excluding('* BRAF-mutated melanoma', '', ['melanoma'])).toEqual([
          'braf required inclusion',
        ]);
      });

      it("should read the items under a disease cohort's heading as that cohort's", () => {
        const text =
          '1. Advanced solid tumour after standard therapy\n2. SCLC subjects (Phase 2a Cohort 1 ONLY):\n   * Metastatic SCLC\n   * Prior platinum-based chemotherapy\n3. ECOG 0-1';
        expect(excluding(text, '', ['lung_cancer', 'prostate_cancer'])).toEqual([
          'ecog range inclusion ..1',
        ]);
        // High-dose chemotherapy (with stem cell rescue) is one kind, not every chemotherapy.
        expect(excluding('', '* Prior high dose chemotherapy requiring stem cell rescue')).toEqual(
          [],
        );
        expect(excluding('', '* Prior chemotherapy')).toEqual(['chemotherapy excluded exclusion']);
      });

      it("should not read a lesion's treatment as the patient's", () => {
        for (const sentence of [
          '* At least 1 measurable lesion per RECIST 1.1 which has not been biopsied or received prior irradiation',
          '* Measurable disease in a lesion that has not received prior radiation therapy',
        ]) {
          expect(excluding(sentence)).toEqual(['measurable_disease required inclusion']);
        }
        expect(excluding('* No prior radiation therapy')).toEqual([
          'radiation_therapy excluded inclusion',
        ]);
      });

      it('should not require MSI-high of every patient when it is one of the tumour types', () => {
        const basket = ['colorectal_cancer', 'lung_cancer', 'melanoma'];
        for (const inclusion of [
          '* Histologically confirmed NSCLC, melanoma, head and neck cancer, MSI-high solid tumours or urothelial cancer',
          '* Advanced solid tumours including NSCLC, melanoma and MSI-H colorectal cancer',
          '* Advanced cancer of these types:\n  * NSCLC\n  * Melanoma\n  * MSI-High solid tumors',
          '* NSCLC, melanoma or any cancer that is known to be MMR deficient',
        ]) {
          expect(excluding(inclusion, '', basket)).not.toContain('msi_high required inclusion');
        }
        // In a trial of one disease, or of MSI-high tumours only, it is required; its two names
        // joined by "or" are one requirement.
        expect(
          excluding('* MSI-high or dMMR metastatic colorectal cancer', '', ['colorectal_cancer']),
        ).toEqual(['metastatic required inclusion', 'msi_high required inclusion']);
        expect(excluding('* MSI-H or dMMR solid tumours', '', ['colorectal_cancer'])).toEqual([
          'msi_high required inclusion',
        ]);
      });

      it('should not read spread to lymph nodes or to one site as metastatic disease', () => {
        const melanoma = ['melanoma'];
        expect(
          excluding(
            '* Stage III melanoma: metastatic melanoma to only one lymph node',
            '',
            melanoma,
          ),
        ).toEqual(['tumor_stage range inclusion 3..3.3']);
        for (const sentence of [
          '* Metastatic melanoma to only one lymph node basin',
          '* Metastatic disease limited to the regional lymph nodes',
          '* Patients with metastatic melanoma to regional lymph nodes only',
        ]) {
          expect(excluding(sentence, '', melanoma)).toEqual([]);
        }
        expect(
          excluding(
            '* Stage III melanoma',
            '* Metastatic melanoma to more than one lymph node',
            melanoma,
          ),
        ).toEqual(['tumor_stage range inclusion 3..3.3']);
        expect(excluding('* Stage IV NSCLC', '* Metastatic disease limited to bone')).toEqual([
          'nsclc required inclusion',
          'tumor_stage range inclusion 4..',
        ]);
        // Distant metastatic disease is still read, required or excluded.
        expect(excluding('* Metastatic melanoma', '', melanoma)).toEqual([
          'metastatic required inclusion',
        ]);
        expect(excluding('* Stage III melanoma', '* Distant metastases', melanoma)).toEqual([
          'metastatic excluded exclusion',
          'tumor_stage range inclusion 3..3.3',
        ]);
      });
    });

    describe('round 7: classes seen on the fifth round, fixed on sentences written for them', () => {
      /** The text rules that may exclude as read (`ruleExcludes`, before calibration). */
      const excluding = (
        inclusion: string,
        exclusion = '',
        conditions: string[] = ['lung_cancer'],
      ): string[] =>
        compact(rules(inclusion, exclusion, { conditions }).filter((r) => ruleExcludes(r)));

      it('should read a therapy "within protocol specified intervals" as a wash-out, not a ban', () => {
        expect(
          excluding(
            '',
            '* Chemotherapy, immunotherapy or radiotherapy within the protocol-defined wash-out periods',
          ),
        ).toEqual([]);
        expect(
          excluding(
            '',
            '* Treatment with radiotherapy, systemic anticancer therapy, immunotherapy, CAR-T cell therapy, or hormonal therapy within protocol specified intervals',
          ),
        ).toEqual([]);
        expect(
          excluding(
            '',
            '* Treatment with chemotherapy or an anti-PD-1 antibody within 4 weeks before the first dose',
          ),
        ).toEqual([]);
        // Without the interval the same therapies are a ban.
        expect(excluding('', '* Prior treatment with chemotherapy')).toEqual([
          'chemotherapy excluded exclusion',
        ]);
      });

      it('should read the items of a list of eligible disease types as alternatives, not each a histology', () => {
        const basket = [
          '* Histologically confirmed malignancy treated with an eligible regimen',
          '  * Eligible tumour types:',
          '    * Breast',
          '    * Lung',
          '    * Squamous cell carcinoma',
          '    * Adenocarcinoma of unknown primary',
        ].join('\n');
        const out = excluding(basket, '', ['lung_cancer', 'breast_cancer']);
        expect(out.filter((r) => /squamous|adenocarcinoma/.test(r))).toEqual([]);
        // A histology the trial asks of every patient still excludes.
        expect(excluding('* Squamous cell carcinoma of the lung, stage IV')).toContain(
          'squamous required inclusion',
        );
      });

      it('should read a comorbidity named as an example of a broader state as qualified', () => {
        expect(
          excluding(
            '',
            '* Any condition the investigator considers unsafe for the study (e.g. HIV, hepatitis C or drug abuse)',
          ),
        ).toEqual([]);
        expect(
          excluding(
            '',
            '* Severe immune deficiency. Examples include patients on high-dose steroids and HIV-positive patients.',
          ),
        ).toEqual([]);
        // The example of a test after the condition keeps the condition excluded.
        expect(excluding('', '* Known HIV infection (e.g. positive HIV 1/2 antibodies)')).toEqual([
          'hiv excluded exclusion',
        ]);
      });

      it('should read a subgroup admitted without a requirement ("participants with … are eligible") as an exception', () => {
        expect(
          excluding(
            '* Measurable disease per RECIST v1.1. Participants with bone-only prostate cancer without measurable disease are eligible.',
          ),
        ).toEqual([]);
        expect(excluding('* Measurable disease per RECIST v1.1.')).toEqual([
          'measurable_disease required inclusion',
        ]);
      });

      it("should read a section whose numbered list starts again at 1 as several cohorts' lists", () => {
        const twoLists = [
          '1. Age 18 years or older',
          '2. Metastatic melanoma with brain metastases',
          '3. Measurable disease per RECIST 1.1',
          '4. ECOG performance status 0 or 1',
          '',
          '1. Age 18 years or older',
          '2. Recurrent glioblastoma',
          '3. ECOG performance status 0-2',
        ].join('\n');
        expect(excluding(twoLists, '', ['melanoma'])).toEqual([]);
        // One list, and lists nested under its items, keep their rules.
        const nested = [
          '1. Measurable disease per RECIST 1.1',
          '2. Adequate organ function:',
          '   1. Haemoglobin at least 9 g/dL',
          '   2. Platelets at least 100 x 10^9/L',
          '3. Prior therapy, one of:',
          '   1. Platinum doublet',
          '   2. Docetaxel',
          '4. ECOG performance status 0 or 1',
        ].join('\n');
        expect(excluding(nested, '', ['melanoma'])).toEqual([
          'ecog range inclusion ..1',
          'measurable_disease required inclusion',
        ]);
      });

      it('should not read metastases negated after the noun ("are not diagnosed") as required', () => {
        expect(
          excluding(
            '* Pancreatic cancer in which distant metastases are not diagnosed before surgery',
          ),
        ).toEqual([]);
        expect(excluding('* Metastatic disease is not present at screening')).toEqual([]);
        expect(excluding('* Distant metastases confirmed by CT')).toEqual([
          'metastatic required inclusion',
        ]);
      });

      it('should not drop the middle alternative of "unresectable, locally advanced or metastatic"', () => {
        const three = excluding('* Unresectable, locally advanced or metastatic NSCLC');
        expect(three.filter((r) => /unresectable|metastatic/.test(r))).toEqual([]);
        // Two alternatives the rule represents still form one confident group.
        expect(excluding('* Unresectable or metastatic NSCLC')).toContain(
          'unresectable required inclusion anyOf:metastatic',
        );
      });
    });

    describe('round 8: extent requirements the stage pool would let exclude', () => {
      const excluding = (
        inclusion: string,
        exclusion = '',
        conditions: string[] = ['melanoma'],
      ): string[] =>
        compact(rules(inclusion, exclusion, { conditions }).filter((r) => ruleExcludes(r)));

      it('should read "unresectable, <other words>, locally advanced or metastatic" as one anyOf rule', () => {
        expect(
          excluding(
            '* Unresectable, treatment-naive, locally advanced or metastatic gastric cancer',
          ),
        ).toEqual(['unresectable required inclusion anyOf:metastatic']);
      });

      it('should not let a recurrence leading the extent alternatives exclude', () => {
        // "recurrent" is a disease status, which the extent anyOf rule cannot name.
        expect(
          excluding('* Patients must have recurrent, unresectable or metastatic disease'),
        ).toEqual([]);
        expect(excluding('* Patients must have unresectable or metastatic disease')).toEqual([
          'unresectable required inclusion anyOf:metastatic',
        ]);
      });

      it('should not let a group of both resectable and unresectable disease exclude', () => {
        expect(
          excluding(
            '* Resectable stage III tumours or unresectable tumours that may become operable after induction',
          ),
        ).toEqual([]);
      });

      it('should not let "inoperable" next to a stage list reaching stage IV bound stage IV', () => {
        // The stage range (III and above) still reads; "inoperable" does not bound stage IV.
        // Round 11a: it is read as its own alternative, an inoperable stage III or a metastatic
        // stage IV disease (one anyOf rule, as the calibration labels read it): a metastatic
        // patient meets it whether or not the disease is resectable.
        const extent = (inclusion: string): string[] =>
          excluding(inclusion).filter((r) => r.startsWith('unresectable'));
        expect(extent('* Confirmed melanoma, stage III/stage IV inoperable')).toEqual([
          'unresectable required inclusion anyOf:metastatic',
        ]);
        expect(extent('* Inoperable stage III or IV melanoma')).toEqual([
          'unresectable required inclusion anyOf:metastatic',
        ]);
        expect(extent('* Inoperable melanoma')).toEqual(['unresectable required inclusion']);
      });

      it('should read a negated clause then ", or" as alternatives', () => {
        expect(
          excluding(
            '* No distant metastases on staging scans, or locally advanced inoperable disease',
          ),
        ).toEqual([]);
      });

      it('should read the flat list after "one or more of the following:" as alternatives', () => {
        expect(
          excluding(
            [
              '* Locally advanced tumour with one or more of the following:',
              '* Tumour not amenable to surgery because of its size',
              '* Encasement of a major vessel',
            ].join('\n'),
          ),
        ).toEqual([]);
      });

      it('should read a hepatitis B or C exclusion as one kind of chronic liver disease', () => {
        expect(compact(rules('', '* Known hepatitis B or C infection'))).toEqual([
          'liver_diseases excluded exclusion q',
        ]);
        expect(compact(rules('', '* Positive HBV or HCV serology'))).toEqual([
          'liver_diseases excluded exclusion q',
        ]);
        // Chronic liver disease itself still excludes.
        expect(compact(rules('', '* Chronic liver disease or cirrhosis'))).toEqual([
          'liver_diseases excluded exclusion',
        ]);
      });

      it("should not read a cancer named as a therapy's or a test's object as another cancer", () => {
        for (const sentence of [
          '* Any cancer therapy given within 3 weeks of the first dose',
          '* Prior radiotherapy for any malignancy of the pelvis',
          '* Prior cancer genetic testing through a commercial laboratory',
        ]) {
          expect(compact(rules('', sentence)).filter((r) => r.startsWith('other_cancer'))).toEqual(
            [],
          );
        }
        expect(compact(rules('', '* History of another malignancy'))).toEqual([
          'other_cancer excluded exclusion',
        ]);
      });

      it('should read a stage admitted under a condition, then another stage, as qualified', () => {
        expect(
          compact(rules('* Stage III unfit for concurrent chemoradiation or stage IV lung cancer')),
        ).toEqual(['tumor_stage range inclusion 3.. q']);
        // Without a second stage the condition narrows stage III and the range is a plain bound.
        expect(compact(rules('* Stage III lung cancer unfit for surgery'))).toEqual([
          'tumor_stage range inclusion 3..3.3',
        ]);
      });

      it('should read "stages I-IV" as no stage bound', () => {
        expect(
          compact(rules('* Any of stages I-IV lung cancer, newly diagnosed or treated')),
        ).toEqual(expect.not.arrayContaining([expect.stringMatching(/^tumor_stage/)]));
        expect(compact(rules('* Stage II-IV lung cancer'))).toEqual([
          'tumor_stage range inclusion 2..',
        ]);
      });

      it('should not read a neurological disease named with CNS wording as brain metastases', () => {
        expect(compact(rules('', '* History of epilepsy or other cerebral disease'))).toEqual([]);
        expect(
          compact(
            rules('', '* Central nervous system disease such as stroke, dementia or seizures', {
              conditions: ['acute_myeloid_leukemia'],
            }),
          ),
        ).toEqual([]);
        // Brain metastases next to a neurological disease still read.
        expect(compact(rules('', '* Seizure disorder or known brain metastases'))).toEqual([
          'brain_metastases excluded exclusion',
        ]);
      });

      it('should read "significant" CNS metastases as qualified', () => {
        expect(compact(rules('', '* Clinically significant brain metastases'))).toEqual([
          'brain_metastases excluded exclusion q',
        ]);
        expect(compact(rules('', '* Significant CNS metastatic disease'))).toEqual([
          'brain_metastases excluded exclusion q',
        ]);
      });

      it('should not read a menopausal status in a pregnancy or contraception sentence as a population', () => {
        const breast = { conditions: ['breast_cancer'] };
        expect(
          compact(
            rules(
              '* Women must be post-menopausal for at least 1 year, surgically sterile, or use effective contraception',
              '',
              breast,
            ),
          ),
        ).toEqual([]);
        expect(
          compact(
            rules(
              '',
              '* Female patients must be postmenopausal or have a negative pregnancy test',
              breast,
            ),
          ),
        ).toEqual([]);
        expect(
          compact(
            rules('* Postmenopausal women with HR-positive advanced breast cancer', '', breast),
          ),
        ).toEqual(expect.arrayContaining(['postmenopausal required inclusion']));
      });

      it('should not read refractoriness to one therapy, or refractory disease or progression, as refractory disease', () => {
        const aml = { conditions: ['acute_myeloid_leukemia'] };
        const status = (inclusion: string): string[] =>
          compact(rules(inclusion, '', aml)).filter((r) => /^(?:refractory|relapsed)/.test(r));
        expect(status('* Checkpoint inhibitor-refractory disease after one line')).toEqual([]);
        expect(
          status('* Documented refractory disease or progression on the last therapy'),
        ).toEqual([]);
        expect(status('* Primary refractory AML after two induction cycles')).toEqual([
          'refractory required inclusion',
        ]);
      });

      it("should not read a relative's cancer as the patient's histology", () => {
        const pancreas = { conditions: ['pancreatic_cancer'] };
        expect(
          compact(
            rules(
              '* Germline carrier with a first-degree relative with pancreatic adenocarcinoma',
              '',
              pancreas,
            ),
          ),
        ).toEqual([]);
        expect(compact(rules('* Family history of squamous cell lung cancer'))).toEqual([]);
        expect(
          compact(rules('* Histologically confirmed pancreatic adenocarcinoma', '', pancreas)),
        ).toEqual(['adenocarcinoma required inclusion']);
      });

      it('should read a rule after a subgroup lead "… participants:" as conditional', () => {
        expect(
          excluding('* Mucosal melanoma participants: unresectable or metastatic disease'),
        ).toEqual([]);
        const [rule] = rules(
          '* Mucosal melanoma participants: unresectable or metastatic disease',
          '',
          {
            conditions: ['melanoma'],
          },
        );
        expect(rule).toMatchObject({ confidence: 'low', reading: 'conditional' });
      });
    });

    describe('round 9: misreadings found labelling the calibration trials', () => {
      it('should read a comorbidity excluded only while under a treatment as qualified', () => {
        expect(
          compact(rules('', '* Known HIV infection on ongoing antiretroviral treatment.')),
        ).toEqual(['hiv excluded exclusion q']);
        expect(compact(rules('', '* Known HIV infection.'))).toEqual(['hiv excluded exclusion']);
      });

      it('should read a comorbidity named in a bracketed example of a broader state as qualified', () => {
        expect(
          compact(
            rules('', '* Any known primary or acquired immunodeficiency (e.g., SCID or AIDS).'),
          ),
        ).toEqual(['hiv excluded exclusion q']);
        expect(
          compact(rules('', '* Known HIV infection (for example, positive HIV 1/2 antibodies).')),
        ).toEqual(['hiv excluded exclusion']);
        expect(
          compact(
            rules(
              '',
              '* Any serious illness that may affect the results, such as heart disease or HIV.',
            ),
          ),
        ).toEqual(['cardiac_disorders excluded exclusion q', 'hiv excluded exclusion q']);
      });

      it('should read a comorbidity naming a subgroup a further condition narrows as qualified', () => {
        expect(
          compact(rules('', '* HIV-positive patients with a history of tuberculosis.')),
        ).toEqual(['hiv excluded exclusion q']);
        expect(compact(rules('', '* HIV-positive patients.'))).toEqual(['hiv excluded exclusion']);
      });

      it('should read an exclusion-list sentence of what patients with a comorbidity must do as qualified', () => {
        expect(
          compact(
            rules(
              '',
              '* Participants with HIV must be followed by an infectious disease specialist.',
            ),
          ),
        ).toEqual(['hiv excluded exclusion q']);
      });

      it('should read no rule of a section whose criteria may be waived case by case as firm', () => {
        const waived = rules(
          '* ECOG performance status 0-1\n* Participants who do not meet the above criteria may be discussed case by case with the sponsor.',
        );
        expect(waived.map((r) => [r.key, r.confidence, r.reading])).toEqual([
          ['ecog', 'low', 'exception'],
        ]);
        expect(rules('* ECOG performance status 0-1').map((r) => r.confidence)).toEqual(['high']);
      });

      it("should read a sentence about a donor as not the patient's rule", () => {
        const [rule] = rules(
          '',
          '* Donor must be negative for hepatitis, HTLV, and HIV on the donor viral screen.',
        );
        expect(rule).toMatchObject({ key: 'hiv', confidence: 'low', reading: 'cohort' });
        expect(rules('', '* Donor lymphocyte infusion within 4 weeks.')).toEqual([]);
        const arm = rules(
          '',
          '* Pregnant or breastfeeding women.\n\nEligibility criteria for autologous patients (For Arm 1 only)\n\n' +
            '* Patient must be negative for hepatitis, HTLV, and HIV on the viral screen.',
        );
        expect(arm.map((r) => [r.key, r.confidence ?? 'high', r.reading])).toEqual([
          ['pregnant_nursing', 'high', 'plain'],
          ['hiv', 'low', 'cohort'],
        ]);
        // A bulleted item ending in "(Part 2 only)" is that part's item, not a heading.
        const item = rules(
          '* Prior response to treatment (Part 2 only)\n* At least one measurable lesion per RECIST 1.1',
        );
        expect(item.map((r) => [r.key, r.confidence ?? 'high'])).toEqual([
          ['measurable_disease', 'high'],
        ]);
      });

      it('should read "X is not an exclusion criterion" as no exclusion', () => {
        expect(
          compact(
            rules(
              '',
              '* Breastfeeding is not an exclusion criterion for this study, though surgery may wait until breastfeeding has stopped.',
            ),
          ),
        ).toEqual([]);
        expect(compact(rules('', '* Breastfeeding women.'))).toEqual([
          'pregnant_nursing excluded exclusion',
        ]);
      });

      it('should read a requirement with a counted subgroup admitted without it as an exception', () => {
        const [rule] = rules(
          '* Measurable disease per RECIST 1.1. Up to 6 participants without measurable disease can be enrolled.',
        );
        expect(rule).toMatchObject({ key: 'measurable_disease', confidence: 'low' });
        expect(ruleExcludes(rule)).toBe(false);
        const [plain] = rules('* Measurable disease per RECIST 1.1.');
        expect(ruleExcludes(plain)).toBe(true);
      });

      it("should read the items under a heading that excludes from one procedure or part as that part's", () => {
        const flat = rules(
          '',
          'Patients meeting any of the following will be excluded from receiving the tracer infusion:\n\n' +
            '1. Pregnancy or breast feeding\n2. Known HIV infection',
        );
        expect(flat.map((r) => [r.key, r.confidence, r.reading])).toEqual([
          ['pregnant_nursing', 'low', 'cohort'],
          ['hiv', 'low', 'cohort'],
        ]);
        const nested = rules(
          '',
          '1. Pregnant or breastfeeding women.\n' +
            '2. The following are criteria for exclusion from the optional genomic research:\n\n' +
            '   * Prior allogeneic bone marrow transplant.',
        );
        expect(nested.map((r) => [r.key, r.confidence ?? 'high', r.reading])).toEqual([
          ['pregnant_nursing', 'high', 'plain'],
          ['allogeneic_transplant', 'low', 'cohort'],
        ]);
      });
    });

    describe('round 10 (extent, stage, measurable disease)', () => {
      const measurable = (list: EligibilityRule[]): EligibilityRule | undefined =>
        list.find((r) => r.key === 'measurable_disease');

      it('should read a measurable lesion in the brain as qualified measurable disease', () => {
        for (const text of [
          '* At least one intracranial measurable lesion of 5 mm or more on contrast MRI.',
          '* Participants need a measurable brain metastasis not previously treated with radiosurgery.',
        ]) {
          const rule = measurable(rules(text));
          expect(rule).toMatchObject({ kind: 'required', qualified: true });
          expect(ruleExcludes(rule!)).toBe(false);
        }
        const plain = measurable(rules('* At least one measurable lesion outside the brain.'));
        expect(plain).toMatchObject({ kind: 'required' });
        expect(ruleExcludes(plain!)).toBe(true);
      });

      it('should read RECIST or Lugano measurability in a leukaemia trial as no rule for its patients', () => {
        const aml = { conditions: ['acute_myeloid_leukemia'] };
        expect(
          measurable(
            rules(
              '* Solid tumour patients need measurable disease per RECIST 1.1 and lymphoma patients per Lugano; leukaemia patients are assessed per ELN.',
              '',
              aml,
            ),
          ),
        ).toBeUndefined();
        const myeloma = measurable(
          rules('* Measurable disease: serum M-protein of 0.5 g/dL or more.', '', {
            conditions: ['multiple_myeloma'],
          }),
        );
        expect(myeloma).toMatchObject({ kind: 'required' });
        expect(ruleExcludes(myeloma!)).toBe(true);
      });

      it("should read an item under an upper-case part lead as that part's", () => {
        const parted = rules(
          '* PART A: Any solid tumour with evaluable disease.\n* PART B: Participants must have measurable disease per RECIST 1.1.',
        );
        expect(measurable(parted)).toMatchObject({ confidence: 'low', reading: 'cohort' });
        const whole = rules('* Participants must have measurable disease per RECIST 1.1.');
        expect(measurable(whole)).toMatchObject({ confidence: 'high', reading: 'plain' });
      });

      it('should read measurable disease as an exception when another item admits patients without it', () => {
        const admitted = rules(
          '* Measurable disease per RECIST 1.1.\n' +
            '  * Participants in complete response to the previous regimen may have no evidence of disease at entry.',
        );
        expect(measurable(admitted)).toMatchObject({ confidence: 'low', reading: 'exception' });
        expect(ruleExcludes(measurable(admitted)!)).toBe(false);
        const refused = rules(
          '* Measurable disease per RECIST 1.1.\n* Participants without measurable disease are not eligible.',
        );
        expect(ruleExcludes(measurable(refused)!)).toBe(true);
      });

      const stage = (text: string): EligibilityRule | undefined =>
        rules(text).find((r) => r.key === 'tumor_stage');

      it('should read sub-stage letters written after the stage', () => {
        expect(stage('* Cutaneous melanoma, stage III (B/C/D) or stage IV.')).toMatchObject({
          min: 3.2,
          confidence: 'high',
        });
        const ranged = stage('* Primary melanoma of stage IIb-c or III, resected.');
        expect([ranged?.min, ranged?.max]).toEqual([2.2, 3.3]);
        // IIID (above IIIC, the questionnaire's highest stage III) reads as IIIC.
        const listed = stage('* Stage IIIC, IIID or IV melanoma.');
        expect([listed?.min, listed?.max]).toEqual([3.3, undefined]);
      });

      it('should read no stage bound from a stage named as the condition of another requirement', () => {
        expect(
          stage(
            '* Baseline imaging must cover the resection bed in the setting of stage IIIB or IV disease.',
          ),
        ).toBeUndefined();
        expect(stage('* Stage IIIB or IV disease.')).toMatchObject({ min: 3.2 });
      });

      it('should read a stage that is one alternative of the sentence with a low confidence', () => {
        for (const text of [
          '* Metastatic or stage IV colorectal cancer.',
          '* Unresectable stage III or IV melanoma or another advanced solid tumour.',
        ]) {
          const rule = stage(text);
          expect(rule).toMatchObject({ confidence: 'low', reading: 'list' });
          expect(ruleExcludes(rule!)).toBe(false);
        }
        // An "or" between extents written after the stage joins what the stage describes.
        expect(stage('* Stage IIIC to IV unresectable or metastatic melanoma.')).toMatchObject({
          min: 3.3,
          confidence: 'high',
        });
      });

      it('should read one resectable lesion to harvest as no resectable disease', () => {
        for (const text of [
          '* At least one resectable lesion for tumour-infiltrating lymphocyte manufacture.',
          '* Metastatic melanoma with one lesion that is surgically resectable for cell harvest.',
        ]) {
          expect(rules(text).find((r) => r.key === 'resectable')).toBeUndefined();
        }
        expect(
          rules('* Resectable stage III melanoma.').find((r) => r.key === 'resectable'),
        ).toMatchObject({
          kind: 'required',
        });
      });

      it('should read "metastatic" with nodal disease as regional spread, no metastatic rule', () => {
        expect(
          rules(
            '* Metastatic melanoma with palpable nodal disease, planned for node dissection.',
          ).find((r) => r.key === 'metastatic'),
        ).toBeUndefined();
        expect(
          rules('* Metastatic melanoma with at least one visceral lesion.').find(
            (r) => r.key === 'metastatic',
          ),
        ).toMatchObject({ kind: 'required' });
      });

      it('should read a stage limited to few metastases as qualified', () => {
        expect(
          stage('* Resectable stage IIIB or oligometastatic stage IV melanoma.'),
        ).toMatchObject({
          min: 3.2,
          qualified: true,
        });
      });
    });

    describe('round 10 (prior therapy, disease status)', () => {
      /** The rules that may exclude (confident and not qualified), compact. */
      const excluding = (list: EligibilityRule[]): string[] => compact(list.filter(ruleExcludes));
      /** The prior-therapy rules that may exclude, compact. */
      const therapies = (list: EligibilityRule[]): string[] =>
        excluding(list.filter((r) => CRITERIA[r.key].family === 'prior_therapy'));

      it('should read "no prior treatment with <therapies>" as the therapies, not the untreated status', () => {
        expect(
          compact(rules('* No prior treatment with an ALK inhibitor or platinum chemotherapy.')),
        ).not.toContain('untreated required inclusion');
        expect(
          compact(rules('* No prior treatment for the lung cancer, including radiotherapy.')),
        ).not.toContain('untreated required inclusion');
        expect(compact(rules('* Patients with no prior treatment.'))).toEqual([
          'untreated required inclusion',
        ]);
      });

      it('should read untreated in one setting, or naive to checkpoint inhibitors, as no firm status', () => {
        expect(compact(rules('* Previously untreated for their advanced lung cancer.'))).toEqual([
          'untreated required inclusion q',
        ]);
        expect(
          compact(rules('* Treatment-naive for palliative systemic therapy of advanced disease.')),
        ).toEqual(['chemotherapy excluded inclusion q', 'untreated required inclusion q']);
        expect(
          compact(rules('* Previously untreated with any systemic therapy for advanced disease.')),
        ).toContain('chemotherapy excluded inclusion q');
        expect(compact(rules('* Participants who are ICI treatment-naive.'))).toEqual([]);
        expect(
          compact(rules('* Previously untreated patients; prior radiotherapy is allowed.')),
        ).toContain('untreated required inclusion q');
      });

      it('should read a relapse of one site, count, time or condition as no relapsed disease', () => {
        for (const sentence of [
          '* Second or later bone marrow relapse.',
          '* Locally relapsed disease with in-transit metastases.',
          '* CD19 expression on blasts at relapse.',
          '* Relapse within 6 months of completing adjuvant therapy.',
          '* Transplant recipients only if relapse occurs more than 100 days after transplant.',
        ]) {
          expect(compact(rules(sentence)).filter((r) => r.startsWith('relapsed'))).toEqual([]);
        }
        expect(compact(rules('', '* Isolated extramedullary relapse.'))).toEqual([]);
        expect(excluding(rules('* Relapsed disease after at least one prior line.'))).toContain(
          'relapsed required inclusion',
        );
      });

      it('should read newly diagnosed or a recurrence as two routes of entry, not a requirement', () => {
        expect(
          compact(
            rules('* Newly diagnosed patients with lung cancer or recurrence after surgery.'),
          ),
        ).toEqual([]);
        expect(
          compact(rules('* a) newly diagnosed stage III lung cancer or b) recurrent disease.')),
        ).not.toContain('newly_diagnosed required inclusion');
        expect(
          compact(rules('* Newly diagnosed stage IV lung cancer, or stage III unfit for surgery.')),
        ).not.toContain('newly_diagnosed required inclusion');
        expect(compact(rules('* Newly diagnosed lung cancer.'))).toEqual([
          'newly_diagnosed required inclusion',
        ]);
      });

      it('should read relapsed disease beside another route of entry as an alternative', () => {
        for (const sentence of [
          '* Relapsed or refractory AML and/or individuals with untreated AML unfit for chemotherapy.',
          '* Solid tumour relapsed or refractory after standard therapy (or no standard therapy available).',
          '* AML meeting at least one of the following: i. relapse after complete remission; ii. refractory after two induction courses.',
          '* WHO criteria for relapsed or refractory AML and naive AML ineligible for intensive chemotherapy.',
        ]) {
          expect(excluding(rules(sentence, '', { conditions: ['aml'] }))).toEqual([]);
        }
        expect(
          excluding(
            rules('* Newly diagnosed or relapsed/refractory multiple myeloma.', '', {
              conditions: ['multiple_myeloma'],
            }),
          ),
        ).toEqual([]);
        expect(
          excluding(rules('* Relapsed or refractory AML.', '', { conditions: ['aml'] })),
        ).toEqual(['relapsed required inclusion anyOf:refractory']);
      });

      it('should read a prior therapy limited to a site, time, setting, intent or route as qualified', () => {
        for (const sentence of [
          '* Prior radiotherapy to the brain.',
          '* Prior immunotherapy or chemotherapy for lung cancer within the past year.',
          '* Prior systemic anticancer therapy for unresectable or metastatic disease.',
          '* Prior treatment for inoperable stage III disease with BRAF/MEK inhibitors.',
          '* Prior systemic treatment for brain metastases.',
          '* Prior definitive radiotherapy.',
          '* Prior treatment with a checkpoint inhibitor in off-label capacity or through a clinical trial.',
          '* Prior radiotherapy preventing the planned study treatment.',
        ]) {
          expect(therapies(rules('', sentence))).toEqual([]);
        }
        expect(therapies(rules('', '* Prior radiotherapy.'))).toEqual([
          'radiation_therapy excluded exclusion',
        ]);
      });

      it('should read an agent aimed at PD-1 or PD-L1 only, excluded, as a sub-class of the checkpoint inhibitors', () => {
        expect(compact(rules('', '* Patients who previously received anti-PD1 therapy.'))).toEqual([
          'checkpoint_therapy excluded exclusion q',
        ]);
        expect(
          compact(rules('', '* Prior treatment with an anti-PD-1 or anti-PD-L1 antibody.')),
        ).toEqual(['checkpoint_therapy excluded exclusion q']);
        expect(
          excluding(rules('', '* Prior anti-PD-1, anti-PD-L1 or anti-CTLA-4 antibody.')),
        ).toEqual(['checkpoint_therapy excluded exclusion']);
        expect(
          excluding(
            rules('', '* Prior immune checkpoint inhibitor (for example an anti-PD-1 antibody).'),
          ),
        ).toEqual(['checkpoint_therapy excluded exclusion']);
        expect(
          excluding(
            rules('* Progression on prior anti-PD-1 therapy.', '', { conditions: ['melanoma'] }),
          ),
        ).toEqual([
          'checkpoint_therapy required inclusion',
          'progressive_disease required inclusion',
        ]);
      });

      it('should read a test of a biomarker, or a biomarker as a condition, as no requirement', () => {
        for (const sentence of [
          '* Provision of a tumour sample to assess the PD-L1 expression.',
          '* Tumour tissue for PD-L1 expression testing must be provided.',
          '* BRAF V600 mutation status determined before enrolment.',
          '* All patients should be recommended for EGFR mutation testing.',
          '* Patients should have failed blinatumomab if CD19+ disease.',
          '* Prior BRAF inhibitor if harboring the V600E BRAF mutation.',
          '* HER2-expressing (IHC 3+ or IHC 2+) biliary tract cancer.',
          '* Lung cancer, exclusion of patients with positive EGFR-sensitive mutations.',
          '* T1 tumours with two high risk factors such as high grade, HER2 positivity or age < 35.',
          '* Tumours with an actionable alteration (e.g. ALK-positive or ROS1-positive).',
        ]) {
          const biomarkers = rules(sentence).filter(
            (r) => CRITERIA[r.key].family === 'biomarker' && r.kind === 'required',
          );
          expect(compact(biomarkers)).toEqual([]);
        }
        expect(compact(rules('* PD-L1 TPS >= 1%.'))).toEqual(['pd_l1 required inclusion']);
        expect(compact(rules('* Documented HER2-positive disease.'))).toEqual([
          'her2 required inclusion',
        ]);
      });

      it('should spread "absence of" over a list of genes across an aside and full gene names', () => {
        for (const sentence of [
          '* Absence of sensitising EGFR mutations, and ALK and ROS1 rearrangements.',
          '* Absence of sensitizing EGFR mutations (including exon 19 deletion and L858R) and ALK and ROS1 rearrangements.',
          '* Absence of activating mutations in the epidermal growth factor receptor (EGFR) gene or rearrangements in the anaplastic lymphoma kinase (ALK) gene and ROS1 gene.',
        ]) {
          const read = compact(rules(sentence));
          expect(read).toEqual(
            expect.arrayContaining(['alk excluded inclusion', 'ros1 excluded inclusion']),
          );
          expect(read.filter((r) => r.includes('required'))).toEqual([]);
        }
        expect(compact(rules('* EGFR gene mutation negative lung cancer.'))).toEqual([
          'egfr excluded inclusion',
        ]);
      });

      it('should read a bare minus as negative, ROS after ALK as ROS1 and one KRAS variant as a kind', () => {
        expect(compact(rules('* ER+, HER2- early breast cancer.'))).toEqual([
          'er required inclusion',
          'her2 excluded inclusion',
        ]);
        expect(compact(rules('* Positive driver mutation (EGFR or ALK/ROS).'))).toEqual([
          'egfr required inclusion anyOf:alk,ros1',
        ]);
        expect(compact(rules('* Evidence of KRAS G12C mutation.'))).toEqual([
          'kras required inclusion q',
        ]);
        expect(compact(rules('* KRAS G12A, G12C, G12D or G12V mutation.'))).toEqual([
          'kras required inclusion',
        ]);
        expect(
          excluding(
            rules('* ER+/HER2- or triple-negative breast cancer.', '', {
              conditions: ['breast_cancer'],
            }),
          ),
        ).toEqual([]);
      });

      it('should read a therapy a condition needed, caused or plans as no prior therapy of the patient', () => {
        for (const sentence of [
          '* Active autoimmune disease requiring systemic immunomodulatory treatment in the past 2 years.',
          '* History of autoimmune disease requiring systemic treatment with steroids or immunosuppressants.',
          '* Pulmonary fibrosis caused by previous radiation therapy or chemotherapy.',
          '* History of checkpoint inhibitor-induced colitis.',
          '* Pregnant women, or women planning pregnancy within 6 months after the end of the CAR-T cell infusion.',
          '* Not willing to continue ovarian suppression for the duration of endocrine therapy.',
          '* The target lesion to undergo biopsy cannot have received prior radiotherapy.',
          '* Cytotoxic chemotherapy: washout period of 3 weeks before the infusion.',
          '* Have received the following prior systemic anticancer therapy:',
          '* Prior radiotherapy to more than 25% of the bone marrow.',
          '* Prior immunotherapy with IL-2 or interferon.',
        ]) {
          expect(therapies(rules('', sentence))).toEqual([]);
        }
        expect(
          therapies(
            rules(
              '',
              '* Prior CAR-T cell therapy. Patients who received CAR-T cells more than 3 months ago are not excluded.',
            ),
          ),
        ).toEqual([]);
        expect(
          therapies(
            rules(
              '',
              '* Prior cellular therapy. Prior CAR-T therapy is allowed for participants with ALL.',
            ),
          ),
        ).toEqual([]);
        expect(therapies(rules('', '* Prior CAR-T cell therapy.'))).toEqual([
          'car_t_therapy excluded exclusion',
        ]);
      });
    });

    describe('round 10c (subtype, comorbidity, metastasis sites)', () => {
      const melanoma = { conditions: ['melanoma'] };
      const excluded = (exclusion: string, inclusion = '* Advanced melanoma.'): string[] =>
        compact(rules(inclusion, exclusion, melanoma)).filter((r) => r.includes('_melanoma'));

      it('should read each melanoma site coordinated before one "melanoma" as excluded', () => {
        for (const text of [
          '* Known ocular or mucosal melanoma.',
          '* Ocular (uveal) or mucosal melanoma.',
          '* Participants with mucosal or with a primary ocular melanoma.',
          '* Metastatic uveal/mucosal or other non-cutaneous melanoma.',
        ]) {
          expect(excluded(text)).toEqual([
            'mucosal_melanoma excluded exclusion',
            'uveal_melanoma excluded exclusion',
          ]);
        }
        expect(excluded('* Acral, uveal or mucosal melanoma, or an unknown primary.')).toEqual([
          'acral_melanoma excluded exclusion',
          'mucosal_melanoma excluded exclusion',
          'uveal_melanoma excluded exclusion',
        ]);
        expect(excluded('* Melanoma of uveal origin.')).toEqual([
          'uveal_melanoma excluded exclusion',
        ]);
        // Each one may exclude: a patient with a uveal melanoma is not eligible.
        const [uveal] = rules(
          '* Advanced melanoma.',
          '* Ocular or mucosal melanoma.',
          melanoma,
        ).filter((r) => r.key === 'uveal_melanoma');
        expect(ruleExcludes(uveal)).toBe(true);
      });

      it('should read a non-cutaneous melanoma excluded as the uveal and the mucosal one', () => {
        for (const text of ['* Non-cutaneous melanomas.', '* Non-skin melanoma.']) {
          expect(excluded(text)).toEqual([
            'mucosal_melanoma excluded exclusion',
            'uveal_melanoma excluded exclusion',
          ]);
        }
        // In inclusion it names either of them: no rule of theirs (only cutaneous excluded).
        expect(excluded('', '* Non-cutaneous melanoma, stage IV.')).toEqual([
          'cutaneous_melanoma excluded inclusion',
        ]);
      });

      it('should read coordinated sites in inclusion as one group, and a permission after them as none', () => {
        expect(
          compact(
            rules('* Unresectable cutaneous, uveal, acral or mucosal melanoma.', '', melanoma),
          ),
        ).toEqual(
          expect.arrayContaining([
            'cutaneous_melanoma required inclusion anyOf:uveal_melanoma,acral_melanoma,mucosal_melanoma',
          ]),
        );
        expect(
          excluded(
            '* Ocular melanoma (participants with mucosal and acral melanoma are eligible).',
          ),
        ).toEqual(['uveal_melanoma excluded exclusion']);
        expect(
          excluded('', '* Advanced melanoma; mucosal and ocular melanomas are included.'),
        ).toEqual([]);
      });

      it("should read no subtype of a disease the trial is not for (another organ's tumour)", () => {
        const biliary = { conditions: ['cholangiocarcinoma'] };
        expect(
          compact(
            rules(
              '* Advanced biliary tract cancer.',
              '* Excluded histologies: small cell cancer, lymphoma and sarcoma of the bile ducts.',
              biliary,
            ),
          ).filter((r) => r.startsWith('sclc')),
        ).toEqual([]);
        // A lung trial keeps it; so does a trial whose conditions are unknown.
        for (const conditions of [['lung_cancer'], [], ['cholangiocarcinoma', 'lung_cancer']]) {
          expect(
            compact(rules('* Advanced cancer.', '* Small cell carcinoma.', { conditions })),
          ).toEqual(['sclc excluded exclusion']);
        }
      });

      it("should read the items under a subgroup's criteria heading without a colon as that subgroup's", () => {
        const heading =
          'Exclusion criteria for participants receiving pemetrexed (Part B and Part C)\n';
        const squamous = (exclusion: string): EligibilityRule | undefined =>
          rules('* Stage IV NSCLC.', exclusion).find((r) => r.key === 'squamous');
        expect(
          squamous(`* Known HIV infection.\n\n${heading}\n* Predominantly squamous histology.`),
        ).toMatchObject({ confidence: 'low', reading: 'cohort' });
        expect(
          squamous('* Known HIV infection.\n* Predominantly squamous histology.'),
        ).toMatchObject({ confidence: 'high', reading: 'plain' });
        // A heading naming the trial's own participants names no subgroup.
        expect(
          squamous(
            'Exclusion criteria for participants in this study\n\n* Predominantly squamous histology.',
          ),
        ).toMatchObject({ confidence: 'high', reading: 'plain' });
      });

      it('should read a histology in a bracketed example of an excluded category as qualified', () => {
        const sclc = (exclusion: string): EligibilityRule | undefined =>
          rules('* Stage IV NSCLC.', exclusion).find((r) => r.key === 'sclc');
        const example = sclc(
          '* Tumours with other histological types (such as small cell lung cancer or neuroendocrine carcinoma).',
        );
        expect(example).toMatchObject({ kind: 'excluded', qualified: true });
        expect(ruleExcludes(example!)).toBe(false);
        // Named as the excluded histology itself ("including" lists what it covers): plain.
        expect(
          sclc(
            '* Small cell lung cancer (including mixed small cell and non-small cell histology).',
          ),
        ).toMatchObject({ kind: 'excluded', confidence: 'high' });
      });

      const brain = (exclusion: string, inclusion = '* Metastatic melanoma.'): EligibilityRule[] =>
        rules(inclusion, exclusion, melanoma).filter((r) => r.key === 'brain_metastases');

      it('should read brain metastases named beside leptomeningeal disease as plain, the leptomeningeal one qualified', () => {
        for (const text of [
          '* Known CNS metastases and/or carcinomatous meningitis.',
          '* Brain metastases or spinal cord compression.',
        ]) {
          const [rule] = brain(text);
          expect(rule).toMatchObject({ kind: 'excluded', confidence: 'high' });
          expect(rule.qualified).toBeUndefined();
        }
        expect(brain('* Leptomeningeal metastases.')).toEqual([
          expect.objectContaining({ qualified: true }),
        ]);
      });

      it('should read brain among organ sites coordinated before one "metastases"', () => {
        for (const text of [
          '* Patients with brain or LM metastasis.',
          '* Known brain, bone or liver metastases.',
        ]) {
          expect(brain(text)).toEqual([
            expect.objectContaining({ kind: 'excluded', confidence: 'high' }),
          ]);
          expect(brain(text)[0].qualified).toBeUndefined();
        }
        expect(brain('* Known bone or liver metastases.')).toEqual([]);
      });

      it('should qualify brain metastases limited to a subgroup, a state or an example', () => {
        for (const text of [
          '* Participants with brain metastases treated with whole brain radiation.',
          '* CNS metastases that have not been completely resected or irradiated.',
          '* Brain metastases with clinical symptoms.',
          '* Factors predicting survival under 12 months (e.g. unresectable brain metastases).',
        ]) {
          expect(brain(text)).toEqual([expect.objectContaining({ qualified: true })]);
        }
        // A screening requirement is no state of the metastases.
        const [screened] = brain(
          '* Brain metastases. A negative brain MRI within 28 days of enrolment is required.',
        );
        expect(screened.qualified).toBeUndefined();
      });

      it('should read the items under a part\'s heading led by "Phase 3:" as that part\'s', () => {
        const [rule] = brain(
          '* Phase 3: Participants with known CNS lesions must not have any of the following:\n' +
            '  * Neurologic progression due to brain lesions.',
        );
        expect(rule).toMatchObject({ confidence: 'low', reading: 'cohort' });
      });
    });
    describe('round 11c (prior therapy, disease status, comorbidity)', () => {
      /** The comorbidity rules of an exclusion list, compact. */
      const comorbid = (exclusion: string): string[] =>
        compact(rules('* Advanced solid tumour.', exclusion)).filter((r) =>
          /^(?:cardiac_disorders|kidney_diseases|liver_diseases|diabetes|autoimmune|other_cancer) /.test(
            r,
          ),
        );

      it('should qualify a comorbidity limited to a class, grade, stage or measured function', () => {
        for (const [text, rule] of [
          ['* Heart failure of NYHA functional class 3 or 4.', 'cardiac_disorders'],
          ['* Heart disease with an ejection fraction below 40%.', 'cardiac_disorders'],
          ['* Cardiac failure (> grade II).', 'cardiac_disorders'],
          ['* Known chronic kidney disease of stage 4 or higher.', 'kidney_diseases'],
          ['* Liver cirrhosis with a Child-Pugh score of C.', 'liver_diseases'],
          ['* Renal insufficiency: 24-hour urinary protein above 1 g.', 'kidney_diseases'],
        ]) {
          expect(comorbid(text)).toEqual([`${rule} excluded exclusion q`]);
        }
      });

      it('should qualify a named kind, organ or degree of control of a comorbidity', () => {
        for (const [text, rule] of [
          ['* Known structural heart disease.', 'cardiac_disorders'],
          ['* Current cardiomyopathy or heart disease.', 'cardiac_disorders'],
          ['* Past history of major organ autoimmune disease.', 'autoimmune'],
          ['* Any autoimmune disease with CNS involvement.', 'autoimmune'],
          ['* History of type 1 diabetes.', 'diabetes'],
          ['* Diabetes that is inadequately controlled.', 'diabetes'],
          ['* Diabetes or hepatic failure not under stable control.', 'diabetes'],
          ['* Autoimmune disease not expected to recur without a trigger.', 'autoimmune'],
          ['* Any serious concurrent disease, e.g. heart disease.', 'cardiac_disorders'],
          ['* Prior history of blood cancer (leukaemia or lymphoma).', 'other_cancer'],
          ['* Any previous invasive breast malignancy.', 'other_cancer'],
          [
            '* Another cancer that has not been definitively treated and is not in remission.',
            'other_cancer',
          ],
        ]) {
          expect(comorbid(text)).toContain(`${rule} excluded exclusion q`);
        }
      });

      it('should qualify a comorbidity heading or one excluded for its consequence', () => {
        expect(comorbid('* Cardiac disease:\n  * Unstable arrhythmia.')).toEqual([
          'cardiac_disorders excluded exclusion q',
        ]);
        expect(
          comorbid('* Chronic liver disease that makes the patient ineligible for immunotherapy.'),
        ).toEqual(['liver_diseases excluded exclusion q']);
        // The plain reading stays.
        expect(comorbid('* Known heart disease.')).toEqual([
          'cardiac_disorders excluded exclusion',
        ]);
        expect(comorbid('* History of another malignancy.')).toEqual([
          'other_cancer excluded exclusion',
        ]);
      });

      /** The prior-therapy rules, compact, with their confidence and reading. */
      const therapies = (inclusion: string, exclusion = ''): string[] =>
        rules(inclusion, exclusion, { conditions: ['melanoma'] })
          .filter((r) => r.source === 'text' && CRITERIA[r.key].family === 'prior_therapy')
          .map(
            (r) =>
              `${r.key} ${r.kind}` +
              (r.kind === 'range' ? ` ${r.min ?? ''}..${r.max ?? ''}` : '') +
              ` ${r.confidence} ${r.reading}`,
          )
          .sort();

      it("should qualify a therapy requirement that is a plan, a subgroup's, a completion or an intent", () => {
        for (const [text, rule] of [
          [
            '* Candidates planned for, or already started on, treatment with a checkpoint inhibitor.',
            'checkpoint_therapy',
          ],
          ['* BRAF mutant patients should have received anti-PD-1 therapy.', 'checkpoint_therapy'],
          [
            '* Participants must have completed all prior systemic therapy before enrolment.',
            'chemotherapy',
          ],
          ['* Has received intensive chemotherapy as induction.', 'chemotherapy'],
          [
            '* Progression on a PD-1 inhibitor should be unequivocal and confirmed by a second scan.',
            'checkpoint_therapy',
          ],
          [
            '* At least one prior line of systemic therapy (including but not limited to targeted therapy).',
            'chemotherapy',
          ],
        ]) {
          expect(therapies(text)).toEqual([`${rule} required low qualified`]);
        }
        for (const text of [
          '* Patients who are immunotherapy-naive or refractory to PD-1 inhibitors.',
          '* Candidate for first-line treatment with pembrolizumab.',
          '* Would no longer benefit from endocrine therapy.',
        ]) {
          expect(therapies(text)).toEqual([]);
        }
      });

      it('should read a progression on, a response to or a course of a therapy as required', () => {
        for (const text of [
          '* Documented disease progression following treatment with a PD-1 inhibitor.',
          '* Have received at least 12 weeks of anti-PD-1 or anti-PD-L1 therapy.',
          '* Must be receiving checkpoint blockade at enrolment.',
          // The chemotherapy given with it is optional.
          '* Progression on an anti-PD-1 antibody with or without chemotherapy.',
        ]) {
          expect(therapies(text)).toEqual(['checkpoint_therapy required high plain']);
        }
        expect(
          therapies('* Partial response after 4 cycles of platinum-based chemotherapy.'),
        ).toEqual(['chemotherapy required high plain']);
        expect(
          therapies(
            '* Received at least two prior lines including a proteasome inhibitor and an immunomodulatory drug.',
          ),
        ).toEqual([
          'chemotherapy range 2.. high plain',
          'immunomodulatory_drug required high plain',
          'proteasome_inhibitor required high plain',
        ]);
        expect(
          therapies('* Must have received 1 line of systemic therapy for metastatic disease.'),
        ).toEqual(['chemotherapy range 1..1 high plain']);
      });

      it('should read an operation the patient had as surgery required, in inclusion only', () => {
        for (const text of [
          '* Patients who underwent partial gastrectomy.',
          '* Completely resected stage III melanoma.',
          '* Melanoma after macroscopically complete resection.',
        ]) {
          expect(therapies(text)).toEqual(['major_surgery required high plain']);
        }
        expect(
          therapies('* Prior surgery to the primary followed by resection for TIL harvest.'),
        ).toEqual([]);
        expect(therapies('* Age 18 or over.', '* Patients who underwent gastrectomy.')).toEqual([]);
      });

      it("should read the items under a per-disease or a subgroup heading, or a repeated list, as one group's", () => {
        for (const inclusion of [
          '* Prior therapies per each tumor type below:\n  * Melanoma\n    * Must have progressed on a PD-1 inhibitor.',
          '* ICI-refractory participants must meet the following criteria:\n  * Must have progressed on a PD-1 inhibitor.',
          '* Age 18 or older at consent.\n* Must have progressed on a PD-1 inhibitor.\n* Age 18 or older at consent.\n* ECOG 0-1.',
        ]) {
          expect(therapies(inclusion)).toEqual(['checkpoint_therapy required low cohort']);
        }
      });

      it('should read a status written twice ("relapsed or refractory (R/R)") as one requirement', () => {
        const status = rules('* Documented relapsed or refractory (R/R) AML or ALL.', '', {
          conditions: ['acute_myeloid_leukemia'],
        }).filter((r) => CRITERIA[r.key].family === 'disease_status');
        expect(status).toEqual([
          expect.objectContaining({
            key: 'relapsed',
            anyOf: ['refractory'],
            kind: 'required',
            confidence: 'high',
            reading: 'plain',
          }),
        ]);
      });

      it('should read no other cancer where none is had, and no kidney disease in a formula', () => {
        for (const text of [
          '* A tumour of other origin than pancreatic cancer.',
          '* Missing records on previous cancer history.',
          '* Prior treatment with another personalised cancer vaccine.',
          '* Patients with a prior history of cancer (such as skin cancer) are allowed to enrol.',
          '* Creatinine clearance < 40 mL/min by the Chronic Kidney Disease Epidemiology Collaboration equation.',
        ]) {
          expect(comorbid(text)).toEqual([]);
        }
      });
    });
  });

  describe('round 11b (subtype, biomarker)', () => {
    const read = (inclusion: string, exclusion = '', conditions = ['lung_cancer']): string[] =>
      rules(inclusion, exclusion, { conditions }).map(
        (r) =>
          `${r.key}${r.anyOf?.length ? `+${r.anyOf.join(',')}` : ''} ${r.kind} ${r.section}` +
          ` ${r.confidence === 'low' ? `low ${r.reading}` : 'plain'}${r.qualified ? ' q' : ''}`,
      );
    const family = (name: string, list: string[]): string[] =>
      list.filter((r) => CRITERIA[r.split(/[ +]/)[0] as keyof typeof CRITERIA].family === name);

    it("should read a histology of one disease of a basket trial as that disease's cohort", () => {
      const basket = [
        '* Metastatic non-small cell lung cancer progressing after platinum therapy',
        '* Metastatic triple negative breast cancer after one line of chemotherapy',
        '* Squamous cell carcinoma of the oesophagus, not amenable to surgery',
      ].join('\n');
      expect(
        family('subtype', read(basket, '', ['lung_cancer', 'breast_cancer', 'esophageal_cancer'])),
      ).toEqual([
        'nsclc required inclusion low cohort',
        'tnbc required inclusion low cohort',
        'squamous required inclusion low cohort',
      ]);
      // A lung trial's NSCLC requirement stays plain and excludes a small-cell patient.
      const [nsclc] = rules(
        '* Metastatic non-small cell lung cancer progressing after platinum therapy',
      ).filter((r) => r.key === 'nsclc');
      expect(nsclc).toMatchObject({ kind: 'required', confidence: 'high' });
      expect(ruleExcludes(nsclc)).toBe(true);
    });

    it('should read histologies no one patient has, each required, as alternatives', () => {
      // Two cohort lists whose headings the record lost.
      expect(
        family(
          'subtype',
          read(
            '* a. Confirmed cutaneous melanoma, stage III\n\n* a. Confirmed mucosal melanoma, any stage',
            '',
            ['melanoma'],
          ),
        ),
      ).toEqual([
        'cutaneous_melanoma required inclusion low list',
        'mucosal_melanoma required inclusion low list',
      ]);
      // A melanoma cohort beside a carcinoma cohort.
      expect(
        family(
          'subtype',
          read(
            '* Mucosal melanoma of any stage\n* Squamous cell carcinoma confirmed by pathology',
            '',
            ['melanoma'],
          ),
        ),
      ).toEqual([
        'mucosal_melanoma required inclusion low list',
        'squamous required inclusion low list',
      ]);
      // NSCLC and its adenocarcinoma describe one cancer: both stay plain.
      expect(
        read('* Non-small cell lung cancer, stage IV\n* Adenocarcinoma histology confirmed'),
      ).toEqual(
        expect.arrayContaining([
          'nsclc required inclusion plain',
          'adenocarcinoma required inclusion plain',
        ]),
      );
    });

    it('should read a histology of a trial listing its eligible types, or a group of every melanoma site, as no requirement', () => {
      expect(
        family(
          'subtype',
          read(
            '* Epithelial adenocarcinoma of the ovary, stage III-IV\n' +
              '* Eligible histologic types: high grade serous, endometrioid, clear cell, or undifferentiated carcinoma',
            '',
            ['ovarian_cancer'],
          ),
        ),
      ).toEqual(['adenocarcinoma required inclusion low list']);
      expect(
        family(
          'subtype',
          read('* Unresectable cutaneous, mucosal, acral or uveal melanoma', '', ['melanoma']),
        ),
      ).toEqual([
        'cutaneous_melanoma+mucosal_melanoma,acral_melanoma,uveal_melanoma required inclusion low list',
      ]);
    });

    it('should read no histology from a quota, an example, a permission or a list of diseases', () => {
      for (const [text, conditions] of [
        ['* The share of participants with mucosal melanoma will not exceed 20%', ['melanoma']],
        [
          '* Newly diagnosed lung cancer (e.g. adenocarcinoma or squamous cell carcinoma)',
          ['lung_cancer'],
        ],
        [
          '* Solid tumours; indications include, but are not limited to, cervical squamous carcinoma and gastric cancer',
          ['cervical_cancer'],
        ],
        [
          '* Patients with melanoma of mucosal (including vulvar) or cutaneous origin are eligible',
          ['melanoma'],
        ],
        [
          '* Unresectable cutaneous melanoma, NSCLC or renal cell carcinoma after anti-PD-1',
          ['melanoma'],
        ],
      ] as const) {
        expect(family('subtype', read(text, '', [...conditions]))).toEqual([]);
      }
    });

    it('should keep an exclusion written in both lists once, in the exclusion list', () => {
      expect(
        family(
          'subtype',
          read('* Non-squamous NSCLC, stage IV', '* Squamous or mixed squamous histology'),
        ),
      ).toEqual(['nsclc required inclusion plain', 'squamous excluded exclusion plain']);
      expect(
        family(
          'biomarker',
          read('* Tumour without EGFR or ALK alterations', '* Known EGFR or ALK alterations'),
        ),
      ).toEqual(['egfr excluded exclusion plain', 'alk excluded exclusion plain']);
    });

    it('should qualify one kind of EGFR mutation excluded, and a requirement of non-squamous patients only', () => {
      expect(read('* Absence of activating EGFR mutations and ALK fusions')).toEqual([
        'egfr excluded inclusion low qualified q',
        'alk excluded inclusion plain',
      ]);
      expect(read('', '* Common EGFR mutations or ALK rearrangements')).toEqual([
        'egfr excluded exclusion low qualified q',
        'alk excluded exclusion plain',
      ]);
      // Named with the other kinds, it is the gene; required, the kind still needs EGFR.
      expect(read('', '* Sensitising EGFR mutations or EGFR exon 20 insertions')).toEqual([
        'egfr excluded exclusion plain',
      ]);
      expect(read('* Activating EGFR mutation (exon 19 deletion or L858R)')).toEqual([
        'egfr required inclusion plain',
      ]);
      expect(
        family(
          'biomarker',
          read('* Patients with non-squamous histology must have no known ALK rearrangement'),
        ),
      ).toEqual(['alk excluded inclusion low qualified q']);
    });

    it('should read no biomarker rule from any status admitted, both results or an open list', () => {
      for (const [text, conditions] of [
        ['* Any KRAS status is permitted (mutant, wild-type or unknown)', ['lung_cancer']],
        ['* BRAF V600-mutant or BRAF wild-type melanoma', ['melanoma']],
        ['* Not BRAF mutated, BRAFV600 mutated or wild mutated melanoma', ['melanoma']],
        [
          '* Tumours harbouring MAPK pathway mutations, including but not limited to KRAS, NRAS or BRAF',
          ['melanoma'],
        ],
      ] as const) {
        expect(family('biomarker', read(text, '', [...conditions]))).toEqual([]);
      }
    });

    it('should read ER and PR defining a hormone-receptor or triple-negative status as that status', () => {
      const breast = ['breast_cancer'];
      expect(
        read('* Hormone receptor-negative disease (ER-negative and PR-negative)', '', breast),
      ).toEqual(['hr excluded inclusion plain']);
      expect(read('* HR-ve, HER2-positive breast cancer', '', breast)).toEqual([
        'hr excluded inclusion plain',
        'her2 required inclusion plain',
      ]);
      expect(
        family(
          'biomarker',
          read(
            '* Triple negative breast cancer (ER-negative, PR-negative, HER2-negative)',
            '',
            breast,
          ),
        ),
      ).toEqual(['her2 excluded inclusion plain']);
    });

    it('should read the lineage of an ALL, APL and a clear-cell RCC, in their trials only', () => {
      const all = ['acute_lymphoblastic_leukemia'];
      expect(
        family('subtype', read('* Relapsed B-cell precursor ALL in second remission', '', all)),
      ).toEqual(['b_cell_all required inclusion plain']);
      expect(
        family('subtype', read('* Adults with ALL', '* T-cell acute lymphoblastic leukaemia', all)),
      ).toEqual(['t_cell_all excluded exclusion plain']);
      // A mature B-cell (Burkitt) leukaemia is no B-ALL of the question.
      expect(
        family('subtype', read('* Adults with ALL', '* Mature B-ALL (Burkitt type)', all)),
      ).toEqual([]);
      // Either lineage: one group.
      expect(family('subtype', read('* Relapsed B-ALL or T-ALL', '', all))).toEqual([
        'b_cell_all+t_cell_all required inclusion plain',
      ]);
      expect(
        family(
          'subtype',
          read('* Newly diagnosed AML', '* Known acute promyelocytic leukaemia', [
            'acute_myeloid_leukemia',
          ]),
        ),
      ).toEqual(['apl excluded exclusion plain']);
      expect(
        family(
          'subtype',
          read('* Metastatic clear cell renal cell carcinoma', '', ['kidney_cancer']),
        ),
      ).toEqual(['clear_cell_rcc required inclusion plain']);
      expect(
        family(
          'subtype',
          read('* Renal cell carcinoma with or without a clear cell component', '', [
            'kidney_cancer',
          ]),
        ),
      ).toEqual([]);
      // Another disease's trial: no rule.
      expect(family('subtype', read('* Relapsed B-ALL', '', ['multiple_myeloma']))).toEqual([]);
    });

    it('should read a sentence led by its parts ("… part only:") as theirs, and "could be included" as a permission', () => {
      expect(
        read('* Expansion arms and escalation part only: confirmed diagnosis of CD22+ B-ALL', '', [
          'acute_lymphoblastic_leukemia',
        ]),
      ).toEqual(['b_cell_all required inclusion low cohort']);
      expect(
        family(
          'subtype',
          read(
            '* Any kidney cancer histology (non-clear cell renal cell carcinoma could be included)',
            '',
            ['kidney_cancer'],
          ),
        ),
      ).toEqual([]);
    });

    it("should read no biomarker from a drug's target, a pathway, a negative list, a definition or an 'and' pair", () => {
      for (const [text, conditions] of [
        ['* Prior therapy with agents that target EGFR or HER3', ['lung_cancer']],
        ['* Previously received drugs targeting AXL and/or FLT3', ['acute_myeloid_leukemia']],
        ['* Earlier treatment with BRAF/MEK inhibitors for advanced disease', ['melanoma']],
        ['* Any agent acting on the KRAS-MAPK pathway', ['colorectal_cancer']],
        ['* Patients with negative driver alterations (EGFR/ALK/ROS1)', ['lung_cancer']],
        [
          '* CML in lymphoid blast crisis (i.e., known BCR-ABL positive disease)',
          ['acute_lymphoblastic_leukemia'],
        ],
        ['* Known BRAF V600K mutation and NRAS mutation', ['melanoma']],
        [
          '* Past HER2 positive overexpression and hormone receptor positive disease',
          ['breast_cancer'],
        ],
      ] as const) {
        expect(family('biomarker', read('* Advanced disease', text, [...conditions]))).toEqual([]);
      }
      // A plain exclusion still excludes, one gene or a list.
      const [egfr] = rules('* Stage IV NSCLC', '* Known EGFR mutation').filter(
        (r) => r.key === 'egfr',
      );
      expect(egfr).toMatchObject({ kind: 'excluded', section: 'exclusion', confidence: 'high' });
      expect(read('* Advanced disease', '* Known EGFR mutations or ALK rearrangements')).toEqual([
        'egfr excluded exclusion plain',
        'alk excluded exclusion plain',
      ]);
    });

    it('should qualify a biomarker of a subgroup the item conditions further', () => {
      for (const [text, conditions] of [
        [
          '* Known ALK fusion in patients for whom adjuvant targeted therapy is planned',
          ['lung_cancer'],
        ],
        [
          '* Participants with an NRAS-mutant tumour who received only adjuvant therapy',
          ['melanoma'],
        ],
        ['* Carry a BRAF V600 mutation, who have not received a BRAF inhibitor', ['melanoma']],
        [
          '* Participant with a known MSI-H tumour who has not received immunotherapy',
          ['colorectal_cancer'],
        ],
      ] as const) {
        expect(family('biomarker', read('* Advanced disease', text, [...conditions]))).toEqual([
          expect.stringMatching(/ excluded exclusion low qualified q$/),
        ]);
      }
      expect(
        family(
          'biomarker',
          read('* BRAF mutated patients should have received a BRAF inhibitor before entry', '', [
            'melanoma',
          ]),
        ),
      ).toEqual([expect.stringMatching(/^braf required inclusion low /)]);
      // In the inclusion list the treatment clause adds a requirement: the biomarker's stays plain.
      expect(
        family(
          'biomarker',
          read('* Patients with a BRAF V600 mutation who have not received a BRAF inhibitor', '', [
            'melanoma',
          ]),
        ),
      ).toEqual(['braf required inclusion plain']);
      // Sensitive to targeted therapy: one kind of EGFR mutation.
      expect(
        read(
          '* Advanced disease',
          '* EGFR or ALK mutations that are sensitive to approved inhibitors',
        ),
      ).toEqual(['egfr excluded exclusion low qualified q', 'alk excluded exclusion plain']);
    });

    it('should read the indications "listed below" as alternatives', () => {
      expect(
        family(
          'biomarker',
          read(
            '* A cancer for which the drug is approved, for any of the indications listed below:\n' +
              '  * Melanoma after complete resection\n' +
              '  * NSCLC with no EGFR mutation after platinum chemotherapy',
            '',
            ['lung_cancer', 'melanoma'],
          ),
        ),
      ).toEqual(['egfr excluded inclusion low list']);
    });

    describe('round 11a (extent, stage, metastasis sites)', () => {
      const stage = (inclusion: string, conditions = ['melanoma']): EligibilityRule[] =>
        rules(inclusion, '', { conditions }).filter((r) => r.key === 'tumor_stage');

      it('should read a stage range followed by another population as one alternative', () => {
        const [range] = stage(
          '* Carcinoma of the cervix of stage I/II and post-radiotherapy cervix cancer patients planned for surgery.',
          ['cervical_cancer'],
        );
        expect(range).toMatchObject({ min: 1, max: 2.3, confidence: 'low', reading: 'list' });
        // Without another population the range is a plain bound.
        const [plain] = stage('* Resected stage II-III breast cancer.', ['breast_cancer']);
        expect(plain).toMatchObject({ min: 2, max: 3.3 });
        expect(plain.confidence).not.toBe('low');
      });

      it('should read an extent written between two stages as limiting the first one (qualified)', () => {
        for (const text of [
          '* AJCC stage IIIC unresectable/IV melanoma.',
          '* Stage III inoperable or IV melanoma.',
        ]) {
          const [range] = stage(text);
          expect(range.qualified).toBe(true);
          expect(range.max).toBeUndefined();
        }
        // Both stages are read: the lower bound is the first stage's.
        expect(stage('* AJCC stage IIIC unresectable/IV melanoma.')[0].min).toBe(3.3);
        // An extent after the stages describes them all: no qualification.
        const [after] = stage('* Stage IIIC-IV unresectable melanoma.');
        expect(after).toMatchObject({ min: 3.3 });
        expect(after.qualified).toBeUndefined();
      });

      it('should read a section whose lettered list starts again at "a." as several cohorts\' lists', () => {
        const read = rules(
          '* 1\\. Signed informed consent.\n' +
            '* 2\\. ECOG performance status 0-1.\n\n' +
            '* a. Stage IIIB-IIID melanoma\n' +
            '* b. No prior systemic therapy\n\n' +
            '* a. Stage IV melanoma\n' +
            '* b. Progression on anti-PD-1 therapy',
          '',
          { conditions: ['melanoma'] },
        );
        expect(read.filter((r) => r.source === 'text').every((r) => r.confidence === 'low')).toBe(
          true,
        );
        // Letters under each numbered item are sub-lists, not restarted cohort lists.
        const nested = rules(
          '* 1\\. Stage IIIB-IIID melanoma with:\n' +
            '* a. a resected primary\n' +
            '* b. nodal disease\n' +
            '* 2\\. ECOG performance status 0-1 and:\n' +
            '* a. adequate marrow function\n' +
            '* b. adequate liver function',
          '',
          { conditions: ['melanoma'] },
        ).filter((r) => r.key === 'ecog');
        expect(nested[0].confidence).not.toBe('low');
      });

      it('should read "unresectable" beside a stage IV alternative as "unresectable or metastatic"', () => {
        const extent = (inclusion: string): EligibilityRule[] =>
          rules(inclusion, '', { conditions: ['melanoma'] }).filter(
            (r) => r.key === 'unresectable',
          );
        for (const text of [
          '* Unresectable stage IIIB or stage IV cutaneous melanoma.',
          '* Stage IV or locally advanced unresectable melanoma.',
          '* Melanoma with metastatic or locally advanced disease not amenable to curative surgery.',
        ]) {
          const [rule] = extent(text);
          expect(rule).toMatchObject({ kind: 'required', anyOf: ['metastatic'] });
          // It may exclude: a patient with neither an unresectable nor a metastatic disease.
          expect(ruleExcludes(rule)).toBe(true);
        }
      });

      it('should read extents followed by another disease with its own stage, or another tumour, low', () => {
        const extent = (inclusion: string): EligibilityRule[] =>
          rules(inclusion, '', { conditions: ['melanoma', 'lung_cancer'] }).filter(
            (r) => r.key === 'unresectable',
          );
        for (const text of [
          '* Stage IIIC or IV unresectable or metastatic melanoma, or stage IIIB-IV NSCLC.',
          '* Unresectable stage III or IV melanoma or another advanced solid tumour.',
        ]) {
          const [rule] = extent(text);
          expect(rule).toMatchObject({ confidence: 'low', reading: 'list' });
        }
        // A basket's diseases listed after the extents are all bounded by them.
        const [basket] = extent(
          '* Unresectable or metastatic NSCLC, melanoma, or other solid tumours with a KRAS G12C mutation.',
        );
        expect(basket.confidence).not.toBe('low');
      });

      it('should keep a stage range confident when only cohorts narrow it within its bounds', () => {
        const ranges = (inclusion: string): string[] =>
          compact(stage(inclusion, ['lung_cancer'])).map((r) => r.replace(/ q$/, ''));
        const read = stage(
          '1. Untreated stage II-III non-small cell lung cancer.\n' +
            '   1. Cohort A: resectable stage II-IIIA disease.\n' +
            '   2. Cohort B: unresectable stage III disease.\n' +
            '2. ECOG 0-1.',
          ['lung_cancer'],
        );
        const whole = read.find((r) => r.min === 2 && r.max === 3.3);
        expect(whole?.confidence).not.toBe('low');
        expect(read.filter((r) => r !== whole).every((r) => r.confidence === 'low')).toBe(true);
        // A cohort's range outside it is another group of patients: neither bounds the trial.
        expect(
          stage(
            '1. Stage I-II non-small cell lung cancer.\n' +
              '   1. Cohort A: stage I disease.\n' +
              '   2. Cohort B: stage IV disease.',
            ['lung_cancer'],
          ).every((r) => r.confidence === 'low'),
        ).toBe(true);
        expect(ranges('* Stage II-III NSCLC.')).toEqual(['tumor_stage range inclusion 2..3.3']);
      });

      it('should not let an allowance of a prior treatment widen the stage of its item', () => {
        const read = rules(
          '* Unresectable stage III or stage IV melanoma with no prior systemic therapy. Prior adjuvant therapy is permitted if completed 6 months before enrolment.',
          '',
          { conditions: ['melanoma'] },
        );
        const range = read.find((r) => r.key === 'tumor_stage');
        expect(range).toMatchObject({ min: 3 });
        expect(range?.confidence).not.toBe('low');
        // An allowance naming the stage still widens it.
        const widened = rules(
          '* Stage IV melanoma. Patients with stage III disease after prior surgery may be enrolled if unresectable.',
          '',
          { conditions: ['melanoma'] },
        ).find((r) => r.key === 'tumor_stage');
        expect(widened?.confidence).toBe('low');
      });

      it('should read metastatic disease excluded in the exclusion list, with its subgroups apart', () => {
        const metastatic = (exclusion: string): EligibilityRule[] =>
          rules('* Resected stage II colon cancer.', exclusion, {
            conditions: ['colorectal_cancer', 'melanoma'],
          }).filter((r) => r.key === 'metastatic');
        for (const text of [
          '* Metastatic or recurrent colon cancer.',
          '* Advanced or metastatic disease.',
          '* Evidence of distant disease on staging scans.',
          '* Diagnosed with stage IV colorectal cancer.',
          '* Regional nodal, in-transit or distant metastases.',
        ]) {
          const [rule] = metastatic(text);
          expect(rule).toMatchObject({ kind: 'excluded', section: 'exclusion' });
          expect(ruleExcludes(rule)).toBe(true);
        }
        // A subgroup or subtype of one metastatic disease, a property of a tumour type, a lesion.
        for (const text of [
          '* Metastatic melanoma with an activating NRAS mutation.',
          '* Metastatic mucosal melanoma.',
          '* Tumours lacking metastatic potential, such as desmoid tumours.',
          '* Prior radiotherapy to the metastatic site chosen for biopsy.',
          '* Stage IVB cervical cancer.',
          '* History of another stage IV cancer within 5 years.',
        ]) {
          expect(metastatic(text)).toEqual([]);
        }
        // A state the questionnaire does not ask: qualified.
        for (const text of [
          '* Only metastatic lesions smaller than 1 cm.',
          '* Distant metastases located only in the bone.',
          '* Symptomatic metastatic visceral disease.',
          '* Metastatic disease not confirmed histologically.',
        ]) {
          const [rule] = metastatic(text);
          expect(rule?.qualified).toBe(true);
        }
      });

      it('should read the items after a "PHASE II REGISTRATION" line as that step\'s', () => {
        const [rule] = rules(
          '* Resected stage III melanoma.',
          '* Prior chemotherapy.\n\nPHASE II REGISTRATION\n\n* Evidence of metastatic disease.',
          { conditions: ['melanoma'] },
        ).filter((r) => r.key === 'metastatic');
        expect(rule).toMatchObject({ confidence: 'low', reading: 'cohort' });
      });

      it('should read metastatic disease required in inclusion only where the sentence requires it', () => {
        const required = (inclusion: string): EligibilityRule[] =>
          rules(inclusion, '', { conditions: ['melanoma', 'lung_cancer'] }).filter(
            (r) => r.key === 'metastatic' && r.kind === 'required',
          );
        for (const text of [
          '* A confirmed diagnosis of metastatic non-small cell lung cancer.',
          '* Histologically confirmed liver metastasis of cutaneous melanoma.',
        ]) {
          const [rule] = required(text);
          expect(rule?.confidence).not.toBe('low');
          expect(ruleExcludes(rule)).toBe(true);
        }
        for (const text of [
          '* Since the diagnosis of metastatic disease, no more than two lines of therapy.',
          '* Unresectable stage IIIC to IV metastatic melanoma.',
          '* Metastatic melanoma AJCC stage III with nodal involvement.',
          '* Metastatic melanoma stage IV, completely resected within 12 weeks.',
          '* Planned for excision or needle aspiration of metastatic melanoma.',
          '* Tumour tissue from a metastatic site is preferred.',
          '* Prior radiotherapy to metastatic lesions must be completed.',
          '* Measurable metastatic disease according to RECIST 1.1.',
          '* Patients with metastatic melanoma:',
        ]) {
          expect(required(text)).toEqual([]);
        }
        // Another item admitting a stage below IV makes the requirement one alternative.
        const [alternative] = required(
          '* Confirmed metastatic melanoma.\n* Stage IIIC unresectable or stage IV (AJCC 8th edition).',
        );
        expect(alternative).toMatchObject({ confidence: 'low', reading: 'list' });
      });

      it('should read "primary CNS lymphoma" as a lymphoma subtype, not CNS involvement', () => {
        const cns = (exclusion: string): EligibilityRule[] =>
          rules('* Relapsed acute myeloid leukemia.', exclusion, {
            conditions: ['acute_myeloid_leukemia'],
          }).filter((r) => r.key === 'cns_leukemia');
        expect(
          cns(
            '* Lymphoma subtypes: Burkitt lymphoma, primary CNS lymphoma or mantle cell lymphoma.',
          ),
        ).toEqual([]);
        const [involvement] = cns('* Known CNS leukemia.');
        expect(involvement.qualified).toBeUndefined();
        // Symptoms of CNS involvement are a state the questionnaire does not ask: qualified.
        const [symptoms] = cns('* Clear symptoms of central nervous system invasion.');
        expect(symptoms.qualified).toBe(true);
      });
    });
    describe('round 11 (a sentence class of blind round 11, read after its one measurement)', () => {
      it('should read a stage glued to its numeral ("StageIIIB/C or IV") as the spaced one', () => {
        const stage = (text: string): EligibilityRule[] =>
          rules(text)
            .filter((r) => r.key === 'tumor_stage')
            .map(({ text: _sentence, ...rule }) => rule as EligibilityRule);
        expect(stage('* Confirmed StageIIIB/C or IV NSCLC.')).toEqual(
          stage('* Confirmed Stage IIIB/C or IV NSCLC.'),
        );
        expect(stage('* Confirmed StageIIIB/C or IV NSCLC.')).toEqual([
          expect.objectContaining({ kind: 'range', min: 3.2 }),
        ]);
        expect(stage('* Confirmed StageIIIB/C or IV NSCLC.')[0].max).toBeUndefined();
      });
    });

    describe('round 12 (sentence classes of blind round 11, read once it was retired)', () => {
      const keyed = (list: EligibilityRule[], key: string): string[] =>
        compact(list).filter((r) => r.startsWith(`${key} `));

      it('should read a count of prior therapies as a count of lines, not as chemotherapy excluded', () => {
        expect(
          keyed(
            rules('* Solid tumour.', '* More than 3 prior systemic therapies.'),
            'chemotherapy',
          ),
        ).toEqual(['chemotherapy range exclusion ..3']);
        expect(
          keyed(
            rules('* At least 2 prior anticancer therapies for advanced disease.'),
            'chemotherapy',
          ),
        ).toEqual(['chemotherapy range inclusion 2..']);
        // A therapy without a count is still the therapy.
        expect(
          keyed(rules('* Solid tumour.', '* Prior systemic therapy.'), 'chemotherapy'),
        ).toEqual(['chemotherapy excluded exclusion']);
      });

      it('should qualify a therapy named as the cause of a condition', () => {
        expect(
          keyed(
            rules(
              '* Solid tumour.',
              '* Ongoing neuropathy from prior chemotherapy or other causes.',
            ),
            'chemotherapy',
          ),
        ).toEqual(['chemotherapy excluded exclusion q']);
        expect(
          keyed(
            rules('* Solid tumour.', '* Severe toxicity due to prior immunotherapy.'),
            'checkpoint_therapy',
          ),
        ).toEqual(['checkpoint_therapy excluded exclusion q']);
      });

      it('should qualify a risk of a condition, not the condition', () => {
        expect(
          keyed(
            rules(
              '* Solid tumour.',
              '* An increased risk of heart disease in the view of the investigator.',
            ),
            'cardiac_disorders',
          ),
        ).toEqual(['cardiac_disorders excluded exclusion q']);
        expect(
          keyed(rules('* Solid tumour.', '* Known heart disease.'), 'cardiac_disorders'),
        ).toEqual(['cardiac_disorders excluded exclusion']);
      });

      it('should read progression on or after a treatment as progressive disease required', () => {
        for (const text of [
          '* Disease that progressed on or after at least one prior line of systemic therapy.',
          '* Documented radiographic progression during or following platinum-based chemotherapy.',
          '* Has progressed on a prior anti-PD-1 antibody.',
        ]) {
          expect(keyed(rules(text), 'progressive_disease')).toEqual([
            'progressive_disease required inclusion',
          ]);
        }
        // No treatment named, an end point, a negation or a brain lesion's course: no rule.
        for (const text of [
          '* Progressive disease within the last 12 months.',
          '* Time to progression after first-line therapy will be recorded.',
          '* No evidence of progression after prior radiotherapy.',
          '* Treated brain metastases progressing after radiosurgery.',
        ]) {
          expect(keyed(rules(text), 'progressive_disease')).toEqual([]);
        }
      });

      it('should qualify progression that has another route or belongs to one part of the trial', () => {
        for (const text of [
          '* Tumour that progressed on standard therapy, or for which no standard therapy exists.',
          '* Progression after standard therapy or, in the opinion of the investigator, unlikely to benefit from it.',
          '* Progression (resistance, toxicity) on or after a PD-1 inhibitor.',
          '* Part 2 and Part 3: disease that progressed after prior chemotherapy.',
        ]) {
          expect(keyed(rules(text), 'progressive_disease')).toEqual([
            'progressive_disease required inclusion q',
          ]);
        }
      });

      it("should read the items nested under a line naming one disease as that cohort's", () => {
        const basket = rules(
          '1. Advanced solid tumour after standard therapy, including\n' +
            '   1. Malignant Melanoma (MM)\n' +
            '      * Patients who have progressed on a prior anti-PD-1 antibody.\n' +
            '   2. Triple negative breast cancer (TNBC)\n' +
            '      * Patients must have received prior sacituzumab.\n',
          '',
          { conditions: ['melanoma', 'breast_cancer'] },
        );
        expect(basket.filter((r) => r.key === 'progressive_disease').map((r) => r.reading)).toEqual(
          ['cohort'],
        );
      });

      it('should qualify a Karnofsky bound the ECOG answer cannot decide (50, 70, 90)', () => {
        expect(keyed(rules('* Karnofsky score of 70% or greater.'), 'ecog')).toEqual([
          'ecog range inclusion ..1 q',
        ]);
        expect(keyed(rules('* Karnofsky performance status >= 80.'), 'ecog')).toEqual([
          'ecog range inclusion ..1',
        ]);
        expect(keyed(rules('* Karnofsky performance status of at least 60%.'), 'ecog')).toEqual([
          'ecog range inclusion ..2',
        ]);
      });

      it('should qualify a measurable brain metastasis after "at least one", and a therapy that could alter what is measured', () => {
        expect(
          keyed(
            rules('* At least one measurable brain metastasis of 0.5 cm or more on MRI.'),
            'measurable_disease',
          ),
        ).toEqual(['measurable_disease required inclusion q']);
        expect(
          keyed(
            rules(
              '* Solid tumour.',
              '* Prior cytotoxic chemotherapy that could alter the markers studied.',
            ),
            'chemotherapy',
          ),
        ).toEqual(['chemotherapy excluded exclusion q']);
      });

      it('should read a metastatic lesion named as an example or to be treated, or the extent of another listed disease, as no metastatic requirement of every patient', () => {
        for (const text of [
          '* Any melanoma of the skin, including metastatic lesions.',
          '* A target for radiotherapy: a skin tumour, a metastatic lymph node or a soft-tissue lesion.',
        ]) {
          expect(keyed(rules(text, '', { conditions: ['melanoma'] }), 'metastatic')).toEqual([]);
        }
        expect(
          keyed(
            rules('* Unresectable melanoma or relapsed metastatic NSCLC.', '', {
              conditions: ['melanoma', 'lung_cancer'],
            }),
            'metastatic',
          ),
        ).toEqual(['metastatic required inclusion q']);
        expect(keyed(rules('* Confirmed metastatic NSCLC.'), 'metastatic')).toEqual([
          'metastatic required inclusion',
        ]);
      });

      it('should leave a registry minimum age to the site when the text admits younger patients', () => {
        const age = (inclusion: string): EligibilityRule | undefined =>
          rules(inclusion, '', { minimumAgeYears: 18 }).find((r) => r.key === 'age');
        expect(
          age('* Adults with melanoma.\n* Cohort 5 only: Age 12 years or older.'),
        ).toMatchObject({
          min: 18,
          confidence: 'low',
        });
        expect(age('* Age 18 years or older.')?.confidence).not.toBe('low');
      });

      it('should read a melanoma of the choroid or ciliary body as uveal, a consequence as a qualified comorbidity, a heading indented under an item as heading the items after it', () => {
        const melanoma = { conditions: ['melanoma'] };
        expect(
          keyed(
            rules('* A melanoma originating in the choroid or in the ciliary body.', '', melanoma),
            'uveal_melanoma',
          ),
        ).toEqual(['uveal_melanoma required inclusion']);
        expect(
          keyed(
            rules(
              '* Melanoma.',
              '* Autoimmune condition causing heightened radiosensitivity.',
              melanoma,
            ),
            'autoimmune',
          ),
        ).toEqual(['autoimmune excluded exclusion q']);
        const listed = rules(
          '1. Uveal melanoma.\n\n   AND at least one of the following items:\n2. Stage IIIB or IIIC.\n3. A large tumour.\n',
          '',
          melanoma,
        );
        expect(listed.filter((r) => r.key === 'tumor_stage').map((r) => r.reading)).toEqual([
          'list',
        ]);
      });

      it('should give the letters after a lettered stage its numeral, and read an item ending "OR:" and the treatment of adverse events as no requirement', () => {
        const melanoma = { conditions: ['melanoma'] };
        expect(
          keyed(rules('* Resectable stage IIIB, C or D melanoma.', '', melanoma), 'tumor_stage'),
        ).toEqual(['tumor_stage range inclusion 3.2..3.3']);
        expect(
          keyed(
            rules(
              '* Stage III melanoma with a measurable lymph node metastasis OR:\n* Stage IV melanoma.',
              '',
              melanoma,
            ),
            'measurable_disease',
          ),
        ).toEqual([]);
        expect(
          keyed(
            rules(
              '* No treatment for these AEs for at least 4 weeks before enrolment.',
              '',
              melanoma,
            ),
            'untreated',
          ),
        ).toEqual([]);
      });

      it('should qualify another cancer that is a previous or second primary melanoma', () => {
        expect(
          keyed(
            rules('* Melanoma.', '* History of a previous or second primary invasive melanoma.', {
              conditions: ['melanoma'],
            }),
            'other_cancer',
          ),
        ).toEqual(['other_cancer excluded exclusion q']);
      });

      it('should read newly diagnosed as one status of a list as no requirement', () => {
        expect(
          keyed(
            rules(
              '* A history of uveal melanoma (newly diagnosed, under treatment or in follow-up).',
              '',
              {
                conditions: ['melanoma'],
              },
            ),
            'newly_diagnosed',
          ),
        ).toEqual([]);
        expect(keyed(rules('* Newly diagnosed stage IV NSCLC.'), 'newly_diagnosed')).toEqual([
          'newly_diagnosed required inclusion',
        ]);
      });

      it('should read a laboratory definition of menopause as no menopausal requirement', () => {
        const breast = { conditions: ['breast_cancer'] };
        expect(
          keyed(
            rules(
              '* FSH and LH levels within the postmenopausal range of the laboratory.',
              '',
              breast,
            ),
            'postmenopausal',
          ),
        ).toEqual([]);
        expect(
          keyed(
            rules('* Postmenopausal women with HR-positive breast cancer.', '', breast),
            'postmenopausal',
          ),
        ).toEqual(['postmenopausal required inclusion']);
      });
    });

    describe('session 10 (metastatic disease excluded in the exclusion list may exclude)', () => {
      const melanoma = { conditions: ['melanoma'] };
      const metastatic = (exclusion: string): EligibilityRule[] =>
        rules('* Resected stage III melanoma.', exclusion, melanoma).filter(
          (r) => r.key === 'metastatic',
        );

      it('should exclude a metastatic patient on a plain exclusion of metastatic disease', () => {
        for (const text of [
          '* Patients with metastatic disease.',
          '* Evidence of distant metastases at screening.',
          '* Metastatic disease (according to the TNM staging system - M1 patients are excluded).',
          '* Diagnosed with stage IV melanoma.',
        ]) {
          const [rule] = metastatic(text);
          expect(rule).toMatchObject({ kind: 'excluded', section: 'exclusion' });
          expect(ruleExcludes(rule)).toBe(true);
        }
      });

      it("should not read a lesion's measurability, a bracketed definition or another cancer's spread as the extent", () => {
        for (const text of [
          '* Unmeasurable locally advanced (incurable) or metastatic lesion(s), according to RECIST 1.1 criteria;',
          '* Microsatellitosis (a nest of metastatic tumour cells found to be growing away from the primary tumour) as per AJCC 8th edition definition is an exclusion.',
          "* Tumors that are lobular neoplasm, metastatic carcinoma to breast, sarcoma, Phyllodes tumor, or Paget's disease",
        ]) {
          expect(metastatic(text)).toEqual([]);
        }
      });

      it('should still leave a qualified or cohort exclusion of metastatic disease to the site', () => {
        const [atDiagnosis] = metastatic('* Patients with metastatic disease at diagnosis.');
        expect(ruleExcludes(atDiagnosis)).toBe(false);
        const [oligo] = metastatic('* Limited metastatic disease (1 to 3 lesions).');
        expect(ruleExcludes(oligo)).toBe(false);
      });
    });

    describe('session 10 (sentence classes of blind round 15, read once it was retired)', () => {
      const melanoma = { conditions: ['melanoma'] };
      const keyed = (list: EligibilityRule[], key: string): string[] =>
        compact(list).filter((r) => r.startsWith(`${key} `));

      it('should leave an exclusion of oligometastatic stage IV disease to the site', () => {
        expect(
          keyed(
            rules(
              '* Resected stage III melanoma.',
              '* Oligometastatic stage IV melanoma',
              melanoma,
            ),
            'metastatic',
          ),
        ).toEqual(['metastatic excluded exclusion q']);
        expect(
          keyed(
            rules('* Resected stage III melanoma.', '* Stage IV melanoma', melanoma),
            'metastatic',
          ),
        ).toEqual(['metastatic excluded exclusion']);
      });

      it('should not read an untreated brain metastasis behind a bracketed aside as untreated disease', () => {
        expect(
          keyed(
            rules(
              '* Must have at least 1 untreated (no prior resection or radiation of the target lesion) parenchymal brain metastasis.',
              '',
              melanoma,
            ),
            'untreated',
          ),
        ).toEqual([]);
        // The aside may itself name what is untreated: no untreated disease either.
        expect(
          keyed(
            rules('* Stage IV melanoma, treatment naive (metastatic stage).', '', melanoma),
            'untreated',
          ),
        ).toEqual([]);
        expect(
          keyed(rules('* Previously untreated stage IV melanoma.', '', melanoma), 'untreated'),
        ).toEqual(['untreated required inclusion']);
      });

      it("should read a numbered sub-list under an item ending with a colon as that item's, not as cohorts", () => {
        const exclusion =
          '1. Previous exposure to any anti-PD-1 antibody.\n2. Pregnant or breastfeeding female patients.\n3. History of other primary malignancies, excluding:\n\n1. Malignancies cured at least 5 years ago.\n2. Non-melanoma skin cancer.\n\n4. HIV infection (HIV antibody positive).';
        const out = rules('1. Mucosal melanoma.\n2. Age 18 years or older.', exclusion, melanoma);
        expect(out.find((r) => r.key === 'hiv')).toMatchObject({ confidence: 'high' });
        // Two full lists, each from 1: still read as two groups' lists.
        const twoLists = rules(
          '1. Melanoma.',
          '1. HIV infection.\n2. Pregnancy.\n\n1. Hepatitis B infection.\n2. Pregnancy.',
          melanoma,
        );
        expect(twoLists.find((r) => r.key === 'hiv')).toMatchObject({
          confidence: 'low',
          reading: 'cohort',
        });
      });

      it('should leave an exclusion to the site when another item admits it under a condition', () => {
        const hiv = (exclusion: string): EligibilityRule | undefined =>
          rules('* Solid tumour.', exclusion).find((r) => r.key === 'hiv');
        const allowed = hiv(
          '* Known history of AIDS or human immunodeficiency virus (HIV) infection.\n* Subjects with HIV infection may be eligible if CD4+ T cell counts are at least 350 cells/uL.',
        );
        expect(allowed).toMatchObject({ confidence: 'low', reading: 'exception' });
        expect(ruleExcludes(allowed!)).toBe(false);
        // Without the allowance the exclusion stands.
        const plain = hiv(
          '* Known history of AIDS or human immunodeficiency virus (HIV) infection.',
        );
        expect(ruleExcludes(plain!)).toBe(true);
      });
    });

    describe('session 10 (sentence classes of blind round 16, read once it was retired)', () => {
      const keyed = (list: EligibilityRule[], key: string): string[] =>
        compact(list).filter((r) => r.startsWith(`${key} `));
      const lung = { conditions: ['lung_cancer'] };

      it("should not read a treatment's object or a suspected disease as the patient's", () => {
        expect(
          keyed(
            rules(
              '* NSCLC.',
              '* Any prior systemic chemotherapy for lung cancer. This includes systemic radiosensitizers used to treat brain metastases and any biologic agent.',
            ),
            'brain_metastases',
          ),
        ).toEqual([]);
        expect(keyed(rules('* NSCLC.', '* Brain metastases.'), 'brain_metastases')).toEqual([
          'brain_metastases excluded exclusion',
        ]);
        const pancreatic = { conditions: ['pancreatic_cancer'] };
        expect(
          keyed(
            rules(
              '* Suspicion of or elevated risk for pancreatic ductal adenocarcinoma (PDAC); individuals at risk for pancreatic cancer',
              '',
              pancreatic,
            ),
            'adenocarcinoma',
          ),
        ).toEqual([]);
        expect(
          keyed(rules('* Pancreatic ductal adenocarcinoma.', '', pancreatic), 'adenocarcinoma'),
        ).toEqual(['adenocarcinoma required inclusion']);
      });

      it("should qualify a therapy's adverse event, one setting's therapy and a prescribed one", () => {
        for (const [inclusion, exclusion, key] of [
          [
            '* Melanoma.',
            '* Prior Grade 4 treatment-related AE with immune checkpoint inhibitor treatment.',
            'checkpoint_therapy',
          ],
          [
            '* NSCLC.',
            "* Prior chemotherapy for the treatment of the patient's current stage of disease.",
            'chemotherapy',
          ],
          ['* Prescribed treatment with immune-checkpoint inhibitor.', '', 'checkpoint_therapy'],
        ] as const) {
          const [rule] = rules(inclusion, exclusion, { conditions: ['melanoma'] }).filter(
            (r) => r.key === key,
          );
          expect(rule?.qualified).toBe(true);
        }
        expect(
          keyed(
            rules('* Melanoma.', '* Prior immune checkpoint inhibitor treatment.'),
            'checkpoint_therapy',
          ),
        ).toEqual(['checkpoint_therapy excluded exclusion']);
      });

      it('should read every item of a list the sentence opens by excluding it as excluded', () => {
        const out = rules(
          '* The following histologies will be excluded given known response to PD-1/PD-L1 inhibitor monotherapy: non-small cell lung cancer, melanoma, renal cell carcinoma, and high-frequency microsatellite instability (MSI-H) tumors.',
          '',
          { conditions: ['colorectal_cancer'] },
        );
        expect(out.filter((r) => r.kind === 'required').map((r) => r.key)).toEqual([]);
      });

      it('should qualify a concurrent other cancer, cirrhosis and a mixed tumour of one composition', () => {
        expect(
          keyed(rules('* NSCLC.', '* Along with other malignant tumors.'), 'other_cancer'),
        ).toEqual(['other_cancer excluded exclusion q']);
        expect(
          keyed(rules('* NSCLC.', '* History of another malignancy.'), 'other_cancer'),
        ).toEqual(['other_cancer excluded exclusion']);
        expect(
          keyed(
            rules('* NSCLC.', '* Hepatic encephalopathy, hepatorenal syndrome or cirrhosis.'),
            'liver_diseases',
          ),
        ).toEqual(['liver_diseases excluded exclusion q']);
        const mixed = rules(
          '* NSCLC.',
          '* Mixed adenosquamous carcinomas with predominantly squamous component.',
          lung,
        );
        expect(keyed(mixed, 'adenosquamous')).toEqual(['adenosquamous excluded exclusion q']);
        expect(keyed(mixed, 'squamous')).toEqual([]);
      });

      it("should read what one dose-escalation or dose-expansion part requires as that part's", () => {
        const [rule] = rules(
          '* At least one assessable tumor lesion in dose escalation part of the study; at least one measurable tumor lesion according to RECIST v1.1 in dose expansion part of the study.',
        ).filter((r) => r.key === 'measurable_disease');
        expect(rule).toMatchObject({ confidence: 'low', reading: 'cohort' });
      });

      it("should read a required subtype as one cohort's when another item admits other patients of the disease", () => {
        const uveal = (extra: string): EligibilityRule | undefined =>
          rules(`* Patients must have metastatic uveal melanoma.${extra}`, '', {
            conditions: ['melanoma'],
          }).find((r) => r.key === 'uveal_melanoma');
        expect(
          uveal(
            '\n* Patients with metastatic melanoma of cutaneous, mucosal or unknown primary origin are also eligible.',
          ),
        ).toMatchObject({ confidence: 'low', reading: 'exception' });
        expect(ruleExcludes(uveal('')!)).toBe(true);
      });
    });

    describe('round 11 (sentence classes of blind round 10, read once it was retired)', () => {
      it('should qualify a comorbidity limited to a recent one, dialysis or the protocol', () => {
        for (const [text, key] of [
          ['* Concurrent malignancy or recent history thereof.', 'other_cancer'],
          ['* Subjects under dialysis for kidney disease.', 'kidney_diseases'],
          ['* Renal impairment as defined per protocol.', 'kidney_diseases'],
        ]) {
          expect(
            compact(rules('* Solid tumour.', text)).filter((r) => r.startsWith(`${key} `)),
          ).toEqual([`${key} excluded exclusion q`]);
        }
      });

      it('should qualify a pregnancy excluded only in one trimester', () => {
        expect(
          compact(
            rules('* Breast cancer.', '* Pregnant patients in their first trimester.'),
          ).filter((r) => r.startsWith('pregnant_nursing')),
        ).toEqual(['pregnant_nursing excluded exclusion q']);
      });

      it("should read a biomarker naming a cohort, a test's results or an assessment as no requirement", () => {
        for (const text of [
          '* Staging scan within 42 days for Cohort A2 (ROS1 positive) before the first dose.',
          '* Patients with ROS1, KIT and NRAS gene test results.',
          '* Known ROS1 status or a sample submitted for ROS1 fusion assessment.',
        ]) {
          expect(compact(rules(text)).filter((r) => r.startsWith('ros1'))).toEqual([]);
        }
        expect(compact(rules('* Documented ROS1 fusion.'))).toContain('ros1 required inclusion');
      });
    });

    describe('round 11 (sentence classes of blind round 9, read once it was retired)', () => {
      const keyed = (list: EligibilityRule[], key: string): string[] =>
        compact(list).filter((r) => r.startsWith(`${key} `));
      const lowOf = (list: EligibilityRule[], key: string): (string | undefined)[] =>
        list.filter((r) => r.key === key).map((r) => r.confidence);
      /** The rules of a key read plainly (that may exclude once calibrated). */
      const plainOf = (list: EligibilityRule[], key: string): EligibilityRule[] =>
        list.filter((r) => r.key === key && r.confidence !== 'low' && !r.qualified);

      it('should read a histology in a list of diseases ending "or any cancer …" as one alternative', () => {
        const list = rules(
          '* Metastatic NSCLC, TNBC, cutaneous melanoma or any cancer that is known to be MSI high.',
          '',
          { conditions: ['breast_cancer'] },
        );
        expect(lowOf(list, 'tnbc')).toEqual(['low']);
        // Without "or any cancer", TNBC is required of a breast patient.
        expect(
          lowOf(rules('* Metastatic TNBC.', '', { conditions: ['breast_cancer'] }), 'tnbc'),
        ).not.toContain('low');
      });

      it('should qualify comorbidities named as examples of "certain" conditions, and HIV only with AIDS', () => {
        expect(
          keyed(
            rules(
              '* Solid tumour.',
              '* Participants with certain health conditions, like autoimmune diseases.',
            ),
            'autoimmune',
          ),
        ).toEqual(['autoimmune excluded exclusion q']);
        expect(
          keyed(
            rules(
              '* Solid tumour.',
              '* Known HIV infection with an acquired immunodeficiency syndrome.',
            ),
            'hiv',
          ),
        ).toEqual(['hiv excluded exclusion q']);
        expect(keyed(rules('* Solid tumour.', '* Known HIV infection.'), 'hiv')).toEqual([
          'hiv excluded exclusion',
        ]);
      });

      it("should read a metastasis of another cancer as no rule on the patient's extent", () => {
        expect(
          keyed(
            rules(
              '* Lung nodule.',
              '* Suspected metastatic lesion in the lung from an extrapulmonary cancer.',
            ),
            'metastatic',
          ),
        ).toEqual([]);
        expect(keyed(rules('* Lung nodule.', '* Metastatic disease.'), 'metastatic')).toEqual([
          'metastatic excluded exclusion',
        ]);
      });

      it("should read a PD-L1 assay's name as a test, not a positive result", () => {
        expect(
          keyed(
            rules('* A PD-L1 result from the central laboratory (PD-L1 IHC 22C3 pharmDx).'),
            'pd_l1',
          ),
        ).toEqual([]);
      });

      it('should read "patients with X must have completed …" as a condition on X', () => {
        const her2 = (text: string): EligibilityRule[] =>
          plainOf(rules(text, '', { conditions: ['breast_cancer'] }), 'her2');
        expect(
          her2('* Patients with HER2-positive disease must have completed all standard treatment.'),
        ).toEqual([]);
        expect(her2('* HER2-positive disease.')).toHaveLength(1);
      });

      it('should read each subject of a cohort list without line breaks as its cohort', () => {
        expect(
          plainOf(
            rules(
              '* Patients with tumors harboring KEAP1 mutations Patients with tumors harboring PIK3CA mutations',
            ),
            'pik3ca',
          ),
        ).toEqual([]);
        expect(
          plainOf(rules('* Patients with tumors harboring PIK3CA mutations.'), 'pik3ca'),
        ).toHaveLength(1);
      });
    });

    describe('round 11 (sentence classes of blind rounds 7 and 8, read once they were retired)', () => {
      it("should not exclude by the registry's ages when the criteria enrol adults below them", () => {
        const age = (inclusion: string): EligibilityRule | undefined =>
          rules(inclusion, '', { minimumAgeYears: 3, maximumAgeYears: 7 }).find(
            (r) => r.key === 'age',
          );
        expect(
          age('* Adults who coach the recreational sports teams of children aged 3 and older.'),
        ).toMatchObject({ min: 3, max: 7, confidence: 'low', reading: 'exception' });
        // Children only, as the ages say: the range excludes.
        const children = age('* Children aged 3 to 7 playing on a participating team.');
        expect(children).toMatchObject({ min: 3, max: 7 });
        expect(children && ruleExcludes(children)).toBe(true);
      });

      it('should qualify brain metastases admitted under a condition ("should only be considered if")', () => {
        expect(
          compact(
            rules(
              '* Advanced solid tumour.',
              '* Children with brain metastases should only be considered for inclusion if the largest lesion is under 3 cm.',
            ),
          ).filter((r) => r.startsWith('brain_metastases')),
        ).toEqual(['brain_metastases excluded exclusion q']);
      });

      it('should read a test for a biomarker as no requirement of its result', () => {
        expect(
          compact(
            rules('* Documented testing for BRAF V600 mutations before enrolment.', '', {
              conditions: ['melanoma'],
            }),
          ).filter((r) => r.startsWith('braf')),
        ).toEqual([]);
        expect(
          compact(rules('* Documented BRAF V600 mutation.', '', { conditions: ['melanoma'] })),
        ).toContain('braf required inclusion');
      });

      it('should qualify a PD-L1 requirement with a score threshold above positivity', () => {
        const pdL1 = (text: string): string[] =>
          compact(rules(text, '', { conditions: ['breast_cancer'] })).filter((r) =>
            r.startsWith('pd_l1'),
          );
        expect(pdL1('* PD-L1 positive tumour (CPS >= 10) by a central assay.')).toEqual([
          'pd_l1 required inclusion q',
        ]);
        expect(pdL1('* PD-L1 positive tumour by a central assay.')).toEqual([
          'pd_l1 required inclusion',
        ]);
      });

      it('should read "are welcome to participate" as an allowance that requires nothing', () => {
        expect(
          compact(
            rules(
              '* Patients whose melanoma relapsed in the regional nodes after surgery are welcome to participate.',
              '',
              { conditions: ['melanoma'] },
            ),
          ).filter((r) => r.startsWith('relapsed')),
        ).toEqual([]);
      });

      it('should read a planned treatment in the exclusion list as no prior therapy excluded', () => {
        const hormonal = (text: string): string[] =>
          compact(rules('* Breast cancer.', text, { conditions: ['breast_cancer'] })).filter((r) =>
            r.startsWith('hormonal_therapy'),
          );
        expect(
          hormonal('* Systemic treatment plan includes endocrine therapy only.'),
        ).not.toContain('hormonal_therapy excluded exclusion');
        expect(hormonal('* Prior endocrine therapy.')).toContain(
          'hormonal_therapy excluded exclusion',
        );
      });

      it('should qualify brain metastases that are uncontrollable or deteriorating', () => {
        for (const text of [
          '* Participants whose brain metastases are uncontrollable.',
          '* Symptomatically worsening brain metastases.',
        ]) {
          expect(
            compact(rules('* Advanced solid tumour.', text)).filter((r) =>
              r.startsWith('brain_metastases'),
            ),
          ).toEqual(['brain_metastases excluded exclusion q']);
        }
        // Without the state, brain metastases are plainly excluded.
        expect(compact(rules('* Advanced solid tumour.', '* Known brain metastases.'))).toContain(
          'brain_metastases excluded exclusion',
        );
      });
    });
  });

  describe('inclusion and exclusion', () => {
    it('should require a positive biomarker in inclusion and exclude it in exclusion', () => {
      expect(compact(rules('* EGFR mutation-positive NSCLC'))).toContain('egfr required inclusion');
      expect(compact(rules('* Histologically confirmed NSCLC', '* Known EGFR mutation'))).toContain(
        'egfr excluded exclusion',
      );
    });

    it('should exclude on negation in inclusion: wild-type, no, without, must not', () => {
      expect(compact(rules('* EGFR wild-type tumour'))).toEqual(['egfr excluded inclusion']);
      expect(compact(rules('* No prior immunotherapy'))).toEqual([
        'checkpoint_therapy excluded inclusion',
      ]);
      expect(compact(rules('* Patients without brain metastases'))).toEqual([
        'brain_metastases excluded inclusion',
      ]);
      expect(compact(rules('* Must not be pregnant or breastfeeding'))).toEqual([
        'pregnant_nursing excluded inclusion',
      ]);
    });

    it('should exclude pregnancy from the exclusion list but ignore pregnancy tests', () => {
      expect(compact(rules('* Negative pregnancy test', '* Pregnant or breastfeeding'))).toEqual([
        'pregnant_nursing excluded exclusion',
      ]);
    });

    it('should emit nothing for a negated statement in the exclusion list', () => {
      expect(compact(rules('', '* No history of HIV infection is required for this arm'))).toEqual(
        [],
      );
      expect(compact(rules('', '* Patients without EGFR mutation'))).toEqual([]);
    });

    it('should read "No measurable lesion" in the exclusion list as measurable disease required', () => {
      expect(compact(rules('', '* No measurable lesion'))).toEqual([
        'measurable_disease required exclusion',
      ]);
    });

    it('should limit negation to its clause', () => {
      const out = compact(rules('* No prior chemotherapy; ALK rearrangement confirmed'));
      expect(out).toEqual(['alk required inclusion', 'chemotherapy excluded inclusion']);
    });

    it('should not read a drug class as a biomarker', () => {
      expect(compact(rules('', '* Prior treatment with an EGFR-TKI'))).toEqual([
        'targeted_therapy excluded exclusion q',
      ]);
    });

    it('should move items after an inline "Exclusion Criteria" to the exclusion section', () => {
      const out = compact(
        rules('* Stage IV colorectal carcinoma. Exclusion Criteria\n* Pregnancy or nursing.'),
      );
      expect(out).toEqual([
        'pregnant_nursing excluded exclusion',
        'tumor_stage range inclusion 4..',
      ]);
    });

    it('should skip the alternatives listed under "one of the following"', () => {
      const out = compact(
        rules(
          '* Have one of the following tumours:\n  * Triple negative breast cancer\n  * Melanoma',
        ),
      );
      expect(out).toEqual([]);
    });

    it('should skip wash-out periods and permissions', () => {
      expect(compact(rules('', '* Radiotherapy within 2 weeks before the first dose'))).toEqual([]);
      expect(compact(rules('* Prior chemotherapy is allowed'))).toEqual([]);
      expect(
        compact(rules('', '* Otherwise well HIV-positive patients will be permitted to enroll')),
      ).toEqual([]);
    });
  });

  describe('qualified', () => {
    it('should qualify brain metastases limited to untreated or symptomatic ones', () => {
      expect(compact(rules('', '* Untreated, symptomatic or active brain metastases'))).toEqual([
        'brain_metastases excluded exclusion q',
      ]);
      expect(compact(rules('', '* Central nervous system metastases'))).toEqual([
        'brain_metastases excluded exclusion',
      ]);
    });

    it('should qualify active hepatitis, and another malignancy within a time window', () => {
      expect(compact(rules('', '* Known active hepatitis B infection'))).toEqual([
        'liver_diseases excluded exclusion q',
      ]);
      expect(compact(rules('', '* History of another malignancy within the last 3 years'))).toEqual(
        ['other_cancer excluded exclusion q'],
      );
      expect(compact(rules('', '* History of any other malignancy'))).toEqual([
        'other_cancer excluded exclusion',
      ]);
    });

    it('should qualify limited or oligometastatic disease', () => {
      expect(
        compact(
          rules(
            '* Biopsy-proven adenocarcinoma T1-4a or N0-2, plus Limited metastatic disease (metastases in 1 to 2 organs)',
          ),
        ),
      ).toEqual(['adenocarcinoma required inclusion', 'metastatic required inclusion q']);
      expect(compact(rules('', '* Metastatic disease, except oligometastatic disease'))).toEqual([
        'metastatic excluded exclusion q',
      ]);
    });

    it('should qualify a cardiac exclusion by NYHA class', () => {
      expect(compact(rules('', '* Congestive heart failure NYHA class III or IV'))).toEqual([
        'cardiac_disorders excluded exclusion q',
      ]);
    });
  });

  describe('ranges', () => {
    it('should read ECOG ranges in the usual spellings', () => {
      expect(compact(rules('* ECOG performance status 0-1'))).toEqual(['ecog range inclusion ..1']);
      expect(compact(rules('* ECOG PS of 0, 1, or 2'))).toEqual(['ecog range inclusion ..2']);
      expect(compact(rules('* ECOG performance status < 2'))).toEqual(['ecog range inclusion ..1']);
      expect(compact(rules('* WHO performance status 0 or 1'))).toEqual([
        'ecog range inclusion ..1',
      ]);
      expect(compact(rules('', '* ECOG performance status >= 2'))).toEqual([
        'ecog range exclusion ..1',
      ]);
    });

    it('should map Karnofsky onto ECOG', () => {
      // 70 is a score ECOG 1 and 2 share (round 12): to check.
      expect(compact(rules('* Karnofsky performance status >= 70%'))).toEqual([
        'ecog range inclusion ..1 q',
      ]);
      expect(compact(rules('* Karnofsky 60-100%'))).toEqual(['ecog range inclusion ..2']);
      expect(karnofskyToEcogMax(90)).toBe(0);
      expect(karnofskyToEcogMax(20)).toBeNull();
    });

    it('should encode stages', () => {
      expect(compact(rules('* Stage IV NSCLC'))).toContain('tumor_stage range inclusion 4..');
      expect(compact(rules('* Stage III or IV disease'))).toEqual([
        'tumor_stage range inclusion 3..',
      ]);
      expect(compact(rules('* Stage IIIB or IV NSCLC'))).toContain(
        'tumor_stage range inclusion 3.2..',
      );
      expect(compact(rules('* Esophageal cancer stage IIA, IIB and III'))).toEqual([
        'tumor_stage range inclusion 2.1..3.3',
      ]);
      expect(compact(rules('* Locally advanced or metastatic NSCLC (IIIb-IV)'))).toContain(
        'tumor_stage range inclusion 3.2..',
      );
    });

    it('should read counts of prior lines', () => {
      expect(compact(rules('* At least one prior line of systemic therapy'))).toEqual([
        'chemotherapy required inclusion',
      ]);
      expect(compact(rules('* No more than 2 prior lines of chemotherapy'))).toEqual([
        'chemotherapy range inclusion ..2',
      ]);
      expect(compact(rules('* No prior systemic therapy for advanced disease'))).toEqual([
        'chemotherapy excluded inclusion q',
      ]);
      expect(compact(rules('', '* Prior lines of systemic anti-tumor therapy >= 2'))).toEqual([
        'chemotherapy range exclusion ..1',
      ]);
    });
  });

  describe('anyOf', () => {
    it('should make "relapsed or refractory" one rule', () => {
      expect(
        compact(
          rules('* Relapsed or refractory AML', '', { conditions: ['acute_myeloid_leukemia'] }),
        ),
      ).toEqual(['relapsed required inclusion anyOf:refractory']);
      expect(
        compact(
          rules('* Relapsed/refractory B-ALL', '', {
            conditions: ['acute_lymphoblastic_leukemia'],
          }),
        ),
        // (B-ALL is read since round 11b.)
      ).toEqual(['b_cell_all required inclusion', 'relapsed required inclusion anyOf:refractory']);
    });

    it('should group "unresectable or metastatic" and "BRCA1 or BRCA2"', () => {
      expect(compact(rules('* Unresectable or metastatic disease'))).toEqual([
        'unresectable required inclusion anyOf:metastatic',
      ]);
      expect(compact(rules('* Germline BRCA1/2 mutation'))).toEqual([
        'brca1 required inclusion anyOf:brca2',
      ]);
    });

    it('should read M0 of a TNM stage in inclusion as metastatic disease excluded', () => {
      expect(
        compact(rules('* Clinicoradiological stage T1-T4N0M0 using PSMA-PETCT and MRI')),
      ).toEqual(['metastatic excluded inclusion']);
      expect(compact(rules('* Clinical stage T1-T4, N0-N2, M0 at diagnosis'))).toEqual([
        'metastatic excluded inclusion',
      ]);
      expect(compact(rules('* Any T, any N, M0 or M1 disease'))).toEqual([]);
      expect(compact(rules('* M0 protein above 10 g/L'))).toEqual([]);
    });

    it('should read a list of genes in one inclusion sentence as alternatives', () => {
      expect(
        compact(
          rules(
            '* Confirmed germline mutation carrier (BRCA2, FAMMM (CDKN2A/p16), PALB2, BRCA1, ATM, HNPCC) or',
            '',
            { conditions: ['pancreatic_cancer'] },
          ),
        ),
      ).toEqual(['brca2 required inclusion anyOf:palb2,brca1,atm']);
      expect(
        compact(
          rules('* Any of (BRCA1, BRCA2, PALB2, ATM) mutations in the tumour', '', {
            conditions: ['pancreatic_cancer'],
          }),
        ),
      ).toEqual(['brca1 required inclusion anyOf:brca2,palb2,atm']);
      // Round 10b: combined with a relative's cancer, the mutation is one criterion of a risk
      // group, not a requirement of its own (labelled so).
      expect(
        compact(
          rules('* Any of (BRCA1, BRCA2, PALB2, ATM) mutations + 1 family member with cancer', '', {
            conditions: ['pancreatic_cancer'],
          }),
        ),
      ).toEqual([]);
    });

    it('should keep genes joined by "and" as separate requirements', () => {
      expect(compact(rules('* HER2-positive and PIK3CA-mutated tumour'))).toEqual([
        'her2 required inclusion',
        'pik3ca required inclusion',
      ]);
    });

    it('should not require metastatic disease from "locally advanced or metastatic"', () => {
      expect(compact(rules('* Locally advanced or metastatic disease'))).toEqual([]);
    });

    it('should exclude each of "X or Y" in the exclusion list', () => {
      expect(compact(rules('', '* Known ALK or ROS1 rearrangement'))).toEqual([
        'alk excluded exclusion',
        'ros1 excluded exclusion',
      ]);
    });
  });

  describe('conflicts and duplicates', () => {
    it('should drop contradictory rules of one key in one item', () => {
      expect(compact(rules('* HR-positive or HR-negative breast cancer'))).toEqual([]);
    });

    it('should keep one rule per key, kind and section, unqualified if any mention was', () => {
      const out = compact(rules('', '* Untreated brain metastases\n* Brain metastases'));
      expect(out).toEqual(['brain_metastases excluded exclusion']);
    });

    it('should keep ranges with different bounds apart and drop an anyOf made redundant', () => {
      const base = { section: 'inclusion', source: 'text', text: 't' } as const;
      const out = dedupeRules([
        { ...base, key: 'ecog', kind: 'range', max: 1 },
        { ...base, key: 'ecog', kind: 'range', max: 1, qualified: true },
        { ...base, key: 'ecog', kind: 'range', max: 2 },
        { ...base, key: 'relapsed', kind: 'required', anyOf: ['refractory'] },
        { ...base, key: 'relapsed', kind: 'required' },
      ]);
      expect(
        out.map((r) => `${r.key}:${r.max ?? ''}:${r.anyOf?.join() ?? ''}:${r.qualified ?? false}`),
      ).toEqual(['ecog:1::false', 'ecog:2::false', 'relapsed:::false']);
    });

    it('should keep the item as text, trimmed to about 300 characters', () => {
      const long = `* Known EGFR mutation ${'and more words '.repeat(40)}`;
      const [rule] = rules('', long);
      expect(rule.text.startsWith('Known EGFR mutation and more words')).toBe(true);
      expect(rule.text.length).toBeLessThanOrEqual(300);
    });
  });

  it('should not read naive to one class of drugs, or any de novo, as untreated or newly diagnosed', () => {
    expect(
      compact(
        rules(
          '- Tyrosine Kinase Inhibitor (TKI) treatment naïve.\n' +
            '- Oligometastatic disease de novo or induced.\n',
        ),
      ),
    ).toEqual([]);
    // Session 12: naive to one drug, named by its stem.
    expect(
      compact(
        rules('- Patient should be alpelisib treatment naïve.\n- Osimertinib-naive.\n'),
      ).filter((r) => r.startsWith('untreated')),
    ).toEqual([]);
    expect(compact(rules('- Treatment-naive disease.'))).toEqual(['untreated required inclusion']);
    expect(compact(rules('- De novo AML.'))).toEqual(['newly_diagnosed required inclusion']);
  });

  describe('inferences (session 11): rules the sentences imply, calibrated on the verdicts', () => {
    it('should read a treatment every patient must have had as no new diagnosis', () => {
      for (const sentence of [
        '* Disease that progressed on or after at least one prior line of systemic therapy.',
        '* Previously treated, histologically-confirmed advanced solid malignancy.',
        '* Must have received at least two prior lines of systemic therapy.',
        '* Relapsed/refractory after standard therapy.',
        // Intolerance of a therapy is no route for a patient who never had it.
        '* Participants must have failed, be refractory to, or unable to tolerate at least one line of standard of care.',
        '* Has progressed on a prior anti-PD-1 antibody.',
        '* Progression or recurrence after at least first-line systemic standard treatment.',
        '* Radiographic disease progression during systemic therapy with a PD-1 blocking antibody or within 12 weeks after the last dose.',
      ]) {
        expect([sentence, inferences(sentence).filter((r) => r.startsWith('pretreated'))]).toEqual([
          sentence,
          ['pretreated plain'],
        ]);
      }
    });

    it('should infer no past treatment when the item opens a route to the untreated or names none', () => {
      for (const sentence of [
        // Another route: no standard therapy, ineligibility, refusal, the investigator.
        '* Advanced solid tumours that progressed after standard therapy, or for whom no standard therapy exists.',
        '* Progression after standard therapy or ineligible for it.',
        '* Progressed on, intolerant of or refused standard therapy.',
        '* Disease progression after standard of care or in the opinion of the investigator unlikely to benefit from it.',
        // Negated, a count not required, a wash-out, a condition on the pretreated.
        '* Must not have received prior systemic therapy for advanced disease.',
        '* Time to progression after first-line therapy will be recorded.',
        '* At least 4 weeks since the last prior line of therapy.',
        '* Patients who have received prior chemotherapy must have recovered from its toxicities.',
        // Untreated patients admitted, a local treatment, brain metastases.
        '* Newly diagnosed or relapsed after first-line therapy.',
        '* Treatment-naive or progressed on one prior line.',
        '* Progression after surgery or radiotherapy.',
        '* Previously treated brain metastases must be stable for 4 weeks.',
        // On a treatment now: a newly diagnosed patient may have started the first line.
        '* Patients receiving first-line immunotherapy.',
        '* Currently receiving systemic therapy for the neoplasm.',
      ]) {
        expect([sentence, inferences(sentence).filter((r) => r.startsWith('pretreated'))]).toEqual([
          sentence,
          [],
        ]);
      }
    });

    it("should read a past treatment of one cohort as that cohort's, and drop one the trial contradicts", () => {
      expect(inferences('* Cohort 2: disease that progressed after prior chemotherapy.')).toEqual([
        'pretreated cohort',
      ]);
      expect(
        inferences(
          '* Previously treated NSCLC.\n* Newly diagnosed patients unfit for chemotherapy are eligible.\n* Newly diagnosed disease.',
        ),
      ).toEqual([]);
    });

    it('should read an advanced disease required of every patient as stage IIB at least', () => {
      for (const sentence of [
        '* Locally advanced or metastatic NSCLC.',
        '* Advanced solid tumour.',
        '* Unresectable or metastatic disease.',
        '* Metastatic colorectal cancer, KRAS mutated or wild-type.',
      ]) {
        expect([sentence, inferences(sentence)]).toEqual([sentence, ['advanced plain']]);
        const [rule] = allRules(sentence).filter((r) => r.inferred);
        expect(rule).toMatchObject({ key: 'tumor_stage', kind: 'range', min: 2.2 });
      }
    });

    it('should infer no advanced disease when an early one is admitted, negated or of another time', () => {
      for (const sentence of [
        '* Ocular or metastatic uveal melanoma.',
        '* Early or locally advanced breast cancer.',
        '* Metastatic disease is not present at screening.',
        '* No evidence of metastatic disease.',
        '* Non-metastatic castration-resistant prostate cancer.',
        '* Metastatic disease at diagnosis.',
        '* A currently active metastatic second malignancy.',
        '* Microsatellitosis (a nest of metastatic tumour cells) is an exclusion.',
        '* Patients with metastatic melanoma:',
        '* Brain metastases of a solid tumour.',
      ]) {
        expect([sentence, inferences(sentence)]).toEqual([sentence, []]);
      }
      // A past treatment's setting is qualified: it never excludes.
      expect(inferences('* Prior chemotherapy for advanced adenocarcinoma.')).toEqual([
        'advanced qualified',
      ]);
      // A stage range of the trial's own says more; locally advanced cervical cancer starts at IB3.
      expect(inferences('* Stage IB-IIIA NSCLC.\n* Locally advanced disease.')).toEqual([]);
      expect(
        inferences('* Locally advanced cervical cancer.', '', { conditions: ['cervical_cancer'] }),
      ).toEqual([]);
      expect(
        inferences('* Metastatic cervical cancer.', '', { conditions: ['cervical_cancer'] }),
      ).toEqual(['advanced plain']);
    });

    it('should exclude an early cancer with the calibrated inference, and leave a past treatment to check', () => {
      const now = new Date('2026-11-29T12:00:00Z');
      const trial = extractRules({
        minimumAgeYears: null,
        maximumAgeYears: null,
        sex: 'ALL',
        eligibilityInclusion:
          '* Advanced solid tumour.\n* Must have received at least one prior line of systemic therapy.',
        eligibilityExclusion: '',
        conditions: ['lung_cancer'],
      });
      const verdict = (answers: Record<string, string>): string[] =>
        evaluateRules(
          trial,
          answersToCriterions({ type_of_disease: 'lung_cancer', ...answers }, now),
          now,
        )
          .conflicting.map((e) => e.rule.key)
          .sort();
      // A past treatment required was rejected on blind round 17 (REJECTED_INFERENCES): a newly
      // diagnosed patient sees it "to check", with the sentence.
      expect(verdict({ newly_diagnosed: 'yes', cancer_stage: '4' })).toEqual([]);
      const toCheck = evaluateRules(
        trial,
        answersToCriterions({ type_of_disease: 'lung_cancer', newly_diagnosed: 'yes' }, now),
        now,
      ).toCheck.filter((e) => e.qualified);
      expect(toCheck.map((e) => [e.rule.key, e.rule.reading])).toEqual([
        ['newly_diagnosed', 'calibration'],
      ]);
      expect(verdict({ newly_diagnosed: 'no', relapsed: 'yes', cancer_stage: '1.2' })).toEqual([
        'tumor_stage',
      ]);
      expect(verdict({ newly_diagnosed: 'no', relapsed: 'yes', cancer_stage: '3.1' })).toEqual([]);
      // Unanswered: nothing excludes.
      expect(verdict({})).toEqual([]);
    });
  });

  it("should read the conditions of a subgroup admitted on conditions as that subgroup's (session 11)", () => {
    const plain = (inclusion: string): string[] =>
      compact(rules(inclusion).filter((r) => r.reading === 'plain' && !r.qualified));
    expect(
      plain(
        '* Participants with previously locally treated brain metastases may participate in case they meet the following criteria:\n' +
          '  * Completely asymptomatic brain metastases at inclusion\n',
      ),
    ).toEqual([]);
    expect(
      plain(
        '* Previously treated patients are eligible if:\n* Have undergone treatment for their cancer, but fail to respond to this and progress\n',
      ),
    ).toEqual([]);
    expect(
      plain(
        '* Participants with history of treated brain metastases must have follow-up brain imaging with no evidence of progression.',
      ),
    ).toEqual([]);
    expect(
      plain(
        '* Cohorts 5 and 6 only: stage IV melanoma and\n  1. Subject has previously failed one prior anti-PD-1 treatment; and\n',
      ),
    ).toEqual([]);
    // The whole trial's requirement stays plain.
    expect(plain('* Patients must have brain metastases.')).toEqual([
      'brain_metastases required inclusion',
    ]);
  });

  it("should read the list's own heading, naming no subgroup, as every patient's (session 12)", () => {
    const plain = (inclusion: string): string[] =>
      compact(rules(inclusion).filter((r) => r.reading === 'plain' && !r.qualified));
    const items = '1. ECOG performance status of 0 to 1.\n2. Measurable disease per RECIST 1.1.\n';
    const both = ['ecog range inclusion ..1', 'measurable_disease required inclusion'];
    expect(
      plain(
        `Participants may be enrolled if they meet all of the following criteria at screening:\n${items}`,
      ),
    ).toEqual(both);
    // A subgroup named before or after the subject still heads its items.
    expect(plain(`Previously treated participants may be enrolled if:\n${items}`)).toEqual([]);
    expect(
      plain(
        `Participants with brain metastases may be enrolled if they meet the following criteria:\n${items}`,
      ),
    ).toEqual([]);
  });

  it("should read the list before the cohorts' own lists as every patient's when their headings are written (session 12)", () => {
    const plain = (inclusion: string): string[] =>
      compact(rules(inclusion).filter((r) => r.reading === 'plain' && !r.qualified));
    const common =
      '1. Age 18 years or older.\n2. ECOG performance status of 0-1.\n3. Measurable disease per RECIST.\n\n';
    const cohorts =
      '1. Histologically confirmed ovarian cancer.\n2. Stage IB-IV with failure of at least 1 systemic therapy.\n';
    for (const heading of [
      'Phase 2a Expansion Cohort-Specific Inclusion Criteria:',
      'Module 2 specific inclusion criteria:',
    ]) {
      const read = plain(`${common}${heading}\n\n${cohorts}`);
      expect(read).toEqual(
        expect.arrayContaining([
          'ecog range inclusion ..1',
          'measurable_disease required inclusion',
        ]),
      );
      // The cohort's own list stays that cohort's.
      expect(read.filter((r) => r.startsWith('tumor_stage') || r.startsWith('ovarian'))).toEqual(
        [],
      );
    }
    // Lists that start again at 1 with no heading between are several groups' whose headings
    // the record lost: none of their items is every patient's.
    expect(plain(`${common}${cohorts}`)).toEqual([]);
  });

  it("should read sub-lists of every patient's items as one list, not several cohorts' (session 12)", () => {
    const plain = (inclusion: string): string[] =>
      compact(rules(inclusion).filter((r) => r.reading === 'plain' && !r.qualified));
    // Sub-lists nested under two bulleted items.
    expect(
      plain(
        '* Measurable disease\n\n  1. Initial study entry: at least 1 measurable lesion.\n  2. Triplet arms: assessable disease required.\n' +
          '* Prior therapy\n\n  1. Initial study entry: no prior systemic therapy.\n  2. Triplet arms: nivolumab only.\n' +
          '* ECOG performance status of 0-2.\n',
      ),
    ).toEqual(
      expect.arrayContaining(['measurable_disease required inclusion', 'ecog range inclusion ..2']),
    );
    // Sub-lists under items numbered with a prefix ("I 3.").
    expect(
      plain(
        'I 1. Patients with metastatic melanoma.\n\nI 2. Confirmed disease progression on an anti-PD-1 antibody, including:\n\n' +
          '1. Treatment for at least 8 weeks\n2. Progression confirmed by imaging\n3. Documented in writing\n\n' +
          'I 3. Has adequate hematologic function, including:\n\n1. White blood cell count >= 2.0\n2. Platelets >= 75\n\n' +
          'I 4. ECOG performance status (PS) 0 to 1.\n',
      ),
    ).toEqual(expect.arrayContaining(['ecog range inclusion ..1']));
    // Sub-lists after headings of categories or of an excluded list.
    expect(
      plain(
        'Demographic characteristics:\n\n1. Male or female patients\n2. Age 18 or older\n\n' +
          'Medical and therapeutic criteria:\n\n1. Relapsed T cell malignancy\n2. ECOG performance status 0-1\n',
      ),
    ).toEqual(expect.arrayContaining(['ecog range inclusion ..1']));
    expect(
      plain(
        '1. Age 18 years or older.\n2. ECOG performance status of 0 or 1.\n3. Measurable disease.\n\n' +
          'The following tumor types are excluded:\n\n1. Central nervous system malignancies\n2. Colorectal cancer\n',
      ),
    ).toEqual(
      expect.arrayContaining(['ecog range inclusion ..1', 'measurable_disease required inclusion']),
    );
    // A heading naming a part still heads that part's own list.
    expect(
      plain(
        'Key inclusion criteria for both phases:\n\n1. ECOG performance status of 0 or 1.\n2. Age 18 or older.\n\n' +
          'Key inclusion criteria only for phase III:\n\n1. Have measurable lesion(s) according to RECIST 1.1.\n2. Prior endocrine therapy.\n',
      ),
    ).toEqual(['ecog range inclusion ..1']);
  });

  it('should read the diseases a basket lists after "These include the following:" as alternatives (session 12)', () => {
    const diseases =
      '  1. Unresectable or metastatic cutaneous melanoma (HER3+)\n  2. Locally advanced or metastatic mutated EGFR (mEGFR) NSCLC (HER3+)\n' +
      '  3. Relapsed or refractory solid tumors with documented HER3+ expression, case by case.\n';
    const lead =
      '* Patients with advanced-stage or metastatic HER3+ solid tumors that are relapsed or refractory to standard therapy.';
    const confident = (inclusion: string): string[] =>
      compact(rules(inclusion).filter((r) => r.confidence !== 'low' && !r.qualified)).filter(
        (r) => r.startsWith('egfr') || r.startsWith('nsclc'),
      );
    expect(confident(`${lead} These include the following:\n\n${diseases}`)).toEqual([]);
    // Without the words that make them a list, each nested item reads as a requirement.
    expect(confident(`${lead}\n\n${diseases}`)).toEqual([
      'egfr required inclusion',
      'nsclc required inclusion',
    ]);
  });

  it("should keep a cohorts' section heading its items through part headings and tumour types (session 12)", () => {
    const plain = (inclusion: string): string[] =>
      compact(rules(inclusion).filter((r) => r.reading === 'plain' && !r.qualified));
    // "For the … cohort specific eligibility criteria apply:" heads its nested list.
    expect(
      plain(
        '* ECOG performance status 0-1\n* For the head and neck squamous cell carcinoma cohort specific eligibility criteria apply:\n\n' +
          '  1. clinical T2-4a, or node positive resectable HPV-unrelated HNSCC\n  2. no evidence of distant metastases\n',
      ),
    ).toEqual(['ecog range inclusion ..1']);
    // A part's heading indented inside the section, and "All Tumor Types:", stay in it.
    expect(
      plain(
        '1. ECOG performance status of 0-1.\n\nPhase 2a Expansion Cohort-Specific Inclusion Criteria:\n\nMelanoma:\n\n' +
          '1. Histologically confirmed diagnosis of unresectable or metastatic melanoma.\n\n   Subjects in Part A:\n' +
          '2. Required prior therapies will include anti-PD-1 therapy.\n\nAll Tumor Types:\n\n' +
          'Locally advanced unresectable, recurrent or metastatic solid tumors.\n',
      ),
    ).toEqual(['ecog range inclusion ..1']);
  });

  it('should read what a sentence names, not the words around it (session 12)', () => {
    // Every menopausal status named together requires none.
    expect(
      compact(
        rules('* Adult females (pre-/peri-/ and post-menopausal), and adult males.', '', {
          conditions: ['breast_cancer'],
        }),
      ),
    ).toEqual([]);
    expect(
      compact(rules('* Postmenopausal women.', '', { conditions: ['breast_cancer'] })),
    ).toEqual(['postmenopausal required inclusion']);
    // Hormone-receptor positivity defined as the expression of ER: the ER rule.
    expect(
      compact(
        rules(
          '* Histologically confirmed HR+/ HER2- breast cancer. To fulfil the requirement of HR+ disease, a breast cancer must express ER with or without co-expression of progesterone receptor (PR).',
          '',
          { conditions: ['breast_cancer'] },
        ),
      ),
    ).toEqual(['er required inclusion', 'her2 excluded inclusion']);
    // A treatment the patient may benefit from, or a toxicity of a past one, is no prior therapy
    // required or excluded outright.
    expect(
      rules(
        '* Metastatic solid tumors, likely to benefit from immune checkpoint inhibitor treatment.',
      ).filter((r) => r.key === 'checkpoint_therapy' && r.confidence !== 'low'),
    ).toEqual([]);
    expect(
      rules(
        '',
        '* Has had Grade ≥3 autoimmune manifestations of previous immune checkpoint inhibitor treatments.',
      ).filter((r) => r.key === 'checkpoint_therapy' && !r.qualified),
    ).toEqual([]);
    expect(compact(rules('', '* Prior treatment with an immune checkpoint inhibitor.'))).toEqual([
      'checkpoint_therapy excluded exclusion',
    ]);
  });

  it("should not read a category of the protocol's criteria, or symptoms named after brain metastases, as a plain exclusion (session 12)", () => {
    const [cardiac] = rules(
      '',
      '* Cardiac criteria, including history of arrythmia and cardiovascular disease',
    );
    expect(cardiac).toMatchObject({ key: 'cardiac_disorders', kind: 'excluded', qualified: true });
    const [brain] = rules(
      '',
      '* Patients with central nervous system metastasis (CNS) and/or cancerous meningitis and obvious symptoms;',
    );
    expect(brain).toMatchObject({ key: 'brain_metastases', kind: 'excluded', qualified: true });
    // Without the symptoms, brain metastases are excluded outright.
    expect(rules('', '* Patients with central nervous system metastasis.')[0]).not.toHaveProperty(
      'qualified',
    );
  });

  it('should not read the object of a brain scan, or CNS lesions measurable or not, as brain metastases the patient must have (session 13)', () => {
    const brain = (inclusion: string): EligibilityRule[] =>
      rules(inclusion).filter((r) => r.key === 'brain_metastases');
    // What a scan looks for is no mention of the patient's metastases.
    expect(
      brain(
        '* Presence of MRI brain for the screening of brain metastases (prior to discontinuation of ipilimumab-nivolumab)',
      ),
    ).toEqual([]);
    expect(brain('* Brain MRI at screening for possible CNS metastases')).toEqual([]);
    // "Measurable and non-measurable CNS lesions" admits any, whether or not it asks for one.
    expect(
      brain(
        '* Participants with measurable and non-measurable CNS lesions per RECIST v1.1, including leptomeningeal carcinomatosis',
      ),
    ).toEqual([expect.objectContaining({ kind: 'required', qualified: true })]);
    // Brain metastases as the condition of the sentence: what a patient who has them must meet.
    for (const sentence of [
      '* If brain metastases are present, they must be stable for a defined period (example: ≥3 months) and not requiring escalating steroids.',
      '* in case of asymptomatic brain metastases prior to start of first-line therapy, intracerebral tumor response should be confirmed using an MRI.',
      '* Patients with brain metastasis must have stable disease and must be neurologically asymptomatic and not requiring corticosteroid treatment.',
      '* Patients with active brain metastases and liver metastases could be enrolled.',
    ]) {
      expect(brain(sentence).filter((r) => r.kind === 'required')).toEqual([]);
    }
    // The same words excluded in the exclusion list still read.
    expect(
      rules('', '* Patients with brain metastasis must be excluded.').map((r) => r.key),
    ).toContain('brain_metastases');
    // A trial for brain metastases still requires them, and that rule may exclude.
    const [required] = brain(
      '* Histologically confirmed melanoma with radiologically confirmed brain metastases.',
    );
    expect(required).toMatchObject({ kind: 'required', reading: 'plain' });
    expect(required).not.toHaveProperty('confidence', 'low');
    expect(required).not.toHaveProperty('qualified');
  });

  it('should read "wild-type" written before the genes as their exclusion, and the disease after them as required (session 13)', () => {
    expect(compact(rules('* Wild-type EGFR/ALK;'))).toEqual([
      'alk excluded inclusion',
      'egfr excluded inclusion',
    ]);
    expect(compact(rules('* Wild type for EGFR, ALK and ROS1.'))).toEqual([
      'alk excluded inclusion',
      'egfr excluded inclusion',
      'ros1 excluded inclusion',
    ]);
    // Only the gene: the disease it describes stays required.
    expect(compact(rules('* Wild-type EGFR NSCLC.'))).toEqual([
      'egfr excluded inclusion',
      'nsclc required inclusion',
    ]);
    // Both results named: neither is asked.
    expect(
      compact(rules('* EGFR-mutant or wild-type EGFR NSCLC.')).filter((r) => r.startsWith('egfr')),
    ).toEqual([]);
  });

  it('should qualify a cutaneous melanoma that admits one of unknown primary, and let a plain one exclude (session 13)', () => {
    const cutaneous = (inclusion: string): EligibilityRule[] =>
      rules(inclusion, '', { conditions: ['melanoma'] }).filter(
        (r) => r.key === 'cutaneous_melanoma',
      );
    expect(
      cutaneous(
        '* Pathologically confirmed cutaneous melanoma (including acral melanoma and melanoma of unknown primary) with unresectable or metastatic disease',
      ),
    ).toEqual([expect.objectContaining({ kind: 'required', qualified: true })]);
    expect(
      cutaneous(
        '* Stage IV cutaneous melanoma (melanoma of unknown origin is accepted), treatment naive',
      ),
    ).toEqual([expect.objectContaining({ kind: 'required', qualified: true })]);
    const [plain] = cutaneous('* Histologically confirmed cutaneous melanoma.');
    expect(plain).toMatchObject({ kind: 'required', reading: 'plain' });
    expect(plain).not.toHaveProperty('confidence', 'low');
  });

  it('should not read metastases said to be untreated as an untreated disease (session 13)', () => {
    const untreated = (inclusion: string): string[] =>
      compact(rules(inclusion, '', { conditions: ['melanoma'] })).filter((r) =>
        r.startsWith('untreated'),
      );
    expect(
      untreated('* Brain metastases must be previously untreated, except for surgery.'),
    ).toEqual([]);
    expect(untreated('* Target lesions must be untreated.')).toEqual([]);
    expect(untreated('* Patients must be previously untreated.')).toEqual([
      'untreated required inclusion',
    ]);
  });

  it('should not read "no more than" a count as a negation (session 13)', () => {
    expect(
      rules('* No more than 1 unresected or subtotally resected brain metastasis lesion.'),
    ).toEqual([]);
    expect(rules('* Not more than 3 brain metastases.')).toEqual([]);
    expect(compact(rules('* No brain metastases.'))).toEqual([
      'brain_metastases excluded inclusion',
    ]);
  });

  it('should let metastatic disease excluded in the inclusion list exclude (session 13, admitted on the verdicts)', () => {
    const [m0] = rules('* Surgically resectable cT1-4a N0-3 M0 oesophageal cancer.').filter(
      (r) => r.key === 'metastatic',
    );
    expect(m0).toMatchObject({ kind: 'excluded', section: 'inclusion' });
    expect(m0).not.toHaveProperty('confidence', 'low');
  });
});
