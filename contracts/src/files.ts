export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_MIME_TYPES = [...IMAGE_MIME_TYPES, 'application/pdf'] as const;
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');
export const DOCUMENT_ACCEPT = DOCUMENT_MIME_TYPES.join(',');
