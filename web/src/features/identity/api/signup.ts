import { useMutation } from '@tanstack/react-query';
import { signupMutation } from '@/api/@tanstack/react-query.gen';
import type { FormSchema } from '@/lib/form-schema';
import { alphanumeric, email, fullName, length60, password } from '@/lib/validators';

export interface RegisterValues {
  consent: boolean;
  subscribe: boolean;
  firstName: string;
  lastName: string;
  institution: string;
  email: string;
  password: string;
}

/** Spec 01 §5 Register: names required (full-name rule), institution optional, consent needed. */
export const registerSchema: FormSchema<RegisterValues> = {
  consent: { required: 'validation.consentRequired' },
  firstName: { required: 'validation.firstNameRequired', validators: [fullName, length60] },
  lastName: { required: 'validation.lastNameRequired', validators: [fullName, length60] },
  institution: { validators: [alphanumeric, length60] },
  email: { required: 'validation.emailRequired', validators: [email] },
  password: { required: 'validation.passwordRequired', validators: [password] },
};

/** POST /api/hcp/signup: the registration payload, after the identity sign-up. */
export function useSignup() {
  return useMutation(signupMutation());
}
