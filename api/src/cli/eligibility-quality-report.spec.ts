import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONDITION_KEYS, type CriterionFamily } from '@trialflow/contract';
import {
  compareWithLabels,
  DEFAULT_CALIBRATION_9_LABELS_FILE,
  DEFAULT_CTGOV_DIRS,
  heldOutLabelsFile,
  DEFAULT_HOLDOUT_LABELS_FILE,
  DEFAULT_LABELS_FILE,
  formatQuality,
  measureQuality,
  parseLabels,
  type LabelledRule,
  rulesMatch,
} from './eligibility-quality-report';
import { CALIBRATION_LABELS_FILES } from './eligibility-calibration-report';
import { heldOutVignettesFile } from './eligibility-verdict-report';

/**
 * Quality floors over the development set (test/fixtures/eligibility-labels.json): 32 trials
 * labelled 2026-11-22, 10 of the 2026-11-23 batch and 12 more development trials (one per
 * non-lung condition), 352 labelled rules. The patterns are fixed against these trials only, so
 * these are development figures (inflated). Measured 2026-11-23 after the issue-14 fixes:
 * overall precision 95.9% (301/314), recall 85.5% (301/352); rules that may exclude: precision
 * 97.9% (188/192), recall 78.0% (188/241). After the vignettes branch's round-2 fixes (sentence
 * structures the rules cannot represent are not confident) the rules that may exclude measure
 * precision 98.3% (178/181), recall 73.9% (178/241): the recall floor is lowered to that
 * measured value (0.73, was 0.77), the price of excluding only on confident rules.
 */
// Round 12: 94.6%: progression after a treatment is read, and three development trials read it
// with a low confidence (an alternative, a cohort) where the labels have no rule.
const OVERALL_PRECISION_FLOOR = 0.94;
const OVERALL_RECALL_FLOOR = 0.85;
// Round 11a (extent, stage, metastasis sites): 99.2% (125/126), 1 wrong.
const EXCLUSION_PRECISION_FLOOR = 0.99;
// Round 3 (2026-11-24): 72.2% (174/241), precision 98.3%: one named drug, a stage bounding one
// alternative and "or" alternatives no longer exclude (4 development labels read them as
// rules); floored at the measured value.
// Round 4 (2026-11-24): precision 99.4% (171/172), recall 71.0% (171/241): one named alteration
// excluded ("BRAF V600E", "MET exon 14 skipping") and a HER2 mutation no longer exclude the
// gene's question, where 3 development labels read the whole gene; floored at the measured value.
// Round 7 (calibrated confidence: only the reading classes of patterns/confident-classes.ts may
// exclude): precision 98.7% (74/75), recall 30.7% (74/241): the recall floor falls to the measured
// value, the trade of excluding only on classes that proved precise on the calibration labels.
// Round 9 (round 6's labels join the calibration data; measurable disease required, 62/65 with
// them, may no longer exclude): 98.4% (63/64), recall 26.1% (63/241): floored at it.
// Round 10b (the disease-status and prior-therapy pools may exclude): 98.7% (78/79), recall 32.4%
// (78/241): floor raised to it.
// Round 10 (10a, 10b and 10c merged, a new diagnosis read as not relapsed; main after d76f872): 99.1% (110/111), recall
// 45.6% (110/241): floor raised to it.
// Round 11b (subtype, biomarker; four labels added, 245 labels): 99.3% (139/140), recall 56.7%
// (139/245): floor raised to it.
// Round 12: 62.1% (99.4% precise); 61.7% once a Karnofsky bound of 50, 70 or 90 is to check;
// 63.7% once metastatic disease required may exclude.
const EXCLUSION_RECALL_FLOOR = 0.63;
const FAMILY_PRECISION_FLOORS: Partial<Record<CriterionFamily, number>> = {
  biomarker: 0.95,
  comorbidity: 0.95,
  // Round 12: 76.2% (16/21): progression after a treatment read with a low confidence in three
  // trials whose labels have no rule for it.
  disease_status: 0.76,
  metastases: 0.95,
  performance: 0.95,
  // Round 11c: 86.0% (49/57, 0.8596; 89.4%, 42/47, before): more therapy requirements read in inclusion
  // (recall 62.7% -> 73.1%), some of them of one arm of a trial (read 'cohort', low confidence).
  prior_therapy: 0.85,
  stage: 0.95,
  subtype: 0.86,
};

/**
 * Held-out floors over both blind-labelled files (eligibility-labels-holdout.json, 16 trials,
 * and eligibility-labels-holdout-2.json, 62 trials over the 17 conditions labelled blind on
 * 2026-11-23; 78 trials, 509 labelled rules). Measured 2026-11-23 after the issue-14 fixes
 * (and the vignettes branch's): overall precision 75.1% (323/430), recall 63.5% (323/509); rules
 * that may exclude: precision 63.1% (181/287), recall 53.4% (181/339). Far below the targets (precision of
 * exclusions >= 0.97, recall >= 0.75): the patterns generalise poorly to trials they were not
 * written against. Precision per family with >= 5 labels: biomarker 53.3% (16/30), comorbidity
 * 95.0% (134/141), disease_status 38.9% (7/18), metastases 89.3% (25/28), performance 95.7%
 * (44/46), prior_therapy 61.4% (35/57), stage 57.1% (40/70), subtype 55.0% (22/40).
 */
const ALL_HOLDOUT_PRECISION_FLOOR = 0.75;
/**
 * Third held-out part (eligibility-labels-holdout-3.json, 50 trials, 314 labels), measured
 * 2026-11-24 before round 3 was merged: all rules 72.3% precise, 69.7% recall; rules that may
 * exclude 63.1% (94/149), 57.0% (94/165), 55 wrong. After round 3 (the floors): all rules
 * 72.2% / 69.4%; rules that may exclude 65.9% (87/132), 52.7% (87/165), 45 wrong.
 */
const HOLDOUT_3_PRECISION_FLOOR = 0.72;
const HOLDOUT_3_RECALL_FLOOR = 0.69;
// After round 4 (measured once, at the end): all rules 72.8% / 69.7%; rules that may exclude
// 70.5% (86/122), 52.1% (86/165), 36 wrong.
// After round 6 (measured once, at the end; 35 wrong after round 5): rules that may exclude
// 72.0% (85/118), 51.5% (85/165), 33 wrong: precision raised; the recall floor goes down to the measured value (0.51,
// was 0.52), one right rule fewer: "HR+/HER2-negative breast cancer" in a basket whose other
// cohorts' patients are asked HER2 is now that cohort's (round 6, one disease's biomarker in a
// basket), the trade for two wrong rules gone (MSI-high in a list of tumour types, "metastatic
// melanoma to only one lymph node").
// Round 7 (calibrated confidence; these labels are calibration data since): 100% (62/62), 37.6%
// (62/165), 0 wrong: precision raised, recall lowered to the measured value (the same trade).
// Round 10a (measurable disease required and a stage minimum in inclusion may exclude): 98.4% (63/64), 1 wrong:
// the stage minimum's one miss on the calibration labels, "metastatic metastatic disease stage
// 4" (NCT06229340), labelled as the metastatic rule only; the floor follows it (0.98, was 1).
const HOLDOUT_3_EXCLUSION_PRECISION_FLOOR = 0.98;
// Round 9 (round 6's labels join the calibration data; measurable disease required, 62/65 with
// them, may no longer exclude): 100% (54/54), 32.7% (54/165).
// Round 10b: 100% (57/57), 34.5% (57/165): floor raised to it.
// Round 10 (10a, 10b and 10c merged, a new diagnosis read as not relapsed; main after d76f872): 98.6% (73/74), 44.2% (73/165).
// Round 11b (subtype, biomarker): 98.8% (81/82), 49.1% (81/165): floor raised to it.
const HOLDOUT_3_EXCLUSION_RECALL_FLOOR = 0.49;
/**
 * Fourth held-out part (eligibility-labels-holdout-4.json, 55 trials, 345 labels), measured once
 * 2026-11-24 05:00 UTC on main's engine after round 4: all rules 63.2% precise (227/359), 65.8%
 * recall (227/345); rules that may exclude 69.2% (110/159), 60.8% (110/181), 49 wrong.
 */
