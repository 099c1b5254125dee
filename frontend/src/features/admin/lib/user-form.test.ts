import { ApiError } from '@/api/api-error';
import { checkUserEdit, serverFieldProblem } from './user-form';

describe('serverFieldProblem', () => {
  const fields = ['name', 'mail', 'customer'] as const;

  it('puts a refused e-mail on the form field, whatever the server calls it', () => {
    const invalid = new ApiError(400, 'invalid_email', 'malformed', { field: 'mailAddress' });
    expect(serverFieldProblem(invalid, fields)).toEqual({ mail: 'invalid_email' });
  });

  it('marks a malformed named field as not valid, and ignores fields the form does not have', () => {
    expect(serverFieldProblem(new ApiError(400, 'invalid_form', 'bad', { field: 'customer' }), fields)).toEqual({ customer: 'fieldInvalid' });
    expect(serverFieldProblem(new ApiError(400, 'invalid_form', 'bad', { field: 'pool' }), fields)).toEqual({});
  });
});

describe('checkUserEdit', () => {
  const edit = { userGuid: 'u-1', name: 'Deniz', mail: 'deniz@example.com', language: 'en', customer: '', shopAccess: false, archiveAccess: true, isInHouse: false };

  it('asks a customer user for a customer, not the studio staff', () => {
    expect(checkUserEdit(edit)).toEqual({ customer: 'required' });
    expect(checkUserEdit({ ...edit, isInHouse: true })).toEqual({});
  });
});
