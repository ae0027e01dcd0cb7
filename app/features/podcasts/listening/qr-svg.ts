import { encode } from "uqr";

const QR_PIXEL = 10;

/** As uqr's renderSVG, but each row's run of dark modules is one rectangle rather than one per module. */
export function qrSvg(text: string, border = 2) {
  const { size, data } = encode(text, { border });
  const side = size * QR_PIXEL;
  let d = "";
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!data[row]![col]) continue;
      const start = col;
      while (col + 1 < size && data[row]![col + 1]) col++;
      const width = (col - start + 1) * QR_PIXEL;
      d += `M${start * QR_PIXEL},${row * QR_PIXEL}h${width}v${QR_PIXEL}h-${width}z`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}"><rect fill="white" width="${side}" height="${side}"/><path fill="black" d="${d}"/></svg>`;
}