// Round 11b (subtype, biomarker): all rules 65.9% (230/349): floor raised to it.
const HOLDOUT_4_PRECISION_FLOOR = 0.65;
const HOLDOUT_4_RECALL_FLOOR = 0.65;
// After round 6 (measured once, at the end): rules that may exclude 71.7% (109/152), 60.2%
// (109/181), 43 wrong (49 after round 4): precision floor raised.
// Round 7 (calibrated confidence): 97.2% (70/72), 38.7% (70/181), 2 wrong: precision raised,
// recall lowered to the measured value (the same trade).
// Round 9 (round 6's labels join the calibration data; measurable disease required, 62/65 with
// them, may no longer exclude): 96.7% (58/60), 32.0% (58/181), 2 wrong (the same
// two): both floored at the measured values.
// Round 10 (10a, 10b and 10c merged, a new diagnosis read as not relapsed; main after d76f872): 97.6% (83/85), 45.9% (83/181),
// the same 2 wrong: both raised to the measured values.
const HOLDOUT_4_EXCLUSION_PRECISION_FLOOR = 0.97;
// Round 10b: 96.8% (61/63), 33.7% (61/181), the same 2 wrong: recall floor raised to it.
// Round 11b (subtype, biomarker): 97.9% (92/94), 50.8% (92/181), the same 2 wrong: floor raised to it.
const HOLDOUT_4_EXCLUSION_RECALL_FLOOR = 0.5;
/**
 * Fifth held-out part (eligibility-labels-holdout-5.json, 51 trials, 338 labels), measured once
 * 2026-11-24 07:50 UTC on main's engine as of 7e3c830 (after round 5): all rules 63.5% precise,
 * 60.7% recall; rules that may exclude 63.7% (102/160), 50.7% (102/201), 58 wrong.
 */
// Round 11b (subtype, biomarker): all rules 68.6% (214/312), 62.9% (214/340): floors raised to them.
// Round 11 merged (rounds 7 and 8 join the calibration data): 67.7% (218/322): lowered to it
// (more rules read, of classes that may not exclude).
const HOLDOUT_5_PRECISION_FLOOR = 0.67;
const HOLDOUT_5_RECALL_FLOOR = 0.62;
// Round 7 (calibrated confidence): 100% (64/64), 31.8% (64/201), 0 wrong: precision raised, recall
// lowered to the measured value (the same trade).
const HOLDOUT_5_EXCLUSION_PRECISION_FLOOR = 1;
// Round 9 (round 6's labels join the calibration data; measurable disease required, 62/65 with
// them, may no longer exclude): 100% (53/53), 26.4% (53/201).
// Round 10b: 100% (56/56), 27.7% (56/202; one label added, untreated required of NCT05404347):
// floor raised to it.
// Round 10 (10a, 10b and 10c merged, a new diagnosis read as not relapsed; main after d76f872): 100% (77/77), 37.9% (77/203).
// Round 11b (subtype, biomarker): 100.0% (92/92), 45.3% (92/203): floor raised to it.
const HOLDOUT_5_EXCLUSION_RECALL_FLOOR = 0.45;
/**
 * Sixth held-out part (eligibility-labels-holdout-6.json, 56 trials, 384 labels), labelled blind
 * 2026-11-24, measured once each at 12:20 UTC: on main's engine before round 7 (8c41576) all
 * rules 51.7% precise (248/480), 64.6% recall (248/384); rules that may exclude 57.5% (103/179),
 * 46.2% (103/223), 76 wrong; with round 7 merged (210fb0d) all rules 51.7% / 64.6%, rules that
 * may exclude 91.0% (61/67), 27.4% (61/223), 6 wrong. Floors at the figures with round 7.
 */
// Round 11b (subtype, biomarker; two adenocarcinoma labels added, 387 labels): all rules 57.0%
// (260/456), 67.2% (260/387); rules that may exclude 97.1% (100/103), 44.2% (100/226), the same 3
// wrong: floors raised to them.
const HOLDOUT_6_FLOORS = {
  // Round 11 merged: all rules 56.6% precise (265/468): lowered to it.
  precision: 0.56,
  recall: 0.67,
  // Round 9 (calibration data since; measurable disease required may no longer exclude): 94.5%
  // (52/55), 23.3% (52/223), 3 wrong: precision raised, recall lowered to the measured values.
  exclusionPrecision: 0.97,
  // Round 10b: 95.2% (59/62), 26.3% (59/224; one label added, untreated required of NCT06944470),
  // the same 3 wrong: recall floor raised to it.
  // Round 10 (10a, 10b and 10c merged, a new diagnosis read as not relapsed; main after d76f872): 96.7% (87/90), 38.8% (87/224),
  // the same 3 wrong: both raised to them.
  exclusionRecall: 0.44,
};
/**
 * Seventh held-out part (eligibility-labels-holdout-7.json, 30 trials, 191 labels): every trial of
 * the seventh vignette round, picked inside the held-out pool of the round-7 split (disjoint from
 * the calibration pool the engine's round 9 labels), labelled blind 2026-11-24.
 */
// Measured once, blind, 2026-11-24 18:26 UTC after merging the engine's round 9 (main at
// 9f879c4): all rules 66.5% precise (135/203), 70.7% recall (135/191); rules that may exclude
// 100.0% (26/26), 26.5% (26/98), 0 wrong. Floors at those figures.
// Measured a second time, 2026-11-24 21:05 UTC, after Round 10 (10a, 10b and 10c merged, a new diagnosis read as not relapsed; main after d76f872): all rules 67.8% precise (135/199),
// 70.7% recall (135/191); rules that may exclude 89.4% (42/47), 42.9% (42/98), 5 wrong (by family:
// biomarker 2, stage 2, metastases 1; the cases were not read); on the round's vignettes 0 wrong
// exclusions of 225 pairs. Floors at those figures: the blind round shows the calibrated classes
// less precise than on the calibration labels (98.8%), without a wrong exclusion of a pair.
// Measured a third time after round 11 merged (main at 3ba99cd): rules that may exclude 86.2%
// (50/58), 51.0%, 8 wrong; then retired to calibration data, its misreadings read: after the
// round-11 fixes all rules 68.3% / 72.3%, rules that may exclude 96.2% (51/53), 52.0% (51/98).
const HOLDOUT_7_FLOORS = {
  // Round 12: 67.5% (progression after a treatment read, low, in four trials without its label).
  precision: 0.67,
  recall: 0.72,
  exclusionPrecision: 0.96,
  exclusionRecall: 0.52,
};
/**
 * Eighth held-out part (eligibility-labels-holdout-8.json, 29 trials, 260 labels): every trial of
 * the eighth vignette round, picked in what round 7 left of its held-out pool, labelled blind
 * 2026-11-24.
 */
