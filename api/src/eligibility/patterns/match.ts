import { CRITERIA } from '@trialflow/contract';
import type { Concept, Finding, MatchContext } from './types';

/**
 * The shared reading of a concept mention: negation, permission, exceptions, wash-outs, the
 * section, and "X or Y" groups. Regexes are module constants: nothing is compiled per call.
 */

/** Where a clause ends: negation and permission do not reach across these. */
const BREAKER =
  /[;:()[\]]|,\s*(?:or|but|however|unless|except|whereas|although)\b|\s(?:but|however|unless|except|whereas|although|that|which|who|whose|and|must|if|provided)\s|\sor\s+(?=(?:with|having|harbou?ring)\s)|\.\s/g;
/**
 * Negation cues governing the rest of their clause. Round 10: "naive for", "untreated with / by"
 * ("treatment-naive for palliative systemic therapy", "previously untreated with any systemic
 * therapy") negate the therapy they name. Round 11c: "no longer" ("would no longer benefit from
 * endocrine therapy") negates nothing. Session 13: "no more than" / "not more than" bound a count
 * ("No more than 1 unresected … brain metastasis lesion"), they exclude nothing.
 */
const NEGATION =
  /\b(?:no(?! longer\b| more than\b)|not(?! more than\b)|(?<!\bwith or )without|never|none|neither|nor|absence of|free of|lack of|negative for|ruled out|na[iï]ve (?:of|to|for)|untreated (?:with|by))\b/;
/**
 * "Wild-type" written before a gene (session 13): "Wild-type EGFR/ALK", "wild type for EGFR, ALK
 * and ROS1" negate the gene, as "EGFR wild-type" does after it (`POST_NEGATION`). Biomarkers
 * only: in "wild-type EGFR NSCLC" the disease is not negated.
 */
