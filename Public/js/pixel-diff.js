// Two engine renders drawn to canvases and compared pixel by pixel: the changed pixels are
// painted on a transparent canvas laid over the charts. The page never draws the chart itself:
// both pictures are the engine's SVGs, rasterised by the browser.

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
 * The pixels that differ between two images by more than `threshold` (sum of |ΔR|+|ΔG|+|ΔB|),
 * as a canvas with each changed pixel in `color`, and how many changed.
 */
export function changedPixels(a, b, width, height, { background = '#ffffff', threshold = 48, color = [230, 0, 90, 130] } = {}) {
  const first = pixels(a, width, height, background);
  const second = pixels(b, width, height, background);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  const mask = context.createImageData(width, height);
  let changed = 0;
  for (let i = 0; i < first.length; i += 4) {
    const delta = Math.abs(first[i] - second[i]) + Math.abs(first[i + 1] - second[i + 1]) + Math.abs(first[i + 2] - second[i + 2]);
    if (delta > threshold) {
      changed++;
      mask.data.set(color, i);
    }
  }
  context.putImageData(mask, 0, 0);
  return { canvas, changed, total: width * height };
}
