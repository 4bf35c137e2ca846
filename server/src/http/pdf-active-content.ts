import zlib from 'node:zlib';
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFObjectParser,
  PDFRawStream,
  PDFRef,
  decodePDFRawStream,
  type PDFObject,
  type PDFStream,
} from '@cantoo/pdf-lib';

/**
 * What an uploaded PDF is, for storing it as sent:
 * - `plain`: readable, and nothing in it acts by itself;
 * - `active`: JavaScript, an automatic or additional action (an /OpenAction that does more than open a
 *   page, /AA), a launch, form submission or data import, embedded files (/EmbeddedFiles, /EF, /GoToE),
 *   XFA, rich media or 3D content;
 * - `unreadable`: not a PDF this check can read whole (damaged, truncated, no catalogue, encrypted,
 *   an object stream it cannot decode, or past the limits below). Never stored, since what it cannot
 *   read it cannot vouch for.
 */
export type PdfVerdict = 'plain' | 'active' | 'unreadable';

/**
 * Names that are active content wherever they stand, as a key or as a value (an action's /S, an object's
 * /Type or /Subtype): /JS and /JavaScript (scripts and the document's script tree), /AA (actions on
 * opening a page, a field, an annotation, the document), /Launch, /SubmitForm, /ImportData, embedded
 * files (/EmbeddedFiles tree, /EmbeddedFile streams, /EF in a file specification, /GoToE into one),
 * /XFA forms, /RichMedia (Flash and video, with its own scripts) and /3D (whose streams carry scripts).
 */
const ACTIVE_NAMES = new Set([
  'JS',
  'JavaScript',
  'AA',
  'Launch',
  'SubmitForm',
  'ImportData',
  'EmbeddedFiles',
  'EmbeddedFile',
  'EF',
  'GoToE',
  'XFA',
  'RichMedia',
  'RichMediaExecute',
  '3D',
]);

/** Longest the check may take on one file; past it the file is refused (a crafted file, not a scan). */
const DEADLINE_MS = 2_000;
/** Most objects one file may hold (in the file and in its object streams); a 5 MB scan has a few dozen. */
const MAX_OBJECTS = 200_000;
/** Most bytes all of a file's object streams may decode to: a small file must not inflate without bound. */
const MAX_DECODED_BYTES = 16 * 1024 * 1024;

/**
 * Whether a PDF may be stored as sent. The file is read by a PDF parser (@cantoo/pdf-lib's object
 * parser, with the hardening below) and every object is inspected as it is parsed:
 *
 * - Every object a reader could find: each `N G obj` header anywhere in the bytes (also between comment
 *   lines, inside another object's stream data, or after a broken object: a reader that rebuilds a damaged
 *   file's cross-references finds those too), each trailer, and each object inside every object stream
 *   (a stream with /Type /ObjStm or a /First entry, decoded with FlateDecode and the other standard filters).
 *   An object that does not parse, a header without its `endobj`, an object stream that does not decode,
 *   and a file with no catalogue or no trailer (`trailer` or `startxref`) after its objects make the file
 *   unreadable: a parser that skipped what it could not read would let a reader see more than was checked.
 * - Every name (keys and values, `#xx` escapes decoded) is compared with ACTIVE_NAMES as the parser reads
 *   it, so a key that appears twice in a dictionary is seen both times. An /OpenAction must open a page
 *   (a destination, or a plain GoTo action to one: see opensPage), directly or by reference to objects that
 *   all do so. /Encrypt makes the file unreadable: its strings and streams (object streams
 *   included) cannot be checked without decrypting, and a reader could not show it without a password either.
 * - Belt and braces: the names of the file's text outside stream data and of every decoded object stream
 *   are scanned once more as bytes (the check before this parser), so a difference between this parser and a
 *   reader over where an object starts or ends cannot hide a name from both.
 */
export function inspectPdf(buffer: Uint8Array): PdfVerdict {
  return explainPdf(buffer).verdict;
}

