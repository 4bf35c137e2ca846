import { ERROR_CATALOGUE, type ErrorCode, type ValidationMessageKey } from '@pes/contracts';

/** A thrown error from the catalogue: code, status, English message and, for bad input, the bad fields. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    /** field → validation message key */
    readonly fieldKeys?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** The values of the message's placeholders, sent with it so the browser's translation is filled too. */
    readonly params?: Record<string, string | number>,
    /** field → more validation message keys saying why (a weak password's warning and suggestions). */
    readonly fieldHints?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

type Placeholders<Text> = Text extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Placeholders<Rest> : never;
type PlaceholdersOf<C extends ErrorCode> = Placeholders<(typeof ERROR_CATALOGUE)[C]['message']>;

interface AppErrorOptions {
  /** The request field the error is about, where the catalogue leaves it to the thrower to name it. */
  field?: string;
  /** The fields the error is about (field → validation message key), for an error about several. */
  fields?: Record<string, ValidationMessageKey | string>;
  headers?: Record<string, string>;
  /** field → more validation message keys saying why and what to do, shown after the field's message. */
  hints?: Record<string, ValidationMessageKey[]>;
}

/** The options a code needs: its message's `{{placeholders}}` must be given as `params`. */
type AppErrorArgs<C extends ErrorCode> = [PlaceholdersOf<C>] extends [never]
  ? [options?: AppErrorOptions]
  : [options: AppErrorOptions & { params: Record<PlaceholdersOf<C>, string | number> }];

/** The one way the server makes an error: by its catalogue code (contracts/src/errors). */
export function appError<C extends ErrorCode>(code: C, ...[options]: AppErrorArgs<C>): AppError {
  const entry: { status: number; message: string; field?: { name: string; message: string } } = ERROR_CATALOGUE[code];
  const params = (options as { params?: Record<string, string | number> } | undefined)?.params ?? {};
  const message = entry.message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
  const fieldKeys = options?.fields ?? (entry.field && { [options?.field ?? entry.field.name]: entry.field.message });
  return new AppError(code, entry.status, message, fieldKeys, options?.headers, Object.keys(params).length > 0 ? params : undefined, options?.hints);
}

/** Bad input: every bad field named with its validation message key. */
export const invalidInput = (fieldKeys: Record<string, ValidationMessageKey | string>) =>
  appError('validation.failed', { fields: fieldKeys, params: { fields: Object.keys(fieldKeys).join(', ') } });

/** The first issue per field of a zod validation (the field is the issue's path joined with dots). */
export function fieldKeysOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (!(field in out)) out[field] = issue.message || 'invalidType';
  }
  return out;
}
