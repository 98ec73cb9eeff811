import { type CriterionKey, type EligibilityRule, isCriterionKey } from '@trialflow/contract';

/**
 * The eligibility curation file: a site's hand corrections of extracted rules, applied after
 * extraction at every import (and when rules are derived again).
 *
 * A JSON object keyed by NCT id (`NCT` + 8 digits); each value:
 *
 * ```json
 * {
 *   "NCT01234567": {
 *     "note": "Why: who checked what, when.",
 *     "drop":   [{ "key": "metastatic", "kind": "required", "section": "inclusion" }],
 *     "change": [{ "match": { "key": "ecog", "section": "inclusion" }, "set": { "max": 1 } }],
 *     "add":    [{ "key": "egfr", "kind": "excluded", "section": "exclusion", "text": "…" }]
 *   }
 * }
 * ```
 *
 * - `drop` removes every rule matching the selector (key, and kind / section when given).
 * - `change` updates every rule matching `match` with the fields of `set` (not `key`).
 * - `add` appends rules; `section` defaults to 'inclusion'; without `text` the rule reads
 *   "Added by curation" plus the note.
 * Changed and added rules get `source: 'curation'`. The order is drop, change, add.
 * Keys starting with "_" (e.g. "_comment") are ignored.
 */

export interface RuleSelector {
  key: CriterionKey;
  kind?: EligibilityRule['kind'];
  section?: EligibilityRule['section'];
}

export type CuratedRule = Omit<EligibilityRule, 'source' | 'text' | 'section'> & {
  section?: EligibilityRule['section'];
  text?: string;
};

export type RuleChange = Partial<Omit<EligibilityRule, 'key' | 'source'>>;

export interface CurationEntry {
  add?: CuratedRule[];
  drop?: RuleSelector[];
  change?: { match: RuleSelector; set: RuleChange }[];
  note?: string;
}

export type Curation = Record<string, CurationEntry>;

const NCT_ID = /^NCT\d{8}$/;
const KINDS = ['required', 'excluded', 'range'];
const SECTIONS = ['structured', 'inclusion', 'exclusion'];
const RULE_FIELDS = new Set([
  'key',
  'kind',
  'anyOf',
  'confidence',
  'min',
  'max',
  'value',
  'qualified',
  'section',
  'text',
]);
const ENTRY_FIELDS = new Set(['add', 'drop', 'change', 'note']);

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

class Problem extends Error {}

function checkKey(value: unknown, where: string): CriterionKey {
  if (typeof value !== 'string' || !isCriterionKey(value)) {
    throw new Problem(`${where}: unknown criterion key ${JSON.stringify(value)}`);
  }
  return value;
}

function checkSelector(value: unknown, where: string): RuleSelector {
  if (!isObject(value)) {
    throw new Problem(`${where}: expected an object {key, kind?, section?}`);
  }
  for (const field of Object.keys(value)) {
    if (!['key', 'kind', 'section'].includes(field)) {
      throw new Problem(`${where}: unknown field '${field}'`);
    }
  }
  const selector: RuleSelector = { key: checkKey(value.key, where) };
  if (value.kind !== undefined) {
    if (!KINDS.includes(value.kind as string)) {
      throw new Problem(
        `${where}: bad kind ${JSON.stringify(value.kind)} (required, excluded, range)`,
      );
    }
    selector.kind = value.kind as RuleSelector['kind'];
  }
  if (value.section !== undefined) {
    if (!SECTIONS.includes(value.section as string)) {
      throw new Problem(`${where}: bad section ${JSON.stringify(value.section)}`);
    }
    selector.section = value.section as RuleSelector['section'];
  }
  return selector;
}