/** The verdict with its reason (the first active content found, or what made the file unreadable). */
export function explainPdf(buffer: Uint8Array): { verdict: PdfVerdict; reason: string } {
  const inspection = new Inspection(buffer);
  try {
    inspection.run();
  } catch (err) {
    // A parse error or a limit: unreadable (unless something active was already found).
    if (inspection.active) return { verdict: 'active', reason: inspection.reason };
    return { verdict: 'unreadable', reason: err instanceof Error ? err.message || err.name : String(err) };
  }
  const verdict = inspection.verdict();
  return { verdict, reason: inspection.reason };
}

/** Why a file is unreadable (the message names the reason, for tests and debugging). */
class Unreadable extends Error {}

// Every name the library or this check looks up keeps its identity; all others are read as one stand-in, and
// references as one stand-in too: the library keeps every name and reference it makes in a process-wide pool
// that is never emptied, so an upload's own names and numbers must not go there.
const KEPT_NAMES = [
  'Length',
  'Filter',
  'DecodeParms',
  'EarlyChange',
  'Predictor',
  'FlateDecode',
  'LZWDecode',
  'ASCII85Decode',
  'ASCIIHexDecode',
  'RunLengthDecode',
  'Type',
  'ObjStm',
  'N',
  'First',
  'Catalog',
  'S',
  'GoTo',
  'Next',
] as const;
const NAMES = Object.fromEntries(KEPT_NAMES.map((n) => [n, PDFName.of(n)])) as Record<(typeof KEPT_NAMES)[number], PDFName>;
const KEPT = new Map<string, PDFName>(KEPT_NAMES.map((n) => [n, NAMES[n]]));
const OTHER_NAME = PDFName.of('PesOtherName');
const SOME_REF = PDFRef.of(0, 65535);
/** The keys whose numbers are read; every other number is parsed as one stand-in (making each costs). */
const NUMERIC_KEYS = new Set(['Length', 'N', 'First', 'Predictor', 'EarlyChange']);
const SOME_NUMBER = PDFNumber.of(0);

const PDF_WHITESPACE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) PDF_WHITESPACE[c] = 1;
const PDF_DELIMITER = new Uint8Array(256);
for (const c of '()<>[]{}/%') PDF_DELIMITER[c.charCodeAt(0)] = 1;
const code = (s: string) => [...s].map((c) => c.charCodeAt(0));
const ENDOBJ = code('endobj');
const STREAM = code('stream');
const ENDSTREAM = code('endstream');

type ByteStream = ConstructorParameters<typeof PDFObjectParser>[0];

/** The state of one file's inspection: what was found, and the limits spent so far. */
class Inspection {
  active = false;
  private encrypted = false;
  private sawCatalog = false;
  private objects = 0;
  private decoded = 0;
  private readonly started = performance.now();
  /** Object `num gen` → whether every definition of it only opens a page (see opensPage). */
  private readonly definitions = new Map<string, boolean>();
  /** Objects an /OpenAction refers to: each must be defined, and only as what opens a page. */
  private readonly openActionTargets = new Set<string>();
  /** Dictionaries with a key written twice: which value counts depends on the reader. */
  readonly ambiguous = new WeakSet<PDFDict>();
  /** Why the verdict is what it is: the first active content found, or what made the file unreadable. */
  reason = '';

  constructor(private readonly bytes: Uint8Array) {}

  /**
   * What an /OpenAction may be: a destination (an array), or a GoTo action to one with nothing after it
   * (/Next), as LaTeX's hyperref and others write to open at the first page. Anything else (a URI, a named
   * action such as printing, another document, a script) is an action the reader would run on opening.
   */
  private opensPage(value: PDFObject) {
    if (value instanceof PDFArray) return true;
    return value instanceof PDFDict && !this.ambiguous.has(value) && value.get(NAMES.S) === NAMES.GoTo && !value.has(NAMES.Next);
  }

  private found(reason: string) {
    if (!this.active) this.reason = reason;
    this.active = true;
  }

