import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** jsbarcode's encoders (Code 128: BayBook's labels; Code 39: VIN labels): the bars as 1 (black) and 0 modules. */
interface Encoder {
  encode(): { data: string };
}
type EncoderClass = new (text: string, options: object) => Encoder;
const load = createRequire(import.meta.url);
const ENCODERS = {
  CODE128: (load('jsbarcode/bin/barcodes/CODE128') as { CODE128: EncoderClass }).CODE128,
  CODE39: (load('jsbarcode/bin/barcodes/CODE39') as { CODE39: EncoderClass }).CODE39,
};

const W = 1280;
const H = 720;
/** Video-range luma: white paper and black bars as a camera sends them. */
const WHITE = 235;
const BLACK = 16;

/**
 * A fake camera's video for Chromium's --use-file-for-fake-video-capture: a Y4M file (4:2:0, 1280×720) whose frames
 * show a label of `text` in `format` drawn as jsbarcode encodes it, 3 px a module, bars 200 px tall, on white.
 */
export function barcodeVideo(format: keyof typeof ENCODERS, text: string, path: string, frames = 3) {
  const bars = new ENCODERS[format](text, {}).encode().data;
  const module = 3;
  const left = Math.floor((W - bars.length * module) / 2);
  if (left < 30) throw new Error(`${text} is too long for a ${W} px frame`);
  const luma = Buffer.alloc(W * H, WHITE);
  for (let y = 260; y < 460; y++)
    for (let i = 0; i < bars.length; i++)
      if (bars[i] === '1') luma.fill(BLACK, y * W + left + i * module, y * W + left + (i + 1) * module);
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
