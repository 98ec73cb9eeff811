/** class-transformer helpers for request DTOs: `@Transform(trim)`. */
type TransformInput = { value: unknown };

export const trim = ({ value }: TransformInput): unknown =>
  typeof value === 'string' ? value.trim() : value;

/** E-mail addresses: compared and stored lowercased. */
export const trimLower = ({ value }: TransformInput): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;