  verdict(): PdfVerdict {
    for (const target of this.openActionTargets) {
      if (this.definitions.get(target) !== true) this.found(`an /OpenAction to ${target} R, which does more than open a page`);
    }
    if (this.active) return 'active';
    if (this.encrypted) this.reason = 'encrypted';
    else if (!this.sawCatalog) this.reason = 'no catalogue';
    else return 'plain';
    return 'unreadable';
  }

  onName(name: string) {
    if (ACTIVE_NAMES.has(name)) this.found(`/${name}`);
    else if (name === 'Encrypt') this.encrypted = true;
  }

  onEntry(key: string, value: PDFObject, lastRef: string) {
    if (key === 'OpenAction') {
      if (value === SOME_REF) this.openActionTargets.add(lastRef);
      else if (!this.opensPage(value)) this.found('an /OpenAction that does more than open a page');
    } else if (key === 'Type' && value === NAMES.Catalog) {
      this.sawCatalog = true;
    }
  }

  /**
   * Records an object's definition. (A reader sent by a cross-reference offset into the middle of a run of
   * digits would take `14 0 obj` for object 4: such a definition is not counted, and only an /OpenAction's
   * kind of action could differ by it, since every name of the object is checked all the same.)
   */
  private define(numText: string, gen: number, object: PDFObject) {
    const key = `${Number(numText)} ${gen}`;
    this.definitions.set(key, (this.definitions.get(key) ?? true) && this.opensPage(object));
  }

  private spend() {
    if (++this.objects > MAX_OBJECTS) throw new Unreadable('too many objects');
    if (performance.now() - this.started > DEADLINE_MS) throw new Unreadable('out of time');
  }

  run() {
    const text = Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString('latin1');
    const parser = InspectingParser.over(this.bytes, text, this);

    // Every object header, wherever it stands. The number runs are matched whole (a lookbehind and the
    // (?=(…))\1 idiom for an atomic group), so a long run of digits costs linear time, not quadratic.
    let end = 0;
    for (const m of text.matchAll(OBJECT_HEADER)) {
      if (this.active) return;
      this.spend();
      const object = parser.parseAt(m.index + m[0].length);
      if (!parser.skipKeyword(ENDOBJ)) throw new Unreadable(`no endobj after the object at ${m.index}`);
      end = Math.max(end, parser.offset());
      this.define(m[1]!, Number(m[4]), object);
      if (object instanceof PDFRawStream && isObjectStream(object)) this.readObjectStream(object);
    }
    for (const m of text.matchAll(TRAILER)) {
      this.spend();
      parser.parseAt(m.index + m[0].length);
    }
    // A file cut short between two objects has no trailer after them: not a whole PDF either.
    if (Math.max(text.lastIndexOf('startxref'), text.lastIndexOf('trailer')) < end) throw new Unreadable('no trailer after the last object');
    if (!this.active && activeNamesIn(text, true)) this.found('an active name in the byte scan');
  }

  /** Decodes an object stream (within the budget) and inspects each object in it. */
  private readObjectStream(stream: PDFRawStream) {
    const { dict } = stream;
    const n = dict.get(NAMES.N);
    const first = dict.get(NAMES.First);
    if (!(n instanceof PDFNumber) || !(first instanceof PDFNumber)) throw new Unreadable('an object stream without a direct /N and /First');
    const count = n.asNumber();
    const start = first.asNumber();
    if (!Number.isInteger(count) || count < 0 || count > MAX_OBJECTS || !Number.isInteger(start) || start < 0)
      throw new Unreadable('an object stream with a bad /N or /First');
    const data = this.decode(stream);
    if (start > data.length) throw new Unreadable('an object stream shorter than its /First');
    const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
    const header = text
      .slice(0, start)
      .split(/[\0\t\n\f\r ]+/)
      .filter(Boolean);
    if (header.length < 2 * count || header.slice(0, 2 * count).some((t) => !/^\d+$/.test(t)))
      throw new Unreadable('an object stream with a bad table of objects');
    const parser = InspectingParser.over(data, text, this);
    for (let i = 0; i < count; i++) {
      this.spend();
      const offset = start + Number(header[2 * i + 1]);
      if (offset >= data.length) throw new Unreadable('an object stream with an offset past its end');
      const object = parser.parseAt(offset);
      // A stream has no place in an object stream; a reader's take on one is anyone's guess.
      if (object instanceof PDFRawStream) throw new Unreadable('a stream inside an object stream');
      this.define(header[2 * i]!, 0, object);
    }
    if (!this.active && activeNamesIn(text, false)) this.found('an active name in the byte scan of an object stream');
  }

