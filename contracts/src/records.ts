import { z } from 'zod';

/**
 * A record described once: per field its rule, how it is entered and shown, its label (the field's name
 * under the record's label prefix) and where it shows (form step, detail section). Step schemas, step
 * field lists, the stored view, a form's initial values and input limits are all derived from it, so a
 * new field is one entry here plus its label in the three languages.
 */
export interface FieldDescription {
  /** How it is entered and shown: number, money and datetime are typed in as text and shown in the reader's format. */
  readonly kind: 'text' | 'number' | 'money' | 'date' | 'datetime' | 'choice' | 'yes_no' | 'tick' | 'list' | 'group' | 'files';
  readonly rule: z.ZodType;
  /** The form step (1-based) that takes it; none: the form does not ask for it. */
  readonly step?: number;
  /** The detail section that shows it; none: kept, but not shown in a detail view. */
  readonly section?: string;
  /** Checked, but not kept with the record (confirmations, declarations). */
  readonly transient?: boolean;
  /** Text fields: the longest text the rule takes (the input's limit). */
  readonly max?: number;
  /** Choices: the label key prefix of their values (shown as the value itself when none). */
  readonly options?: string;
  /** A form value other than blank, false or empty. */
  readonly initial?: string;
  /** Asked (and sent) only while another field of the record has this value. */
  readonly when?: { readonly field: string; readonly equals: string };
  /** Lists and groups: their own fields. */
  readonly item?: RecordDescription;
  /** Files: the document names. */
  readonly names?: readonly string[];
  /** Lists and groups: the label key said in a detail view when there is none. */
  readonly empty?: string;
  /** The stored view's schema where it is not the text the form sends (a number, a choice's values). */
  readonly view?: z.ZodType;
}

export interface RecordDescription {
  /** Label key prefix of the fields (`apply.fields` → `apply.fields.date_of_birth`, nested names joined with `_`). */
  readonly labels: string;
  readonly fields: Readonly<Record<string, FieldDescription>>;
}

/** Its rule, plus where it is entered and shown. */
type Where = Omit<FieldDescription, 'kind' | 'rule' | 'max'>;

/** A text field whose limit is its rule's: `make(max)` builds the rule. */
export const textField = <R extends z.ZodType, const W extends Where = object>(max: number, make: (max: number) => R, where?: W) =>
  ({ kind: 'text', rule: make(max), max, ...(where as W) }) as const;
/** A number or an amount typed in as text, whose limit is the longest text its rule takes. */
export const typedField = <K extends 'number' | 'money', R extends z.ZodType, const W extends Where = object>(kind: K, max: number, rule: R, where?: W) =>
  ({ kind, rule, max, ...(where as W) }) as const;
export const field = <K extends Exclude<FieldDescription['kind'], 'text' | 'number' | 'money'>, R extends z.ZodType, const W extends Where>(
  kind: K,
  rule: R,
  where: W,
) => ({ kind, rule, ...where }) as const;

type Fields<R extends RecordDescription> = R['fields'];
/** The rules of a record's fields (those of step N with `StepShape`), typed field by field. */
export type RecordShape<R extends RecordDescription> = { -readonly [K in keyof Fields<R>]: Fields<R>[K]['rule'] };
export type StepShape<R extends RecordDescription, N extends number> = {
  -readonly [K in keyof Fields<R> as Fields<R>[K] extends { step: N } ? K : never]: Fields<R>[K]['rule'];
};
type ViewOf<F extends FieldDescription> = F extends { view: infer V extends z.ZodType }
  ? V
  : F extends { kind: 'yes_no' | 'tick' }
    ? z.ZodBoolean
    : F extends { kind: 'list'; item: infer I extends RecordDescription }
      ? z.ZodArray<z.ZodObject<ViewShape<I>>>
      : F extends { kind: 'group'; item: infer G extends RecordDescription }
        ? z.ZodNullable<z.ZodObject<ViewShape<G>>>
        : F extends { kind: 'files' }
          ? z.ZodRecord<z.ZodString, z.ZodString>
          : undefined extends z.input<F['rule']>
            ? z.ZodNullable<z.ZodString>
            : z.ZodString;
/** The stored view's shape: the kept fields by their input names. */
export type ViewShape<R extends RecordDescription> = {
  -readonly [K in keyof Fields<R> as Fields<R>[K] extends { transient: true } ? never : K]: ViewOf<Fields<R>[K]>;
};

const kept = (record: RecordDescription) => Object.entries(record.fields).filter(([, f]) => !f.transient);

/** The rules of the fields one step takes. */
export const stepShape = <R extends RecordDescription, N extends number>(record: R, step: N) =>
  Object.fromEntries(Object.entries(record.fields).flatMap(([name, f]) => (f.step === step ? [[name, f.rule]] : []))) as StepShape<R, N>;

/** Every field's rule: the input schema's shape. */
export const recordShape = <R extends RecordDescription>(record: R) =>
  Object.fromEntries(Object.entries(record.fields).map(([name, f]) => [name, f.rule])) as RecordShape<R>;

