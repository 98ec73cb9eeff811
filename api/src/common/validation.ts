import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import { getMetadataStorage, ValidationTypes, ValidatorOptions } from 'class-validator';

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

/** True when the DTO property skips its rules when absent (@IsOptional) yet is not nullable. */
function refusesNull(target: object, property: string): boolean {
  const optional = getMetadataStorage()
    .getTargetValidationMetadatas(target.constructor, '', true, false)
    .some((m) => m.propertyName === property && m.type === ValidationTypes.CONDITIONAL_VALIDATION);
  if (!optional) {
    // Without @IsOptional the property's own rules (IsString, …) already refuse null.
    return false;
  }
  const swagger = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, target, property) as
    { nullable?: boolean } | undefined;
  return swagger?.nullable !== true;
}

/**
 * class-validator's @IsOptional lets `null` through like a missing field, and a null then
 * reached a NOT NULL column (500). Here `null` is refused for every optional DTO property
 * that is not declared `nullable: true` in Swagger, at any depth of nested DTOs.
 */
export function findForbiddenNulls(object: object, parent = ''): ValidationError[] {
  const errors: ValidationError[] = [];
  for (const [property, value] of Object.entries(object) as [string, unknown][]) {
    const path = parent ? `${parent}.${property}` : property;
    if (value === null && refusesNull(object, property)) {
      errors.push({
        target: object,
        property: path,
        value,
        constraints: { isNotNull: `${path} must not be null` },
        children: [],
      });
    } else if (Array.isArray(value)) {
      value.forEach((item: unknown, i) => {
        if (isDtoInstance(item)) {
          errors.push(...findForbiddenNulls(item, `${path}.${i}`));
        }
      });
    } else if (isDtoInstance(value)) {
      errors.push(...findForbiddenNulls(value, path));
    }
  }
  return errors;
}

function isDtoInstance(value: unknown): value is object {
  return (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) !== Object.prototype &&
    !Array.isArray(value)
  );
}

/** The global pipe: class-validator's rules plus the null rule above. */
class AppValidationPipe extends ValidationPipe {
  protected override async validate(
    object: object,
    validatorOptions?: ValidatorOptions,
  ): Promise<ValidationError[]> {
    const nulls = findForbiddenNulls(object);
    const errors = await super.validate(object, validatorOptions);
    const reported = new Set(errors.map((e) => e.property));
    return [...errors, ...nulls.filter((e) => !reported.has(e.property))];
  }
}

export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
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
