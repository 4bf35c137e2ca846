export interface FuzzOperation {
  method: string;
  path: string;
}
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  operation: string;
  marker: string;
}
export const MARKER: string;
export function operationsOf(doc: unknown): FuzzOperation[];
export function generateRequests(operations: FuzzOperation[], opts: { count: number; seed?: number; tokens?: string[] }): Generator<FuzzRequest>;
export function judge(request: FuzzRequest, status: number, contentType: string | undefined, body: string): string[];
