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
export function Chart({ caption, times, series, width = 320, height = 110, unit = "", legend = false }) {
  const box = useRef(null), plot = useRef(null);
  const shape = series.map(s => s.label).join("|");
  useEffect(() => {
    const opts = { width, height, legend: { show: legend }, cursor: { show: true },
      scales: { x: { time: true }, y: { range: (u, min, max) => [0, Math.max(1, max) * 1.1] } },
      axes: [{ size: 24, font: "10px system-ui" }, { size: 40, font: "10px system-ui", values: (u, ticks) => ticks.map(t => `${t}${unit}`) }],
      series: [{}, ...series.map((s, i) => ({ label: s.label, stroke: s.dash ? "#b3261e" : COLOURS[i % COLOURS.length],
        width: 1.5, dash: s.dash ? [4, 3] : undefined, points: { show: false } }))] };
    plot.current = new uPlot(opts, [times, ...series.map(s => s.values)], box.current);
    return () => plot.current.destroy();
  }, [shape]);
  useEffect(() => { plot.current.setData([times, ...series.map(s => s.values)]); });
  return h("figure", { class: "chart" }, h("figcaption", {}, caption), h("div", { ref: box }));
}