const WILD_TYPE_BEFORE = /\bwild[\s-]?type\s+(?:for\s+)?$/;
/** "including but not limited to KRAS, NRAS …" (round 11b): an open list, no negation. */
const NOT_LIMITED = /\bnot limited to\b/g;
/** Negation written after the term: "EGFR wild-type", "HER2-negative", "chemotherapy-naive". */
const POST_NEGATION =
  /^\s*\(\s*(?:-|neg(?:ative)?)\s*\)|^[\s-]*(?:\(?\s*)?(?:negative|neg\b|wild[\s-]?type|wt\b|non-?mutated|unmutated|na[iï]ve|not (?:detected|present|mutated|amplified|expressed)|status (?:is )?negative|(?:(?:mutation|expression|gene|status|rearrangement|fusion)s?[\s-]+){1,2}(?:negative|wild[\s-]?type|not detected))/;
/**
 * The result written after the test that gave it (round 4): "HER2 IHC negative", "HER2
 * immunohistochemistry (IHC) negative", "PD-L1 expression by IHC negative".
 */
const TESTED_NEGATIVE =
  /^[\s-]*(?:\(?\s*(?:(?:as )?(?:assessed |determined |tested |confirmed )?(?:by|on|per|via|using) )?(?:ihc|immunohistochemistry|fish|ish|sish|cish|ngs|pcr|expression|status|score|testing|test|result|level)\s*\)?[\s:=-]*(?:of\s+|is\s+)?){1,4}(?:negative|neg\b|not (?:detected|amplified|overexpressed))/;
/**
 * What "not eligible for" / "ineligible for" a prohibition names: the study, not a treatment.
 */
const STUDY_OBJECT =
  '(?:(?:this|the|that|our)\\s+)?(?:study|trial|protocol|participat\\w*|enrol\\w*|entry|inclusion|registration|randomi[sz]ation|screening|join|take part|be (?:enrolled|included|randomi[sz]ed|registered))';
/**
 * "X is not allowed" reads as an exclusion in either section. "Ineligible for <a treatment>"
 * (round 5) and "(who are) not eligible for <a treatment>" (round 6) describe the patient, not a
 * prohibition (unlike "ineligible for this study"): "… or newly diagnosed patients ineligible for
 * transplant", "patients with NSCLC who are not eligible for curative surgery". The text before
 * the cue is captured: a relative clause there narrows what is excluded.
 */
const PROHIBITION = new RegExp(
  `^([^;.]{0,60}?)\\b(?:(?:is|are|was|were) not (?:allowed|permitted|eligible(?!\\s+(?:for|to)\\s+(?!${STUDY_OBJECT})))|not permitted|ineligible(?!\\s+(?:for|to)\\s+(?!${STUDY_OBJECT}))|(?:will be|are|is) excluded)\\b`,
);
/**
 * A relative clause between a mention and a prohibition ("patients with NSCLC who received an
 * EGFR TKI are not eligible", round 6): the clause narrows the exclusion, so the mention is
 * excluded only in a state the questionnaire does not ask.
 */
const RELATIVE = /\b(?:who|whom|whose|that|which)\b/;
/**
 * A patient's fitness for a treatment negated ("not eligible for curative surgery", "not
 * candidates for resection", round 6) negates that treatment, not a disease named after it:
 * "patients who are not suitable for radical surgery with locally advanced NSCLC".
 */
const FITNESS_NEGATION =
  /\bnot (?:(?:considered|deemed|judged) (?:to be )?)?(?:eligible|suitable|candidates?|a candidate|fit|amenable|appropriate|able to (?:receive|undergo|tolerate))\s+(?:for|to)\b[^;]*?\b(?=with|having|harbou?ring|diagnosed)/g;
/**
 * The unresectable extent read from a relative clause on the patient's fitness for surgery
 * ("patients with NSCLC who are not eligible for curative surgery", "… who are not candidates for
 * resection", round 6): a patient unfit for an operation may have a resectable tumour, so the
 * rule is qualified. "NSCLC not amenable to resection" is the tumour's.
 */
const FITNESS_FOR_SURGERY = /^not (?:eligible|suitable|a candidate|candidates?|fit)\b/;
const WHO_IS = /\bwho(?:m)?\s+(?:is|are|was|were|has been|have been)\s+(?:also\s+)?$/;
/**
 * "Regardless of PD-L1 expression", "irrespective of HER2 status" (round 5): the biomarker named
 * there is not asked for.
 */
const IRRESPECTIVE =
  /\b(?:regardless|irrespective|independent(?:ly)?|independen\w+ of|no matter)\s+(?:of\s+)?(?:(?:the|their|tumou?r|any)\s+)?(?:[\w-]+\s+){0,2}$/;
/**
 * Another cancer's extent (round 5): "a currently active metastatic second malignancy", "other
 * malignancy that is metastatic": not the patient's disease.
 */
const OTHER_CANCER_AFTER =
  /^[\s,-]*(?:[\w-]+\s+){0,2}?(?:second|other|another|additional|concurrent|concomitant|secondary|prior|previous|separate)\s+(?:primary\s+)?(?:invasive\s+)?(?:malignan\w*|cancers?|tumou?rs?|neoplas\w*|carcinomas?)\b/;
const OTHER_CANCER_BEFORE =
  /\b(?:second|other|another|additional|concurrent|concomitant|secondary|prior|previous|separate)\s+(?:primary\s+)?(?:invasive\s+)?(?:malignan\w*|cancers?|tumou?rs?|neoplas\w*|carcinomas?)\b[^;.]{0,60}$/;
/**
 * Session 10 (blind round 16): a disease suspected or risked is not the patient's histology:
 * "Suspicion of or elevated risk for pancreatic ductal adenocarcinoma" (a comorbidity risked
 * stays a qualified exclusion, round 12).
 */
const SUSPECTED_OR_AT_RISK =
  /\b(?:suspicion of|suspicious (?:for|of)|(?:elevated|high|increased) risk (?:for|of)|at (?:high |increased )?risk (?:for|of)|risk factors? (?:for|of))\s+(?:(?:or|and)\s+(?:[\w-]+\s+){0,3})?(?:[\w-]+\s+){0,4}$/;
/**
 * Session 10 (blind round 16): a list the sentence opens by excluding it ("The following
 * histologies will be excluded given …: non-small cell lung cancer, …, and high-frequency
 * microsatellite instability"): every mention of the list is excluded, however far from the cue.
 */
const EXCLUDED_LIST =
  /^(?:the )?following\s+(?:[\w-]+\s+){0,3}(?:will be|are|is|shall be)\s+(?:excluded|not eligible|ineligible)\b/;
/** "X is allowed": a permission, no rule. */
export const PERMISSION =
  /\b(?:allowed|permitted|acceptable|(?:are|is|be|remain) eligible|(?:may|could) (?:be )?(?:enroll|enrolled|included|participate|have)|can (?:be )?(?:enroll|enrolled|included|participate)|are included|is included|not (?:be )?excluded|(?:does|do|did|will|shall) not (?:exclude|preclude|disqualify)|not required|will be permitted)\b/;
/**
 * "Pregnancy is not a specific exclusion criterion for this trial, though … until the pregnancy
 * has been completed …" (round 9): a sentence saying something is no exclusion criterion states
 * no rule, whichever of its mentions is read.
 */
const NOT_AN_EXCLUSION = /\b(?:is|are) not (?:a |an )?(?:\w+ )?exclusion criteri(?:on|a)\b/;
/** What follows these is an exception: "other malignancy (except basal cell carcinoma …)". */
const EXCEPTION =
  /\b(?:other than|except(?:ion)?(?: of| for)?|with the exception|excluding|apart from|aside from|besides)\b/g;
const RESISTANT_MUTATION =
  /^[\s-]*(?:resistant|resistance|sensitive|sensitizing)[\s-]+(?:[\w-]+\s+){0,3}(?:mutations?|alterations?|variants?)\b/;
/** The previous mention must read as "prior" for a therapy. */
const PRIOR_CUE =
  /\b(?:prior|previous(?:ly)?|received|receiving prior|treated with|pre-?treated|treatment with|therapy with|history of|exposure to|exposed to|had|has had|have had|progressed|progression|refractory to|resistan(?:t|ce)|failed|failure|after|following|completion of|completed|lines? of|regimens? of|cycles? of|naive|naïve|includes?|including|containing|consisting of)\b/;
/** Round 11c: "patients who underwent gastrectomy" says the patient had it (inclusion only). */
const UNDERWENT = /\b(?:underwent|undergone)\b/;
/** Round 11c: "Subjects must be receiving checkpoint blockade at the time of registration". */
const MUST_BE_RECEIVING = /\bbe receiving\s+(?:[\w-]+\s+){0,3}$/;
/**
 * Round 11c: the last of a list of therapies after one cue ("received at least 3 prior lines of
 * therapy including a proteasome inhibitor, an anti-CD38 antibody and an immunomodulatory agent"):
 * the "and" ends the clause, not the list (inclusion only).
 */
const LISTED_AFTER_CUE = new RegExp(
  `${PRIOR_CUE.source}[^.;:()]{0,100}(?:,|\\band\\b)\\s+(?:an?\\s+|the\\s+)?(?:[\\w-]+\\s+){0,2}$`,
);
const POST_PRIOR =
  /^[\s-]*(?:na[iï]ve|resistan(?:t|ce)|pre-?treated|treated|failure|exposed|refractory)\b/;
/** Wash-outs and concurrent treatment are not "had it" / "never had it". */
const WASHOUT =
  /\bwithin (?:the )?(?:last |past |previous |preceding )?(?:\d+|one|two|three|four|six)\s*(?:days?|weeks?|wks?|months?|half-?lives)|(?:<=?|less than)\s*\d+\s*(?:days?|weeks?|months?)|\b(?:at least|>=?|minimum of)\s*(?:one|two|three|four|six)\s*(?:days?|weeks?|months?)|\brecover(?:y|ed)? from\b|\bnot (?:fully )?recovered\b|\b\d+\s*(?:days?|weeks?)\s*(?:before|prior|of|from|since)|\b(?:at least|>=?|minimum of)\s*\d+\s*(?:days?|weeks?|months?)\s*(?:since|after|from|must|between|have|has|before|prior)|\b(?:since|from) (?:the )?(?:last|completion|end)|\belapsed\b|wash-?out|\bhalf-?lives\b|\bconcurrent|\bconcomitant|\b(?:treatment|therapy) plans?\b|\bcurrently (?:receiving|taking|on|treated)|\bplanned\b|\bduring (?:the )?study|\bwhile (?:on|receiving|participating)|\bto be treated\b|\bscheduled\b|\bwill receive\b|\bmay not be initiated|\b(?:can|could|may) (?:\w+ )?be (?:safely )?treated\b|\bamenable to\b|\b(?:candidates?|suitable|eligible|fit) for\b|\boptions?\b|\bavailable\b|\bprior to (?:cycle|c1d1)\b|\bwithin (?:the )?(?:protocol[- ]|study[- ])?(?:specified|defined|required|mandated) (?:wash-?out )?(?:intervals?|periods?|time ?frames?|windows?)\b/;
/** "If fertile, …", "ER+ patients must …": a conditional rule is not a rule for everyone. */
const CONDITIONAL_START =
  /^(?:note:\s*)?(?:if|in case|for (?:[\w-]+ ){0,3}(?:patients|participants|subjects|women|men|those|females|males))\b|^(?:arms?|cohorts?|parts?|groups?)\b[^:]{0,40}:|^[^:;.]{0,80}\b(?:patients|participants|subjects)\s*:/;
const CONDITIONAL = /\bdefined as\b|\bcontraindication/;
/**
 * "ER+ patients must …", "patients with … must have received …": conditional. Round 10b: the
 * subgroup may run to 120 characters, since round 11c 160 ("Patients with tumors that have known actionable molecular
 * alteration such in EGFR, ALK, ROS-1, BRAF, RET, MET, and KRAS must have progressed on …"); round
 * 11c: "… must have been previously treated with an applicable tyrosine kinase inhibitor"; round 11
 * (blind round 9, retired): "… must have completed all standard-of-care treatment", "… must have
 * complete tumor response". Session 11: "Participants with history of treated brain metastases
 * must have follow-up brain imaging …" (whatever they must do).
 */
const CONDITIONAL_MUST =
  /\b(?:patients|participants|subjects) with (?:a )?(?:known )?(?:history of|prior|previously treated|treated)\b[^.;]{0,120}\b(?:must|should)\b|\b(?:positive|negative) (?:patients|participants|subjects) (?:must|should)\b|\b(?:patients|participants|subjects) with [^.;]{0,160}\b(?:must|should|need to|needs to|are required to|is required to) (?:have )?(?:been )?(?:previously )?(?:received|progressed|treated|completed?|achieved|undergone)/;

/**
 * A negation over a coordinated noun phrase: "absence of local and distant metastases", "no
 * nodal or distant metastasis" (the "and" would otherwise end the negated clause).
 */
const COORDINATED_NEGATION =
  /\b(?:no|without|absence of|free of|lack of|no evidence of)\s+(?:(?:local|locoregional|regional|distant|nodal|visceral|extracranial|known|active|clinical|radiological|radiographic)\s+)+(?:and|or|nor)\s+$/;
/** A parenthetical aside ("(as defined by IMWG criteria)"): read across for modifiers. */
const ASIDE = /\([^()]*\)/g;

/** A therapy named as a modifier: "relapse following ASCT", "lesion in the field of radiation". */
const MODIFIER =
  /\b(?:relapse|progress\w*|recurrence|response|remission|toxicit\w*|complications?|gvhd|graft)\b[^;]{0,40}\b(?:after|following|from|of|post)\s+(?:\w+\s+){0,3}$|\b(?:field|area|site|portal|lesions?)\s+(?:\w+\s+){0,2}$|\banti-?angiogen\w*\s+$/;
/**
 * Round 11c: in the inclusion list a progression after a therapy ("disease progression following
 * prior treatment with PD-1 / PD-L1 inhibitors", "progressed after receiving PD-1 antibody
 * treatment") or a response to it ("partial response after 3 months of gemcitabine-based
 * chemotherapy", "achieved at least a partial response after ASCT") requires that therapy: only
 * the other modifiers (a relapse, a toxicity …) make it no prior-therapy rule there.
 */
const MODIFIER_NOT_PROGRESSION =
  /\b(?:relapse|recurrence|toxicit\w*|complications?|gvhd|graft)\b[^;]{0,40}\b(?:after|following|from|of|post)\s+(?:\w+\s+){0,3}$|\b(?:field|area|site|portal|lesions?)\s+(?:\w+\s+){0,2}$|\banti-?angiogen\w*\s+$/;
/**
 * Round 11c: how long or how much of a therapy was received ("Have received >= 12 weeks of
 * continuous anti-PD-1 treatment", "after receiving >= 4 courses of …"): in the inclusion list a
 * requirement of that therapy, not a wash-out.
 */
const RECEIVED_DURATION =
  /\b(?:received|receiving|completed|undergone)\s+(?:>=?\s*|at least\s+|a minimum of\s+)?\d+\s*(?:weeks?|months?|cycles?|courses?|doses?)\s+of\s+(?:[\w-]+\s+){0,3}$/;
/**
 * A disease property named as the object of a treatment: "prior chemotherapy for advanced
 * adenocarcinoma" excludes the treatment, not the histology.
 */
const TREATMENT_OBJECT =
  /\b(?:therapy|therapies|treatment|treated|chemotherapy|chemo|regimens?|radiotherapy|radiation|surgery|resection|inhibitors?|agents?|drugs?|immunotherapy|transplant\w*|lines?|tkis?)\b[^;:]{0,50}?\b(?:for|of|against|targeting|directed at|in the setting of)\s+(?:[\w-]+[\s,]+){0,4}$/;
/**
 * A disease property named as the target of a local treatment (round 4): "prior radiation therapy
 * to the candidate metastatic sites", "radiotherapy to a metastatic lesion": where the treatment
 * went, not the patient's extent.
 */
const TREATMENT_TARGET =
  /\b(?:radiotherapy|radiation(?: therapy)?|irradiation|rt|sbrt|srs|sabr|stereotactic(?: [\w-]+)?|ablation|ablative(?: [\w-]+)?|surgery|resection|injections?|treatment|therapy|directed)\s+(?:to|at|on|into|toward|towards|involving)\s+(?:the |a |an |any |all |one |each |at least one )?(?:[\w-]+[\s,]+){0,3}$/;
/** "prior surgery for esophageal cancer" matched as a whole: the cancer is the treatment's. */
const TREATED_CANCER =
  /\b(?:surgery|resection|therapy|treatment|chemotherapy|radiotherapy|radiation|irradiation)\s+(?:for|of)\b/;
/**
 * A biomarker clause naming both results as alternatives (round 6): "KRAS-mutant and/or KRAS
 * wild-type", "KRAS wild-type and/or mutant", "FLT3 mutated or wild-type" ("and/or" reads "or"
 * after normalisation): it asks for neither.
 */
const NEG_RESULT = '(?:wild[\\s-]?type|wt|negative|neg|non-?mutated|unmutated)';
const POS_RESULT =
  '(?:mutant|mutated|mutations?|positive|altered|alterations?|amplified|rearranged|fusions?)';
const BOTH_RESULTS = new RegExp(
  `^[\\s-]*\\(?\\s*(?:${NEG_RESULT}\\b[^.;()]{0,16}?\\bor\\s+(?:[\\w-]+[\\s-]+)?${POS_RESULT}|${POS_RESULT}\\b[^.;()]{0,16}?\\bor\\s+(?:[\\w-]+[\\s-]+)?${NEG_RESULT})\\b`,
);
/**
 * A negation written on the next gene ("ALK-negative") does not reach back over a gene with its
 * own positive result: "EGFR mutation and/or ALK-negative" (round 6).
 */
const OWN_RESULT = /^[\s-]*(?:mutant|mutated|mutations?|positive|amplified|rearranged)\b/;
const ATTACHED_NEGATION = /^-(?:negative|neg\b|wild[\s-]?type|wt\b)/;
/** What may stand between the genes of one list: "EGFR, ALK and ROS1 negative". */
const LIST_GLUE =
  /^(?:\s|,|-|[()]|\band\b|\bor\b|\bnor\b|\bin the\b|\b(?:mutations?|mutated|alterations?|altered|rearrangements?|rearranged|fusions?|amplifications?|amplified|genes?|status|translocations?|driver|activating|sensitizing|oncogenic|expression)\b)*$/;

/**
 * A clause about how a condition counts for measurability, not about having it: "brain
 * metastasis must not be the only measurable lesion", "is not included as target lesion".
 */
const MEASURABILITY_CLAUSE =
  /\bonly (?:measurable|target|evaluable)\b|\b(?:not|never) (?:be )?(?:the )?only\b|\b(?:not|cannot) (?:be )?(?:considered|included|counted|selected|used|chosen) (?:as|for)\b/;

/** "Failed or refused chemotherapy": not a requirement to have had it. */
const NOT_HAD =
  /\b(?:refus\w*|declin\w*|ineligible|not eligible|unsuitable|intoleran\w*|not (?:a )?candidates?)\b/;

/**
 * A therapy mention that names one drug or a sub-class of the criterion's class (issue 14, round
 * 3): "prior pembrolizumab", "taxanes", "EGFR TKI", "enzalutamide". Excluding it does not exclude
 * the class a patient answers about (another checkpoint inhibitor, another chemotherapy), so an
 * 'excluded' rule read from it alone is qualified. A requirement of it still implies the class.
 */
const SPECIFIC_THERAPY =
  /^(?:[a-z]+(?:mab|nib|lib|parib|zomib|lidomide|platin|taxel|rubicin|abine|lutamide|rozole|trozole|mestane|oxifen|strant|irone|fenib|metinib|cept|trexed|mide|rone|fos|stine)|platinum[\s-]\w+|anthracyclines?|taxanes?|folfox|folfiri|folfirinox|gemcitabine|temozolomide|ctla-?4|anti-?ctla-?4|anti-?pd-?l2|(?:egfr|alk|ros1|met|ret|kras|braf|her2|vegfr|fgfr|multi-?kinase)[\s-]?(?:tkis?|tyrosine kinase inhibitors?|inhibitors?)|mtor inhibitors?|aromatase inhibitors?|(?:braf (?:or mek )?|mek )inhibitors?|adt|vegfr?[\s-]\w+|anti-?vegfr?)$/;
/** Drug classes that stand for the whole criterion even when SPECIFIC_THERAPY matches them. */
const CLASS_THERAPY: Partial<Record<string, RegExp>> = {
  braf_therapy: /^(?:braf (?:or mek )?|mek )inhibitors?$/,
  angiogenesis_therapy: /^(?:anti-?vegfr?|vegfr?[\s-]\w+)$/,
  hormonal_therapy: /^adt$/,
};

/**
 * A class term narrowed by the words before it: "third-generation EGFR tyrosine kinase inhibitor",
 * "epidermal growth factor receptor tyrosine kinase inhibitor", "anthracycline-based chemotherapy",
 * "high-dose chemotherapy (requiring stem cell rescue)" (round 6).
 */
const SPECIFIC_BEFORE: Partial<Record<string, RegExp>> = {
  targeted_therapy:
    /\b(?:egfr|alk|ros1|met|ret|kras|braf|her2|vegfr|fgfr|ntrk|btk|bcr-?abl|epidermal growth factor receptor|anaplastic lymphoma kinase|(?:first|second|third|1st|2nd|3rd)[\s-]generation)[\s-]+(?:[\w-]+\s+){0,2}$/,
  chemotherapy:
    /\b(?:platinum|anthracycline|taxane|fluoropyrimidine|gemcitabine|irinotecan|[a-z]+(?:platin|taxel|rubicin))[\s-]*(?:based|containing|doublet)?[\s-]+$|\bhigh[\s-]dose[\s-]+$/,
};

/**
 * A therapy narrowed by what it is aimed at (round 4): "immunotherapies related to the mode of
 * action of GI-102", "immunotherapy targeting LAG-3": one target, not the class. Naming PD-1,
 * PD-L1, CTLA-4 or checkpoints keeps the class ("immunotherapy targeting CTLA-4, PD-1 or PD-L1").
 */
const AIMED_AFTER =
  /^[\s-]*(?:[\w-]+\s+){0,2}?(?:related to|targeting|targeted (?:at|to|against)|directed (?:at|against|to)|against|aimed at|with (?:a |the )?(?:same|similar) (?:mechanism|mode|target)|of the same (?:class|mechanism|mode))\b([^.;]{0,80})/;
const CLASS_TARGET = /\bpd-?l?1\b|\bpd-\(?l\)?1|\bctla-?4\b|\bcheckpoints?\b/;
/**
 * Round 10b: an agent aimed at PD-1 or PD-L1 only ("previously received anti-PD1 therapy",
 * "prior anti-PD-1 or anti-PD-L1 antibody") is a sub-class of the checkpoint inhibitors a patient
 * answers about (one who had ipilimumab only may join): excluded, it is qualified. Named beside
 * CTLA-4 ("anti-PD-1, anti-PD-L1 or anti-CTLA-4") or with a class term ("any checkpoint
 * inhibitor (anti-PD-1 …)", read from the class term) the class excludes.
 */
const PD1_AGENT = /pd-?\(?l?\)?1/;
const CTLA4 = /\bctla-?4\b/;

/**
 * A lesion's treatment, not the patient's (round 6): "at least 1 measurable lesion which has not
 * been biopsied or received prior irradiation", "a lesion that has not received prior radiation":
 * a patient treated elsewhere may join, so the therapy rule is qualified.
 */
const LESION_SUBJECT =
  /\b(?:lesions?|tumou?rs?|sites?|nodes?|masses)\b(?:[^.;]|\.(?=\d)){0,40}?\b(?:which|that)\b[^.;]{0,50}$/;

/** Criteria whose count or size the questionnaire does not ask: "> 3 brain metastases". */
const COUNTED_KEYS = new Set<string>(['brain_metastases', 'metastatic', 'cns_leukemia']);
const COUNT_BEFORE =
  /(?:(?:more|greater|fewer|less) than|no more than|not more than|at most|up to|over|exceed\w*|[<>]=?)\s*(?:\d+|one|two|three|four|five|six|ten)\b[^;,.]{0,30}$|\b(?:[2-9]|\d\d|two|three|four|five|six|ten)\s*(?:or (?:more|fewer|less)|\+)\s+[^;,.]{0,30}$|\bat least (?:[2-9]|two|three|four|five)\s+[^;,.]{0,30}$|\b(?:multiple|numerous|solitary|single|several|only one|one or two|1-[2-9]|\d+-\d+)\s+(?:[\w-]+\s+){0,2}$/;
/** "More than 2 lines of endocrine therapy": a number of lines, not any line (round 3). */
const COUNT_LINES_BEFORE =
  /(?:(?:more than|greater than|exceed\w*|>)\s*(?:[1-9]|one|two|three|four|five)|(?:>=|at least)\s*(?:[2-9]|two|three|four|five))\s*(?:\(\d\)\s*)?(?:[\w-]+\s+){0,2}(?:lines?|regimens?|cycles?|courses?|doses?)\b[^;.]{0,40}$/;
const COUNT_AFTER =
  /^[^.;]{0,40}?(?:(?:more|greater|larger|fewer|less) than|no more than|not more than|at most|up to|exceed\w*|[<>]=?)\s*\d+|^\s*\(?\s*(?:n\s*)?[<>]=?\s*\d|^[^.;]{0,40}?(?:\b(?:diameter|size)\b|\d\s*(?:cm|mm)\b)|^\s*(?:in|of|involving) (?:more than|at least|>=?|up to)\s*(?:\d+|one|two|three)/;

/** The text a wash-out may sit in: the clause start up to the next ';' or sentence end. */
function segment(lower: string, from: number, end: number): string {
  // "etc.", "e.g.", "i.e." do not end the sentence ("inhibitor, etc. within 28 days").
  const stop = lower
    .slice(end)
    .replace(/\b(?:etc|e\.g|i\.e|vs|approx)\./g, (abbr) => abbr.replace(/\./g, ','))
    .search(/;|\.\s/);
  return lower.slice(from, stop < 0 ? lower.length : end + stop);
}

export interface ConceptMatch {
  concept: Concept;
  start: number;
  end: number;
  negated: boolean;
  prohibited: boolean;
  /** A named drug or a sub-class ("pembrolizumab", "taxanes"), not the criterion's whole class. */
  specific?: boolean;
  /** A count or size limit on the mention ("> 3 brain metastases", "lesion > 5 cm"). */
  counted?: boolean;
  /** Prohibited only as a relative clause narrows it ("NSCLC who received … is not eligible"). */
  restricted?: boolean;
  /** Both results named as alternatives: "KRAS-mutant and/or wild-type" (round 6). */
  both?: boolean;
}

function clauseStart(lower: string, at: number): number {
  let start = 0;
  BREAKER.lastIndex = 0;
  for (let m = BREAKER.exec(lower); m && m.index < at; m = BREAKER.exec(lower)) {
    start = m.index + m[0].length;
  }
  return Math.min(start, at);
}

function clauseEnd(lower: string, at: number): number {
  BREAKER.lastIndex = at;
  const m = BREAKER.exec(lower);
  return m ? m.index : lower.length;
}

const EXCEPTION_WORDS = [
  'other than',
  'except',
  'excluding',
  'apart from',
  'aside from',
  'besides',
];

function afterException(lower: string, at: number): boolean {
  EXCEPTION.lastIndex = 0;
  for (let m = EXCEPTION.exec(lower); m && m.index < at; m = EXCEPTION.exec(lower)) {
    const between = lower.slice(m.index, at);
    if (!between.includes(';') && between.length < 160) {
      return true;
    }
  }
  return false;
}

/**
 * A sentence that defines or conditions something else ("defined as", "contraindication to",
 * "ER+ patients must …"): no rule is read from it.
 */
export function isConditional(lower: string): boolean {
  return (
    CONDITIONAL.test(lower) ||
    ((lower.includes('must') ||
      lower.includes('should') ||
      lower.includes('requir') ||
      lower.includes('need')) &&
      CONDITIONAL_MUST.test(lower))
  );
}

/** One cohort's, arm's or part's sentence: "Cohort 2 only: …", "(Arm B) …", "in Part 2, …". */
// Round 11b: "Adult and Pediatric arms and escalation part only: …" leads with its parts.
const COHORT_SENTENCE =
  /^[^:.;]{0,60}\b(?:arms?|parts?|cohorts?)\s+only\s*:|^(?:for |in )?(?:(?:patients|participants|subjects) (?:in|of|enrolled in) )?(?:the )?(?:(?:dose[- ])?(?:expansion |escalation )?(?:arms?|cohorts?|parts?|groups?))\b[^:]{0,40}:|\b(?:cohorts?|arms?|parts?)\s+(?:\d{1,2}[a-z]?|[a-h]\d?|i{1,3}|iv)\b[^.;:]{0,20}\bonly\b|\((?:cohorts?|arms?|parts?)\s+(?:\d{1,2}[a-z]?|[a-h]\d?|i{1,3}|iv)\b[^)]*\)|\b(?:for|in) (?:the )?(?:(?:expansion|escalation) )?(?:cohorts?|arms?|parts?)\s+(?:\d{1,2}[a-z]?|[a-h]\d?|i{1,3}|iv)\b/;

/** "(for phase II part)", "(phase 1 only)", "(dose expansion portion)": one part of the trial. */
const PART_ONLY =
  /\((?:for |in )?(?:the )?(?:phase (?:1|2|3|i|ii|iii)[ab]?|(?:dose[- ])?(?:expansion|escalation)|randomi[sz]ed|run-?in)(?: (?:part|portion|phase|cohort|stage|group))?(?: only)?\)|\b(?:for|in) the (?:phase (?:1|2|3|i|ii|iii)[ab]?|(?:dose[- ])?(?:expansion|escalation)|randomi[sz]ed) (?:part|portion|cohort) only\b/;

/**
 * One phase or part of a phase 1/2 trial (round 4): "Phase 1b only: …", "For Phase I: …", "Phase 2:
 * …", "Phase I dose escalation: 0-1. Phase II dose expansion: 0-2", "(Phase 2a Cohort 1 ONLY)".
 */
// Session 10 (blind round 16): also a dose-escalation or dose-expansion part named without its
// phase ("… measurable tumor lesion … in dose expansion part of the study").
export const PHASE_PART =
  /\bphase (?:1|2|3|i{1,3}|iv)[ab]?\b(?:[^.;:]{0,30}\bonly\b|[^.;:]{0,40}:|\s+(?:and |or )?(?:dose[- ])?(?:escalation|expansion|part|portion|cohort|stage|segment|arm)s?\b)|\b(?:in|for|during) (?:the )?dose[- ](?:escalation|expansion)\s+(?:part|phase|portion|cohorts?|stage|segment)\b/;

/**
 * A sentence about a cell or organ donor, not the patient (round 9): "Donor must be negative for
 * hepatitis, HTLV, and HIV on donor viral screen", "Donors may not be pregnant".
 */
const DONOR_SUBJECT =
  /^(?:the |each |all |a )?(?:[\w-]+ ){0,2}donors?\b(?! (?:lymphocyte|cells?|stem|graft|marrow|organ)s?\b)/;

/** A rule for one cohort, arm or part of the trial only, or for a donor. */
export function isCohortSpecific(lower: string): boolean {
  return (
    COHORT_SENTENCE.test(lower) ||
    PART_ONLY.test(lower) ||
    PHASE_PART.test(lower) ||
    DONOR_SUBJECT.test(lower)
  );
}

/** A sentence that applies under a condition: "If fertile, …", "For patients with …". */
export function isConditionalStart(lower: string): boolean {
  return CONDITIONAL_START.test(lower);
}

/**
 * The concepts a sentence may mention, found by one scan for all their triggers (built once
 * per family at load) instead of one search per concept.
 */
export interface TriggerIndex {
  re: RegExp;
  concepts: Map<string, Concept[]>;
  caseSensitive: Concept[];
}

export function triggerIndex(concepts: Concept[]): TriggerIndex {
  const insensitive = concepts.filter((c) => !c.caseSensitive);
  const words = [...new Set(insensitive.flatMap((c) => c.triggers))].sort(
    (a, b) => b.length - a.length,
  );
  const map = new Map<string, Concept[]>();
  for (const word of words) {
    // At one position the regex reports only the longest trigger: it stands for its prefixes too.
    map.set(
      word,
      insensitive.filter((c) => c.triggers.some((t) => word.startsWith(t))),
    );
  }
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return {
    re: new RegExp(escaped.length ? escaped.join('|') : '(?!)', 'g'),
    concepts: map,
    caseSensitive: concepts.filter((c) => c.caseSensitive),
  };
}

function candidates(ctx: MatchContext, index: TriggerIndex): Set<Concept> {
  const { lower, norm } = ctx.sentence;
  const found = new Set<Concept>();
  index.re.lastIndex = 0;
  for (let m = index.re.exec(lower); m; m = index.re.exec(lower)) {
    for (const c of index.concepts.get(m[0]) ?? []) {
      found.add(c);
    }
    index.re.lastIndex = m.index + 1;
  }
  for (const c of index.caseSensitive) {
    if (c.triggers.some((t) => norm.includes(t))) {
      found.add(c);
    }
  }
  return found;
}

/** Every acceptable mention of the concepts in one sentence, with its polarity. */
export function findMentions(
  ctx: MatchContext,
  index: TriggerIndex,
  skip?: Set<string>,
): ConceptMatch[] {
  const { lower, norm } = ctx.sentence;
  const out: ConceptMatch[] = [];
  const exceptions = EXCEPTION_WORDS.some((w) => lower.includes(w));
  const excludedList = ctx.section === 'inclusion' && EXCLUDED_LIST.test(lower);
  for (const concept of candidates(ctx, index)) {
    if ((concept.only && concept.only !== ctx.section) || skip?.has(concept.key)) {
      continue;
    }
    const source = concept.caseSensitive ? norm : lower;
    concept.re.lastIndex = 0;
    for (let m = concept.re.exec(source); m; m = concept.re.exec(source)) {
      if (m[0].length === 0) {
        concept.re.lastIndex++;
        continue;
      }
      const start = m.index;
      const end = start + m[0].length;
      if (exceptions && afterException(lower, start)) {
        continue;
      }
      if (concept.accept && !concept.accept(ctx, start, end)) {
        continue;
      }
      const from = clauseStart(lower, start);
      const to = clauseEnd(lower, end);
      const prefix = lower.slice(Math.max(from, start - 90), start);
      const suffix = lower.slice(end, Math.max(to, end + 1));
      const rest = lower.slice(end, end + 80);
      if (PERMISSION.test(suffix) || PERMISSION.test(prefix) || NOT_AN_EXCLUSION.test(lower)) {
        continue;
      }
      if (IRRESPECTIVE.test(lower.slice(Math.max(0, start - 60), start))) {
        continue;
      }
      if (
        CRITERIA[concept.key].family === 'subtype' &&
        SUSPECTED_OR_AT_RISK.test(lower.slice(Math.max(0, start - 60), start))
      ) {
        continue;
      }
      if (
        (concept.key === 'metastatic' || concept.group === 'extent') &&
        (OTHER_CANCER_AFTER.test(lower.slice(end, end + 60)) ||
          OTHER_CANCER_BEFORE.test(lower.slice(Math.max(0, start - 100), start)))
      ) {
        continue;
      }
      // "Metastatic lesions in bone … cannot be used for target lesions" (round 4): how lesions
      // count, not the extent.
      if (
        (concept.mode === 'condition' || concept.group === 'extent') &&
        MEASURABILITY_CLAUSE.test(
          lower.slice(start, end + (concept.mode === 'condition' ? 60 : 110)),
        )
      ) {
        continue;
      }
      // "Prior chemotherapy for advanced adenocarcinoma", "no prior surgery for esophageal
      // cancer": the disease named is what the treatment was for, not the patient's property or
      // another cancer.
      if (
        (concept.mode === 'bool' || concept.key === 'other_cancer') &&
        (TREATMENT_OBJECT.test(lower.slice(Math.max(from, start - 90), start)) ||
          TREATMENT_TARGET.test(lower.slice(Math.max(0, start - 90), start)) ||
          // Across an aside: "prior systemic therapy (e.g., chemotherapy) for locally advanced …".
          TREATMENT_OBJECT.test(lower.slice(Math.max(0, start - 150), start).replace(ASIDE, ' ')) ||
          (concept.key === 'other_cancer' && TREATED_CANCER.test(lower.slice(start, end))))
      ) {
        continue;
      }
      if (concept.mode === 'therapy') {
        if (
          !concept.cued &&
          !PRIOR_CUE.test(prefix) &&
          !POST_PRIOR.test(rest) &&
          !(
            ctx.section === 'inclusion' &&
            (UNDERWENT.test(prefix) ||
              MUST_BE_RECEIVING.test(prefix) ||
              LISTED_AFTER_CUE.test(lower.slice(Math.max(0, start - 140), start)))
          )
        ) {
          continue;
        }
        const modifier = ctx.section === 'inclusion' ? MODIFIER_NOT_PROGRESSION : MODIFIER;
        const duration =
          ctx.section === 'inclusion' &&
          RECEIVED_DURATION.test(lower.slice(Math.max(0, start - 80), start));
        if (
          (WASHOUT.test(segment(lower, from, end)) && !duration) ||
          modifier.test(prefix) ||
          // "Progressive disease or relapse (as defined by IMWG criteria) following ASCT".
          modifier.test(lower.slice(Math.max(0, start - 120), start).replace(ASIDE, ' '))
        ) {
          continue;
        }
        if (ctx.section === 'inclusion' && NOT_HAD.test(lower.slice(from, to))) {
          continue;
        }
        // "tyrosine kinase inhibitor-resistant CKIT mutation": a kind of mutation, not a therapy.
        if (RESISTANT_MUTATION.test(lower.slice(end, end + 50))) {
          continue;
        }
      }
      const immediateNon = /\bnon-?\s?$/.test(lower.slice(Math.max(0, start - 5), start));
      const prohibition = PROHIBITION.exec(rest);
      const negated =
        immediateNon ||
        (CRITERIA[concept.key].family === 'biomarker' &&
          WILD_TYPE_BEFORE.test(lower.slice(Math.max(0, start - 20), start))) ||
        NEGATION.test(prefix.replace(FITNESS_NEGATION, ' ').replace(NOT_LIMITED, ' ')) ||
        COORDINATED_NEGATION.test(lower.slice(Math.max(0, start - 60), start)) ||
        POST_NEGATION.test(rest) ||
        TESTED_NEGATIVE.test(rest) ||
        (concept.negatedBy?.test(rest) ?? false);
      const text = source.slice(start, end);
      const aimed = concept.mode === 'therapy' ? AIMED_AFTER.exec(rest) : null;
      const specific =
        concept.mode === 'therapy' &&
        ((SPECIFIC_THERAPY.test(text) && !(CLASS_THERAPY[concept.key]?.test(text) ?? false)) ||
          (aimed !== null && !CLASS_TARGET.test(aimed[1])) ||
          (SPECIFIC_BEFORE[concept.key]?.test(lower.slice(Math.max(0, start - 50), start)) ??
            false) ||
          LESION_SUBJECT.test(lower.slice(Math.max(0, start - 90), start)) ||
          (concept.key === 'checkpoint_therapy' && PD1_AGENT.test(text) && !CTLA4.test(lower)));
      const counted =
        (COUNTED_KEYS.has(concept.key) &&
          (COUNT_BEFORE.test(lower.slice(Math.max(from, start - 50), start)) ||
            COUNT_AFTER.test(lower.slice(end, end + 60)))) ||
        (concept.mode === 'therapy' &&
          COUNT_LINES_BEFORE.test(lower.slice(Math.max(0, start - 70), start)));
      const both = CRITERIA[concept.key].family === 'biomarker' && BOTH_RESULTS.test(rest);
      out.push({
        concept,
        start,
        end,
        negated,
        ...(both ? { both } : {}),
        prohibited: prohibition !== null || excludedList,
        ...(prohibition && RELATIVE.test(prohibition[1]) ? { restricted: true } : {}),
        ...(specific ? { specific } : {}),
        ...(counted ? { counted } : {}),
      });
    }
  }
  out.sort((a, b) => a.start - b.start);
  negateLists(lower, out);
  // One drug class matched by a specific and a broad key ("BRAF inhibitors": braf_therapy and
  // targeted_therapy) reads as the specific one only.
  return out.filter(
    (m) =>
      !BROAD_THERAPY.has(m.concept.key) ||
      !out.some(
        (o) =>
          o !== m &&
          !BROAD_THERAPY.has(o.concept.key) &&
          CRITERIA[o.concept.key].family === 'prior_therapy' &&
          o.start < m.end &&
          m.start < o.end,
      ),
  );
}

/**
 * A negation spreads over one list of biomarkers: "EGFR, ALK and ROS1 negative" (written after
 * the last) and "negative for EGFR mutation and ALK rearrangement" (before the first).
 */
function negateLists(lower: string, mentions: ConceptMatch[]): void {
  const biomarker = (m: ConceptMatch): boolean => CRITERIA[m.concept.key].family === 'biomarker';
  for (let i = mentions.length - 2; i >= 0; i--) {
    const [a, b] = [mentions[i], mentions[i + 1]];
    if (biomarker(a) && biomarker(b) && b.negated && !a.negated) {
      const between = lower.slice(a.end, b.start);
      if (
        LIST_GLUE.test(between) &&
        !(OWN_RESULT.test(between) && ATTACHED_NEGATION.test(lower.slice(b.end, b.end + 12)))
      ) {
        a.negated = true;
      }
    }
  }
  // Round 10b: the negation runs on along the list ("absence of sensitising EGFR mutations, and
  // ALK and ROS1 rearrangements"), across an aside ("EGFR mutations (including … L858R …) and
  // ALK and ROS1 rearrangements") and "in the" ("absence of activating mutations in the EGFR
  // gene or rearrangements in the ALK gene and ROS1 gene").
  let spread = false;
  for (let i = 1; i < mentions.length; i++) {
    const [a, b] = [mentions[i - 1], mentions[i]];
    const spreads = spread;
    spread = false;
    if (biomarker(a) && biomarker(b) && a.negated && !b.negated) {
      const before = lower.slice(Math.max(0, a.start - 90), a.start);
      if (
        LIST_GLUE.test(lower.slice(a.end, b.start).replace(ASIDE, ' ')) &&
        (spreads || NEGATION.test(before) || WILD_TYPE_BEFORE.test(before.slice(-20)))
      ) {
        b.negated = true;
        spread = true;
      }
    }
  }
}

const OR_BETWEEN = /^\s*,?\s*(?:or|and or)\s*(?:\w+\s+)?$/;
/** Between two biomarkers of one enumeration: a comma, or "or". */
const BIOMARKER_LIST =
  /^\s*(?:(?:cell\s+)?(?:carcinoma|cancer)s?\s*)?(?:,\s*(?:[\w/-]{1,12}(?:\s+[\w/-]{1,12}){0,2}\s*,\s*){0,3}(?:or\s+)?|(?:,\s*)?or\s+)$/;
/** "…, or other …": the list is open. */
const OPEN_LIST = /^[^.;]*?,?\s*or (?:any )?other\b/;
/** The enumeration says it is a choice. */
const LIST_WORD = /\bor\b|\b(?:any|one|either) of\b/;
/**
 * Extent alternatives further apart: "unresectable, locally advanced or metastatic", "stage
 * IIIB NSCLC that is unresectable and not fit for chemoradiotherapy, or metastatic NSCLC".
 */
const OR_BETWEEN_EXTENT = /^[^;]{0,90}\bor\s+(?:[\w-]+\s+){0,2}$/;

/**
 * A histology named with the site it arose in (round 4): "adenocarcinoma of the gastric body",
 * "gastric cardia adenocarcinoma" excluded leaves out one site's tumours, not the histology: a
 * patient of another site with it may join. (The lung is not such a site: a lung histology is
 * asked of lung patients only, so "lung squamous cell carcinoma" excluded is squamous excluded.)
 */
const HISTOLOGY_KEYS = new Set<string>(['adenocarcinoma', 'squamous', 'adenosquamous']);
const SITE =
  '(?:gastric|stomach|cardia|antrum|antral|fundus|fundic|pylor\\w*|body|esophag\\w*|oesophag\\w*|gej|gastro-?o?esophageal|junction\\w*|colon|colonic|rect\\w*|pancrea\\w*|cervi\\w*|endometri\\w*|uter\\w*|skin|cutaneous|anus|anal|head|neck|oral|bladder|prostat\\w*|ovar\\w*|breast|bile|biliary|gallbladder|append\\w*|bowel|duoden\\w*|ampull\\w*|vulva\\w*|vagina\\w*|urachal|urothelial|thyroid)';
const SITE_AFTER = new RegExp(
  `^[\\s-]*(?:cell\\s+)?(?:carcinoma\\s+|cancer\\s+)?(?:of|in|at|from|arising (?:in|from))\\s+(?:the\\s+)?(?:[\\w-]+\\s+){0,2}?${SITE}\\b`,
);
const SITE_BEFORE = new RegExp(`\\b${SITE}\\s+(?:[\\w-]+\\s+)?$`);

/**
 * One alteration of a gene the questionnaire asks about as a whole (round 4): "FGFR2 fusion" (the
 * question: any FGFR2 alteration), "EGFR exon 20 insertion", "KRAS G12C" excluded leaves out
 * that alteration only; a patient with another one may join.
 */
const VARIANT_AFTER =
  /^[\s-]*(?:\([\w-]+\)\s*)?(?:gene\s+)?(?:(?:activating|oncogenic|somatic|germline|point)\s+)?(?:mutations?\s+)?(?:exon\s*\d+|ex\s?\d+\b|[a-z]\d{2,4}(?:[a-z*_]|del|ins|fs)|insertions?\b|ins\d+|deletions?\b|amplifi\w*|overexpress\w*|copy[\s-]number)/;
const ALTERATION_KEYS = new Set<string>(['met', 'fgfr2']);
const ALTERATION_AFTER =
  /^[\s-]*(?:\([\w-]+\)\s*)?(?:gene\s+)?(?:(?:activating|oncogenic|somatic|germline|point)\s+)?(?:fusions?|rearrang\w*|translocat\w*|mutat\w*|mutant|skipping)\b/;
const VARIANT_KEYS = new Set<string>([
  'egfr',
  'alk',
  'ros1',
  'kras',
  'nras',
  'ras',
  'braf',
  'met',
  'ret',
  'ntrk',
  'fgfr2',
  'pik3ca',
  'idh1',
  'idh2',
  'flt3',
  'npm1',
  'tp53',
]);
/** "HER2 mutation", "HER2 exon 20 insertion": the gene's mutation, not HER2-positive expression. */
const HER2_MUTATION =
  /^[\s-]*(?:\(?erbb2\)?\s*)?(?:gene\s+)?(?:(?:activating|somatic|oncogenic|sensitizing|driver)\s+)?(?:mutat\w*|mutant|exon\s*\d+|insertions?|ins\d+|kinase domain|tkd|variant)/;

/**
 * "… needing / requiring …" right after an extent: a state of it, not the extent itself; so is
 * "metastatic disease limited to bone" (one site, round 6).
 */
const NEEDING =
  /^\s*(?:[\w-]+\s+){0,2}?(?:needing|requiring|that requires?|which requires?|in need of|amenable to|eligible for|candidates? for|suitable for|(?:that is |which is )?(?:limited|confined|restricted) to|only (?:in|to))\b/;
const NEEDING_FAMILIES = new Set<string>(['stage', 'metastases']);
/**
 * A comorbidity named in a bracketed example of a broader state (round 9): "any form of primary
 * or acquired immunodeficiency (eg, SCID or AIDS)": the example is not excluded as such
 * (qualified), like round 7's examples in their own sentence. Normalisation writes "e.g." as
 * "e,g,".
 */
/**
 * A comorbidity naming a subgroup that a further condition narrows (round 9): "HIV-infected
 * participants with a history of Kaposi's sarcoma", "HIV-positive patients who have …": only
 * that subgroup is excluded (qualified).
 */
const SUBGROUP_AFTER =
  /^[\w-]*\s+(?:participants|patients|subjects|individuals|persons|people)\s+(?:with|who|whose)\b/;
/**
 * An exclusion-list sentence telling what patients with a comorbidity must do ("Patients with
 * HIV or hepatitis must be reviewed by a qualified specialist …", round 9): they may join under
 * that condition, so the comorbidity is not excluded as such (qualified).
 */
const SUBGROUP_MUST =
  /^(?:patients|participants|subjects|individuals)\s+(?:with|who (?:have|are))\b[^.;]*\b(?:must|should|need to|will need to|are required to)\b/;
const EXAMPLE_BRACKET = /\((?:e[.,]?\s?g\b[.,]?|for example|for instance|such as)[^()]*$/;
/** The same examples written inline: "a medical history …, such as diabetes, heart disease". */
const EXAMPLE_INLINE = /(?:,\s*|\b)(?:such as|e,g,|e\.g\.|for example|for instance)\s[^.;()]*$/;

/** An "or" right before or after a mention: "ocular or metastatic", "metastatic, or recurrent". */
const OR_BEFORE = /\bor\s+$/;
const OR_NOT_EXTENT_BEFORE =
  /\b(?!(?:locally|local|regional|locoregional|distant|advanced|recurrent|relapsed|unresectable|inoperable|resectable|operable|nodal)\b)[a-z]+\s+or\s+$/;
const OR_AFTER =
  /^\s*(?:cells?\s+|carcinoma\s+|cancer\s+)?,?\s*(?:or|and or)\b(?!\s+(?:radio|radiation|chemo|definitive|curative|local))/;

const BROAD_THERAPY = new Set<string>(['targeted_therapy', 'chemotherapy']);

/** "and" as a conjunction (not "and/or"): a list with it may demand every member. */
const AND_WORD = /\band\b(?!\s*\/\s*or)/;

/**
 * What the enumeration grouping above leaves apart: a list of genes in one inclusion sentence
 * interrupted by other names ("germline mutation carrier (BRCA2, FAMMM (CDKN2A/p16), PALB2,
 * BRCA1, ATM …)") still names alternatives: one requirement met by any of them, not one per gene
 * (a patient negative for one would be excluded). Only when no "and" joins the list.
 */
function mergeGeneList(
  ctx: MatchContext,
  out: Finding[],
  spans: Map<Finding, { start: number; end: number }>,
): Finding[] {
  if (ctx.section !== 'inclusion') {
    return out;
  }
  const genes = out.filter(
    (f) => f.kind === 'required' && CRITERIA[f.key].family === 'biomarker' && spans.has(f),
  );
  if (genes.length < 2) {
    return out;
  }
  const first = spans.get(genes[0])!.start;
  const last = spans.get(genes[genes.length - 1])!.end;
  if (AND_WORD.test(ctx.sentence.lower.slice(first, last))) {
    return out;
  }
  const head: Finding = { ...genes[0] };
  const anyOf = new Set(head.anyOf ?? []);
  for (const g of genes.slice(1)) {
    for (const k of [g.key, ...(g.anyOf ?? [])]) {
      if (k !== head.key) {
        anyOf.add(k);
      }
    }
    if (g.confidence === 'low') {
      head.confidence = 'low';
      head.reading = head.reading ?? g.reading;
    }
    if (g.qualified) {
      head.qualified = true;
    }
  }
  head.anyOf = [...anyOf];
  const rest = new Set<Finding>(genes.slice(1));
  return out.filter((f) => !rest.has(f)).map((f) => (f === genes[0] ? head : f));
}

const EXTENT_KEYS = new Set<string>(['metastatic', 'unresectable', 'resectable']);
/** "recurrent, unresectable or metastatic": a recurrence leads the extent's alternatives. */
const RECURRENCE_LEADS = /\b(?:recurren\w*|relapsed|persistent|refractory)\s*,\s*$/;
/** "stage III/stage IV inoperable" (normalised "stage iii or stage iv inoperable"). */
const STAGE_III_IV_BEFORE =
  /\bstages?\s*(?:iii|3)[abc]?\s*(?:-|to|or|and|,)\s*(?:stage\s*)?(?:iv|4)\s*(?:disease\s+)?$/;
/** "unresectable stage III or IV". */
const STAGE_III_IV_AFTER =
  /^\s*(?:stage\s*)?(?:iii|3)[abc]?\s*(?:-|to|or|and|,)\s*(?:stage\s*)?(?:iv|4)\b/;

/**
 * Extent requirements an anyOf rule of extents cannot name (round 8), read with a low
 * confidence: a recurrence before the alternatives ("recurrent, unresectable or metastatic
 * disease": a recurrence is another family's criterion); a group holding both resectable and
 * unresectable ("resectable … or unresectable cancers amenable to surgery"), which bounds
 * nothing; and "unresectable" written next to a stage list reaching stage IV ("stage III/stage
 * IV inoperable", "unresectable stage III or IV"), where it may limit the stage III alternative
 * only.
 */
function unsureExtent(f: Finding, lower: string, span: { start: number; end: number }): boolean {
  const before = lower.slice(Math.max(0, span.start - 30), span.start);
  const group = [f.key, ...(f.anyOf ?? [])];
  return (
    RECURRENCE_LEADS.test(before) ||
    (group.includes('resectable') && group.includes('unresectable')) ||
    (group.includes('unresectable') && OR_STAGE_AFTER.test(lower.slice(span.end, span.end + 80)))
  );
}

/**
 * Round 11a: "unresectable" next to a stage list reaching stage IV ("unresectable stage III or
 * IV", "stage III/stage IV inoperable", round 8's low reading), after "stage IV or" ("stage IV
 * or advanced unresectable disease"), or after "metastatic or locally advanced" ("metastatic or
 * locally advanced disease not amenable to curative resection") names two alternatives: an
 * unresectable (stage III, locally advanced) disease or a metastatic (stage IV) one, one anyOf
 * rule, as the calibration labels read them.
 */
const STAGES_THEN_METASTATIC =
  /^\s*(?:stage\s*)?(?:iii|3)[a-d]?\s*(?:-|to|or|and|,)\s*(?:stage\s*)?(?:iv|4)\s+metastatic\b/;
const STAGE_IV_OR_BEFORE = /\bstages?\s*(?:iv|4)\s*(?:disease\s+)?,?\s*or\s+(?:[\w-]+\s+){0,2}$/;
const METASTATIC_OR_LOCALLY_BEFORE =
  /\b(?:metastatic\s+or\s+locally[\s-]advanced|locally[\s-]advanced\s+or\s+metastatic)\b(?:\s+[\w-]+){0,2}\s*,?\s*(?:(?:which|that) (?:is|are)\s+)?$/;
function metastaticAlternative(lower: string, span: { start: number; end: number }): boolean {
  const before = lower.slice(Math.max(0, span.start - 60), span.start);
  return (
    STAGE_III_IV_BEFORE.test(before) ||
    // "unresectable stage IIIC or IV metastatic melanoma": "metastatic" after the stages makes
    // the unresectable requirement cover them all, as the calibration labels read it.
    (STAGE_III_IV_AFTER.test(lower.slice(span.end, span.end + 30)) &&
      !STAGES_THEN_METASTATIC.test(lower.slice(span.end, span.end + 50))) ||
    STAGE_IV_OR_BEFORE.test(before) ||
    METASTATIC_OR_LOCALLY_BEFORE.test(before)
  );
}
/**
 * "… unresectable or metastatic melanoma or stage III or IV NSCLC", "unresectable stage III or
 * IV melanoma or other solid tumor" (round 11a): another alternative after the extents, with a
 * stage of its own or none, so the extents bound the first disease only.
 */
const DISEASE_WORD =
  '(?:melanoma|cancer|carcinoma|nsclc|sclc|tumou?rs?|disease|malignanc\\w*|[a-z]+omas?)';
const OR_STAGE_AFTER = new RegExp(
  `^[^.;]{0,60}?\\b${DISEASE_WORD}\\s*,?\\s+or\\s+stages?\\s*(?:iv|i{1,3}|[1-4])[a-d]?\\b|^[^.;]{0,20}?\\bstages?\\b[^.;]{0,40}?\\b${DISEASE_WORD}\\s*,?\\s+or\\s+(?:an?\\s+|any\\s+)?(?:other|another)\\s+(?:[\\w-]+\\s+){0,2}?(?:tumou?rs?|cancers?|malignanc\\w*|neoplasms?)\\b`,
);

/** Turns mentions into findings by section; "X or Y" in inclusion becomes one anyOf rule. */
export function mentionsToFindings(ctx: MatchContext, mentions: ConceptMatch[]): Finding[] {
  const out: Finding[] = [];
  const spans = new Map<Finding, { start: number; end: number }>();
  const { lower } = ctx.sentence;
  let group: { finding: Finding; start: number; end: number; group: string } | null = null;
  const disjoined = new Set<Finding>();
  // One sentence naming a concept both plainly and negated ("leptomeningeal metastasis … but no
  // brain parenchymal metastasis") carves an exception out of it: not read with confidence.
  const polarity = new Map<string, Set<boolean>>();
  for (const m of mentions) {
    polarity.set(m.concept.key, (polarity.get(m.concept.key) ?? new Set()).add(m.negated));
  }
  let previous: ConceptMatch | undefined;
  for (const m of mentions) {
    const prior = previous;
    previous = m;
    const c = m.concept;
    const qualified =
      (c.qualifier ? c.qualifier.test(ctx.item) : false) ||
      (c.kindOf ? c.kindOf.test(lower.slice(m.start, m.end)) : false);
    const mixed = polarity.get(c.key)!.size > 1;
    let kind: Finding['kind'] | null = null;
    if (m.prohibited) {
      kind = m.negated ? null : 'excluded';
    } else if (ctx.section === 'inclusion') {
      if (m.negated) {
        kind = 'excluded';
      } else if (c.mode !== 'condition' && !ctx.alternative) {
        kind = !c.requiredCue || c.requiredCue.test(lower) ? 'required' : null;
      } else if (c.requiredCue && !ctx.alternative && c.requiredCue.test(lower)) {
        kind = 'required';
      }
    } else if (!m.negated) {
      kind = 'excluded';
    } else if (c.negatedExclusionRequired) {
      kind = 'required';
    }
    if (!kind) {
      group = null;
      continue;
    }
    const finding: Finding = { key: c.key, kind };
    // "cutaneous melanoma, squamous cell carcinoma, or other cutaneous malignancy": an open list.
    if (
      kind === 'required' &&
      CRITERIA[c.key].family === 'subtype' &&
      OPEN_LIST.test(lower.slice(m.end, m.end + 120))
    ) {
      finding.confidence = 'low';
      finding.reading = 'list';
    }
    // "distant metastasis needing upfront systemic therapy": the extent in a state the
    // questionnaire does not ask (round 3).
    if (
      kind === 'excluded' &&
      NEEDING_FAMILIES.has(CRITERIA[c.key].family) &&
      NEEDING.test(lower.slice(m.end, m.end + 40))
    ) {
      finding.qualified = true;
    }
    // A mention inside a bracketed example of a broader excluded state ("any condition … (e.g.
    // HIV, …)"): the broader state decides, so the mention is qualified. Comorbidities also as
    // an inline example or a subgroup; brain metastases ("… expected survival less than 18 months
    // (e.g. unresectable brain metastases)") and, in the exclusion list, a histology ("other
    // histological types (such as … small cell lung cancer …)") in brackets only (round 10c).
    const family = CRITERIA[c.key].family;
    if (
      kind === 'excluded' &&
      (family === 'comorbidity' || family === 'metastases' || family === 'subtype')
    ) {
      const before = lower.slice(Math.max(0, m.start - 120), m.start);
      const inBracketExample = EXAMPLE_BRACKET.test(before);
      if (
        family === 'comorbidity'
          ? inBracketExample ||
            EXAMPLE_INLINE.test(before) ||
            SUBGROUP_AFTER.test(lower.slice(m.end, m.end + 60)) ||
            (ctx.section === 'exclusion' && SUBGROUP_MUST.test(lower))
          : inBracketExample && (family === 'metastases' || ctx.section === 'exclusion')
      ) {
        finding.qualified = true;
      }
    }
    // One named drug excluded is not the class excluded; a count or size limit ("> 3 brain
    // metastases", "lesion > 5 cm") is not "any" (round 3).
    if (
      qualified ||
      (kind === 'excluded' && (m.specific || m.counted || (m.prohibited && m.restricted))) ||
      (c.key === 'unresectable' &&
        FITNESS_FOR_SURGERY.test(lower.slice(m.start, m.end)) &&
        WHO_IS.test(lower.slice(Math.max(0, m.start - 30), m.start)))
    ) {
      finding.qualified = true;
    }
    const after = lower.slice(m.end, m.end + 60);
    if (
      kind === 'excluded' &&
      ((HISTOLOGY_KEYS.has(c.key) &&
        (SITE_AFTER.test(after) ||
          SITE_BEFORE.test(lower.slice(Math.max(0, m.start - 40), m.start)))) ||
        (VARIANT_KEYS.has(c.key) && VARIANT_AFTER.test(after)) ||
        (c.excludedQualifier?.test(ctx.item) ?? false) ||
        (ALTERATION_KEYS.has(c.key) && ALTERATION_AFTER.test(after)))
    ) {
      finding.qualified = true;
    }
    if (c.key === 'her2' && HER2_MUTATION.test(after)) {
      finding.qualified = true;
    }
    if (mixed) {
      finding.confidence = 'low';
      finding.reading = 'exception';
    } else if (m.both) {
      finding.confidence = 'low';
      finding.reading = 'list';
    }
    // "EGFR, ALK or ROS1", "mutation of BRCA2, BRCA1, PALB2": an enumeration of biomarkers
    // in inclusion is one anyOf rule; with commas only (no "or", "any of") it reads low.
    if (
      kind === 'required' &&
      group &&
      group.finding.kind === 'required' &&
      group.finding.key !== c.key &&
      ((CRITERIA[c.key].family === 'biomarker' &&
        CRITERIA[group.finding.key].family === 'biomarker') ||
        (c.group === group.group && c.group !== 'extent')) &&
      BIOMARKER_LIST.test(lower.slice(group.end, m.start))
    ) {
      const anyOf = group.finding.anyOf ?? [];
      if (!anyOf.includes(c.key)) {
        group.finding.anyOf = [...anyOf, c.key];
      }
      // "EGFR or HER2 exon 20 mutations": a member read as qualified (a HER2 mutation is not
      // HER2 expression) leaves the group unsure (round 4).
      if (finding.qualified) {
        group.finding.qualified = true;
      }
      if (!LIST_WORD.test(lower.slice(Math.max(0, group.start - 12), m.end))) {
        group.finding.confidence = 'low';
        group.finding.reading = 'list';
      } else if (group.finding.reading === 'list') {
        delete group.finding.confidence;
        delete group.finding.reading;
      }
      group.end = m.end;
      continue;
    }
    if (
      kind === 'required' &&
      group &&
      c.group === group.group &&
      group.finding.kind === 'required' &&
      (OR_BETWEEN.test(lower.slice(group.end, m.start)) ||
        (c.group === 'extent' && OR_BETWEEN_EXTENT.test(lower.slice(group.end, m.start)))) &&
      group.finding.key !== c.key
    ) {
      const anyOf = group.finding.anyOf ?? [];
      if (!anyOf.includes(c.key)) {
        group.finding.anyOf = [...anyOf, c.key];
      }
      group.end = m.end;
      continue;
    }
    // "MSI-high or dMMR": two names of one biomarker joined by "or" are one requirement, not a
    // disjunction with something else (round 6); so are two names of one therapy class
    // ("anti-PD-1 or anti-PD-L1 treatment", round 11c).
    if (
      kind === 'required' &&
      (CRITERIA[c.key].family === 'biomarker' || CRITERIA[c.key].family === 'prior_therapy') &&
      group &&
      group.finding.key === c.key &&
      group.finding.kind === 'required' &&
      !finding.qualified &&
      OR_BETWEEN.test(lower.slice(group.end, m.start))
    ) {
      if (!OR_BEFORE.test(lower.slice(Math.max(0, group.start - 30), group.start))) {
        disjoined.delete(group.finding);
      }
      group.end = m.end;
      continue;
    }
    out.push(finding);
    spans.set(finding, { start: m.start, end: m.end });
    if (
      (kind === 'required' &&
        (OR_BEFORE.test(lower.slice(Math.max(0, m.start - 30), m.start)) ||
          OR_AFTER.test(lower.slice(m.end, m.end + 12)))) ||
      // "ocular or metastatic uveal melanoma" excluded: the disease, not every metastatic one.
      (kind === 'excluded' &&
        c.group === 'extent' &&
        // Round 11a: "nodal, in-transit or distant metastases" lists what is excluded.
        !/^distant\b/.test(lower.slice(m.start, m.end)) &&
        OR_NOT_EXTENT_BEFORE.test(lower.slice(Math.max(0, m.start - 30), m.start))) ||
      // "EGFR mutation and/or ALK-negative": one result or the other (round 6).
      (kind === 'excluded' &&
        ctx.section === 'inclusion' &&
        CRITERIA[c.key].family === 'biomarker' &&
        prior !== undefined &&
        !prior.negated &&
        CRITERIA[prior.concept.key].family === 'biomarker' &&
        OR_BEFORE.test(lower.slice(Math.max(prior.end, m.start - 30), m.start)))
    ) {
      disjoined.add(finding);
    }
    group = c.group ? { finding, start: m.start, end: m.end, group: c.group } : null;
  }
  // "ocular or metastatic uveal melanoma", "primary or metastatic liver tumour": a requirement
  // next to an "or" that formed no group is one alternative of a disjunction the rules cannot
  // name: read with a low confidence (round 3).
  for (const f of disjoined) {
    if (!f.anyOf?.length) {
      f.confidence = 'low';
      f.reading = 'list';
    }
  }
  for (const f of out) {
    if (
      f.kind === 'required' &&
      f.key === 'unresectable' &&
      !f.anyOf?.length &&
      metastaticAlternative(lower, spans.get(f)!)
    ) {
      if (f.confidence !== 'low' && !out.some((o) => o !== f && o.key === 'metastatic')) {
        f.anyOf = ['metastatic'];
      } else {
        f.confidence = 'low';
        f.reading = 'list';
      }
    }
    if (f.kind === 'required' && EXTENT_KEYS.has(f.key) && unsureExtent(f, lower, spans.get(f)!)) {
      f.confidence = 'low';
      f.reading = 'list';
    }
  }
  return mergeGeneList(ctx, out, spans);
}
