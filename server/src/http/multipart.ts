import type { FastifyRequest } from 'fastify';
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
  for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 12, fields: 200, fieldSize: 100_000 } })) {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
      continue;
    }
    const kind = fileFields[part.fieldname];
    if (!kind) {
      part.file.resume();
      continue;
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
    if (buffer.length === 0) continue;
    const type = await fileTypeFromBuffer(buffer);
    if (!type || !allowed[kind].includes(type.mime)) {
      throw new DomainError('request.unsupported_media_type', 415, `${part.fieldname} is not an accepted file type`, {
        [part.fieldname]: kind === 'image' ? 'fileType' : 'fileTypeWithPdf',
      });
    }
    files[part.fieldname] = { field: part.fieldname, buffer, mimeType: type.mime, ext: type.ext, originalName: part.filename.slice(0, 200) };
  }
  return { fields, files };
}
