// The web console (/console/) in headless Chromium against a running Basalt: create a table with a
// GSI, add and edit an item, Query the index, run a PartiQL statement, watch its capacity and
// partitions, tail its stream; screenshots of each screen go
// to target/console-screenshots/, or to docs/console/ (for docs/console.md) with
// BASALT_SCREENSHOTS=docs — a test run never rewrites a tracked file unless asked to.
// usage: node tests/browser/console.mjs http://127.0.0.1:PORT     (exit 0 when every check passes)
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const endpoint = process.argv[2] || process.env.BASALT_ENDPOINT;
if (!endpoint) { console.error("usage: console.mjs ENDPOINT"); process.exit(2); }
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const shots = process.env.BASALT_SCREENSHOTS === "docs" ? join(root, "docs", "console") : join(root, "target", "console-screenshots");
mkdirSync(shots, { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
let failed = 0;
const check = (ok, what) => { console.log(`${ok ? "ok" : "not ok"} - ${what}`); if (!ok) failed++; };
const table = `Games${Date.now() % 100000}`;
try {
  const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems = [], outside = [];
  tab.on("pageerror", e => problems.push(e.message));
  // the one refused write below is expected: the browser logs its 400
  tab.on("console", m => { if (m.type() === "error" && !/status of 400/.test(m.text())) problems.push(m.text()); });
  tab.on("request", r => { if (!r.url().startsWith(endpoint)) outside.push(r.url()); });
  tab.on("dialog", d => d.accept());
  const started = Date.now();
  await tab.goto(`${endpoint}/console/`);
  await tab.waitForSelector("#create-table");
  check(Date.now() - started < 10000, `the console loads (${Date.now() - started} ms)`);

  // Tables: create one with a GSI
  const form = tab.locator("#create-table");
  await form.locator("[name=name]").fill(table);
  await form.locator("[name=pk]").fill("player");
  await form.locator("[name=sk]").fill("game");
  await form.locator("[name=gsi]").fill("byScore");
  await form.locator("[name=gsipk]").fill("game");
  await form.locator("[name=gsisk]").fill("score");
  await form.locator("[name=gsiskType]").selectOption("N");
  await form.locator("button[type=submit]").click();
  const row = tab.locator(`#tables tr[data-table="${table}"]`);
  await row.waitFor();
  const rowText = await row.innerText();
  check(/player \(partition, S\)/.test(rowText) && /GSI byScore: game \(partition, S\), score \(sort, N\)/.test(rowText),
    `the table is listed with its keys and GSI: ${rowText.replace(/\s+/g, " ")}`);
  check(/on demand/.test(rowText), "billing mode shown");

  // Items: create an item, then edit it
  await row.locator("a").click();
  await tab.waitForSelector("#query");
  await tab.getByRole("button", { name: "Create item" }).click();
  await tab.locator("#item-editor textarea").fill(JSON.stringify({ player: { S: "ana" }, game: { S: "chess" }, score: { N: "1200" } }));
  await tab.locator("#save-item").click();
  await tab.locator("#items td", { hasText: "1200" }).waitFor();
  check(true, "PutItem from the editor; the item appears in the Scan");
  check(/PutItem \d+ ms \S+: [\d.]+ CU/.test(await tab.locator("#requests li").nth(1).innerText()),
    `the write shows its consumed capacity: ${await tab.locator("#requests li").nth(1).innerText()}`);
  // the API's validation error is shown as it comes
  await tab.getByRole("button", { name: "Create item" }).click();
  await tab.locator("#item-editor textarea").fill(JSON.stringify({ player: { S: "ana" } }));
  await tab.locator("#save-item").click();
  const error = tab.locator("#item-editor .error");
  await error.filter({ hasText: "ValidationException" }).waitFor();
  check(/ValidationException: One or more parameter values were invalid: Missing the key game in the item/.test(await error.innerText()),
    `a validation error is shown: ${await error.innerText()}`);
  await tab.locator("#items td", { hasText: "ana" }).first().click();
  await tab.locator("#item-editor textarea").fill(JSON.stringify({ player: { S: "ana" }, game: { S: "chess" }, score: { N: "1350" }, nick: { S: "A." } }));
  await tab.locator("#save-item").click();
  await tab.locator("#items td", { hasText: "1350" }).waitFor();
  check((await tab.locator("#items th").allInnerTexts()).includes("nick"), "the edited item shows its new attribute as a column");
  await tab.screenshot({ path: join(shots, "items.png") });

  // Items: Query the index
  const q = tab.locator("#query");
  await q.locator("[name=index]").selectOption("byScore");
  await q.locator("[name=mode]").selectOption("Query");
  await q.locator("[name=pk]").fill("chess");
  await q.locator("[name=skOp]").selectOption(">=");
  await q.locator("[name=sk1]").fill("1300");
  await q.locator("button[type=submit]").click();
  await tab.locator("#summary", { hasText: "Query: 1 items" }).waitFor();
  check(/RCU|CU/.test(await tab.locator("#result-capacity").innerText()),
    `the Query on the GSI finds the item and shows its capacity: ${await tab.locator("#result-capacity").innerText()}`);
  await tab.screenshot({ path: join(shots, "query.png") });
  await tab.getByRole("button", { name: "JSON view" }).click();
  check(/"1350"/.test(await tab.locator("#json-view").innerText()), "the JSON view shows DynamoDB JSON");

  // PartiQL
  await tab.locator("nav a[data-screen=partiql]").click();
  await tab.locator("#statement").fill(`SELECT * FROM "${table}" WHERE player = 'ana'`);
  await tab.locator("#run-statement").click();
  await tab.locator("#partiql-summary", { hasText: "1 items" }).waitFor();
  check((await tab.locator("#partiql-results td").allInnerTexts()).includes("1350"), "the PartiQL SELECT returns the item");
  check((await tab.locator("#history li").allInnerTexts()).some(s => s.includes(table)), "the statement is in the history");
  await tab.screenshot({ path: join(shots, "partiql.png") });

  // Capacity: charts of the table and its GSI, the partition heat map, top keys
  await tab.locator("nav a[data-screen=capacity]").click();
  await tab.goto(`${endpoint}/console/#/capacity/${table}`);
  await tab.locator(".scope[data-scope=table] figcaption").first().waitFor();
  await tab.locator(".heat-cell").first().waitFor();
  await tab.waitForTimeout(4500); // two more polls: rates need two readings
  const captions = await tab.locator(".scope figcaption").allInnerTexts();
  check(captions.some(c => /^Reads \(RCU\/s\)/.test(c)) && captions.some(c => /^Writes \(WCU\/s\)/.test(c)),
    `capacity charts for the table: ${captions.slice(0, 3).join(" | ")}`);
  check(await tab.locator(".scope[data-scope=byScore]").count() === 1, "the GSI has its own charts");
  check((await tab.locator(".heat-row").count()) >= 2, "a heat map row for the table and for the GSI");
  check(/Contributor Insights is off/.test(await tab.locator("#top-keys").innerText()), "top keys say how to turn Contributor Insights on");
  await tab.screenshot({ path: join(shots, "capacity.png") });

  // Stream: enable one through the API, then the tail shows a write as it happens
  await tab.evaluate(async name => {
    const api = await import("./api.js");
    await api.call("UpdateTable", { TableName: name, StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" } });
  }, table);
  await tab.goto(`${endpoint}/console/#/stream/${table}`);
  await tab.locator("#stream-status", { hasText: "tailing" }).waitFor();
  await tab.evaluate(async name => {
    const api = await import("./api.js");
    await api.call("PutItem", { TableName: name, Item: { player: { S: "bea" }, game: { S: "go" }, score: { N: "7" } } });
  }, table);
  await tab.locator("#stream-records tr", { hasText: "INSERT" }).waitFor({ timeout: 15000 });
  check(/"bea"/.test(await tab.locator("#stream-records tr").first().innerText()), "the stream tail shows the new item's record");
  await tab.screenshot({ path: join(shots, "stream.png") });

  // Tables again, for the picture with the item counted
  await tab.locator("nav a[data-screen=tables]").click();
  await row.waitFor();
  await tab.screenshot({ path: join(shots, "tables.png") });
  check(problems.length === 0, `no errors in the page ${problems.join(" | ")}`);
  check(outside.length === 0, `no request to another host ${outside.join(" ")}`);
} catch (e) {
  check(false, "console run: " + e.message.split("\n")[0]);
} finally {
  await browser.close();
}
console.log(failed ? `console: ${failed} failed` : "console: all checks passed");
process.exit(failed ? 1 : 0);
