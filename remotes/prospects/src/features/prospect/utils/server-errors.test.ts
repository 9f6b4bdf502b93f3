import { ApiError } from '@leadforge/api-client';
import { serverFieldErrors } from './server-errors';

// The prospect form shows these keys on their fields exactly as it shows its local rules' keys
// (proven with a real server in e2e/tests/prospects/companies-and-new-prospect.spec.ts); what only
// the server can say reaches the form through this mapping. A whole-drawer jsdom test of the same
// path timed out on two busy cores more than once, so the mapping is proven here on its own.
const failure = (errors: ConstructorParameters<typeof ApiError>[0]['errors']) =>
  new ApiError({ kind: 'http', routeId: 'prospects.add', status: 400, errors, rawText: '' });

describe('the server’s field errors for the prospect form', () => {
  it('puts each field’s first key on its dotted path', () => {
    const error = failure([
      { key: 'company_url_invalid', title: 'Invalid', description: 'Invalid.', field: 'companies.0.url' },
      { key: 'field_required', title: 'Required', description: 'Required.', field: 'companies.0.url' },
      { key: 'field_invalid', title: 'Invalid', description: 'Invalid.', field: 'emails.1.email' },
    ]);
    expect(serverFieldErrors(error)).toEqual({ 'companies.0.url': 'company_url_invalid', 'emails.1.email': 'field_invalid' });
  });

  it('has no field errors for an error of no field, or anything that is no API error', () => {
    expect(serverFieldErrors(failure([{ key: 'list_not_found', title: 'Gone', description: 'Gone.' }]))).toEqual({});
    expect(serverFieldErrors(new Error('boom'))).toEqual({});
    expect(serverFieldErrors(null)).toEqual({});
  });
});
