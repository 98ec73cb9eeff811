import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

/** Flattens class-validator errors into { 'a.b': 'isEmail' } (first failed rule per field). */
export function flattenValidationErrors(
  errors: ValidationError[],
  parent = '',
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const codes = Object.keys(error.constraints ?? {});
    if (codes.length > 0) {
      out[path] = codes[0];
    }
    if (error.children && error.children.length > 0) {
      Object.assign(out, flattenValidationErrors(error.children, path));
    }
  }
  return out;
}

/** The first failed rule's message of each field, in order (custom messages included). */
export function validationMessages(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => {
    const own = Object.values(error.constraints ?? {}).slice(0, 1);
    return [...own, ...validationMessages(error.children ?? [])];
  });
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // One message per field: the first rule it fails (rules run from the property upwards).
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      return new BadRequestException({
        statusCode: 400,
        message: validationMessages(errors).join('; '),
        errors: flattenValidationErrors(errors),
      });
    },
  });
}
