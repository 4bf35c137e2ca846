import { errorFromAnswer } from '../../../lib/api/client';
import { sessionStore } from '../../../lib/session/session-storage';

/**
 * Sends one document to POST /api/clearance/upload with XMLHttpRequest, whose upload events give the progress
 * bar (fetch has none). Resolves with the stored file's path; rejects on any failure (an ApiError for an answer).
 */
export function uploadDocument(file: File, onProgress: (fraction: number) => void): { promise: Promise<string>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<string>((resolve, reject) => {
    xhr.open('POST', '/api/clearance/upload');
    xhr.withCredentials = true;
    const token = sessionStore.validToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const role = sessionStore.role();
    if (role) xhr.setRequestHeader('x-user-role', role);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { file?: { path?: string } } | undefined;
      try {
        body = JSON.parse(xhr.responseText) as { file?: { path?: string } };
      } catch {
        // Not JSON (a proxy's page): a failure, told by its status.
      }
      if (xhr.status === 201 && body?.file?.path) {
        onProgress(1);
        resolve(body.file.path);
        return;
      }
      reject(errorFromAnswer(xhr.status, body, xhr.statusText));
    };
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.onabort = () => reject(new Error('upload aborted'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
