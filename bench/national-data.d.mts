// Types of national-data.mjs for the server's plan test (server/test/query-plans.test.ts), which builds its data set with it.
export type QueryFn = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
export interface NationalSizes {
  citizens: number;
  fines: number;
  complaints: number;
  clearance: number;
  anonymous: number;
  audit: number;
  messages: number;
  officers: number;
}
export function sizesAt(scale: number): NationalSizes;
export const SUMMARY_REBUILDS: [string, string][];
export function fillNational(
  databaseUrl: string,
  opts: { scale: number; sizes?: Partial<NationalSizes>; log?: (line: string) => void },
): Promise<NationalSizes>;
export function nicOf(c: number): string;
export function plateOf(c: number): string;
export function trackingCodeOf(g: number): string;
export function certificateCodeOf(g: number): string;
