import { ValidationError } from 'class-validator';
import { flattenValidationErrors } from './validation';

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
