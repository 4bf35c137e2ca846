import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { CERTIFICATE_TEXT, certificateValidUntil, formatVerificationCode, type CertificateDraft } from '@pes/contracts';

/** What the certificate shows: the officer's edited draft plus what only the server knows. */
export interface CertificateContent {
  draft: CertificateDraft;
  referenceNumber: string;
  issuedOn: string;
  /** The certificate's verification code (random: the reference number is sequential and verifies nothing). */
  verificationCode: string;
  /** The public verification page of that code, which the QR code opens. */
  verifyUrl: string;
}

const require = createRequire(import.meta.url);
const FONT_FILES = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  latinBold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  sinhala: '@expo-google-fonts/noto-sans-sinhala/400Regular/NotoSansSinhala_400Regular.ttf',
  sinhalaBold: '@expo-google-fonts/noto-sans-sinhala/700Bold/NotoSansSinhala_700Bold.ttf',
  tamil: '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf',
  tamilBold: '@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;
/** A parsed font, as pdfkit takes it (its glyph and layout caches then serve every certificate). */
type ParsedFont = ReturnType<typeof fontkit.create>;
type Fonts = Record<FontName, ParsedFont>;

/** Full Noto TTF fonts (the Sinhala and Tamil ones shape their scripts in pdfkit), read and parsed once per process. */
let fontsLoading: Promise<Fonts> | undefined;
export function loadCertificateFonts(): Promise<Fonts> {
  fontsLoading ??= Promise.all(
    Object.entries(FONT_FILES).map(async ([name, file]) => [name, fontkit.create(await readFile(require.resolve(file)))] as const),
  ).then((entries) => Object.fromEntries(entries) as Fonts);
  return fontsLoading;
}

const MM = 72 / 25.4;
const MARGIN = 10 * MM;
const NAVY = '#0b2a5b';
const GOLD = '#b8860b';

type Script = 'latin' | 'sinhala' | 'tamil';
const scriptOf = (ch: string): Script | undefined => {
  const cp = ch.codePointAt(0)!;
  if (cp >= 0x0d80 && cp <= 0x0dff) return 'sinhala';
  if (cp >= 0x0b80 && cp <= 0x0bff) return 'tamil';
  if (cp === 0x200c || cp === 0x200d || /[\s\p{P}\d]/u.test(ch)) return undefined; // joiners, spaces, punctuation and digits follow their neighbours
  return 'latin';
};

/** Splits text into runs of one script each, so each run is set in a font that has its glyphs. */
export function scriptRuns(text: string): Array<{ script: Script; text: string }> {
  const runs: Array<{ script: Script; text: string }> = [];
  for (const ch of text) {
    const script = scriptOf(ch) ?? runs.at(-1)?.script ?? 'latin';
    const last = runs.at(-1);
    if (last && (last.script === script || scriptOf(ch) === undefined)) last.text += ch;
    else runs.push({ script, text: ch });
  }
  return runs;
}

