import { jsPDF } from 'jspdf';

/**
 * The page writer over jsPDF, shared by every BayBook document. Pure: it runs in the browser (printing offline)
 * and on the server (the PDF routes), and returns bytes. It writes on an A4 page or on an 80 mm thermal roll; `y`
 * is the top of the free space (text is drawn with its top there), so a row's height is its lines times the line
 * height and nothing overlaps however long a text wraps.
 */

export interface Paper {
  width: number;
  height: number;
  margin: number;
  /** body text size (pt) */
  fontSize: number;
}

export const A4: Paper = { width: 210, height: 297, margin: 14, fontSize: 10 };
/** An 80 mm thermal roll prints about 72 mm wide; its length is what is printed (see `onRoll`). */
const ROLL_80: Paper = { width: 80, height: 297, margin: 4, fontSize: 8 };
/** jsPDF's page limit is 14,400 pt (5,080 mm): a receipt longer than this goes on to a second length of roll. */
const ROLL_MAX = 5000;

const PT_MM = 25.4 / 72;
const LINE_FACTOR = 1.2;
/** the space kept at an A4 page's foot for the footer line and the page number */
const FOOT = 12;
const CELL_PAD = 1.5;

const lineHeight = (size: number) => size * PT_MM * LINE_FACTOR;

export interface Column {
  title: string;
  /** relative width: the columns share the page's width in these proportions */
  width: number;
  align?: 'left' | 'right';
}

type Align = 'left' | 'center' | 'right';

export class Page {
  readonly doc: jsPDF;
  /** top of the free space (mm) */
  y: number;
  readonly left: number;
  readonly right: number;
  /** the 80 mm roll: one column, centred headings, no page numbers */
  readonly narrow: boolean;
  readonly size: number;
  private readonly top: number;
  private readonly bottom: number;

  constructor(readonly paper: Paper = A4) {
    const { width, height } = paper;
    this.doc = new jsPDF({
      unit: 'mm',
      format: [width, height],
      orientation: width > height ? 'l' : 'p',
      compress: false,
    });
    this.narrow = width < 120;
    this.left = paper.margin;
    this.right = width - paper.margin;
    this.top = paper.margin;
    this.bottom = height - (this.narrow ? paper.margin : FOOT + 4);
    this.size = paper.fontSize;
    this.y = this.top;
  }

  get width(): number {
    return this.right - this.left;
  }

  private font(size: number, bold: boolean) {
    this.doc.setFont('helvetica', bold ? 'bold' : 'normal').setFontSize(size);
  }

  /**
   * Text with its top at y. Every call passes the same line-height factor: jsPDF places a 'top' baseline by it, so
   * a label and its value drawn apart would otherwise sit a fraction of a point off one line.
   */
  private put(text: string | string[], x: number, y: number, align: Align = 'left') {
    this.doc.text(text, x, y, { align, baseline: 'top', lineHeightFactor: LINE_FACTOR });
  }

  /** The lines `text` takes at this size and width (newlines kept). */
  wrap(text: string, width: number, size = this.size, bold = false): string[] {
    this.font(size, bold);
    return this.doc.splitTextToSize(text, width) as string[];
  }

  /** A paragraph, wrapped to `width` (the page's by default), carried on to the next page where it runs out. */
  text(text: string, o: { size?: number; bold?: boolean; align?: Align; x?: number; width?: number } = {}) {
    const size = o.size ?? this.size;
    const width = o.width ?? this.width;
    const lines = this.wrap(text, width, size, o.bold);
    const x = o.x ?? (o.align === 'right' ? this.right : o.align === 'center' ? this.left + width / 2 : this.left);
    this.lines(lines, size, (chunk) => {
      this.font(size, o.bold ?? false);
      this.put(chunk, x, this.y, o.align);
    });
    return this;
  }

  heading(text: string) {
    const size = this.size + 1;
    this.room(lineHeight(size) + 3 * lineHeight(this.size));
    this.gap(1).text(text, { size, bold: true, align: this.narrow ? 'center' : 'left' });
    return this.gap(1);
  }

  /** A label and a value on one line: the value right-aligned at the margin, the label from `x` (wrapped). */
  line(label: string, value?: string, bold = false, x = this.left) {
    const valueWidth = value
      ? this.wrap(value, this.width, this.size, bold).reduce((w, l) => Math.max(w, this.doc.getTextWidth(l)), 0)
      : 0;
    const lines = this.wrap(label, this.right - x - (value ? valueWidth + 3 : 0), this.size, bold);
    this.room(lineHeight(this.size) * lines.length);
    const top = this.y;
    this.lines(lines, this.size, (chunk) => {
      this.font(this.size, bold);
      this.put(chunk, x, this.y);
    });
    if (value) this.put(value, this.right, top, 'right');
    return this;
  }

