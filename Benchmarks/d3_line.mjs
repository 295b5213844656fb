// The d3-shape baseline for `workbench path`, as a whole process doing the same job: read
// x,y lines from stdin (a line "x," is a gap), draw the curve with line().digits(3), print
// the path. D3_SHAPE points at d3-shape/src/index.js (see Benchmarks/cli_bench.py).
import { readFileSync, writeSync } from "node:fs";

const d3 = await import(process.env.D3_SHAPE);
const curves = { linear: d3.curveLinear, monotone: d3.curveMonotoneX, catmullRom: d3.curveCatmullRom.alpha(0.5) };
const curve = curves[process.argv[2]];
if (!curve) throw new Error(`curve must be one of ${Object.keys(curves).join(", ")}`);

const text = readFileSync(0, "latin1");
const points = [];
for (let start = 0; start < text.length;) {
  let end = text.indexOf("\n", start);
  if (end < 0) end = text.length;
  const comma = text.indexOf(",", start);
  if (comma > start && comma < end) {
    const y = text.slice(comma + 1, end);
    points.push([+text.slice(start, comma), y === "" ? NaN : +y]);
  }
  start = end + 1;
}
const path = d3.line().defined(d => !Number.isNaN(d[1])).curve(curve).digits(3)(points);
writeSync(1, path + "\n");