/** Validates rule fields; `partial` for a change's `set` (no key, nothing required). */
function checkRuleFields(value: unknown, where: string, partial: boolean): Json {
  if (!isObject(value)) {
    throw new Problem(`${where}: expected an object`);
  }
  for (const field of Object.keys(value)) {
    if (!RULE_FIELDS.has(field) || (partial && field === 'key')) {
      throw new Problem(`${where}: unknown or unchangeable field '${field}'`);
    }
  }
  if (!partial) {
    checkKey(value.key, where);
  }
  if ((!partial || value.kind !== undefined) && !KINDS.includes(value.kind as string)) {
    throw new Problem(
      `${where}: bad kind ${JSON.stringify(value.kind)} (required, excluded, range)`,
    );
  }
  if (value.section !== undefined && !SECTIONS.includes(value.section as string)) {
    throw new Problem(`${where}: bad section ${JSON.stringify(value.section)}`);
  }
  for (const bound of ['min', 'max'] as const) {
    if (
      value[bound] !== undefined &&
      (typeof value[bound] !== 'number' || !Number.isFinite(value[bound]))
    ) {
      throw new Problem(`${where}: ${bound} must be a number, got ${JSON.stringify(value[bound])}`);
    }
  }
  if (typeof value.min === 'number' && typeof value.max === 'number' && value.min > value.max) {
    throw new Problem(`${where}: min ${value.min} is above max ${value.max}`);
  }
  if (!partial && value.kind === 'range' && value.min === undefined && value.max === undefined) {
    throw new Problem(`${where}: a range needs min or max`);
  }
  if (value.anyOf !== undefined) {
    if (!Array.isArray(value.anyOf)) {
      throw new Problem(`${where}: anyOf must be an array of criterion keys`);
    }
    value.anyOf.forEach((k, i) => checkKey(k, `${where}.anyOf[${i}]`));
  }
  if (value.qualified !== undefined && typeof value.qualified !== 'boolean') {
    throw new Problem(`${where}: qualified must be true or false`);
  }
  if (value.confidence !== undefined && !['high', 'low'].includes(value.confidence as string)) {
    throw new Problem(`${where}: bad confidence ${JSON.stringify(value.confidence)} (high, low)`);
  }
  for (const field of ['value', 'text'] as const) {
    if (value[field] !== undefined && typeof value[field] !== 'string') {
      throw new Problem(`${where}: ${field} must be a string`);
    }
  }
  if (!partial && value.key === 'gender' && value.value !== 'male' && value.value !== 'female') {
    throw new Problem(`${where}: a gender rule needs value "male" or "female"`);
  }
  return value;
}

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) {
    throw new Problem(`${where}: expected an array`);
  }
  return value;
}

function checkEntry(value: unknown): CurationEntry {
  if (!isObject(value)) {
    throw new Problem('expected an object with add, drop, change or note');
  }
  for (const field of Object.keys(value)) {
    if (!ENTRY_FIELDS.has(field)) {
      throw new Problem(`unknown field '${field}' (add, drop, change, note)`);
    }
  }
  const entry: CurationEntry = {};
  if (value.note !== undefined) {
    if (typeof value.note !== 'string') {
      throw new Problem('note must be a string');
    }
    entry.note = value.note;
  }
  if (value.drop !== undefined) {
    entry.drop = list(value.drop, 'drop').map((s, i) => checkSelector(s, `drop[${i}]`));
  }
  if (value.change !== undefined) {
    entry.change = list(value.change, 'change').map((c, i) => {
      if (!isObject(c)) {
        throw new Problem(`change[${i}]: expected {match, set}`);
      }
      return {
        match: checkSelector(c.match, `change[${i}].match`),
        set: checkRuleFields(c.set, `change[${i}].set`, true),
      };
    });
  }
  if (value.add !== undefined) {
    entry.add = list(value.add, 'add').map(
      (r, i) => checkRuleFields(r, `add[${i}]`, false) as unknown as CuratedRule,
    );
  }
  return entry;
}

/** Parses and validates a curation file; errors name the file, the NCT id and the problem. */
export function parseCurationFile(text: string, fileName: string): Curation {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `${fileName}: not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (!isObject(data)) {
    throw new Error(`${fileName}: expected a JSON object keyed by NCT id`);
  }
  const curation: Curation = {};
  for (const [id, value] of Object.entries(data)) {
    if (id.startsWith('_')) {
      continue;
    }
    if (!NCT_ID.test(id)) {
      throw new Error(`${fileName}: ${id}: malformed NCT id (expected NCT and 8 digits)`);
    }
    try {
      curation[id] = checkEntry(value);
    } catch (error) {
      if (error instanceof Problem) {
        throw new Error(`${fileName}: ${id}: ${error.message}`, { cause: error });
      }
      throw error;
    }
  }
  return curation;
}

function selects(selector: RuleSelector, rule: EligibilityRule): boolean {
  return (
    selector.key === rule.key &&
    (selector.kind === undefined || selector.kind === rule.kind) &&
    (selector.section === undefined || selector.section === rule.section)
  );
}

/** Applies a trial's curation entry (if any) to its extracted rules. */
export function applyCuration(
  nctId: string,
  rules: EligibilityRule[],
  curation: Curation,
): EligibilityRule[] {
  const entry = curation[nctId.toUpperCase()];
  if (!entry) {
    return rules;
  }
  let out = rules.filter((r) => !(entry.drop ?? []).some((s) => selects(s, r)));
  for (const change of entry.change ?? []) {
    out = out.map((r) =>
      selects(change.match, r) ? { ...r, ...change.set, source: 'curation' } : r,
    );
  }
  for (const added of entry.add ?? []) {
    const text =
      added.text?.trim() || (entry.note ? `Added by curation: ${entry.note}` : 'Added by curation');
    out.push({ ...added, section: added.section ?? 'inclusion', source: 'curation', text });
  }
  return out;
}
