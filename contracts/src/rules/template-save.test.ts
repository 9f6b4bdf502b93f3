import { STUDIO } from '../constants';
import { studioDraftErrors, templateSaveError } from './template-save';

describe('template save', () => {
  it.each([
    [{ subject: 'Hi', body: '<p>Hello</p>' }, null],
    [{ subject: 'Hi', body: 'Hello' }, null],
    [{ subject: '', body: 'Hello' }, 'save_template_empty_data'],
    [{ subject: '   ', body: 'Hello' }, 'save_template_empty_data'],
    [{ subject: 'Hi', body: '' }, 'save_template_empty_data'],
    [{ subject: 'Hi', body: '<p><br></p>' }, 'save_template_empty_data'],
    [{ subject: null, body: null }, 'save_template_empty_data'],
  ])('%j → %s', (data, expected) => {
    expect(templateSaveError(data)).toBe(expected);
  });
});

describe('studio draft limits', () => {
  it.each([
    [{ subject: 's'.repeat(STUDIO.subjectMax), body: 'b'.repeat(STUDIO.bodyMax) }, []],
    [{ subject: 's'.repeat(251), body: 'ok' }, [{ field: 'subject', key: 'studio_subject_too_long' }]],
    [{ subject: 'ok', body: 'b'.repeat(5001) }, [{ field: 'body', key: 'studio_body_too_long' }]],
    [
      { subject: 's'.repeat(251), body: 'b'.repeat(5001) },
      [
        { field: 'subject', key: 'studio_subject_too_long' },
        { field: 'body', key: 'studio_body_too_long' },
      ],
    ],
  ])('subject %#', (draft, expected) => {
    expect(studioDraftErrors(draft)).toEqual(expected);
  });
});
