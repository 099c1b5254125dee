import { errorCodes, isApiError, type ErrorCode } from '@/api/api-error';
import type { FormValues } from '@/api/api-client';
import { checkEmail, checkNewPassword } from '@/lib/validation';
import type { LoginCondition } from '../types';

export const DAY_LIMIT_MAX = 3650;

/** A field's problem: a server error code (errors.json) or one of the form's own (admin.json `users.form.*`). */
export type FieldProblem = ErrorCode | 'required' | 'dayRange' | 'fieldInvalid';
export type FieldProblems<F extends string> = Partial<Record<F, FieldProblem>>;

export function isErrorCode(problem: FieldProblem): problem is ErrorCode {
  return (errorCodes as readonly string[]).includes(problem);
}

/** The create-user form of the spec (POST /admin/users/create). */
export type NewUser = {
  customer: string;
  name: string;
  mail: string;
  language: string;
  loginCondition: LoginCondition;
  conditionData: string;
  pool: string;
  passwordMode: 'set' | 'invite';
  password1: string;
  password2: string;
  shopAccess: boolean;
  archiveAccess: boolean;
  isInHouse: boolean;
};
export type NewUserField = keyof NewUser;

export const emptyNewUser: NewUser = {
  customer: '',
  name: '',
  mail: '',
  language: 'en',
  loginCondition: 'unlimited',
  conditionData: '',
  pool: '',
  passwordMode: 'invite',
  password1: '',
  password2: '',
  shopAccess: false,
  archiveAccess: true,
  isInHouse: false,
};

function checkDayCount(value: string): FieldProblem | undefined {
  const days = Number(value.trim());
  return value.trim() !== '' && Number.isInteger(days) && days >= 1 && days <= DAY_LIMIT_MAX ? undefined : 'dayRange';
}

/** The client-side checks, mirroring the server's: every field filled, e-mail, day count, password rules. */
export function checkNewUser(user: NewUser): FieldProblems<NewUserField> {
  const problems: FieldProblems<NewUserField> = {};
  if (!user.customer) problems.customer = 'required';
  if (!user.name.trim()) problems.name = 'required';
  const mail = checkEmail(user.mail);
  if (mail) problems.mail = mail;
  if (!user.language) problems.language = 'required';
  if (user.loginCondition === 'limited') {
    const days = checkDayCount(user.conditionData);
    if (days) problems.conditionData = days;
  }
  if (user.passwordMode === 'set') {
    const passwords = checkNewPassword(user.password1, user.password2);
    if (passwords.password1) problems.password1 = passwords.password1;
    if (passwords.password2) problems.password2 = passwords.password2;
  }
  return problems;
}

export function newUserForm(user: NewUser): FormValues {
  const form: FormValues = {
    customer: user.customer,
    name: user.name.trim(),
    mail: user.mail.trim(),
    language: user.language,
    loginCondition: user.loginCondition,
    passwordMode: user.passwordMode,
    shopAccess: user.shopAccess,
    archiveAccess: user.archiveAccess,
    isInHouse: user.isInHouse,
  };
  if (user.loginCondition === 'limited') form.conditionData = user.conditionData.trim();
  if (user.pool) form.pool = user.pool;
  if (user.passwordMode === 'set') {
    form.password1 = user.password1;
    form.password2 = user.password2;
  }
  return form;
}

/** The edit form (POST /admin/users/update). */
export type UserEdit = {
  userGuid: string;
  name: string;
  mail: string;
  language: string;
  customer: string;
  shopAccess: boolean;
  archiveAccess: boolean;
  /** Studio staff: sees the whole archive and may belong to no customer. */
  isInHouse: boolean;
};
export type UserEditField = Exclude<keyof UserEdit, 'userGuid'>;

export function checkUserEdit(user: UserEdit): FieldProblems<UserEditField> {
  const problems: FieldProblems<UserEditField> = {};
  if (!user.name.trim()) problems.name = 'required';
  const mail = checkEmail(user.mail);
  if (mail) problems.mail = mail;
  if (!user.customer && !user.isInHouse) problems.customer = 'required';
  return problems;
}

/** A login restriction: unlimited, or a day count; and the addresses the user may sign in from. */
export type LoginRestriction = { conditionType: LoginCondition; conditionValue: string; allowedIps: string };
export type LoginRestrictionField = keyof LoginRestriction;

/** Addresses typed comma- or newline-separated, as the server takes them: comma-separated. */
export function ipList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((ip) => ip.trim())
    .filter(Boolean);
}

export function checkLoginRestriction(restriction: LoginRestriction): FieldProblems<LoginRestrictionField> {
  if (restriction.conditionType !== 'limited') return {};
  const days = checkDayCount(restriction.conditionValue);
  return days ? { conditionValue: days } : {};
}

export function loginRestrictionForm(restriction: LoginRestriction): FormValues {
  return {
    conditionType: restriction.conditionType,
    conditionValue: restriction.conditionType === 'limited' ? restriction.conditionValue.trim() : '',
    allowedIps: ipList(restriction.allowedIps).join(','),
  };
}

export function checkPasswords(newPassword: string, newPassword2: string): FieldProblems<'newPassword' | 'newPassword2'> {
  const problems = checkNewPassword(newPassword, newPassword2);
  return { newPassword: problems.password1, newPassword2: problems.password2 };
}

/** Where a code belongs when the server does not name the field. */
const fieldOfCode: Partial<Record<ErrorCode, string>> = {
  duplicate_email: 'mail',
  invalid_email: 'mail',
  weak_password: 'password1',
  passwords_mismatch: 'password2',
  customer_not_found: 'customer',
  pool_not_found: 'pool',
};

/**
 * The field a refusal names (`field`, or the field its code belongs to), among the form's fields,
 * with its problem. `aliases` renames server fields to the form's (e.g. `password1` → `newPassword`).
 */
export function serverFieldProblem<F extends string>(error: unknown, fields: readonly F[], aliases: Record<string, F> = {}): FieldProblems<F> {
  if (!isApiError(error)) return {};
  const named = error.field ?? fieldOfCode[error.code];
  if (!named) return {};
  // The server names the e-mail `mailAddress` (the login form's name); the admin forms call it `mail`.
  const field = aliases[named] ?? (named === 'mailAddress' ? 'mail' : named);
  if (!(fields as readonly string[]).includes(field)) return {};
  return { [field]: error.code === 'invalid_form' ? 'fieldInvalid' : error.code } as FieldProblems<F>;
}
