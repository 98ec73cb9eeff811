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

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const fields = flattenValidationErrors(errors);
      return new BadRequestException({
        statusCode: 400,
        message: `Validation failed: ${Object.keys(fields).join(', ')}`,
        errors: fields,
      });
    },
  });
}
