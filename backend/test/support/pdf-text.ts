import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF the server made with PDFKit's standard fonts, as the shown strings in the
 * order they are drawn, one line per text operator: each content stream is inflated and the
 * strings of its `Tj` and `TJ` operators read (WinAnsi bytes; kerning numbers between them
 * dropped). Enough to check what an AML file says, on every Node line the product runs on.
 */
export function pdfText(pdf: Buffer): string {
  const file = pdf.toString('latin1');
  const lines: string[] = [];
  // PDFKit ends a stream's data with "\nendstream"; the data's own last byte may be "\r" (one
  // compressed stream in 256 ends so), so it is kept, and dropped only when a writer ended the
  // line with "\r\n".
  for (const [, raw] of file.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)) {
    const content =
      inflated(raw) ?? (raw.endsWith('\r') ? inflated(raw.slice(0, -1)) : undefined) ?? raw;
    for (const [, array, single] of content.matchAll(
      /\[((?:<[0-9a-fA-F]*>|[^\]<])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
    )) {
      const strings =
        array === undefined ? [single] : [...array.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]);
      lines.push(strings.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}

function inflated(raw: string): string | undefined {
  try {
    return inflateSync(Buffer.from(raw, 'latin1')).toString('latin1');
  } catch {
    return undefined;
  }
}
