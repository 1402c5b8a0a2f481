// A uPlot line chart as a Preact component: time on x, one or more series; rebuilt when its series
// change, else only given new data.
import { useEffect, useRef } from "preact/hooks";
import uPlot from "uplot";
import { h } from "./ui.js";

const COLOURS = ["#2f6f8f", "#b3261e", "#6a1b9a", "#2e7d32", "#ef6c00", "#455a64", "#ad1457"];

/**
 * series: [{ label, values, dash (a limit line) }]; times: seconds. caption: the figure's title;
 * legend: whether the series are named under the chart (with their values under the cursor).
 */
/** A tick's text that fits the axis: 12000 as 12k, 1500000 as 1.5M. */
export function compact(t) {
  const a = Math.abs(t);
  if (a >= 1e6) return `${+(t / 1e6).toFixed(1)}M`;
  if (a >= 1e4) return `${+(t / 1e3).toFixed(1)}k`;
  return `${+t.toFixed(2)}`;
}

/**
 * The top of the y axis: the load of the last half of the window (and any limit line) sets it, so
 * that one early spike does not flatten the steady load after it; a spike above is cut off at the
 * top (the caption keeps the peak).
 */
export function yTop(seriesValues) {
  let recent = 0, limit = 0;
  for (const values of seriesValues) {
    const from = Math.floor(values.length / 2);
    values.forEach((v, i) => { if (v != null && i >= from) recent = Math.max(recent, v); });
    if (values.length && values.every(v => v === values[0])) limit = Math.max(limit, values[0] || 0); // a limit line
  }
  return Math.max(1, recent, limit) * 1.1;
}

export function Chart({ caption, times, series, width = 320, height = 110, unit = "", legend = false }) {
  const box = useRef(null), plot = useRef(null);
  const shape = series.map(s => s.label).join("|");
  useEffect(() => {
    const opts = { width, height, legend: { show: legend }, cursor: { show: true },
      scales: { x: { time: true }, y: { range: u => [0, yTop(u.data.slice(1))] } },
      axes: [{ size: 24, font: "10px system-ui" }, { size: 48, font: "10px system-ui", values: (u, ticks) => ticks.map(t => `${compact(t)}${unit}`) }],
      series: [{}, ...series.map((s, i) => ({ label: s.label, stroke: s.dash ? "#b3261e" : COLOURS[i % COLOURS.length],
        width: 1.5, dash: s.dash ? [4, 3] : undefined, points: { show: false } }))] };
    plot.current = new uPlot(opts, [times, ...series.map(s => s.values)], box.current);
    return () => plot.current.destroy();
  }, [shape]);
  useEffect(() => { plot.current.setData([times, ...series.map(s => s.values)]); });
  return h("figure", { class: "chart" }, h("figcaption", {}, caption), h("div", { ref: box }));
}
