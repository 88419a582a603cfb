import { create } from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code of `text` as an SVG of its dark modules (one path), drawn by React: no canvas and no HTML string, so it
 * renders the same in a test's DOM and prints sharp. A quiet zone of four modules, as readers expect.
 */
export function QrCode({ text, size = 176, label }: { text: string; size?: number; label: string }) {
  const { count, path } = useMemo(() => {
    const modules = create(text, { errorCorrectionLevel: 'M' }).modules;
    let d = '';
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++) if (modules.get(y, x)) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    return { count: modules.size + 8, path: d };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
