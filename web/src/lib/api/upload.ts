import type { Endpoint, EndpointAnswer, EndpointParams } from '@pes/contracts';
import { credentialHeaders, endpointUrl, errorFromAnswer, parseAnswer, sessionEnded } from './client';

export interface UploadInput<E extends Endpoint> {
  form: FormData;
  params?: EndpointParams<E>;
  /** The fraction sent so far, 0 to 1 (1 once the server has answered). */
  onProgress: (fraction: number) => void;
}

/**
 * A multipart call with progress: XMLHttpRequest, whose upload events give a progress bar (fetch has none), with the
 * same credentials, the same 401 handling and the same errors as `call`. Rejects with an ApiError for an answer
 * that is not the endpoint's success, or an Error when no answer came (network failure, abort).
 */
export function uploadWithProgress<E extends Endpoint>(endpoint: E, input: UploadInput<E>): { promise: Promise<EndpointAnswer<E>>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<EndpointAnswer<E>>((resolve, reject) => {
    xhr.open(endpoint.method, endpointUrl(endpoint, { params: input.params as Record<string, unknown> | undefined }));
    xhr.withCredentials = true;
    for (const [name, value] of credentialHeaders()) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) input.onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const data = parseAnswer(xhr.responseText);
      if (xhr.status === endpoint.status && data !== undefined) {
        input.onProgress(1);
        resolve(data as EndpointAnswer<E>);
        return;
      }
      if (xhr.status === 401) sessionEnded();
      reject(errorFromAnswer(xhr.status, data, xhr.statusText));
    };
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.onabort = () => reject(new Error('upload aborted'));
    xhr.send(input.form);
  });
  return { promise, abort: () => xhr.abort() };
}