// Measured once, blind, after round 11 merged (main at 3ba99cd): all rules 74.2% / 66.5%, rules
// that may exclude 92.8% (77/83), 54.2% (77/142), 6 wrong; then retired to calibration data, its
// misreadings read (two labels corrected): all rules 76.4% / 66.8%, rules that may exclude 100%
// (78/78), 54.2% (78/144). After rounds 9 and 10 joined the calibration data: 100% (76/76), 52.8%.
const HOLDOUT_8_FLOORS = {
  // Round 12: 75.9% (progression after a treatment read, low, in two trials without its label).
  precision: 0.75,
  recall: 0.66,
  exclusionPrecision: 1,
  exclusionRecall: 0.52,
};
/**
 * Ninth held-out part (eligibility-labels-holdout-9.json, 30 trials, 237 labels): every trial of
 * the ninth vignette round, picked in what round 8 left of the held-out pool, labelled blind
 * 2026-11-24.
 */
// Measured once, blind, after round 8's fixes (main at 4305546): all rules 72.0% / 64.1%, rules
// that may exclude 87.7% (64/73), 45.4% (64/141), 9 wrong; then retired to calibration data, its
// misreadings read (one label corrected): all rules 73.6% / 64.6%, rules that may exclude 100%
// (66/66), 46.8% (66/141).
// After round 10 joined the calibration data: rules that may exclude 100% (64/64), 45.4%.
// Session 10 (round 16's sub-list reading): all rules 72.8% / 66.7% (a hypersensitivity to
// nivolumab, once a cohort's item, now reads as a qualified checkpoint exclusion no label has).
const HOLDOUT_9_FLOORS = {
  precision: 0.72,
  recall: 0.64,
  exclusionPrecision: 1,
  exclusionRecall: 0.45,
};
/**
 * Tenth held-out part (eligibility-labels-holdout-10.json, 25 trials, 191 labels): every trial of
 * the tenth vignette round, picked in what round 9 left of the held-out pool, labelled blind
 * 2026-11-24.
 */
// Measured once, blind, after round 9's fixes (main at 347cf0d): rules that may exclude 83.1%
// (54/65), 47.0% (54/115), 11 wrong; then retired to calibration data, its misreadings read (two
// labels corrected): all rules 79.6% / 69.3%, rules that may exclude 96.4% (53/55), 45.3% (53/117).
const HOLDOUT_10_FLOORS = {
  precision: 0.79,
  recall: 0.69,
  exclusionPrecision: 0.96,
  exclusionRecall: 0.45,
};
/**
 * Eleventh held-out part (eligibility-labels-holdout-11.json): every trial of the eleventh vignette
 * round, picked in what round 10 left of the held-out pool, labelled blind 2026-11-25.
 */
// Measured once, blind, on the final engine of round 11 (main at de1d415): rules that may exclude
// 77.6% (59/76), 55.1%, 17 wrong; after the glued-stage fix (RULES_ENGINE_VERSION 17): all rules
// 78.1% / 69.5%, rules that may exclude 78.9% (60/76), 56.1% (60/107), 16 wrong (not read yet).
// Round 12: retired to calibration data, its misreadings read (11 labels corrected to the other
// files' conventions, four sentence classes fixed): all rules 81.9% / 72.1%, rules that may exclude
// 100% (73/73), 62.9% (73/116).
// With progression after a treatment read: 82.5% / 75.1%, 100%, 66.4%.
const HOLDOUT_11_FLOORS = {
  precision: 0.82,
  recall: 0.75,
  exclusionPrecision: 1,
  exclusionRecall: 0.66,
};
/**
 * Twelfth held-out part (eligibility-labels-holdout-12.json): every trial of the twelfth vignette
 * round, picked in what round 11 left of the held-out pool, labelled blind 2026-11-25.
 */
// Measured once, blind, on the engine of round 12 (main at 6cbcf2e): all rules 73.5% (75/102) /
// 62.0% (75/121), rules that may exclude 76.5% (26/34), 39.4% (26/66), 8 wrong. Then retired to
// calibration data, its misreadings read (four labels corrected, four sentence classes fixed): all
// rules 77.2% / 63.4%, rules that may exclude 96.8%, 42.9%.
const HOLDOUT_12_FLOORS = {
  precision: 0.77,
  recall: 0.63,
  exclusionPrecision: 0.96,
  exclusionRecall: 0.42,
};
/**
 * Thirteenth held-out part (eligibility-labels-holdout-13.json): every trial of the thirteenth
 * vignette round, picked in what round 12 left of the held-out pool, labelled blind 2026-11-25.
 */
// Measured once, blind, on the final engine of round 12 (main at 8ba9525): all rules 66.7%
// (76/114) / 62.8% (76/121), rules that may exclude 93.0% (40/43), 54.8% (40/73), 3 wrong. Then
// retired to calibration data, its misreadings read: rules that may exclude 100%, 53.4%.
const HOLDOUT_13_FLOORS = {
  precision: 0.66,
  recall: 0.62,
  exclusionPrecision: 1,
  exclusionRecall: 0.53,
};
/**
 * Fourteenth held-out part (eligibility-labels-holdout-14.json): every trial of the fourteenth
 * vignette round, picked in what round 13 left of the held-out pool, labelled blind 2026-11-25.
 */
// Measured once, blind, after round 13's fixes (main at 1d42a5e): all rules 71.6% (63/88) / 72.4%
// (63/87), rules that may exclude 86.2% (25/29), 47.2% (25/53), 4 wrong. Then retired to
// calibration data, its misreadings read: all rules 73.6% / 73.6%, rules that may exclude 100%,
// 49.1%.
const HOLDOUT_14_FLOORS = {
  precision: 0.73,
  recall: 0.73,
  exclusionPrecision: 1,
  exclusionRecall: 0.49,
};
/**
 * Fifteenth held-out part (eligibility-labels-holdout-15.json): every trial of the fifteenth
 * vignette round, picked in what round 14 left of the held-out pool, labelled blind 2026-11-25.
 */
// Measured once, blind, after round 14's fixes (main at 7b6d04b): all rules 84.9% (73/86) / 76.0%
// (73/96), rules that may exclude 95.8% (23/24), 39.0% (23/59), 1 wrong (not read: the round
// stayed blind). Measured a second time, blind, at the next change (session 10: metastatic
// disease excluded in the exclusion list may exclude): all rules 84.9% / 76.0%, rules that may
// exclude 92.0% (23/25), 39.0% (23/59), 2 wrong. Then retired to calibration data, its
// misreadings read (an oligometastatic stage IV, an untreated brain metastasis behind an aside,
// a sub-list read as cohorts' lists, an exclusion another item admits under a condition): all
// rules 85.9% (73/85) / 76.0%, rules that may exclude 100% (28/28), 47.5%.
const HOLDOUT_15_FLOORS = {
  precision: 0.85,
  recall: 0.76,
  exclusionPrecision: 1,
  exclusionRecall: 0.47,
};
/**
 * Sixteenth held-out part (eligibility-labels-holdout-16.json): every trial of the sixteenth
 * vignette round, the last of the held-out pool (lung, pancreatic, melanoma, cervical and
 * pan-tumour records), labelled blind 2026-11-25 by two judges.
 */
// Measured once, blind, on the final engine of session 10 (main at 4b2cab4): all rules 72.6%
// (172/237) / 69.1% (172/249), rules that may exclude 83.8% (62/74), 42.8% (62/145), 12 wrong.
// Then retired to calibration data, its misreadings read (session 10, the "blind round 16" unit
// tests): all rules 73.6% (173/235) / 69.5%, rules that may exclude 100% (62/62), 42.8%.
const HOLDOUT_16_FLOORS = {
  precision: 0.73,
  recall: 0.69,
  exclusionPrecision: 1,
  exclusionRecall: 0.42,
};
/**
 * The held-out trials now (eligibility-labels-holdout-17.json): every trial of blind round 17
 * (lung sets A-D and a shared breast/pancreatic set on a fresh pool), labelled blind 2026-11-29
 * by two judges; never used to tune the engine. Inferences are calibrated on verdicts, not on
 * labels, so they are left out of these figures.
 */