  /**
   * The stream's data through its filters, within the budget so a small stream cannot inflate without
   * bound. Predictors are not applied (the library has none): a stream with one is refused rather than misread.
   */
  private decode(stream: PDFRawStream): Uint8Array {
    const { dict } = stream;
    const filter = dict.get(NAMES.Filter);
    const parms = dict.get(NAMES.DecodeParms);
    if (filter === SOME_REF || parms === SOME_REF) throw new Unreadable('an object stream whose filters are indirect');
    const parmsList = parms instanceof PDFArray ? parms.asArray() : parms ? [parms] : [];
    for (const p of parmsList) {
      if (p === SOME_REF) throw new Unreadable('an object stream whose filters are indirect');
      const predictor = p instanceof PDFDict ? p.get(NAMES.Predictor) : undefined;
      if (predictor !== undefined && !(predictor instanceof PDFNumber && predictor.asNumber() === 1)) throw new Unreadable('an object stream with a predictor');
    }
    const budget = MAX_DECODED_BYTES - this.decoded;
    if (filter === NAMES.FlateDecode || (filter instanceof PDFArray && filter.size() === 1 && filter.get(0) === NAMES.FlateDecode)) {
      // The usual filter, through zlib (native, and bounded as it inflates); a stream cut short gives what it
      // holds, as readers do, and data that is not deflate at all is an error.
      let out: Buffer;
      try {
        out = zlib.inflateSync(stream.contents, { maxOutputLength: budget + 1, finishFlush: zlib.constants.Z_SYNC_FLUSH });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new Unreadable('object streams decoding past the budget');
        throw new Unreadable('an object stream that does not decode');
      }
      this.decoded += out.length;
      if (out.length > budget) throw new Unreadable('object streams decoding past the budget');
      return out;
    }
    // Any other filter (or a chain) through the library's decoders, read in slices within the budget.
    const decoder = decodePDFRawStream(stream);
    let total = 0;
    for (;;) {
      const chunk = decoder.getBytes(64 * 1024).length;
      if (chunk === 0) break;
      total += chunk;
      this.decoded += chunk;
      if (this.decoded > MAX_DECODED_BYTES) throw new Unreadable('object streams decoding past the budget');
      if (performance.now() - this.started > DEADLINE_MS) throw new Unreadable('out of time');
    }
    // Read again from the decoder's own buffer (no copy; getBytes(0) would mean "all").
    decoder.reset();
    if (total === 0) return new Uint8Array(0);
    const out = decoder.getBytes(total);
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  }
}

function isObjectStream(stream: PDFRawStream) {
  return stream.dict.get(NAMES.Type) === NAMES.ObjStm || stream.dict.has(NAMES.First);
}

/** White space and comments between two tokens; `g` numbers the group that makes a comment atomic. */
const sep = (g: number) => `(?:[\\0\\t\\n\\f\\r ]|%(?=([^\\r\\n]*))\\${g})+`;
/**
 * `N G obj`: an object number (the whole run of digits and dots: pdf.js reads `5.0` as 5), separators, a
 * generation, `obj`. Runs are matched whole (a lookbehind, and `(?=(…))\N` for an atomic group), so a long
 * run of digits or a long comment costs linear time, not quadratic. Groups: 1 number, 4 generation.
 */