  /** A table whose cells wrap; a row too long for what is left of a page goes on to the next, under the header again. */
  table(cols: readonly Column[], rows: readonly (readonly string[])[]) {
    const total = cols.reduce((n, c) => n + c.width, 0);
    const widths = cols.map((c) => (c.width / total) * this.width);
    const size = this.size - 1;
    const cells = (row: readonly string[], bold: boolean) =>
      row.map((cell, i) => this.wrap(cell, widths[i] - 2 * CELL_PAD, size, bold));
    const header = cells(
      cols.map((c) => c.title),
      true,
    );
    const drawHeader = () => {
      this.row(cols, widths, header, size, true, () => undefined);
      this.rule(0.3, 120);
    };
    this.room(lineHeight(size) * (header.length + 2));
    drawHeader();
    for (const r of rows) {
      this.row(cols, widths, cells(r, false), size, false, drawHeader);
      this.rule(0.1, 200);
    }
    return this.gap(2);
  }

  private row(
    cols: readonly Column[],
    widths: number[],
    cells: string[][],
    size: number,
    bold: boolean,
    onNewPage: () => void,
  ) {
    const lh = lineHeight(size);
    const n = Math.max(1, ...cells.map((c) => c.length));
    // a row that fits on a page stays whole: it moves to the next page rather than splitting
    if (this.y + n * lh > this.bottom && n * lh <= this.bottom - this.top) this.newPage(onNewPage);
    this.gap(0.6);
    for (let from = 0; from < n;) {
      if (this.y + lh > this.bottom) this.newPage(onNewPage);
      const to = Math.min(n, from + Math.max(1, Math.floor((this.bottom - this.y) / lh)));
      let x = this.left;
      this.font(size, bold);
      cells.forEach((lines, i) => {
        const right = cols[i].align === 'right';
        const chunk = lines.slice(from, to);
        if (chunk.length)
          this.put(chunk, right ? x + widths[i] - CELL_PAD : x + CELL_PAD, this.y, right ? 'right' : 'left');
        x += widths[i];
      });
      this.y += (to - from) * lh;
      from = to;
    }
    this.gap(0.6);
  }

  /**
   * A PNG drawn with its top at y, scaled to fit `box` (mm) with its shape kept; `x` is its left edge, or 'center'.
   * y stays where it was: the caller places what goes beside or below it. Returns the size drawn.
   */
  image(png: Uint8Array, box: { width: number; height: number }, x: number | 'center') {
    const { width, height } = this.doc.getImageProperties(png);
    const scale = Math.min(box.width / width, box.height / height);
    const size = { width: width * scale, height: height * scale };
    const left = x === 'center' ? this.left + (this.width - size.width) / 2 : x;
    this.doc.addImage(png, 'PNG', left, this.y, size.width, size.height);
    return size;
  }

  /** A horizontal rule across the page. */
  rule(width = 0.2, grey = 160) {
    this.doc.setLineWidth(width).setDrawColor(grey).line(this.left, this.y, this.right, this.y);
    return this;
  }

  gap(mm = 4) {
    this.y += mm;
    return this;
  }

  /** Keeps `mm` together: starts a new page when less is left. */
  room(mm: number) {
    if (this.y + mm > this.bottom) this.newPage(() => undefined);
    return this;
  }

  private lines(lines: string[], size: number, draw: (chunk: string[]) => void) {
    const lh = lineHeight(size);
    for (let from = 0; from < lines.length;) {
      if (this.y + lh > this.bottom) this.newPage(() => undefined);
      const to = Math.min(lines.length, from + Math.max(1, Math.floor((this.bottom - this.y) / lh)));
      draw(lines.slice(from, to));
      this.y += (to - from) * lh;
      from = to;
    }
  }

  private newPage(then: () => void) {
    this.doc.addPage();
    this.y = this.top;
    then();
  }

  get pages(): number {
    return this.doc.getNumberOfPages();
  }

  /**
   * The footer: on A4 the shop's line and "Page i of n" at the foot of every page; on the roll the line at the end
   * of what was printed (a roll has no foot).
   */
  footer(text: string) {
    if (this.narrow) {
      if (text) this.gap(2).text(text, { align: 'center' });
      return this;
    }
    const n = this.pages;
    const at = this.paper.height - FOOT + 2;
    for (let i = 1; i <= n; i++) {
      this.doc.setPage(i);
      this.font(this.size - 2, false);
      this.doc.setTextColor(90);
      if (text) this.put(this.wrap(text, this.width - 30, this.size - 2).slice(0, 2), this.left, at);
      this.put(`Page ${i} of ${n}`, this.right, at, 'right');
      this.doc.setTextColor(0);
    }
    this.doc.setPage(n);
    return this;
  }

  bytes(): ArrayBuffer {
    return this.doc.output('arraybuffer');
  }
}

/**
 * A document on an 80 mm roll: one page exactly as long as what is printed. jsPDF cannot lengthen a page once
 * drawn on, so `draw` runs twice: once on the longest page to measure, then on a page of that length.
 */
export function onRoll(draw: (p: Page) => void): ArrayBuffer {
  const probe = new Page({ ...ROLL_80, height: ROLL_MAX });
  draw(probe);
  const height = probe.pages > 1 ? ROLL_MAX : Math.ceil(probe.y + ROLL_80.margin);
  const page = new Page({ ...ROLL_80, height });
  draw(page);
  return page.bytes();
}
