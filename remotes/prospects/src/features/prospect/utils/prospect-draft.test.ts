import { draftFromProspect, prepareSave, validateDraft, type ProspectDraft } from './prospect-draft';
import { accessMapFor, canEditAny } from './prospect-access';

const draft = (overrides: Partial<ProspectDraft> = {}): ProspectDraft => ({ ...draftFromProspect(null), name: 'Ada Lovelace', ...overrides });
const company = (overrides: Partial<ProspectDraft['companies'][number]> = {}) => ({ id: null, name: '', url: '', position: '', hqPhone: '', ...overrides });

describe('prospect editor rules (document 1 §5)', () => {
  it('requires a name of at most 251 characters', () => {
    expect(validateDraft(draft({ name: '  ' }))).toEqual({ name: 'prospect_name_required' });
    expect(validateDraft(draft({ name: 'a'.repeat(252) }))).toEqual({ name: 'prospect_name_too_long' });
    expect(validateDraft(draft({ name: 'a'.repeat(251) }))).toEqual({});
  });

  it('marks a company with a url but no name on the row the user sees', () => {
    const errors = validateDraft(draft({ companies: [company(), company({ url: 'acme.com' })] }));
    expect(errors).toEqual({ 'companies.1.name': 'company_name_required' });
  });

  it('reports a bad company url and hq phone', () => {
    const errors = validateDraft(draft({ companies: [company({ name: 'Acme', url: 'not a url', hqPhone: 'call me' })] }));
    expect(errors).toEqual({ 'companies.0.url': 'company_url_invalid', 'companies.0.hqPhone': 'company_hq_phone_invalid' });
  });

  it('sends emptied phones, emails and custom values as removals and drops blank companies', () => {
    const saved = prepareSave(
      draft({
        emails: [{ id: 5, email: '' }, { id: null, email: 'ada@example.com' }, { id: null, email: ' ' }],
        phones: [{ id: 8, phone: ' ' }],
        companies: [company(), company({ name: 'Acme', url: 'acme.com' })],
        customFields: [
          { id: 1, type: 'number', value: '-' },
          { id: 2, type: 'number', value: '12.' },
        ],
      }),
      accessMapFor('own'),
    );
    expect(saved.emails).toEqual([{ email_id: null, email: 'ada@example.com' }, { email_id: 5, email: '' }]);
    expect(saved.phones).toEqual([{ phoneId: 8, phone: '' }]);
    expect(saved.companies).toHaveLength(1);
    expect(saved.customFields).toEqual([{ id: 1, value: '' }, { id: 2, value: '12' }]);
  });

  it('strips ; " \\ < > and sanitises text', () => {
    expect(prepareSave(draft({ name: ' Ada  <b>"Lovelace"; ' }), accessMapFor('own')).name).toBe('Ada bLovelace');
  });

  it('sends only what the viewer may edit', () => {
    expect(prepareSave(draft(), accessMapFor('teamLead'))).toEqual({});
  });
});

describe('viewer classes (document 1 §6)', () => {
  it('lets the owner edit everything but hides phones from an own-records-only member', () => {
    expect(accessMapFor('own').phones).toBe('edit');
    expect(accessMapFor('viewOnlyOwnRecordsOnTeam')).toMatchObject({ phones: 'hidden', emails: 'limited', names: 'view', deals: 'hidden' });
    expect(accessMapFor('teamLead')).toMatchObject({ phones: 'view', deals: 'view', duplicates: 'hidden' });
  });

  it('offers no save to a viewer who may edit nothing', () => {
    expect(canEditAny(accessMapFor('foreign'))).toBe(false);
    expect(canEditAny(accessMapFor('new'))).toBe(true);
  });
});
