/**
 * Whether a PDF carries active content: JavaScript (/JS, /JavaScript), a launch action (/Launch), an
 * embedded file (/EmbeddedFile, /EmbeddedFiles) or an /OpenAction that is an action dictionary. Names
 * are compared after decoding `#xx` escapes (/J#61vaScript is /JavaScript). Objects inside compressed
 * object streams are not inflated: a PDF whose catalogue hides there is still refused by the /OpenAction
 * and name checks on what is readable (the limit of a check that does not parse the file).
 */
export function pdfHasActiveContent(buffer: Buffer): boolean {
  // Stream contents (pictures, fonts, compressed page text) are skipped: their bytes match names by chance.
  const text = buffer
    .toString('latin1')
    .replace(/\bstream\r?\n[\s\S]*?\bendstream\b/g, ' ')
    .replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  if (/\/(JS|JavaScript|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData)(?![A-Za-z0-9])/.test(text)) return true;
  // An /OpenAction that opens a page (an array) is harmless; one that is an action dictionary is not.
  return /\/OpenAction\s*<</.test(text) || /\/AA\s*<</.test(text);
}
