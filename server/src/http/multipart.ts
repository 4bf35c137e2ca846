import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_MIME_TYPES, IMAGE_MIME_TYPES, MAX_UPLOAD_BYTES } from '@pes/contracts';
import { DomainError } from './domain-error';

export type FileKind = 'image' | 'document';

export interface UploadedFile {
  field: string;
  buffer: Buffer;
  mimeType: string;
  ext: string;
  originalName: string;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/** Longest text field accepted in a form (bytes); longer values are refused, never cut. */
const FIELD_MAX_BYTES = 100_000;

const allowed: Record<FileKind, readonly string[]> = { image: IMAGE_MIME_TYPES, document: DOCUMENT_MIME_TYPES };

/**
 * Reads a multipart request into memory (files are at most 5 MB each) and checks every expected file
 * by its content, not its name. Unexpected file fields are drained and ignored.
 */
export async function readMultipart(request: FastifyRequest, fileFields: Record<string, FileKind>): Promise<MultipartBody> {
  if (!request.isMultipart()) {
    throw new DomainError('request.unsupported_media_type', 415, 'Send this form as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 12, fields: 200, fieldSize: FIELD_MAX_BYTES } })) {
      if (part.type === 'field') {
        // A value cut at the size limit must not pass as if it were whole.
        if (part.valueTruncated) throw new DomainError('request.too_large', 413, `${part.fieldname} is too long`, { [part.fieldname]: 'tooLong' });
        if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
        continue;
      }
      const file = await readFilePart(part, fileFields[part.fieldname]);
      if (file) files[file.field] = file;
    }
  } catch (err) {
    // Limits (413) and our own answers pass through; anything else is the parser failing on a broken body.
    if (err instanceof DomainError || (err as { statusCode?: number }).statusCode) throw err;
    throw new DomainError('request.malformed', 400, 'The form data could not be read. Check its format.');
  }
  return { fields, files };
}

async function readFilePart(part: MultipartFile, kind: FileKind | undefined): Promise<UploadedFile | undefined> {
  if (!kind) {
    part.file.resume();
    return undefined;
  }
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new DomainError('request.too_large', 413, `${part.fieldname} is larger than 5 MB`, { [part.fieldname]: 'fileTooLarge' });
    }
    throw err;
  }
  if (buffer.length === 0) return undefined;
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !allowed[kind].includes(type.mime)) {
    throw new DomainError('request.unsupported_media_type', 415, `${part.fieldname} is not an accepted file type`, {
      [part.fieldname]: kind === 'image' ? 'fileType' : 'fileTypeWithPdf',
    });
  }
  return { field: part.fieldname, buffer, mimeType: type.mime, ext: type.ext, originalName: part.filename.slice(0, 200) };
}
