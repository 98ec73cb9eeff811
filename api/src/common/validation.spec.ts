import { BadRequestException } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, ValidateNested, ValidationError } from 'class-validator';
import { createValidationPipe, flattenValidationErrors } from './validation';

function error(
  property: string,
  constraints?: Record<string, string>,
  children: ValidationError[] = [],
): ValidationError {
  return Object.assign(new ValidationError(), { property, constraints, children });
}

describe('flattenValidationErrors', () => {
  it('should map each field to its first failed rule', () => {
    expect(
      flattenValidationErrors([
        error('email', { isEmail: 'email must be an email', isNotEmpty: 'x' }),
        error('radius', { isInt: 'radius must be an integer' }),
      ]),
    ).toEqual({ email: 'isEmail', radius: 'isInt' });
  });

  it('should name nested fields by their path', () => {
    expect(
      flattenValidationErrors([
        error('location', undefined, [error('lat', { isLatitude: 'bad' })]),
      ]),
    ).toEqual({ 'location.lat': 'isLatitude' });
  });
});

class DecisionDto {
  @ApiPropertyOptional({ type: Boolean, nullable: true })
  @IsOptional()
  @IsBoolean()
  approved?: boolean | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  note?: string;
}

class BoardMoveDto {
  @ApiPropertyOptional({ type: DecisionDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => DecisionDto)
  decision?: DecisionDto;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  phone?: string;
}

describe('createValidationPipe', () => {
  const pipe = createValidationPipe();
  const validate = (body: object) =>
    pipe.transform(body, { type: 'body', metatype: BoardMoveDto }).then(
      () => null,
      (e: BadRequestException) => (e.getResponse() as { errors: Record<string, string> }).errors,
    );

  it('should refuse null for an optional field that is not nullable, at any depth', async () => {
    expect(await validate({ phone: null })).toEqual({ phone: 'isNotNull' });
    expect(await validate({ decision: { note: null } })).toEqual({ 'decision.note': 'isNotNull' });
  });

  it('should accept null where the field is declared nullable, and absent fields', async () => {
    expect(await validate({ decision: { approved: null } })).toBeNull();
    expect(await validate({})).toBeNull();
  });
});
