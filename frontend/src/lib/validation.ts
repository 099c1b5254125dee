import type { ErrorCode } from '@/api/api-error';

/** Spec section 9: e-mail under 100 characters; password at least 8 characters. */
export const EMAIL_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec section 5 (mirrors the server): not empty, under 100 characters, standard address pattern. */
export function checkEmail(value: string): ErrorCode | null {
  const email = value.trim();
  if (email.length === 0 || email.length >= EMAIL_MAX_LENGTH || !emailPattern.test(email)) return 'invalid_email';
  return null;
}

/** Spec section 5: at least 8 characters, 1 upper-case and 1 lower-case letter. */
export function checkPasswordStrength(password: string): ErrorCode | null {
  const long = [...password].length >= PASSWORD_MIN_LENGTH;
  const upper = /\p{Lu}/u.test(password);
  const lower = /\p{Ll}/u.test(password);
  return long && upper && lower ? null : 'weak_password';
}

export type NewPasswordErrors = { password1?: ErrorCode; password2?: ErrorCode };

/** Both entries of the create-password form: strength of the first, equality of the two. */
export function checkNewPassword(password1: string, password2: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const weak = checkPasswordStrength(password1);
  if (weak) errors.password1 = weak;
  if (password1 !== password2) errors.password2 = 'passwords_mismatch';
  return errors;
}
