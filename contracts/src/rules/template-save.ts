/** Template and test-email rules of document 1 §5 "Templates, tests, studio, purchase". */
import { STUDIO } from '../constants';
import type { ErrorKey } from '../errors';
import { visibleText } from './flowchart';

/** Saving a template needs a subject and a body with visible text (save_template_empty_data). */
export function templateSaveError(data: {
  subject?: string | null;
  body?: string | null;
}): Extract<ErrorKey, 'save_template_empty_data'> | null {
  const subject = (data.subject ?? '').trim();
  const body = visibleText(data.body ?? '');
  return subject.length === 0 || body.length === 0 ? 'save_template_empty_data' : null;
}

export type StudioDraftErrorKey = Extract<ErrorKey, 'studio_subject_too_long' | 'studio_body_too_long'>;

/** Studio draft: subject at most 250 characters, body at most 5000. */
export function studioDraftErrors(draft: {
  subject: string;
  body: string;
}): { field: 'subject' | 'body'; key: StudioDraftErrorKey }[] {
  const errors: { field: 'subject' | 'body'; key: StudioDraftErrorKey }[] = [];
  if ([...draft.subject].length > STUDIO.subjectMax) errors.push({ field: 'subject', key: 'studio_subject_too_long' });
  if ([...draft.body].length > STUDIO.bodyMax) errors.push({ field: 'body', key: 'studio_body_too_long' });
  return errors;
}
