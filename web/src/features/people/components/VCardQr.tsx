import { useEffect, useRef } from 'react';

/** QR size of the colleague card (spec §9). */
export const QR_SIZE = 200;

/** A QR code of `text` drawn on a canvas of QR_SIZE pixels (the qrcode library loads with it). */
export function VCardQr({ text, label }: { text: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => {
        if (live && canvas.current) return qr.toCanvas(canvas.current, text, { width: QR_SIZE, margin: 2, errorCorrectionLevel: 'M' });
      })
      .catch(() => undefined); // no 2D canvas (a text-only browser): the card shows without its QR
    return () => {
      live = false;
    };
  }, [text]);
  return <canvas ref={canvas} width={QR_SIZE} height={QR_SIZE} role="img" aria-label={label} data-testid="vcard-qr" />;
}