// Measured once, blind, on the final engine of session 11 (main at db0878d): all rules 82.5%
// (165/200) / 69.0% (165/239), rules that may exclude 93.8% (90/96), 61.2% (90/147), 6 wrong.
// Floors at these.
const HOLDOUT_17_FLOORS = {
  precision: 0.82,
  recall: 0.69,
  exclusionPrecision: 0.93,
  exclusionRecall: 0.61,
};
const ALL_HOLDOUT_RECALL_FLOOR = 0.63;
// Round 3 (2026-11-24, looked at once, before the standalone "OR" line change): 73.6%
// (178/242), recall 52.5%.
// Round 4 (looked at once, at the end): 74.8% (178/238), recall 52.5%; all rules 75.6% / 63.9%.
// Round 7 (calibrated confidence), first two parts: 96.5% (82/85), recall 24.2% (82/339).
// Round 9 (round 6's labels join the calibration data; measurable disease required, 62/65 with
// them, may no longer exclude): first two parts 95.9% (71/74),
// recall 20.9% (71/339): the 3 wrong rules are of classes still allowed, the right measurable
// disease rules are gone.
// Round 10 (10a, 10b and 10c merged, a new diagnosis read as not relapsed; main after d76f872): first two parts 97.3% (109/112), recall
// 32.2% (109/339), the same 3 wrong: both raised to them.
const ALL_HOLDOUT_EXCLUSION_PRECISION_FLOOR = 0.97;
// 52.2% (177/339) after the vignettes branch's round-2 fix (rules from sentence structures the
// engine cannot represent are no longer confident): floored at that measured value (was 0.53).
// Round 7: lowered to the measured 24.2% (the trade of calibrated confidence).
// Round 9: 20.9% (71/339), measurable disease required no longer excludes.
// Round 10b: 96.3% (79/82), 23.3% (79/339): floor raised to it.
// Round 11b (subtype, biomarker): first two parts 97.9% (140/143), 41.3% (140/339), the same 3 wrong: floor raised to it.
const ALL_HOLDOUT_EXCLUSION_RECALL_FLOOR = 0.41;
const ALL_HOLDOUT_FAMILY_PRECISION_FLOORS: Partial<Record<CriterionFamily, number>> = {
  biomarker: 0.53,
  comorbidity: 0.94,
  disease_status: 0.38,
  metastases: 0.89,
  performance: 0.95,
  prior_therapy: 0.61,
  stage: 0.57,
  subtype: 0.55,
};

/**
 * Held-out floors (test/fixtures/eligibility-labels-holdout.json, 16 trials, 152 labelled rules,
 * labelled blind: before reading the patterns or running the extractor). Measured 2026-11-22:
 * overall precision 76.2% (93/122), recall 61.2% (93/152); precision per family with >= 5
 * labels: biomarker 77.8% (7/9), comorbidity 91.7% (44/48), disease_status 28.6% (2/7),
 * metastases 70.0% (7/10), performance 93.3% (14/15), prior_therapy 46.2% (6/13), stage 77.8%
 * (7/9), subtype 54.5% (6/11). These are the honest figures; the development-set ones above are
 * inflated. Raise the floors as the extraction improves; never relabel to pass them.
 * 2026-11-23: biomarker precision is 70.0% (7/10): one more rule, a low-confidence one (it
 * cannot exclude) from a sentence of one phase of a basket trial; the floor follows it.
 */
const HOLDOUT_OVERALL_PRECISION_FLOOR = 0.73;
const HOLDOUT_OVERALL_RECALL_FLOOR = 0.58;
const HOLDOUT_FAMILY_PRECISION_FLOORS: Partial<Record<CriterionFamily, number>> = {
  biomarker: 0.7,
  comorbidity: 0.88,
  disease_status: 0.25,
  metastases: 0.65,
  performance: 0.9,
  prior_therapy: 0.42,
  stage: 0.75,
  subtype: 0.5,
};

/** The labels of one labelled file. */
const read = (file: string): ReturnType<typeof parseLabels> =>
  parseLabels(readFileSync(file, 'utf8'));

