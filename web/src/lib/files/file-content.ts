import { FILE_KINDS, MAX_UPLOAD_BYTES, UPLOAD_TYPE_HEAD_BYTES, uploadTypeOf, type FileKind } from '@pes/contracts';

const TYPE_MESSAGE = { image: 'fileType', photo: 'fileTypePhoto', document: 'fileTypeWithPdf' } as const;

/**
 * Why a chosen file cannot be sent (a validation message key), or null: too large, or not of the kind by its
 * content (the file's first bytes, not its name or the type the browser guessed from it). The server checks again.
 */
export async function fileProblem(file: Blob, kind: FileKind): Promise<'fileTooLarge' | (typeof TYPE_MESSAGE)[FileKind] | null> {
  if (file.size > MAX_UPLOAD_BYTES) return 'fileTooLarge';
  const head = new Uint8Array(await file.slice(0, UPLOAD_TYPE_HEAD_BYTES).arrayBuffer());
  const type = uploadTypeOf(head);
  return type && (FILE_KINDS[kind] as readonly string[]).includes(type) ? null : TYPE_MESSAGE[kind];
}
