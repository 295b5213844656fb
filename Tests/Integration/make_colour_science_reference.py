"""Writes Tests/Integration/data/colour_science_cvd.json: reference colour-vision simulations and
ΔE00 computed with colour-science (`pip install colour-science`), kept as data so `make test`
compares the engine against them without needing colour-science at test time.

Machado 2009 at severity 1 (`matrix_cvd_Machado2009`: Protanomaly, Deuteranomaly, Tritanomaly) on
linear sRGB (`eotf_sRGB`), clipped to 0…1, then sRGB → XYZ → CIELAB (D65) and `delta_E(…, "CIE 2000")`.
Run: python3 Tests/Integration/make_colour_science_reference.py"""
import json
import random
import warnings
from pathlib import Path

import numpy as np

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import colour

VISIONS = {"none": None, "protanopia": "Protanomaly", "deuteranopia": "Deuteranomaly", "tritanopia": "Tritanomaly"}
# The shipped presets' line, trailing and fill colours, the backgrounds, primaries the matrices push
# out of gamut, greys, the 0.04045 knee and hues either side of CIEDE2000's 0°/360° seam.
NAMED = ["#F7931A", "#B8B8B8", "#F9B35F", "#B16C19", "#FF8A00", "#C9CDD3", "#FFE4C6", "#63492E", "#F9A948", "#C97919",
         "#FFFFFF", "#0F1115", "#15171C", "#F2F3F5", "#000000", "#0A0A0A", "#0B0B0B", "#FF0000", "#00FF00", "#0000FF",
         "#FFFF00", "#00FFFF", "#FF00FF", "#777777", "#FF0080", "#FE00FF", "#0080FF", "#E0245E", "#2E7D32", "#1565C0"]


def lab(hex_, vision):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        linear = colour.models.eotf_sRGB(np.array([int(hex_[i:i + 2], 16) / 255 for i in (1, 3, 5)]))
        if VISIONS[vision]:
            linear = np.clip(colour.blindness.matrix_cvd_Machado2009(VISIONS[vision], 1.0) @ linear, 0, 1)
        encoded = colour.models.eotf_inverse_sRGB(linear)
        seen = "#" + "".join(f"{int(round(float(v) * 255)):02X}" for v in np.clip(encoded, 0, 1))
        xyz = colour.RGB_to_XYZ(linear, colour.RGB_COLOURSPACES["sRGB"], apply_cctf_decoding=False)
        return seen, colour.XYZ_to_Lab(xyz)


def main():
    chance = random.Random(39)
    pairs = [(NAMED[i], NAMED[j]) for i in range(10) for j in range(i + 1, 10)]
    pairs += [(a, chance.choice(NAMED)) for a in NAMED[10:]]
    pairs += [tuple("#%06X" % chance.randrange(1 << 24) for _ in range(2)) for _ in range(40)]
    rows = []
    for first, second in pairs:
        for vision in VISIONS:
            (s1, l1), (s2, l2) = lab(first, vision), lab(second, vision)
            rows.append({"first": first, "second": second, "vision": vision, "firstSeen": s1, "secondSeen": s2,
                         "deltaE": round(float(colour.delta_E(l1, l2, method="CIE 2000")), 4)})
    out = Path(__file__).resolve().parent / "data" / "colour_science_cvd.json"
    out.write_text(json.dumps({"colourScience": colour.__version__, "method": __doc__.split("\n\n")[1].replace("\n", " "),
                               "rows": rows}, indent=1) + "\n")
    print(f"{len(rows)} rows → {out}")


if __name__ == "__main__":
    main()
