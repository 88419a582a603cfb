// Generates the PWA icons in public/icons from one SVG (run once; the PNGs are committed).
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';

const svg = (pad) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${pad ? 0 : 96}" fill="#1f4e79"/>
  <g transform="translate(256 256) scale(${pad ? 0.72 : 0.9}) translate(-256 -256)">
    <path d="M96 300 l40-92 q10-22 34-22 h172 q24 0 34 22 l40 92 v70 h-40 v30 h-50 v-30 h-140 v30 h-50 v-30 h-40z" fill="#fff"/>
    <path d="M150 290 l28-66 h156 l28 66z" fill="#1f4e79"/>
    <circle cx="160" cy="330" r="22" fill="#1f4e79"/><circle cx="352" cy="330" r="22" fill="#1f4e79"/>
    <text x="256" y="150" font-family="Arial, sans-serif" font-size="96" font-weight="700" fill="#ffd166" text-anchor="middle">BB</text>
  </g>
</svg>`);

mkdirSync('public/icons', { recursive: true });
await sharp(svg(false)).resize(192, 192).png().toFile('public/icons/icon-192.png');
await sharp(svg(false)).resize(512, 512).png().toFile('public/icons/icon-512.png');
await sharp(svg(true)).resize(512, 512).png().toFile('public/icons/maskable-512.png');
console.log('icons written to public/icons');
