// The AWS SDK for JavaScript, bundled into a page served from another origin, in headless Chromium,
// against a running Basalt: the browser's CORS checks (preflight, exposed headers) must let it work.
// usage: node tests/browser/run.mjs http://127.0.0.1:PORT     (exit 0 when every check passes)
import { build } from "esbuild";
import { chromium } from "playwright-core";
import http from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const endpoint = process.argv[2] || process.env.BASALT_ENDPOINT;
if (!endpoint) { console.error("usage: run.mjs ENDPOINT"); process.exit(2); }
const here = dirname(fileURLToPath(import.meta.url));
const bundle = await build({ entryPoints: [join(here, "page.js")], bundle: true, write: false, format: "iife",
  platform: "browser", minify: true, logLevel: "error" });
const js = bundle.outputFiles[0].text;
const page = `<!doctype html><meta charset="utf-8"><title>basalt</title><script>${js}</script>`;
const site = http.createServer((req, res) => { res.writeHead(200, { "content-type": "text/html" }); res.end(page); });
await new Promise(r => site.listen(0, "127.0.0.1", r));
const origin = `http://localhost:${site.address().port}`; // another origin than the endpoint's 127.0.0.1

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
let failed = 0;
const check = (ok, what) => { console.log(`${ok ? "ok" : "not ok"} - ${what}`); if (!ok) failed++; };
try {
  const tab = await browser.newPage();
  const corsErrors = [];
  tab.on("console", m => { if (m.type() === "error" && /CORS|Access-Control/i.test(m.text())) corsErrors.push(m.text()); });
  await tab.goto(origin);
  const out = await tab.evaluate(e => window.basaltRun(e), endpoint);
  check(out.item === "from a browser", `PutItem then GetItem from ${origin} (got ${JSON.stringify(out.item)})`);
  check(out.listed === true, "ListTables lists the table");
  check(typeof out.requestId === "string" && out.requestId.length > 0, `the request id header is exposed (${out.requestId})`);
  check(out.error.startsWith("ResourceNotFoundException: Requested resource not found"), `errors keep their type: ${out.error}`);
  check(corsErrors.length === 0, `no CORS errors in the console ${corsErrors.join(" | ")}`);
} catch (e) {
  check(false, "browser run: " + e.message);
} finally {
  await browser.close();
  site.close();
}
console.log(failed ? `browser: ${failed} failed` : "browser: all checks passed");
process.exit(failed ? 1 : 0);
