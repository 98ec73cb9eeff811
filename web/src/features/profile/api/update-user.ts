import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMeQueryKey, updateUserMutation } from '@/api/@tanstack/react-query.gen';
import type { Language } from '@/api/types.gen';
import type { FormSchema } from '@/lib/form-schema';
import {
  alphanumeric,
  fullName,
  length60,
  numbersOnly,
  phoneMax,
  phoneMin,
  validate,
} from '@/lib/validators';
import { COUNTRY_DIAL_CODES } from '../countries';

export interface ProfileValues {
  firstName: string;
  lastName: string;
  /** The country whose dialling code prefixes the phone number. */
  phoneCountry: string;
  /** The number after the dialling code. */
  phone: string;
  country: string;
  institution: string;
  language: Language;
  subscribe: boolean;
}

/** Spaces, dashes, dots and brackets are allowed while typing a number. */
export function phoneDigits(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

/** Spec 02 §5 validators on the profile's fields. */
export const profileSchema: FormSchema<ProfileValues> = {
  firstName: { required: 'validation.firstNameRequired', validators: [fullName, length60] },
  lastName: { required: 'validation.lastNameRequired', validators: [fullName, length60] },
  institution: { validators: [alphanumeric, length60] },
  phone: {
    custom: (value, values) => {
      const digits = phoneDigits(value);
      const onlyNumbers = numbersOnly(digits);
      if (onlyNumbers) {
        return [onlyNumbers];
      }
      const dial = COUNTRY_DIAL_CODES.get(values.phoneCountry) ?? '';
      return validate(`${dial}${digits}`, [phoneMin(dial), phoneMax]);
    },
  },
};

/** PUT /api/hcp/user/{id}; the user of the answer replaces the cached one. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateUserMutation(),
    onSuccess: (data) => {
      queryClient.setQueryData(getMeQueryKey(), data);
    },
  });
}
