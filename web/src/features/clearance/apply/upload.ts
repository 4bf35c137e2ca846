import { clearanceEndpoints } from '@pes/contracts';
import { uploadWithProgress } from '../../../lib/api/upload';

/** Sends one document to the clearance upload, with progress; resolves with the stored file's path. */
export function uploadDocument(file: File, onProgress: (fraction: number) => void): { promise: Promise<string>; abort: () => void } {
  const form = new FormData();
  form.append('file', file, file.name);
  const upload = uploadWithProgress(clearanceEndpoints.upload, { form, onProgress });
  return { promise: upload.promise.then((answer) => answer.file.path), abort: upload.abort };
}
