/**
 * Query keys of the library (templates, their categories, schedules), under the area's `campaigns`
 * root like every other key of the remote: a save invalidates by these factories.
 */
import { createQueryKeys } from '@leadforge/api-client';

const keys = createQueryKeys('campaigns');

export const libraryKeys = {
  /** Templates and categories together: a template moves between categories, counts change. */
  templates: () => keys.scope('templates'),
  templateList: () => keys.scope('templates', 'list'),
  templateCategories: () => keys.scope('templates', 'categories'),
  schedules: () => keys.scope('schedules'),
  scheduleList: () => keys.scope('schedules', 'list'),
  /** IANA zones with their offsets (they change only with daylight saving). */
  scheduleTimeZones: () => keys.scope('scheduleTimeZones'),
};
