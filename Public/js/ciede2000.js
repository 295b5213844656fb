// CIEDE2000 (ΔE00) between two sRGB colours, for the History panel's pixel diff, which compares
// every pixel and cannot ask the server 100,000 times. A line-by-line port of the engine's
// `CIELAB(linearSRGB:)` (Sources/ChartEngine/Readability/CIELAB.swift) and `CIEDE2000.difference`
// (CIEDE2000.swift, after Sharma, Wu & Dalal 2005): Tests/Browser/test_readability_page.py holds
// it to the engine's numbers (GET /api/check/difference). Nothing else on the page uses it.

/** sRGB decoding with WCAG 2.x's threshold, as SRGBColor.decode. */
const decode = v => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);

/** D65's XYZ with Y = 1, from its xy chromaticity. */
const white = { x: 0.3127 / 0.3290, y: 1, z: (1 - 0.3127 - 0.3290) / 0.3290 };
const f = t => (t > 216 / 24389 ? Math.cbrt(t) : (841 / 108) * t + 16 / 116);

/** CIELAB (D65) of 8-bit sRGB channels. */
export function lab(red, green, blue) {
  const r = decode(red / 255), g = decode(green / 255), b = decode(blue / 255);
  const x = 0.4124 * r + 0.3576 * g + 0.1805 * b;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = 0.0193 * r + 0.1192 * g + 0.9505 * b;
  const fx = f(x / white.x), fy = f(y / white.y), fz = f(z / white.z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** `#RRGGBB` → CIELAB. */
export function labOfHex(hex) {
  const n = parseInt(hex.slice(1), 16);
  return lab((n >> 16) & 255, (n >> 8) & 255, n & 255);
}

const POW25_7 = 6103515625;  // 25⁷
const rad = d => (d * Math.PI) / 180;
const hue = (b, a) => {
  if (a === 0 && b === 0) return 0;
  const h = (Math.atan2(b, a) * 180) / Math.PI;
  return h < 0 ? h + 360 : h;
};

/** ΔE00 of two CIELAB colours ([L, a, b]), k_L = k_C = k_H = 1. */
export function deltaE00([L1, a1, b1], [L2, a2, b2]) {
  const c1 = Math.hypot(a1, b1), c2 = Math.hypot(a2, b2);
  const cBar7 = ((c1 + c2) / 2) ** 7;
  const g = 0.5 * (1 - Math.sqrt(cBar7 / (cBar7 + POW25_7)));
  const ap1 = (1 + g) * a1, ap2 = (1 + g) * a2;
  const cp1 = Math.hypot(ap1, b1), cp2 = Math.hypot(ap2, b2);
  const hp1 = hue(b1, ap1), hp2 = hue(b2, ap2);
  const dL = L2 - L1, dC = cp2 - cp1;
  const product = cp1 * cp2;
  let dh = hp2 - hp1;
  if (product === 0) dh = 0; else if (dh > 180) dh -= 360; else if (dh < -180) dh += 360;
  const dH = 2 * Math.sqrt(product) * Math.sin(rad(dh / 2));
  const lBar = (L1 + L2) / 2, cBarP = (cp1 + cp2) / 2;
  let hBar;
  if (product === 0) hBar = hp1 + hp2;
  else if (Math.abs(hp1 - hp2) <= 180) hBar = (hp1 + hp2) / 2;
  else if (hp1 + hp2 < 360) hBar = (hp1 + hp2 + 360) / 2;
  else hBar = (hp1 + hp2 - 360) / 2;
  const t = 1 - 0.17 * Math.cos(rad(hBar - 30)) + 0.24 * Math.cos(rad(2 * hBar))
    + 0.32 * Math.cos(rad(3 * hBar + 6)) - 0.20 * Math.cos(rad(4 * hBar - 63));
  const dTheta = 30 * Math.exp(-(((hBar - 275) / 25) ** 2));
  const cBarP7 = cBarP ** 7;
  const rC = 2 * Math.sqrt(cBarP7 / (cBarP7 + POW25_7));
  const l50 = (lBar - 50) ** 2;
  const sL = 1 + (0.015 * l50) / Math.sqrt(20 + l50);
  const sC = 1 + 0.045 * cBarP;
  const sH = 1 + 0.015 * cBarP * t;
  const rT = -Math.sin(rad(2 * dTheta)) * rC;
  const l = dL / sL, c = dC / sC, h = dH / sH;
  return Math.sqrt(l * l + c * c + h * h + rT * c * h);
}

/** ΔE00 of two `#RRGGBB` colours. */
export const deltaE00Hex = (first, second) => deltaE00(labOfHex(first), labOfHex(second));
