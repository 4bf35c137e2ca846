/** A file as the server received it (multipart.ts), its type recognised by its content: what services are given. */
export interface UploadedFile {
  /** The form field it came in. */
  field: string;
  buffer: Buffer;
  mimeType: string;
  ext: string;
  originalName: string;
}
