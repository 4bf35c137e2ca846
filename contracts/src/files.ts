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

/** How many leading bytes `uploadTypeOf` needs. */
export const UPLOAD_TYPE_HEAD_BYTES = 12;

/**
 * The type of an upload by its first bytes (the signatures the server recognises), or undefined: so a
 * text file renamed .jpg is refused in the browser before any preview, as the server would refuse it.
 */
export function uploadTypeOf(head: Uint8Array): (typeof DOCUMENT_MIME_TYPES)[number] | undefined {
  const startsWith = (bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return undefined;
}

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
