import { checkEmail, checkNewPassword, checkPasswordStrength } from './validation';

describe('spec section 5 validation', () => {
  it('checks e-mail addresses', () => {
    expect(checkEmail('user@example.com')).toBeNull();
    expect(checkEmail('')).toBe('invalid_email');
    expect(checkEmail('no-at-sign')).toBe('invalid_email');
    expect(checkEmail(`${'a'.repeat(88)}@example.com`)).toBe('invalid_email'); // 100 characters
    expect(checkEmail(`${'a'.repeat(87)}@example.com`)).toBeNull(); // 99 characters
  });

  it('requires 8 characters with an upper- and a lower-case letter', () => {
    expect(checkPasswordStrength('Passw0rd')).toBeNull();
    expect(checkPasswordStrength('Pass0rd')).toBe('weak_password');
    expect(checkPasswordStrength('password1')).toBe('weak_password');
    expect(checkPasswordStrength('PASSWORD1')).toBe('weak_password');
    expect(checkPasswordStrength('Şifreçok')).toBeNull();
  });

  it('requires both entries to match', () => {
    expect(checkNewPassword('Passw0rd!', 'Passw0rd!')).toEqual({});
    expect(checkNewPassword('Passw0rd!', 'Passw0rd?')).toEqual({ password2: 'passwords_mismatch' });
    expect(checkNewPassword('short', 'other')).toEqual({ password1: 'weak_password', password2: 'passwords_mismatch' });
  });
});
