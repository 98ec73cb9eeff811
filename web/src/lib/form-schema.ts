import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { validate, Validator } from './validators';

/** How one field is checked. Messages are translation keys. */
export interface FieldRules<TValues> {
  /** Message key when the field is empty (a string of spaces or an unticked checkbox). */
  required?: string;
  validators?: readonly Validator[];
  /** Show the validators' messages for an empty value too (spec 02 §5 additional error). */
  showWhenEmpty?: boolean;
  /** Extra checks that need the other values (e.g. a dialling prefix). */
  custom?: (value: string, values: TValues) => readonly string[];
}

export type FormSchema<TValues extends FieldValues> = {
  [K in keyof TValues]?: FieldRules<TValues>;
};

/** The message keys of a field error are kept in its `message`, one per line. */
export const MESSAGE_SEPARATOR = '\n';

/** The message keys of one field, in order; empty when it passes. */
export function checkField<TValues extends FieldValues>(
  rules: FieldRules<TValues>,
  raw: unknown,
  values: TValues,
): string[] {
  if (typeof raw === 'boolean') {
    return rules.required && !raw ? [rules.required] : [];
  }
  const value = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : '';
  if (value.trim() === '' && rules.required) {
    return [rules.required];
  }
  return [
    ...validate(value, rules.validators ?? [], { showWhenEmpty: rules.showWhenEmpty }),
    ...(value.trim() === '' && !rules.showWhenEmpty ? [] : (rules.custom?.(value, values) ?? [])),
  ];
}

/**
 * A react-hook-form resolver from a schema of validators (the house style asks for a schema
 * resolver; the rules are spec 02 §5's, so they live in `lib/validators`, not in a library).
 */
export function schemaResolver<TValues extends FieldValues>(
  schema: FormSchema<TValues>,
): Resolver<TValues> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const name of Object.keys(schema) as Array<keyof TValues & string>) {
      const rules = schema[name];
      if (!rules) {
        continue;
      }
      const keys = checkField(rules, values[name], values);
      if (keys.length > 0) {
        errors[name] = { type: 'validate', message: keys.join(MESSAGE_SEPARATOR) };
      }
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<TValues> }
      : { values, errors: {} };
  };
}