describe('eligibility quality', () => {
  describe(rulesMatch.name, () => {
    const base = { key: 'ecog', kind: 'range', section: 'inclusion', max: 1 } as const;

    it('should match on key, kind, section and both bounds', () => {
      expect(rulesMatch(base, { ...base })).toBe(true);
      expect(rulesMatch(base, { ...base, max: 2 })).toBe(false);
      expect(rulesMatch(base, { ...base, min: 0 })).toBe(false);
      expect(rulesMatch(base, { ...base, section: 'exclusion' })).toBe(false);
    });

    it('should compare an anyOf group as a set, whichever key leads it', () => {
      const a: LabelledRule = {
        key: 'unresectable',
        kind: 'required',
        section: 'inclusion',
        anyOf: ['metastatic'],
      };
      const b: LabelledRule = {
        key: 'metastatic',
        kind: 'required',
        section: 'inclusion',
        anyOf: ['unresectable'],
      };
      expect(rulesMatch(a, b)).toBe(true);
      expect(rulesMatch(a, { key: 'unresectable', kind: 'required', section: 'inclusion' })).toBe(
        false,
      );
    });
  });

  it('should count matches one-to-one per family', () => {
    const labels = parseLabels(
      JSON.stringify([
        {
          nctId: 'NCT00000001',
          conditions: [],
          rules: [
            { key: 'egfr', kind: 'required', section: 'inclusion' },
            { key: 'hiv', kind: 'excluded', section: 'exclusion' },
          ],
        },
      ]),
    );
    const text = { source: 'text', text: 't' } as const;
    const report = compareWithLabels(
      labels,
      new Map([
        [
          'NCT00000001',
          [
            { ...text, key: 'egfr', kind: 'required', section: 'inclusion' },
            { ...text, key: 'egfr', kind: 'required', section: 'inclusion' },
            {
              key: 'age',
              kind: 'range',
              min: 18,
              section: 'structured',
              source: 'structured',
              text: 'Age',
            },
          ],
        ],
      ]),
    );
    const biomarker = report.families.find((f) => f.family === 'biomarker');
    expect(biomarker).toMatchObject({
      labelled: 1,
      extracted: 2,
      matched: 1,
      precision: 0.5,
      recall: 1,
    });
    expect(report.overall).toMatchObject({ labelled: 2, extracted: 2, matched: 1, recall: 0.5 });
  });

  it("should count and print per family the rules calibration demoted, and keep each rule's outcome", () => {
    const labels = parseLabels(
      JSON.stringify([
        {
          nctId: 'NCT00000003',
          conditions: [],
          rules: [
            { key: 'egfr', kind: 'required', section: 'inclusion' },
            { key: 'chemotherapy', kind: 'excluded', section: 'exclusion' },
          ],
        },
      ]),
    );
    const text = { source: 'text', text: 't' } as const;
    const low = { confidence: 'low', reading: 'calibration' } as const;
    const report = compareWithLabels(
      labels,
      new Map([
        [
          'NCT00000003',
          [
            { ...text, ...low, key: 'egfr', kind: 'required', section: 'inclusion' },
            { ...text, ...low, key: 'chemotherapy', kind: 'excluded', section: 'exclusion' },
            { ...text, key: 'hiv', kind: 'excluded', section: 'exclusion' },
          ],
        ],
      ]),
    );
    expect(report.demoted).toEqual({ biomarker: 1, prior_therapy: 1 });
    expect(report.outcomes.map((o) => [o.rule.key, o.excludes, o.right])).toEqual([
      ['egfr', false, true],
      ['chemotherapy', false, true],
      ['hiv', true, false],
    ]);
    expect(formatQuality(report)).toContain(
      'demoted to "to check" by calibration (round 7): biomarker 1, prior_therapy 1',
    );
  });

  it('should treat "required" and "at least one line" of a count of lines as one rule', () => {
    const required = { key: 'chemotherapy', kind: 'required', section: 'inclusion' } as const;
    expect(rulesMatch(required, { ...required, kind: 'range', min: 1 })).toBe(true);
    expect(rulesMatch(required, { ...required, kind: 'range', min: 2 })).toBe(false);
    expect(
      rulesMatch({ ...required, kind: 'excluded' }, { ...required, kind: 'range', max: 0 }),
    ).toBe(true);
    expect(
      rulesMatch({ ...required, key: 'egfr' }, { ...required, key: 'egfr', kind: 'range', min: 1 }),
    ).toBe(false);
  });

  it('should count a rule that may exclude as wrong when its label is qualified', () => {
    const labels = parseLabels(
      JSON.stringify([
        {
          nctId: 'NCT00000002',
          conditions: [],
          rules: [
            { key: 'brain_metastases', kind: 'excluded', section: 'exclusion', qualified: true },
            { key: 'hiv', kind: 'excluded', section: 'exclusion' },
            { key: 'pregnant_nursing', kind: 'excluded', section: 'exclusion' },
          ],
        },
      ]),
    );
    const rule = (key: 'brain_metastases' | 'hiv' | 'egfr', confidence: 'high' | 'low') =>
      ({
        key,
        kind: 'excluded',
        section: 'exclusion',
        source: 'text',
        text: `sentence about ${key}`,
        confidence,
      }) as const;
    const report = compareWithLabels(
      labels,
      new Map([
        [
          'NCT00000002',
          [rule('brain_metastases', 'high'), rule('hiv', 'high'), rule('egfr', 'low')],
        ],
      ]),
    );
    // brain: confident but the sentence is qualified (wrong); hiv right; egfr low (cannot exclude).
    expect(report.exclusions).toMatchObject({ extracted: 2, matched: 1, labelled: 2 });
    expect(report.wrongExclusions.map((w) => `${w.rule.key}: ${w.text}`)).toEqual([
      'brain_metastases: sentence about brain_metastases',
    ]);
    expect(formatQuality(report)).toContain(
      'NCT00000002 brain_metastases excluded (exclusion): "sentence about brain_metastases"',
    );
  });

  it('should read a labels file that says how its trials were chosen', () => {
    const trial = {
      nctId: 'NCT00000001',
      conditions: ['lung_cancer'],
      rules: [{ key: 'ecog', kind: 'range', section: 'inclusion', max: 1 }],
    };
    expect(parseLabels(JSON.stringify({ _about: 'how', trials: [trial] }))).toEqual([trial]);
    expect(() => parseLabels(JSON.stringify({ _about: 'how' }))).toThrow(
      'expected a JSON array of trials',
    );
  });

  it('should reject labels over unknown keys', () => {
    expect(() =>
      parseLabels(
        '[{"nctId":"NCT00000001","conditions":[],"rules":[{"key":"egfrr","kind":"required","section":"inclusion"}]}]',
      ),
    ).toThrow("NCT00000001: unknown criterion key 'egfrr'");
  });

  describe('over the labelled trials', () => {
    const report = measureQuality();

    it('should label at least 30 trials across at least 8 conditions', () => {
      const labels = parseLabels(readFileSync(DEFAULT_LABELS_FILE(), 'utf8'));
      expect(report.trials).toBeGreaterThanOrEqual(30);
      expect(new Set(labels.flatMap((l) => l.conditions)).size).toBeGreaterThanOrEqual(8);
    });

    it('should keep overall precision and recall above their floors', () => {
      expect(report.overall.precision).toBeGreaterThanOrEqual(OVERALL_PRECISION_FLOOR);
      expect(report.overall.recall).toBeGreaterThanOrEqual(OVERALL_RECALL_FLOOR);
    });

    it('should keep precision and recall of the rules that may exclude above their floors', () => {
      expect(report.exclusions.precision).toBeGreaterThanOrEqual(EXCLUSION_PRECISION_FLOOR);
      expect(report.exclusions.recall).toBeGreaterThanOrEqual(EXCLUSION_RECALL_FLOOR);
    });

    it('should keep precision of each family with at least 5 labelled rules above its floor', () => {
      const below = (report.families ?? [])
        .filter((f) => f.labelled >= 5)
        .filter(
          (f) =>
            f.precision <
            (FAMILY_PRECISION_FLOORS[f.family as CriterionFamily] ?? OVERALL_PRECISION_FLOOR),
        )
        .map((f) => `${f.family} ${(f.precision * 100).toFixed(1)}%`);
      expect(below).toEqual([]);
    });
  });
  describe('over the held-out trials (labelled blind)', () => {
    const labelsFile = DEFAULT_HOLDOUT_LABELS_FILE();
    const report = measureQuality(labelsFile);

    it('should label 16 trials not in the development set, across at least 6 conditions', () => {
      const labels = parseLabels(readFileSync(labelsFile, 'utf8'));
      const development = new Set(
        parseLabels(readFileSync(DEFAULT_LABELS_FILE(), 'utf8')).map((l) => l.nctId),
      );
      expect(report.trials).toBe(16);
      expect(labels.filter((l) => development.has(l.nctId))).toEqual([]);
      expect(new Set(labels.flatMap((l) => l.conditions)).size).toBeGreaterThanOrEqual(6);
    });

    it('should keep overall precision and recall above their held-out floors', () => {
      expect(report.overall.precision).toBeGreaterThanOrEqual(HOLDOUT_OVERALL_PRECISION_FLOOR);
      expect(report.overall.recall).toBeGreaterThanOrEqual(HOLDOUT_OVERALL_RECALL_FLOOR);
    });

    it('should keep precision of each family with at least 5 held-out labels above its floor', () => {
      const below = (report.families ?? [])
        .filter((f) => f.labelled >= 5)
        .filter(
          (f) =>
            f.precision <
            (HOLDOUT_FAMILY_PRECISION_FLOORS[f.family as CriterionFamily] ??
              HOLDOUT_OVERALL_PRECISION_FLOOR),
        )
        .map((f) => `${f.family} ${(f.precision * 100).toFixed(1)}%`);
      expect(below).toEqual([]);
    });
  });

  describe('over all blind-labelled trials (both held-out files)', () => {
    const files = [DEFAULT_HOLDOUT_LABELS_FILE(), heldOutLabelsFile(2)];
    const report = measureQuality(files);

    it('should hold at least 50 new held-out trials, none of them in another labelled file', () => {
      const second = read(heldOutLabelsFile(2)).map((l) => l.nctId);
      const others = new Set(
        [DEFAULT_LABELS_FILE(), DEFAULT_HOLDOUT_LABELS_FILE()].flatMap((f) =>
          read(f).map((l) => l.nctId),
        ),
      );
      expect(second.length).toBeGreaterThanOrEqual(50);
      expect(new Set(second).size).toBe(second.length);
      expect(second.filter((id) => others.has(id))).toEqual([]);
    });

    it('should label at least 120 trials, at least 4 of each of the 17 conditions', () => {
      const all = [DEFAULT_LABELS_FILE(), ...files].flatMap(read);
      expect(new Set(all.map((l) => l.nctId)).size).toBeGreaterThanOrEqual(120);
      const fewer = CONDITION_KEYS.filter(
        (c) => all.filter((l) => l.conditions.includes(c)).length < 4,
      );
      expect(fewer).toEqual([]);
    });

    it('should keep overall precision and recall above their held-out floors', () => {
      expect(report.overall.precision).toBeGreaterThanOrEqual(ALL_HOLDOUT_PRECISION_FLOOR);
      expect(report.overall.recall).toBeGreaterThanOrEqual(ALL_HOLDOUT_RECALL_FLOOR);
    });

    it('should keep precision and recall of the rules that may exclude above their held-out floors', () => {
      expect(report.exclusions.precision).toBeGreaterThanOrEqual(
        ALL_HOLDOUT_EXCLUSION_PRECISION_FLOOR,
      );
      expect(report.exclusions.recall).toBeGreaterThanOrEqual(ALL_HOLDOUT_EXCLUSION_RECALL_FLOOR);
    });

    it('should keep precision of each family with at least 5 held-out labels above its floor', () => {
      const below = report.families
        .filter((f) => f.labelled >= 5)
        .filter(
          (f) =>
            f.precision <
            (ALL_HOLDOUT_FAMILY_PRECISION_FLOORS[f.family as CriterionFamily] ??
              ALL_HOLDOUT_PRECISION_FLOOR),
        )
        .map((f) => `${f.family} ${(f.precision * 100).toFixed(1)}%`);
      expect(below).toEqual([]);
    });
  });

  /**
   * The third held-out part (eligibility-labels-holdout-3.json): the trials of the third held-out
   * vignette round picked for the conditions the first two held-out files cover least, labelled
   * blind on 2026-11-24. Floors at the figures measured then on the engine of main (README);
   * the report is made inside the tests so that reading the file's shape does not run the engine.
   */
  describe('over the third held-out part (labelled blind 2026-11-24)', () => {
    let report: ReturnType<typeof measureQuality>;
    const measured = (): ReturnType<typeof measureQuality> =>
      (report ??= measureQuality(heldOutLabelsFile(3)));

    it('should hold at least 50 trials, none of them in another labelled file', () => {
      const third = read(heldOutLabelsFile(3)).map((l) => l.nctId);
      const others = new Set(
        [DEFAULT_LABELS_FILE(), DEFAULT_HOLDOUT_LABELS_FILE(), heldOutLabelsFile(2)]
          .flatMap(read)
          .map((l) => l.nctId),
      );
      expect(third.length).toBeGreaterThanOrEqual(50);
      expect(new Set(third).size).toBe(third.length);
      expect(third.filter((id) => others.has(id))).toEqual([]);
    });

    it('should keep overall precision and recall above their floors', () => {
      expect(measured().overall.precision).toBeGreaterThanOrEqual(HOLDOUT_3_PRECISION_FLOOR);
      expect(measured().overall.recall).toBeGreaterThanOrEqual(HOLDOUT_3_RECALL_FLOOR);
    });

    it('should keep precision and recall of the rules that may exclude above their floors', () => {
      expect(measured().exclusions.precision).toBeGreaterThanOrEqual(
        HOLDOUT_3_EXCLUSION_PRECISION_FLOOR,
      );
      expect(measured().exclusions.recall).toBeGreaterThanOrEqual(HOLDOUT_3_EXCLUSION_RECALL_FLOOR);
    });
  });

  /**
   * The fourth held-out part (eligibility-labels-holdout-4.json): trials of the fourth held-out
   * vignette round (test/fixtures/eligibility-vignettes-holdout-4.json, _trials), labelled rule
   * by rule, blind, on 2026-11-24, in the order fixed before labelling (the conditions by key,
   * each condition's picks in hash order, each trial once).
   */
  describe('over the fourth held-out part (labelled blind 2026-11-24)', () => {
    let report: ReturnType<typeof measureQuality>;
    const measured = (): ReturnType<typeof measureQuality> =>
      (report ??= measureQuality(heldOutLabelsFile(4)));

    it('should hold every trial of the fourth vignette round, none in another labelled file', () => {
      const fourth = read(heldOutLabelsFile(4)).map((l) => l.nctId);
      const others = new Set(
        [
          DEFAULT_LABELS_FILE(),
          DEFAULT_HOLDOUT_LABELS_FILE(),
          heldOutLabelsFile(2),
          heldOutLabelsFile(3),
        ]
          .flatMap(read)
          .map((l) => l.nctId),
      );
      const round = JSON.parse(readFileSync(heldOutVignettesFile(4), 'utf8')) as {
        _trials: Record<string, string[]>;
      };
      const picks = new Set(Object.values(round._trials).flat());
      expect(fourth.length).toBeGreaterThanOrEqual(55);
      expect(new Set(fourth).size).toBe(fourth.length);
      expect(fourth.filter((id) => others.has(id))).toEqual([]);
      expect(fourth.filter((id) => !picks.has(id))).toEqual([]);
      expect([...picks].filter((id) => !fourth.includes(id))).toEqual([]);
    });

    it('should keep overall precision and recall above their floors', () => {
      expect(measured().overall.precision).toBeGreaterThanOrEqual(HOLDOUT_4_PRECISION_FLOOR);
      expect(measured().overall.recall).toBeGreaterThanOrEqual(HOLDOUT_4_RECALL_FLOOR);
    });

    it('should keep precision and recall of the rules that may exclude above their floors', () => {
      expect(measured().exclusions.precision).toBeGreaterThanOrEqual(
        HOLDOUT_4_EXCLUSION_PRECISION_FLOOR,
      );
      expect(measured().exclusions.recall).toBeGreaterThanOrEqual(HOLDOUT_4_EXCLUSION_RECALL_FLOOR);
    });
  });

  /**
   * The fifth held-out part (eligibility-labels-holdout-5.json): every trial of the fifth
   * held-out vignette round (test/fixtures/eligibility-vignettes-holdout-5.json, _trials),
   * labelled rule by rule, blind, on 2026-11-24, in the order fixed before labelling.
   */
  describe('over the fifth held-out part (labelled blind 2026-11-24)', () => {
    let report: ReturnType<typeof measureQuality>;
    const measured = (): ReturnType<typeof measureQuality> =>
      (report ??= measureQuality(heldOutLabelsFile(5)));

    it('should hold every trial of the fifth vignette round, none in another labelled file', () => {
      const fifth = read(heldOutLabelsFile(5)).map((l) => l.nctId);
      const others = new Set(
        [
          DEFAULT_LABELS_FILE(),
          DEFAULT_HOLDOUT_LABELS_FILE(),
          heldOutLabelsFile(2),
          heldOutLabelsFile(3),
          heldOutLabelsFile(4),
        ]
          .flatMap(read)
          .map((l) => l.nctId),
      );
      const round = JSON.parse(readFileSync(heldOutVignettesFile(5), 'utf8')) as {
        _trials: Record<string, string[]>;
      };
      const picks = Object.values(round._trials).flat();
      expect(fifth.length).toBe(51);
      expect(new Set(fifth).size).toBe(fifth.length);
      expect(fifth.filter((id) => others.has(id))).toEqual([]);
      // In the order fixed before labelling: the conditions by key, each condition's picks in
      // hash order, each trial once.
      expect(fifth).toEqual([...new Set(picks)]);
    });

    it('should keep overall precision and recall above their floors', () => {
      expect(measured().overall.precision).toBeGreaterThanOrEqual(HOLDOUT_5_PRECISION_FLOOR);
      expect(measured().overall.recall).toBeGreaterThanOrEqual(HOLDOUT_5_RECALL_FLOOR);
    });

    it('should keep precision and recall of the rules that may exclude above their floors', () => {
      expect(measured().exclusions.precision).toBeGreaterThanOrEqual(
        HOLDOUT_5_EXCLUSION_PRECISION_FLOOR,
      );
      expect(measured().exclusions.recall).toBeGreaterThanOrEqual(HOLDOUT_5_EXCLUSION_RECALL_FLOOR);
    });
  });

  /**
   * The sixth held-out part (eligibility-labels-holdout-6.json): every trial of the sixth
   * held-out vignette round (test/fixtures/eligibility-vignettes-holdout-6.json, _trials),
   * labelled rule by rule, blind, on 2026-11-24, in the order fixed before labelling.
   */
  describe('over the sixth held-out part (labelled blind 2026-11-24)', () => {
    let report: ReturnType<typeof measureQuality>;
    const measured = (): ReturnType<typeof measureQuality> =>
      (report ??= measureQuality(heldOutLabelsFile(6)));

    it('should hold every trial of the sixth vignette round, none in another labelled file', () => {
      const sixth = read(heldOutLabelsFile(6)).map((l) => l.nctId);
      const others = new Set(
        CALIBRATION_LABELS_FILES()
          .filter((file) => file !== heldOutLabelsFile(6))
          .flatMap(read)
          .map((l) => l.nctId),
      );
      const round = JSON.parse(readFileSync(heldOutVignettesFile(6), 'utf8')) as {
        _trials: Record<string, string[]>;
      };
      const picks = Object.values(round._trials).flat();
      expect(sixth.length).toBe(56);
      expect(sixth.filter((id) => others.has(id))).toEqual([]);
      // In the order fixed before labelling: the conditions by key, each condition's picks in
      // hash order, each trial once.
      expect(sixth).toEqual([...new Set(picks)]);
    });

    it('should keep overall precision and recall above their floors', () => {
      expect(measured().overall.precision).toBeGreaterThanOrEqual(HOLDOUT_6_FLOORS.precision);
      expect(measured().overall.recall).toBeGreaterThanOrEqual(HOLDOUT_6_FLOORS.recall);
    });

    it('should keep precision and recall of the rules that may exclude above their floors', () => {
      expect(measured().exclusions.precision).toBeGreaterThanOrEqual(
        HOLDOUT_6_FLOORS.exclusionPrecision,
      );
      expect(measured().exclusions.recall).toBeGreaterThanOrEqual(HOLDOUT_6_FLOORS.exclusionRecall);
    });
  });
  /**
   * Calibration labels of round 9 (eligibility-labels-calibration-9.json): lung and melanoma
   * trials of the calibration pool, taken in the order fixed before labelling (its `_about`).
   */
  describe('over the calibration trials of round 9', () => {
    /**
     * Measured 2026-11-24 on 156 trials (1173 labels) after round 9's classes: all rules 78.4%
     * precise (847/1080), 72.2% recall (847/1173); rules that may exclude 100.0% (166/166), recall
     * 23.0% (166/721), 0 wrong. Floors at those figures.
     */
    // Round 10a (measurable disease required and a stage minimum in inclusion may exclude; one
    // missed label added, NCT04691388's measurable disease: 1174 labels): all rules 78.8%
    // (850/1078), 72.4% (850/1174); rules that may exclude 100.0% (236/236), recall 32.7%
    // (236/722). Exclusion recall raised to it.
    // Round 10c (uveal melanoma and brain metastases excluded, six subtype classes by pool, may exclude); adenosquamous excluded added for two trials (1176 labels): all rules 79.8%
    // (872/1093), 74.1% (872/1176); rules that may exclude 100.0% (287/287), 39.6% (287/724).
    // Raised to them.
    // Round 11b (subtype, biomarker): all rules 81.9% (878/1072), 74.7% (878/1176); rules that
    // may exclude 100.0% (362/362), 50.0% (362/724): floors raised to them.
    const CALIBRATION_9_FLOORS = {
      precision: 0.81,
      recall: 0.74,
      exclusionPrecision: 1,
      // Round 10 (10a, 10b and 10c merged, a new diagnosis read as not relapsed; main after d76f872): 100.0% (309/309),
      // 42.7% (309/724): floor raised to it.
      exclusionRecall: 0.5,
    };
    let report: ReturnType<typeof measureQuality>;
    const measured = (): ReturnType<typeof measureQuality> =>
      (report ??= measureQuality(DEFAULT_CALIBRATION_9_LABELS_FILE()));
    const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
    const index = new Map(
      DEFAULT_CTGOV_DIRS().flatMap((dir) =>
        (
          JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as {
            nctId: string;
            conditions: string[];
            overallStatus: string;
          }[]
        ).map((e) => [e.nctId, e] as const),
      ),
    );

    it('should take lung and melanoma trials of its half of the split, in the fixed order', () => {
      const ids = read(DEFAULT_CALIBRATION_9_LABELS_FILE()).map((l) => l.nctId);
      expect(ids.length).toBeGreaterThanOrEqual(156);
      for (const id of ids) {
        const entry = index.get(id);
        expect(entry?.conditions.length).toBeGreaterThan(0);
        expect(entry?.conditions.every((c) => ['lung_cancer', 'melanoma'].includes(c))).toBe(true);
        expect(sha(`split7:${id}`)[0] >= '8').toBe(true);
      }
      const recruiting = (id: string): number =>
        ['RECRUITING', 'NOT_YET_RECRUITING'].includes(index.get(id)?.overallStatus ?? '') ? 0 : 1;
      expect(ids).toEqual(
        [...ids].sort(
          (a, b) =>
            recruiting(a) - recruiting(b) || sha(`calib9:${a}`).localeCompare(sha(`calib9:${b}`)),
        ),
      );
      const others = new Set(
        CALIBRATION_LABELS_FILES()
          .filter((file) => file !== DEFAULT_CALIBRATION_9_LABELS_FILE())
          .flatMap(read)
          .map((l) => l.nctId),
      );
      expect(ids.filter((id) => others.has(id))).toEqual([]);
    });

    it('should keep precision and recall of all rules and of those that may exclude above their floors', () => {
      expect(measured().overall.precision).toBeGreaterThanOrEqual(CALIBRATION_9_FLOORS.precision);
      expect(measured().overall.recall).toBeGreaterThanOrEqual(CALIBRATION_9_FLOORS.recall);
      expect(measured().exclusions.precision).toBeGreaterThanOrEqual(
        CALIBRATION_9_FLOORS.exclusionPrecision,
      );
      expect(measured().exclusions.recall).toBeGreaterThanOrEqual(
        CALIBRATION_9_FLOORS.exclusionRecall,
      );
    });
  });

  /**
   * The seventh held-out part (eligibility-labels-holdout-7.json): every trial of the seventh
   * held-out vignette round (test/fixtures/eligibility-vignettes-holdout-7.json, _trials),
   * labelled rule by rule, blind, on 2026-11-24, in the order fixed before labelling.
   */
  describe('over the seventh held-out part (labelled blind 2026-11-24)', () => {
    let report: ReturnType<typeof measureQuality>;
    const measured = (): ReturnType<typeof measureQuality> =>
      (report ??= measureQuality(heldOutLabelsFile(7)));

    it('should hold every trial of the seventh vignette round, none in another labelled file', () => {
      const seventh = read(heldOutLabelsFile(7)).map((l) => l.nctId);
      const others = new Set(
        [...CALIBRATION_LABELS_FILES(), heldOutLabelsFile(6)]
          .filter((f) => f !== heldOutLabelsFile(7))
          .flatMap(read)
          .map((l) => l.nctId),
      );
      const round = JSON.parse(readFileSync(heldOutVignettesFile(7), 'utf8')) as {
        _trials: Record<string, string[]>;
      };
      const picks = Object.values(round._trials).flat();
      expect(seventh.length).toBe(30);
      expect(seventh.filter((id) => others.has(id))).toEqual([]);
      // In the order fixed before labelling: the conditions by key, each condition's picks in
      // hash order, each trial once.
      expect(seventh).toEqual([...new Set(picks)]);
    });

    it('should keep overall precision and recall above their floors', () => {
      expect(measured().overall.precision).toBeGreaterThanOrEqual(HOLDOUT_7_FLOORS.precision);
      expect(measured().overall.recall).toBeGreaterThanOrEqual(HOLDOUT_7_FLOORS.recall);
    });

    it('should keep precision and recall of the rules that may exclude above their floors', () => {
      expect(measured().exclusions.precision).toBeGreaterThanOrEqual(
        HOLDOUT_7_FLOORS.exclusionPrecision,
      );
      expect(measured().exclusions.recall).toBeGreaterThanOrEqual(HOLDOUT_7_FLOORS.exclusionRecall);
    });
  });
  /**
   * The eighth held-out part (eligibility-labels-holdout-8.json): every trial of the eighth
   * held-out vignette round (test/fixtures/eligibility-vignettes-holdout-8.json, _trials),
   * labelled rule by rule, blind, on 2026-11-24.
   */
  describe('over the eighth held-out part (labelled blind 2026-11-24)', () => {
    let report: ReturnType<typeof measureQuality>;
    const measured = (): ReturnType<typeof measureQuality> =>
      (report ??= measureQuality(heldOutLabelsFile(8)));

    it('should hold every trial of the eighth vignette round, none in another labelled file', () => {
      const eighth = read(heldOutLabelsFile(8)).map((l) => l.nctId);
      const others = new Set(
        [...CALIBRATION_LABELS_FILES(), heldOutLabelsFile(6), heldOutLabelsFile(7)]
          .filter((f) => f !== heldOutLabelsFile(8))
          .flatMap(read)
          .map((l) => l.nctId),
      );
      const round = JSON.parse(readFileSync(heldOutVignettesFile(8), 'utf8')) as {
        _trials: Record<string, string[]>;
      };
      expect(eighth.length).toBe(29);
      expect(eighth.filter((id) => others.has(id))).toEqual([]);
      expect([...eighth].sort()).toEqual([...new Set(Object.values(round._trials).flat())].sort());
    });

    it('should keep overall precision and recall above their floors', () => {
      expect(measured().overall.precision).toBeGreaterThanOrEqual(HOLDOUT_8_FLOORS.precision);
      expect(measured().overall.recall).toBeGreaterThanOrEqual(HOLDOUT_8_FLOORS.recall);
    });

    it('should keep precision and recall of the rules that may exclude above their floors', () => {
      expect(measured().exclusions.precision).toBeGreaterThanOrEqual(
        HOLDOUT_8_FLOORS.exclusionPrecision,
      );
      expect(measured().exclusions.recall).toBeGreaterThanOrEqual(HOLDOUT_8_FLOORS.exclusionRecall);
    });
  });
  /**
   * A held-out part labelled blind with its vignette round: every trial of the round (`_trials` of
   * its vignettes file), labelled rule by rule, none in another labelled file; its figures at
   * their floors.
   */
  function describeLabelledRound(round: {
    name: string;
    date: string;
    labels: () => string;
    vignettes: () => string;
    trials: number;
    floors: typeof HOLDOUT_9_FLOORS;
  }): void {
    describe(`over the ${round.name} held-out part (labelled blind ${round.date})`, () => {
      let report: ReturnType<typeof measureQuality>;
      const measured = (): ReturnType<typeof measureQuality> =>
        (report ??= measureQuality(round.labels()));

      it(`should hold every trial of the ${round.name} vignette round, none in another labelled file`, () => {
        const ours = read(round.labels()).map((l) => l.nctId);
        const others = new Set(
          CALIBRATION_LABELS_FILES()
            .filter((f) => f !== round.labels())
            .flatMap(read)
            .map((l) => l.nctId),
        );
        const trials = JSON.parse(readFileSync(round.vignettes(), 'utf8')) as {
          _trials: Record<string, string[]>;
        };
        expect(ours.length).toBe(round.trials);
        expect(ours.filter((id) => others.has(id))).toEqual([]);
        expect([...ours].sort()).toEqual([...new Set(Object.values(trials._trials).flat())].sort());
      });

      it('should keep overall precision and recall above their floors', () => {
        expect(measured().overall.precision).toBeGreaterThanOrEqual(round.floors.precision);
        expect(measured().overall.recall).toBeGreaterThanOrEqual(round.floors.recall);
      });

      it('should keep precision and recall of the rules that may exclude above their floors', () => {
        expect(measured().exclusions.precision).toBeGreaterThanOrEqual(
          round.floors.exclusionPrecision,
        );
        expect(measured().exclusions.recall).toBeGreaterThanOrEqual(round.floors.exclusionRecall);
      });
    });
  }

  describeLabelledRound({
    name: 'ninth',
    date: '2026-11-24',
    labels: () => heldOutLabelsFile(9),
    vignettes: () => heldOutVignettesFile(9),
    trials: 30,
    floors: HOLDOUT_9_FLOORS,
  });
  describeLabelledRound({
    name: 'tenth',
    date: '2026-11-24',
    labels: () => heldOutLabelsFile(10),
    vignettes: () => heldOutVignettesFile(10),
    trials: 25,
    floors: HOLDOUT_10_FLOORS,
  });
  describeLabelledRound({
    name: 'eleventh',
    date: '2026-11-25',
    labels: () => heldOutLabelsFile(11),
    vignettes: () => heldOutVignettesFile(11),
    trials: 20,
    floors: HOLDOUT_11_FLOORS,
  });
  describeLabelledRound({
    name: 'twelfth',
    date: '2026-11-25',
    labels: () => heldOutLabelsFile(12),
    vignettes: () => heldOutVignettesFile(12),
    trials: 15,
    floors: HOLDOUT_12_FLOORS,
  });
  describeLabelledRound({
    name: 'thirteenth',
    date: '2026-11-25',
    labels: () => heldOutLabelsFile(13),
    vignettes: () => heldOutVignettesFile(13),
    trials: 15,
    floors: HOLDOUT_13_FLOORS,
  });
  describeLabelledRound({
    name: 'fourteenth',
    date: '2026-11-25',
    labels: () => heldOutLabelsFile(14),
    vignettes: () => heldOutVignettesFile(14),
    trials: 15,
    floors: HOLDOUT_14_FLOORS,
  });
  describeLabelledRound({
    name: 'fifteenth',
    date: '2026-11-25',
    labels: () => heldOutLabelsFile(15),
    vignettes: () => heldOutVignettesFile(15),
    trials: 15,
    floors: HOLDOUT_15_FLOORS,
  });
  describeLabelledRound({
    name: 'sixteenth',
    date: '2026-11-25',
    labels: () => heldOutLabelsFile(16),
    vignettes: () => heldOutVignettesFile(16),
    trials: 30,
    floors: HOLDOUT_16_FLOORS,
  });
  describeLabelledRound({
    name: 'seventeenth (the held-out part now)',
    date: '2026-11-29',
    labels: () => heldOutLabelsFile(17),
    vignettes: () => heldOutVignettesFile(17),
    trials: 25,
    floors: HOLDOUT_17_FLOORS,
  });
});