/** The names a step's errors can carry, in order (groups and files by their parts: `spouse.full_name`, `uploads.nicFront`). */
export function stepFieldNames(record: RecordDescription, step: number): string[] {
  return Object.entries(record.fields).flatMap(([name, f]) => {
    if (f.step !== step) return [];
    if (f.kind === 'group') return Object.keys(f.item!.fields).map((part) => `${name}.${part}`);
    if (f.kind === 'files') return f.names!.map((part) => `${name}.${part}`);
    return [name];
  });
}

/** The description of a field by its path (`spouse.full_name`, `residence_history.0.address`). */
export function fieldAt(record: RecordDescription, path: string): FieldDescription | undefined {
  const [name, ...rest] = path.split('.');
  const f = record.fields[name!];
  if (!f || rest.length === 0) return f;
  const tail = f.kind === 'list' ? rest.slice(1) : rest;
  return f.item && tail.length > 0 ? fieldAt(f.item, tail.join('.')) : undefined;
}

/** The input limit of a text field (undefined for others). */
export const maxLengthOf = (record: RecordDescription, path: string) => fieldAt(record, path)?.max;

/** The label key of a field path: `spouse.full_name` → `apply.fields.spouse_full_name`. */
export const labelKeyOf = (record: RecordDescription, path: string) => `${record.labels}.${path.replace(/\.\d+\./g, '.').replace(/\./g, '_')}`;

const isOptional = (f: FieldDescription) => f.rule.safeParse(undefined).success;

function viewOf(f: FieldDescription): z.ZodType {
  if (f.view) return f.view;
  switch (f.kind) {
    case 'yes_no':
    case 'tick':
      return z.boolean();
    case 'list':
      return z.array(z.object(viewSchemaShape(f.item!)));
    case 'group':
      return z.object(viewSchemaShape(f.item!)).nullable();
    case 'files':
      return z.record(z.string(), z.string());
    default:
      return isOptional(f) ? z.string().nullable() : z.string();
  }
}
function viewSchemaShape<R extends RecordDescription>(record: R) {
  return Object.fromEntries(kept(record).map(([name, f]) => [name, viewOf(f)])) as ViewShape<R>;
}

/** The stored record as an answer gives it: every kept field, by its input name; an optional field left out is null. */
export const recordViewShape = <R extends RecordDescription>(record: R) => viewSchemaShape(record);

export type RecordView<R extends RecordDescription> = z.infer<z.ZodObject<ViewShape<R>>>;

/** The stored values in the view's shape (files excepted: the caller gives their addresses). */
export function recordView<R extends RecordDescription>(record: R, stored: object): RecordView<R> {
  return viewOfStored(record, stored as Record<string, unknown>) as RecordView<R>;
}
function viewOfStored(record: RecordDescription, stored: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    kept(record)
      .filter(([, f]) => f.kind !== 'files')
      .map(([name, f]) => {
        const value = stored[name];
        if (f.kind === 'group') return [name, value && typeof value === 'object' ? viewOfStored(f.item!, value as Record<string, unknown>) : null];
        if (f.kind === 'list') return [name, Array.isArray(value) ? value : []];
        if (f.kind === 'tick') return [name, value === true];
        return [name, value ?? null];
      }),
  );
}

/** How a form holds a field: text, 'yes'/'no' for a question, a tick for a checkbox. */
type FormValue<F> = F extends { kind: 'tick' }
  ? boolean
  : F extends { kind: 'yes_no' }
    ? '' | 'yes' | 'no'
    : F extends { kind: 'list'; item: infer I extends RecordDescription }
      ? FormValues<I>[]
      : F extends { kind: 'group'; item: infer G extends RecordDescription }
        ? FormValues<G>
        : F extends { kind: 'files'; names: readonly (infer N extends string)[] }
          ? Record<N, string>
          : string;
export type FormValues<R extends RecordDescription> = { -readonly [K in keyof R['fields']]: FormValue<R['fields'][K]> };

function initialOf(f: FieldDescription): unknown {
  if (f.kind === 'tick') return false;
  if (f.kind === 'list') return [];
  if (f.kind === 'group') return initialValues(f.item!);
  if (f.kind === 'files') return Object.fromEntries(f.names!.map((n) => [n, '']));
  return f.initial ?? '';
}

/** A form's values before anything is typed. */
export const initialValues = <R extends RecordDescription>(record: R): FormValues<R> =>
  Object.fromEntries(Object.entries(record.fields).map(([name, f]) => [name, initialOf(f)])) as FormValues<R>;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

function inputOf(f: FieldDescription, value: unknown): unknown {
  switch (f.kind) {
    case 'yes_no':
      return value === 'yes' ? true : value === 'no' ? false : undefined;
    case 'tick':
      return value === true;
    case 'list':
      return Array.isArray(value) ? value : [];
    case 'group': {
      const parts = formToInput(f.item!, (value ?? {}) as Record<string, unknown>);
      return Object.values(parts).some((x) => x !== undefined) ? parts : undefined;
    }
    case 'files':
      return Object.fromEntries(Object.entries((value ?? {}) as Record<string, unknown>).filter(([, path]) => typeof path === 'string' && path !== ''));
    default:
      return blank(value);
  }
}

/** The input an API takes, made of a form's values: blanks left out, questions as booleans, fields not asked left out. */
export function formToInput(record: RecordDescription, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record.fields).map(([name, f]) => [name, f.when && values[f.when.field] !== f.when.equals ? undefined : inputOf(f, values[name])]),
  );
}
