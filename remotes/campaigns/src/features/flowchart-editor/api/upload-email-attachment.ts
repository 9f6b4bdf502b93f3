import { emailContentRoutes, type EmailContentSaveFields } from '@leadforge/contracts';
import { routeUrl, uploadApi, type UploadOptions } from '@leadforge/api-client';

/**
 * POST /pipelines/api/email-content (multipart): one file for a variant of an email block; answers
 * its metadata, which the editor adds to the variant (the flowchart save then checks it).
 */
export function uploadEmailAttachment(fields: EmailContentSaveFields, file: File, options: UploadOptions = {}) {
  return uploadApi(emailContentRoutes.saveEmailContent, { fields, files: [file] }, options);
}

/** GET /pipelines/api/email-content/attachment/:id: where the browser downloads a file (a plain link). */
export const emailAttachmentUrl = (id: number) => routeUrl(emailContentRoutes.downloadEmailAttachment, { params: { id } });
