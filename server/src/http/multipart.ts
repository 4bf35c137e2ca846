import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import { FILE_KINDS, MAX_UPLOAD_BYTES, type FileKind, type MultipartForm } from '@pes/contracts';
import { AppError, appError, fieldKeysOf, invalidInput } from '../app-error';
import type { UploadedFile } from './uploaded-file';
import { isUnsafeText, reportedField, schemaFields } from './input-safety';

/** Longest text field accepted in a form (bytes); longer values are refused, never cut. */
const FIELD_MAX_BYTES = 100_000;

/**
 * Parses a multipart request with its contract's form: the text fields through the form's schema, the
 * files checked by content against their kind, the required files present. Every bad field is named at
 * once (400); what comes back is plain data and files, for a service that knows nothing of HTTP.
 */
export async function parseMultipart<Fields extends z.ZodType, FileField extends string>(
  request: FastifyRequest,
  form: MultipartForm<Fields, FileField>,
): Promise<{ fields: z.output<Fields>; files: Partial<Record<FileField, UploadedFile>> }> {
  const known = new Set([...schemaFields(form.fields), ...Object.keys(form.files)]);
  const { fields, files } = await readParts(request, form.files, known);
  const parsed = form.fields.safeParse(fields);
  const fieldKeys = parsed.success ? {} : fieldKeysOf(parsed.error.issues);
  for (const [field, key] of Object.entries(form.requiredFiles?.(fields) ?? {})) {
    if (!files[field as FileField]) fieldKeys[field] ??= key as string;
  }
  if (!parsed.success || Object.keys(fieldKeys).length > 0) throw invalidInput(fieldKeys);
  return { fields: parsed.data, files };
}

/**
 * Reads the parts into memory (files are at most 5 MB each). Fields after the first of a name and file
 * fields the form does not have are ignored (the latter drained unread).
 */
async function readParts<FileField extends string>(request: FastifyRequest, fileKinds: Record<FileField, FileKind>, known: Set<string>) {
  /** A part's field as it may be named in an answer: only a field the form has. */
  const named = (fieldname: string) => reportedField([fieldname], known);
  if (!request.isMultipart()) throw appError('request.unsupported_media_type');
  const fields: Record<string, string> = {};
  const files: Partial<Record<FileField, UploadedFile>> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 12, fields: 200, fieldSize: FIELD_MAX_BYTES } })) {
      if (part.type === 'field') {
        // A value cut at the size limit must not pass as if it were whole.
        if (part.valueTruncated) throw appError('request.too_large', { fields: { [named(part.fieldname)]: 'tooLong' } });
        if (isUnsafeText(part.fieldname) || (typeof part.value === 'string' && isUnsafeText(part.value))) {
          throw invalidInput({ [named(part.fieldname)]: 'invalidCharacters' });
        }
        if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
        continue;
      }
      if (isUnsafeText(part.fieldname) || isUnsafeText(part.filename ?? '')) {
        part.file.resume();
        throw invalidInput({ [named(part.fieldname)]: 'invalidCharacters' });
      }
      const file = await readFilePart(part, fileKinds[part.fieldname as FileField]);
      if (file) files[file.field as FileField] = file;
    }
  } catch (err) {
    // Limits (413) and our own answers pass through; anything else is the parser failing on a broken body.
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
    throw appError('request.malformed');
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
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw appError('request.too_large', { fields: { [part.fieldname]: 'fileTooLarge' } });
    throw err;
  }
  if (buffer.length === 0) return undefined;
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !(FILE_KINDS[kind] as readonly string[]).includes(type.mime)) {
    throw appError('request.unsupported_media_type', {
      fields: { [part.fieldname]: kind === 'image' ? 'fileType' : kind === 'photo' ? 'fileTypePhoto' : 'fileTypeWithPdf' },
    });
  }
  if (type.mime === 'application/pdf') {
    // Stored as sent only when a PDF parser read all of it and found nothing that acts by itself.
    // The PDF parser loads with the first PDF, not at start-up (bench/README, start-up).
    const { inspectPdf } = await import('./pdf-active-content');
    const verdict = inspectPdf(buffer);
    if (verdict === 'active') throw appError('files.unsafe_pdf', { field: part.fieldname });
    if (verdict === 'unreadable') throw appError('files.unreadable_pdf', { field: part.fieldname });
  }
  return { field: part.fieldname, buffer, mimeType: type.mime, ext: type.ext, originalName: part.filename.slice(0, 200) };
}
