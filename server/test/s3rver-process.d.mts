export const S3RVER_CREDENTIALS: { accessKeyId: string; secretAccessKey: string };
export function startS3rverProcess(options: { directory: string; buckets: string[] }): Promise<{ endpoint: string; stop(): Promise<void> }>;
