// Two engine renders drawn to canvases and compared pixel by pixel: the changed pixels are
// painted on a transparent canvas laid over the charts. The page never draws the chart itself:
// both pictures are the engine's SVGs, rasterised by the browser. A pixel has changed when its
// colour differs by more than a ΔE00 (CIEDE2000) threshold, said in the panel.

import { lab, deltaE00 } from './ciede2000.js';

/** The SVG text as an image of `width` × `height` CSS pixels. */
export function svgImage(svg, width, height) {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  const image = new Image(width, height);
  return new Promise((resolve, reject) => {
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('the chart could not be drawn as an image'));
    image.src = url;
  }).finally(() => setTimeout(() => URL.revokeObjectURL(url), 0));
}

function pixels(image, width, height, background) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  context.fillStyle = background;
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  return context.getImageData(0, 0, width, height).data;
}

/**
 * A colour difference a person notices: ΔE00 (CIEDE2000) above 2. About 1 is a just-noticeable
 * difference for large patches side by side; a chart's strokes are thin, so 2 keeps the
 * rasteriser's anti-aliasing noise out while a line colour change of ΔE00 3 (#FF8A00 → #F7931A,
 * 43 apart as a sum of RGB differences) is reported.
 */
export const CHANGE_THRESHOLD = 2;

/**
 * The pixels whose colours differ by more than `threshold` ΔE00 (CIEDE2000, as the engine
 * computes it), as a canvas with each changed pixel in `color`, how many changed and the largest
 * difference seen.
 */
export function changedPixels(a, b, width, height, { background = '#ffffff', threshold = CHANGE_THRESHOLD, color = [230, 0, 90, 130] } = {}) {
  const first = pixels(a, width, height, background);
  const second = pixels(b, width, height, background);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  const mask = context.createImageData(width, height);
  const labs = new Map();   // packed RGB → CIELAB: a chart has few distinct colours
  const labAt = (data, i) => {
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    let value = labs.get(key);
    if (!value) { value = lab(data[i], data[i + 1], data[i + 2]); labs.set(key, value); }
    return value;
  };
  let changed = 0, largest = 0;
  for (let i = 0; i < first.length; i += 4) {
    if (first[i] === second[i] && first[i + 1] === second[i + 1] && first[i + 2] === second[i + 2]) continue;
    const delta = deltaE00(labAt(first, i), labAt(second, i));
    if (delta > largest) largest = delta;
    if (delta > threshold) {
      changed++;
      mask.data.set(color, i);
    }
  }
  context.putImageData(mask, 0, 0);
  return { canvas, changed, total: width * height, largest, threshold };
}
