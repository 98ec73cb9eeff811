import { useMutation } from '@tanstack/react-query';
import { loginEmailMutation } from '@/api/@tanstack/react-query.gen';
import type { FormSchema } from '@/lib/form-schema';
import { email, password } from '@/lib/validators';

export interface LoginValues {
  email: string;
  password: string;
}

/** Spec 01 §5: a valid e-mail; a password, longer than 8 characters. */
export const loginSchema: FormSchema<LoginValues> = {
  email: { required: 'validation.emailRequired', validators: [email] },
  password: { required: 'validation.passwordRequired', validators: [password] },
};

/** POST /api/hcp/login_email: the identity ID token for the product token and the user. */
export function useLoginEmail() {
  return useMutation(loginEmailMutation());
}
