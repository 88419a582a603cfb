import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** jsbarcode's Code 128 encoder (the one BayBook's labels use): the bars as a string of 1 (black) and 0 modules. */
interface Encoder {
  encode(): { data: string };
}
const { CODE128 } = createRequire(import.meta.url)('jsbarcode/bin/barcodes/CODE128') as {
  CODE128: new (text: string, options: object) => Encoder;
};

const W = 640;
const H = 480;
/** Video-range luma: white paper and black bars as a camera sends them. */
const WHITE = 235;
const BLACK = 16;

/**
 * A fake camera's video for Chromium's --use-file-for-fake-video-capture: a Y4M file (4:2:0, 640×480) whose frames
 * show a Code 128 label of `text` drawn as jsbarcode encodes it, 3 px a module, bars 200 px tall, on white.
 */
export function code128Video(text: string, path: string, frames = 3) {
  const bars = new CODE128(text, {}).encode().data;
  const module = 3;
  const left = Math.floor((W - bars.length * module) / 2);
  if (left < 30) throw new Error(`${text} is too long for a ${W} px frame`);
  const luma = Buffer.alloc(W * H, WHITE);
  for (let y = 140; y < 340; y++)
    for (let i = 0; i < bars.length; i++)
      if (bars[i] === '1') luma.fill(BLACK, y * W + left + i * module, y * W + left + (i + 1) * module);
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