const OBJECT_HEADER = new RegExp(`(?<![0-9.])([+-]?(?=([0-9.]+))\\2)${sep(3)}(?=([0-9]+))\\4${sep(5)}obj`, 'g');
const TRAILER = new RegExp(`trailer(?:${sep(1)})?(?=<<)`, 'g');

/**
 * pdf-lib's object parser, reading at any offset, reporting every name and dictionary entry to the
 * inspection as it reads them, keeping nothing in the library's pools, and finding a stream's end as a
 * reader does (its /Length when `endstream` follows, else the first `endstream`).
 */
class InspectingParser extends PDFObjectParser {
  private lastRef = '';
  private lastName = '';
  /** Whether the value being parsed is one whose number is read (see NUMERIC_KEYS). */
  private wantNumber = false;
  private endstreams?: number[];

  private constructor(
    byteStream: ByteStream,
    private readonly data: Uint8Array,
    /** The same bytes as a latin1 string, to slice names and numbers from. */
    private readonly text: string,
    private readonly inspection: Inspection,
  ) {
    super(byteStream, PDFContext.create());
  }

  static over(data: Uint8Array, text: string, inspection: Inspection) {
    // The library does not export its byte reader: take the one its own factory makes over these bytes (no copy).
    const { bytes } = PDFObjectParser.forBytes(data, PDFContext.create()) as unknown as { bytes: ByteStream };
    return new InspectingParser(bytes, data, text, inspection);
  }

  parseAt(offset: number): PDFObject {
    this.bytes.moveTo(offset);
    return this.parseObject();
  }

  offset() {
    return this.bytes.offset();
  }

  skipKeyword(keyword: number[]) {
    this.skipWhitespaceAndComments();
    return this.matchKeyword(keyword);
  }

  protected override parseName(): PDFName {
    // As the library's (read up to white space or a delimiter), scanning the bytes directly.
    const { data } = this;
    const start = this.bytes.offset() + 1; // after the slash
    let end = start;
    while (end < data.length && !PDF_WHITESPACE[data[end]!] && !PDF_DELIMITER[data[end]!]) end++;
    this.bytes.moveTo(end);
    const raw = this.text.slice(start, end);
    const name = raw.includes('#') ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw;
    this.inspection.onName(name);
    this.lastName = name;
    return KEPT.get(name) ?? OTHER_NAME;
  }

  protected override parseRawNumber(): number {
    // As the library's (signs, digits and a point, then digits), scanning the bytes directly; and a number
    // past 2^53 is an error here rather than a line on the console.
    const { data } = this;
    const start = this.bytes.offset();
    let end = start;
    while (end < data.length) {
      const b = data[end]!;
      if (!((b >= 0x30 && b <= 0x39) || b === 0x2b || b === 0x2d || b === 0x2e)) break;
      end++;
      if (b === 0x2e) break;
    }
    while (end < data.length && data[end]! >= 0x30 && data[end]! <= 0x39) end++;
    this.bytes.moveTo(end);
    const value = this.text.slice(start, end);
    const number = Number(value);
    if (!value || !Number.isFinite(number) || Math.abs(number) > Number.MAX_SAFE_INTEGER) throw new Unreadable(`a bad number ${value.slice(0, 30)}`);
    return number;
  }

  protected override skipWhitespaceAndComments(): void {
    // As the library's, scanning the bytes directly.
    const { data } = this;
    let at = this.bytes.offset();
    for (;;) {
      while (at < data.length && PDF_WHITESPACE[data[at]!]) at++;
      if (at >= data.length || data[at] !== 0x25) break;
      while (at < data.length && data[at] !== 0x0a && data[at] !== 0x0d) at++;
    }
    this.bytes.moveTo(at);
  }

