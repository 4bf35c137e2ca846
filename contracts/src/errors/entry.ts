import type { ValidationMessageKey } from '../messages';

/**
 * An error a caller can act on. The server answers `status` with the code and `message`; the web shows
 * its own translation of the code (namespace `errors`), and the field's validation message beside it.
 */
export interface ErrorEntry {
  status: number;
  /** English. A `{{name}}` in it is filled in by the server when it throws the error. */
  message: string;
  /** The request field the error is about, with the validation message shown beside that field. */
  field?: { name: string; message: ValidationMessageKey };
}

/** One module's errors: every code starts with the module's name, e.g. `fines.not_found`. */
export type ModuleErrors<Module extends string> = Record<`${Module}.${string}`, ErrorEntry>;
