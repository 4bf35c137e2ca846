import { z } from 'zod';
import type { ValidationMessageKey } from './messages';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_MIME_TYPES = [...IMAGE_MIME_TYPES, 'application/pdf'] as const;
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');
export const DOCUMENT_ACCEPT = DOCUMENT_MIME_TYPES.join(',');

/** Photographs only (JPEG or PNG): anonymous evidence. */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** What a file field accepts, recognised by the file's content: pictures, photographs (JPEG, PNG) or pictures and PDFs. */
export const FILE_KINDS = { image: IMAGE_MIME_TYPES, photo: PHOTO_MIME_TYPES, document: DOCUMENT_MIME_TYPES } as const;
export type FileKind = keyof typeof FILE_KINDS;

/** What a stored file belongs to; it decides who may read the file and which record may claim it. */
export const FILE_PURPOSES = ['citizen_identity', 'complaint_attachment', 'clearance_document', 'clearance_certificate', 'anonymous_evidence'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** An upload that no form has claimed within this time (a day) is deleted. */
export const UNCLAIMED_UPLOAD_TTL_SECONDS = 24 * 60 * 60;

/** The answer to an upload: the path to put in the form that claims the file. */
export const uploadResponseSchema = z.object({ file: z.object({ path: z.string() }) });

/**
 * A form sent as multipart/form-data: the schema of its text fields and its file fields, each of a kind.
 * The server parses a request with it in one step, naming every bad field at once.
 */
export interface MultipartForm<Fields extends z.ZodType = z.ZodType, FileField extends string = string> {
  fields: Fields;
  files: Record<FileField, FileKind>;
  /** The files that must be there, given the text fields as sent, each with the message when it is not. */
  requiredFiles?: (fields: Record<string, string>) => Partial<Record<FileField, ValidationMessageKey>>;
}

/** Declares a multipart form (keeps its field names' types). */
export const multipartForm = <Fields extends z.ZodType, FileField extends string>(form: MultipartForm<Fields, FileField>) => form;

/** One file of a kind, under the field name `file`: what every upload call takes. */
export const uploadForm = (kind: FileKind) => multipartForm({ fields: z.object({}), files: { file: kind }, requiredFiles: () => ({ file: 'fileRequired' }) });