  protected override parseNumberOrRef(): PDFNumber | PDFRef {
    const first = this.parseRawNumber();
    this.skipWhitespaceAndComments();
    const lookahead = this.bytes.offset();
    const b = this.bytes.peek();
    if (b >= 0x30 && b <= 0x39) {
      const second = this.parseRawNumber();
      this.skipWhitespaceAndComments();
      if (this.bytes.peek() === 0x52 /* R */) {
        this.bytes.next();
        this.lastRef = `${first} ${second}`;
        return SOME_REF;
      }
    }
    this.bytes.moveTo(lookahead);
    return this.wantNumber ? PDFNumber.of(first) : SOME_NUMBER;
  }

  protected override parseDict(): PDFDict {
    const bytes = this.bytes;
    bytes.assertNext(0x3c);
    bytes.assertNext(0x3c);
    this.skipWhitespaceAndComments();
    const map = new Map<PDFName, PDFObject>();
    const keys = new Set<string>();
    let repeated = false;
    while (bytes.peek() !== 0x3e) {
      if (bytes.done() || bytes.peek() !== 0x2f) throw new Unreadable('a dictionary key that is not a name');
      const key = this.parseName();
      const keyText = this.lastName;
      if (keys.has(keyText)) repeated = true;
      keys.add(keyText);
      this.wantNumber = NUMERIC_KEYS.has(keyText);
      const value = this.parseObject();
      this.wantNumber = false;
      this.inspection.onEntry(keyText, value, this.lastRef);
      map.set(key, value);
      this.skipWhitespaceAndComments();
    }
    bytes.assertNext(0x3e);
    bytes.assertNext(0x3e);
    const dict = PDFDict.fromMapWithContext(map, this.context);
    if (repeated) this.inspection.ambiguous.add(dict);
    return dict;
  }

  protected override parseDictOrStream(): PDFDict | PDFStream {
    const dict = this.parseDict();
    const afterDict = this.bytes.offset();
    this.skipWhitespaceAndComments();
    if (!this.matchKeyword(STREAM)) {
      this.bytes.moveTo(afterDict);
      return dict;
    }
    // The data starts after the end of line that follows `stream` (CR LF or LF; a lone CR is tolerated).
    if (this.bytes.peek() === 0x0d) this.bytes.next();
    if (this.bytes.peek() === 0x0a) this.bytes.next();
    const start = this.bytes.offset();
    let end = -1;
    const length = dict.get(NAMES.Length);
    if (length instanceof PDFNumber && Number.isInteger(length.asNumber()) && length.asNumber() >= 0) {
      this.bytes.moveTo(Math.min(start + length.asNumber(), this.data.length));
      if (this.skipKeyword(ENDSTREAM)) end = start + length.asNumber();
    }
    if (end < 0) {
      end = this.nextEndstream(start);
      this.bytes.moveTo(end);
      if (!this.matchKeyword(ENDSTREAM)) throw new Unreadable('a stream without endstream');
    }
    return PDFRawStream.of(dict, this.data.subarray(start, end));
  }

  /** The first `endstream` at or after an offset (all of them found once, natively, then searched by halves). */
  private nextEndstream(from: number): number {
    if (!this.endstreams) {
      const positions: number[] = [];
      const buf = Buffer.from(this.data.buffer, this.data.byteOffset, this.data.byteLength);
      for (let at = buf.indexOf('endstream', 0, 'latin1'); at >= 0; at = buf.indexOf('endstream', at + 1, 'latin1')) positions.push(at);
      this.endstreams = positions;
    }
    const list = this.endstreams;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    if (lo === list.length) throw new Unreadable('a stream without endstream');
    return list[lo]!;
  }
}

/**
 * The byte scan this check began as, kept beside the parser: active names in a PDF's text, `#xx` escapes
 * decoded, with stream data left out (`skipStreams`; its bytes match names by chance) for the file itself.
 */
function activeNamesIn(text: string, skipStreams: boolean): boolean {
  const visible = (skipStreams ? text.replace(/\bstream\r?\n[\s\S]*?\bendstream\b/g, ' ') : text).replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  if (/\/(JS|JavaScript|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData)(?![A-Za-z0-9])/.test(visible)) return true;
  return /\/OpenAction\s*<</.test(visible) || /\/AA\s*<</.test(visible);
}