/** The certificate as a PDF: A4, 10 mm margins, the police letterhead, the details, remarks, validity and a QR code to the verification page. */
export async function renderCertificatePdf(content: CertificateContent): Promise<Buffer> {
  const fonts = await loadCertificateFonts();
  const qr = await QRCode.toBuffer(content.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
  const { draft } = content;
  const validUntil = certificateValidUntil(content.issuedOn);

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: `Police Clearance Certificate ${content.referenceNumber}`, Author: 'Sri Lanka Police', Subject: 'Police Clearance Certificate' },
    compress: true,
  });
  // pdfkit takes a parsed font where its types say a path or bytes.
  for (const [name, font] of Object.entries(fonts)) doc.registerFont(name, font as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const left = MARGIN;

  /** Writes text in as many fonts as its scripts need, on one line or wrapping. */
  const write = (text: string, opts: { size: number; bold?: boolean; align?: 'left' | 'center' | 'right'; color?: string; gap?: number }) => {
    const runs = scriptRuns(text);
    doc.fillColor(opts.color ?? 'black').fontSize(opts.size);
    runs.forEach((run, i) => {
      const font = (run.script === 'latin' ? 'latin' : run.script) + (opts.bold ? 'Bold' : '');
      doc.font(font).text(run.text, i === 0 ? left : undefined, undefined, { width, align: opts.align ?? 'left', continued: i < runs.length - 1 });
    });
    if (opts.gap) doc.moveDown(opts.gap);
  };

  // Letterhead.
  doc.rect(left, MARGIN, width, 70).fill(NAVY);
  doc
    .fillColor('white')
    .font('latinBold')
    .fontSize(20)
    .text(CERTIFICATE_TEXT.letterhead, left, MARGIN + 12, { width, align: 'center' });
  doc
    .font('sinhalaBold')
    .fontSize(11)
    .text(CERTIFICATE_TEXT.letterheadSinhala, left, MARGIN + 38, { width: width / 2, align: 'center' });
  doc
    .font('tamilBold')
    .fontSize(11)
    .text(CERTIFICATE_TEXT.letterheadTamil, left + width / 2, MARGIN + 38, { width: width / 2, align: 'center' });
  doc.rect(left, MARGIN + 70, width, 3).fill(GOLD);
  doc
    .fillColor('black')
    .font('latin')
    .fontSize(9)
    .text(CERTIFICATE_TEXT.address, left, MARGIN + 80, { width, align: 'center' });

  doc.y = MARGIN + 105;
  write(CERTIFICATE_TEXT.title, { size: 16, bold: true, align: 'center', color: NAVY, gap: 0.6 });
  write(`${CERTIFICATE_TEXT.reference} ${content.referenceNumber}`, { size: 11, bold: true, gap: 0.2 });
  write(`${CERTIFICATE_TEXT.issued} ${content.issuedOn}`, { size: 11, gap: 1 });

  write(draft.addresseeTitle, { size: 11, bold: true });
  write(draft.department, { size: 11 });
  write(draft.country, { size: 11, gap: 1 });

  write(CERTIFICATE_TEXT.certify, { size: 11, gap: 0.3 });
  write(draft.fullName, { size: 14, bold: true, gap: 0.3 });
  if (draft.nicNumber) write(`${CERTIFICATE_TEXT.nic} ${draft.nicNumber}`, { size: 11 });
  if (draft.passportNumber) write(`${CERTIFICATE_TEXT.passport} ${draft.passportNumber}`, { size: 11 });
  write(`${CERTIFICATE_TEXT.addressLabel} ${draft.address}`, { size: 11, gap: 0.8 });
  write(CERTIFICATE_TEXT.period(draft.periodFrom, draft.periodTo), { size: 11 });
  write(CERTIFICATE_TEXT.validUntil(validUntil), { size: 11, gap: 0.8 });

  write(CERTIFICATE_TEXT.remarks, { size: 12, bold: true, color: NAVY, gap: 0.2 });
  write(draft.remarks, { size: 11, gap: 1.5 });

  // QR code, verification code and address, bottom left; signature line, bottom right.
  const qrSize = 34 * MM;
  const bottom = doc.page.height - MARGIN - qrSize - 26;
  doc.image(qr, left, bottom, { width: qrSize, height: qrSize });
  doc
    .font('latinBold')
    .fontSize(9)
    .fillColor('black')
    .text(`${CERTIFICATE_TEXT.verificationCode} ${formatVerificationCode(content.verificationCode)}`, left, bottom + qrSize + 2, { width: width / 2 });
  doc
    .font('latin')
    .fontSize(8)
    .text(`${CERTIFICATE_TEXT.verifyAt} ${content.verifyUrl}`, left, bottom + qrSize + 14, { width: width / 2 });
  doc
    .moveTo(left + width - 70 * MM, bottom + qrSize - 20)
    .lineTo(left + width, bottom + qrSize - 20)
    .lineWidth(0.7)
    .stroke('black');
  doc
    .font('latin')
    .fontSize(9)
    .text(CERTIFICATE_TEXT.signatory, left + width - 70 * MM, bottom + qrSize - 14, { width: 70 * MM, align: 'center' });
  doc.text(CERTIFICATE_TEXT.signatoryFor, left + width - 70 * MM, bottom + qrSize - 2, { width: 70 * MM, align: 'center' });

  doc.end();
  return done;
}
