import { SYSTEM_SETTING_URL_MAX } from '@kiwi/shared/domain/setting-url';
import { useEffect, useState } from 'react';

type Encode = typeof import('uqr')['encode'];
// The encoder arrives with the first QR code shown, not with the page's text; one download serves every code.
let encoder: Promise<Encode> | null = null;
const loadEncoder = () => {
  encoder ??= import('uqr').then((module) => module.encode);
  return encoder;
};

/** The quiet zone the QR standard asks for around the code, in modules. */
export const QR_BORDER = 4;

/**
 * The dark modules of a QR code matrix as one SVG path: each run of dark modules in a row is one rectangle
 * (`M x y h n v 1 h -n z`), in module units.
 */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h-${x - start}z`);
    }
  });
  return parts.join('');
}

/**
 * A QR code of `value`, made here in the browser (uqr, loaded on first use; no outside service sees the link), drawn
 * as SVG with its quiet zone. Nothing is drawn for a value past SYSTEM_SETTING_URL_MAX characters: the work is bounded.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [drawn, setDrawn] = useState<{ value: string; size: number; path: string } | null>(null);
  const fits = value.length > 0 && value.length <= SYSTEM_SETTING_URL_MAX;

  useEffect(() => {
    if (!fits) return;
    let current = true;
    void loadEncoder().then((encode) => {
      if (!current) return;
      const { data, size } = encode(value, { ecc: 'M', border: QR_BORDER });
      setDrawn({ value, size, path: qrPath(data) });
    });
    return () => {
      current = false;
    };
  }, [value, fits]);

  if (!fits) return null;
  const ready = drawn?.value === value ? drawn : null;
  return (
    <div className="qr-code" aria-busy={ready ? undefined : true}>
      {ready && (
        <svg role="img" aria-label={label} viewBox={`0 0 ${ready.size} ${ready.size}`} shapeRendering="crispEdges">
          <rect width={ready.size} height={ready.size} fill="#ffffff" />
          <path d={ready.path} fill="#000000" />
        </svg>
      )}
    </div>
  );
}
