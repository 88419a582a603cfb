import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reads a generated PDF back as text, the way a person reads the page: PDF.js (the legacy build, for Node) gives the
 * text runs with their positions; runs on one baseline are joined left to right into a line, lines top to bottom.
 * So a test asserts what is printed, not what the PDF's bytes happen to contain.
 */

export interface PdfPage {
  /** mm */
  width: number;
  height: number;
  lines: string[];
}

export interface PdfText {
  pages: PdfPage[];
  /** every line of every page, one per line */
  text: string;
}

const MM = 25.4 / 72;
const fonts = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

interface Run {
  str: string;
  x: number;
  y: number;
}

function linesOf(runs: Run[]): string[] {
  const rows = new Map<number, Run[]>();
  for (const r of runs) {
    if (!r.str.trim()) continue;
    // runs within half a point share a line
    const key = [...rows.keys()].find((y) => Math.abs(y - r.y) < 0.5) ?? r.y;
    rows.set(key, [...(rows.get(key) ?? []), r]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, rs]) =>
      rs
        .sort((a, b) => a.x - b.x)
        .map((r) => r.str.trim())
        .join(' '),
    );
}

export async function readPdf(bytes: ArrayBuffer | Uint8Array): Promise<PdfText> {
  const data = bytes instanceof Uint8Array ? new Uint8Array(bytes) : new Uint8Array(bytes.slice(0));
  const doc = await getDocument({ data, standardFontDataUrl: fonts, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: PdfPage[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const { width, height } = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const runs: Run[] = [];
    for (const item of content.items)
      if ('str' in item) runs.push({ str: item.str, x: item.transform[4], y: item.transform[5] });
    pages.push({ width: width * MM, height: height * MM, lines: linesOf(runs) });
  }
  await doc.destroy();
  return { pages, text: pages.flatMap((p) => p.lines).join('\n') };
}

/** How many pictures each page paints (PDF.js's operator list), so a test sees a logo drawn, not merely embedded. */
export async function imagesPerPage(bytes: ArrayBuffer | Uint8Array): Promise<number[]> {
  const data = bytes instanceof Uint8Array ? new Uint8Array(bytes) : new Uint8Array(bytes.slice(0));
  const doc = await getDocument({ data, standardFontDataUrl: fonts, isEvalSupported: false, verbosity: 0 }).promise;
  const counts: number[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const { fnArray } = await (await doc.getPage(i)).getOperatorList();
    counts.push(fnArray.filter((op) => op === OPS.paintImageXObject).length);
  }
  await doc.destroy();
  return counts;
}
