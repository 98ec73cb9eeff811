import { createTestI18n } from '@/testing/render';
import { checkField, schemaResolver } from './form-schema';
import {
  alphanumeric,
  email,
  fullName,
  joinMessages,
  length60,
  numbersOnly,
  password,
  phoneMax,
  phoneMin,
  validate,
} from './validators';

describe('validators (spec 02 §5)', () => {
  describe(email.name, () => {
    it('should accept standard addresses', () => {
      expect(email('dr.vega@hospital.example')).toBeNull();
      expect(email('a.b-c+tag@sub.domain.org')).toBeNull();
      expect(email('  padded@site.de ')).toBeNull();
    });

    it('should reject malformed addresses', () => {
      for (const value of [
        'plain',
        'no-at.example',
        'a@b',
        'a@@b.com',
        'a b@site.com',
        'a@site.c',
      ]) {
        expect(email(value)).toBe('validation.email');
      }
    });
  });

  describe(numbersOnly.name, () => {
    it('should accept digits and the empty value only', () => {
      expect(numbersOnly('')).toBeNull();
      expect(numbersOnly('0123456789')).toBeNull();
      expect(numbersOnly('12a')).toBe('validation.numbersOnly');
      expect(numbersOnly('12 3')).toBe('validation.numbersOnly');
      expect(numbersOnly('-1')).toBe('validation.numbersOnly');
    });
  });

  describe(length60.name, () => {
    it('should accept at most 60 characters', () => {
      expect(length60('x'.repeat(60))).toBeNull();
      expect(length60('x'.repeat(61))).toBe('validation.length60');
    });

    it('should count characters, not UTF-16 units', () => {
      expect(length60('😀'.repeat(60))).toBeNull();
    });
  });

  describe(fullName.name, () => {
    it('should accept letters of any alphabet, dots, spaces, apostrophes and hyphens', () => {
      for (const value of [
        '',
        'Lucía Vega',
        "O'Brien",
        'J. R. R.',
        'Jürgen Groß',
        'Ζωή',
        'Øystein',
        'Anna-Maria',
        'Müller-Lüdenscheidt',
      ]) {
        expect(fullName(value)).toBeNull();
      }
    });

    it('should reject digits and other signs', () => {
      for (const value of ['Anna2', 'Anna_', 'Anna@home', 'Anna/Maria']) {
        expect(fullName(value)).toBe('validation.fullName');
      }
    });
  });

  describe(alphanumeric.name, () => {
    it('should accept letters, digits and @ , . - _ ? ! apostrophe and spaces', () => {
      expect(alphanumeric("Charité - Universitätsmedizin, Berlin_1 @ 'x'?!")).toBeNull();
      expect(alphanumeric('')).toBeNull();
    });

    it('should reject other signs', () => {
      for (const value of ['A&B', 'Clinic #3', 'a/b', 'x;y']) {
        expect(alphanumeric(value)).toBe('validation.alphanumeric');
      }
    });
  });

  describe(phoneMin.name, () => {
    it('should need 4 digits after the dialling code', () => {
      expect(phoneMin('49')('+49 123')).toBe('validation.phoneMin');
      expect(phoneMin('49')('+49 1234')).toBeNull();
      expect(phoneMin('1')('+1 234')).toBe('validation.phoneMin');
      expect(phoneMin('1')('12345')).toBeNull();
      expect(phoneMin()('123')).toBe('validation.phoneMin');
    });
  });

  describe(phoneMax.name, () => {
    it('should allow at most 15 digits, prefix included', () => {
      expect(phoneMax('+49 123456789012 3')).toBeNull();
      expect(phoneMax('+49 1234567890123 4')).toBe('validation.phoneMax');
    });
  });

  describe(password.name, () => {
    it('should need more than 8 characters', () => {
      expect(password('12345678')).toBe('validation.password');
      expect(password('123456789')).toBeNull();
    });
  });

  describe(validate.name, () => {
    it('should report nothing for an empty value unless asked to', () => {
      expect(validate('', [email])).toEqual([]);
      expect(validate('   ', [email])).toEqual([]);
      expect(validate('', [email], { showWhenEmpty: true })).toEqual(['validation.email']);
    });

    it('should report every failing rule, in order', () => {
      const long = `${'x'.repeat(60)}1`;
      expect(validate(long, [fullName, length60])).toEqual([
        'validation.fullName',
        'validation.length60',
      ]);
      expect(validate('Ana', [fullName, length60])).toEqual([]);
    });

    it('should join both messages with a space in each language', () => {
      const keys = validate(`${'x'.repeat(60)}1`, [fullName, length60]);
      const en = createTestI18n('en');
      expect(joinMessages(keys, (key) => en.t(key))).toBe(
        "Input can only be a letter of an alphabet or a '.'. Input must have less than 60 characters.",
      );
      const es = createTestI18n('es');
      expect(joinMessages(keys, (key) => es.t(key))).toBe(
        "El campo solo puede contener letras de un alfabeto o un '.'. El campo debe tener menos de 60 caracteres.",
      );
      const de = createTestI18n('de');
      expect(joinMessages(['validation.phoneMin'], (key) => de.t(key))).toBe(
        'Die Telefonnummer muss mindestens 4 Ziffern haben!',
      );
    });
  });
});

describe(schemaResolver.name, () => {
  interface Values {
    name: string;
    consent: boolean;
  }
  const resolver = schemaResolver<Values>({
    name: { required: 'validation.firstNameRequired', validators: [fullName, length60] },
    consent: { required: 'validation.consentRequired' },
  });
  const run = (values: Values) =>
    resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('should give the required message for an empty field and an unticked box', async () => {
    const result = await run({ name: ' ', consent: false });
    expect(result.errors.name?.message).toBe('validation.firstNameRequired');
    expect(result.errors.consent?.message).toBe('validation.consentRequired');
  });

  it('should keep every failing rule of a field, one key per line', async () => {
    const result = await run({ name: `${'x'.repeat(60)}9`, consent: true });
    expect(result.errors.name?.message).toBe('validation.fullName\nvalidation.length60');
    expect(result.errors.consent).toBeUndefined();
  });

  it('should pass the values through when all rules pass', async () => {
    const result = await run({ name: 'Lucía', consent: true });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ name: 'Lucía', consent: true });
  });

  it('should run custom checks only for a filled field', () => {
    const rules = { custom: () => ['validation.phoneMin'] };
    expect(checkField(rules, '', {})).toEqual([]);
    expect(checkField(rules, '12', {})).toEqual(['validation.phoneMin']);
  });
});
