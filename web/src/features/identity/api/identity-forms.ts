import type { FormSchema } from '@/lib/form-schema';
import { email, password } from '@/lib/validators';

/**
 * The forms that talk to the identity provider only (no product endpoint): their calls go
 * through the IdentityClient, so their schemas sit here with the other ones.
 */
export interface ResetPasswordValues {
  email: string;
  password: string;
  code: string;
}

/** Spec 01 §5 Reset password: valid e-mail, new password longer than 8, a code. */
export const resetPasswordSchema: FormSchema<ResetPasswordValues> = {
  email: { required: 'validation.emailRequired', validators: [email] },
  password: { required: 'validation.passwordRequired', validators: [password] },
  code: { required: 'validation.codeRequired' },
};

export interface ConfirmSignUpValues {
  email: string;
  code: string;
}

export const confirmSignUpSchema: FormSchema<ConfirmSignUpValues> = {
  email: { required: 'validation.emailRequired', validators: [email] },
  code: { required: 'validation.codeRequired' },
};

export interface ChangePasswordValues {
  previousPassword: string;
  proposedPassword: string;
}

export const changePasswordSchema: FormSchema<ChangePasswordValues> = {
  previousPassword: { required: 'validation.passwordRequired' },
  proposedPassword: { required: 'validation.passwordRequired', validators: [password] },
};
