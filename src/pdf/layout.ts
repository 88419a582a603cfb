import { jsPDF } from 'jspdf';

/**
 * A small page writer over jsPDF, shared by every BayBook document. Pure: it runs in the browser (printing offline)
 * and on the server (the PDF routes), and returns bytes.
 */
export class Page {
  readonly doc = new jsPDF({ unit: 'mm', format: 'a4', compress: false });
  y = 18;
  private readonly left = 14;
  private readonly right = 196;

  title(text: string, sub?: string) {
    this.doc.setFont('helvetica', 'bold').setFontSize(16).text(text, this.left, this.y);
    if (sub) this.doc.setFont('helvetica', 'normal').setFontSize(10).text(sub, this.right, this.y, { align: 'right' });
    this.y += 9;
    return this;
  }

  heading(text: string) {
    this.room(12);
    this.doc.setFont('helvetica', 'bold').setFontSize(11).text(text, this.left, this.y);
    this.y += 6;
    return this;
  }

  line(text: string, right?: string, bold = false) {
    this.room(6);
    this.doc.setFont('helvetica', bold ? 'bold' : 'normal').setFontSize(10);
    const wrapped = this.doc.splitTextToSize(text, right ? 130 : 180) as string[];
    this.doc.text(wrapped, this.left, this.y);
    if (right) this.doc.text(right, this.right, this.y, { align: 'right' });
    this.y += 5 * wrapped.length;
    return this;
  }

  /** A table: columns with widths (mm) and alignment. */
  table(cols: { title: string; width: number; align?: 'left' | 'right' }[], rows: string[][]) {
    const draw = (cells: string[], bold: boolean) => {
      this.room(6);
      this.doc.setFont('helvetica', bold ? 'bold' : 'normal').setFontSize(9);
      let x = this.left;
      cells.forEach((cell, i) => {
        const c = cols[i];
        const text = (this.doc.splitTextToSize(cell, c.width - 2) as string[])[0] ?? '';
        this.doc.text(text, c.align === 'right' ? x + c.width - 1 : x, this.y, { align: c.align === 'right' ? 'right' : 'left' });
        x += c.width;
      });
      this.y += 5;
    };
    draw(cols.map((c) => c.title), true);
    this.doc.setDrawColor(180).line(this.left, this.y - 3.5, this.right, this.y - 3.5);
    for (const r of rows) draw(r, false);
    this.y += 2;
    return this;
  }

  gap(mm = 4) {
    this.y += mm;
    return this;
  }

  private room(mm: number) {
    if (this.y + mm > 285) {
      this.doc.addPage();
      this.y = 18;
    }
  }

  bytes(): ArrayBuffer {
    return this.doc.output('arraybuffer');
  }
}
