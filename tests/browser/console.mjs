// The web console (/console/) in headless Chromium against a running Basalt: how fast the page
// loads, create a table with a GSI, add and edit an item, Query the index, export the items, run a
// PartiQL statement, edit the table (capacity, TTL, stream, a GSI added and deleted, deletion
// protection), watch its capacity, latency and partitions under a small load, tail its stream, see
// its model view with an access-pattern file, and the console on the admin port; screenshots go
// to target/console-screenshots/, or to docs/console/ (for docs/console.md) with
// BASALT_SCREENSHOTS=docs — a test run never rewrites a tracked file unless asked to.
// usage: node tests/browser/console.mjs http://127.0.0.1:PORT [http://127.0.0.1:ADMIN_PORT]
//        (exit 0 when every check passes)
import { chromium } from "playwright-core";
import { mkdirSync, readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const endpoint = process.argv[2] || process.env.BASALT_ENDPOINT;
const adminEndpoint = process.argv[3];
const scratch = mkdtempSync(join(tmpdir(), "basalt-console-"));
// full-page pictures: the request bar (fixed at the bottom of the window) placed after the content
// for the picture (through the CSSOM: the page's CSP refuses injected style sheets)
async function fullPage(tab, name) {
  await tab.evaluate(() => { document.querySelector("footer").style.position = "static"; });
  await tab.screenshot({ path: join(shots, name), fullPage: true });
  await tab.evaluate(() => { document.querySelector("footer").style.position = ""; });
}
const loadAverage = () => { try { return readFileSync("/proc/loadavg", "utf8").split(" ")[0]; } catch { return "unknown"; } };
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
  // load time as the browser measures it (Navigation and Resource Timing) in a fresh tab with an
  // empty cache, the server warmed up by the load above: the page and every module under 300 ms.
  // The best of three loads: the machine running the tests may be shared and busy.
  {
    const loads = [];
    for (let i = 0; i < 3; i++) {
      const fresh = await browser.newContext();
      const page = await fresh.newPage();
      await page.goto(`${endpoint}/console/`);
      await page.waitForSelector("#create-table");
      loads.push(await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0];
        const modules = performance.getEntriesByType("resource").filter(r => /\.(js|css)$/.test(r.name));
        return { page: nav.responseEnd, loaded: nav.loadEventEnd, count: modules.length,
          last: Math.max(...modules.map(r => r.responseEnd)), bytes: modules.reduce((n, r) => n + r.encodedBodySize, 0) };
      }));
      await fresh.close();
    }
    const best = loads.reduce((a, b) => (b.last < a.last ? b : a));
    // a miss on a machine whose load average is over twice its cores is reported, not failed: the
    // figure then measures the other jobs, not the server or the page
    const overloaded = Number(loadAverage()) > 2 * os.cpus().length;
    if (overloaded && !(best.page < 300 && best.last < 300)) console.log("# skipped (machine overloaded), the load-time check:");
    check(overloaded || (best.page < 300 && best.last < 300),
      `the page in ${best.page.toFixed(0)} ms, its ${best.count} modules and styles (${(best.bytes / 1024).toFixed(0)} KB) by `
      + `${best.last.toFixed(0)} ms (under 300 ms), load event at ${best.loaded.toFixed(0)} ms (modules by `
      + `${loads.map(l => l.last.toFixed(0)).join(", ")} ms in the three loads; load average ${loadAverage()})`);
  }

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
  await tab.setViewportSize({ width: 800, height: 800 });
  const narrowDelete = await row.locator("button", { hasText: "Delete" }).boundingBox();
  check(narrowDelete && narrowDelete.x + narrowDelete.width <= 800, `at 800 px the table's Edit and Delete are on screen (${narrowDelete && Math.round(narrowDelete.x + narrowDelete.width)} px)`);
  await tab.setViewportSize({ width: 1280, height: 800 });

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
  // saving never loses data (issue #39): a new item under a taken key is refused, with an offer to replace it
  const apiCall = (operation, params) => tab.evaluate(async ([o, p]) => { const { call } = await import("/console/api.js"); return call(o, p); },
    [operation, params]);
  const anaKey = { player: { S: "ana" }, game: { S: "chess" } };
  await tab.getByRole("button", { name: "Create item" }).click();
  await tab.locator("#item-editor textarea").fill(JSON.stringify(anaKey));
  await tab.locator("#save-item").click();
  await tab.locator("#save-problem", { hasText: "already exists" }).waitFor();
  check((await apiCall("GetItem", { TableName: table, Key: anaKey })).Item.score.N === "1350",
    "Create item under an existing key is refused (the item is intact) and offers to replace it");
  await tab.locator("#item-editor button", { hasText: "Close" }).click();
  // an edit writes only what changed: another writer's change to another attribute stays
  await tab.locator("#items td", { hasText: "ana" }).first().click();
  await apiCall("UpdateItem", { TableName: table, Key: anaKey, UpdateExpression: "SET seen = :t", ExpressionAttributeValues: { ":t": { BOOL: true } } });
  await tab.locator("#item-editor textarea").fill(JSON.stringify({ ...anaKey, score: { N: "1350" }, nick: { S: "An" } }));
  await tab.locator("#save-item").click();
  await tab.locator("#items td", { hasText: "An" }).first().waitFor();
  const merged = (await apiCall("GetItem", { TableName: table, Key: anaKey })).Item;
  check(merged.nick.S === "An" && merged.seen?.BOOL === true, `an edit keeps another writer's change to another attribute: ${JSON.stringify(merged)}`);
  // ... and a change to the same attribute made meanwhile is a conflict: nothing written, the current version offered
  await tab.locator("#items td", { hasText: "ana" }).first().click();
  await apiCall("UpdateItem", { TableName: table, Key: anaKey, UpdateExpression: "SET nick = :n", ExpressionAttributeValues: { ":n": { S: "Ann" } } });
  await tab.locator("#item-editor textarea").fill(JSON.stringify({ ...anaKey, score: { N: "1350" }, nick: { S: "B." } }));
  await tab.locator("#save-item").click();
  await tab.locator("#save-problem", { hasText: "changed since you opened it" }).waitFor();
  check((await apiCall("GetItem", { TableName: table, Key: anaKey })).Item.nick.S === "Ann", "a conflicting edit writes nothing");
  await tab.locator("#save-problem button", { hasText: "Load the current version" }).click();
  await tab.locator("#item-editor textarea").waitFor();
  check(/"Ann"/.test(await tab.locator("#item-editor textarea").inputValue()), "the current version can be loaded into the editor");
  await tab.locator("#item-editor textarea").fill(JSON.stringify({ ...anaKey, score: { N: "1350" }, nick: { S: "A." } }));
  await tab.locator("#save-item").click();
  await tab.locator("#items td", { hasText: "A." }).first().waitFor();
  // plain JSON editing, then Duplicate: a copy under another key
  await tab.locator("#items td", { hasText: "ana" }).first().click();
  await tab.locator("#format-plain").check();
  check(/"score": 1350/.test(await tab.locator("#item-editor textarea").inputValue()), "the editor switches the item to plain JSON");
  await tab.locator("#item-editor textarea").fill(JSON.stringify({ player: "ana", game: "chess", score: 1350, nick: "A.", tags: ["x", 1] }));
  await tab.locator("#save-item").click();
  await tab.locator("#items th", { hasText: "tags" }).waitFor();
  await tab.locator("#items td", { hasText: "ana" }).first().click();
  await tab.locator("#duplicate-item").click();
  await tab.locator("#item-editor h2", { hasText: "a copy" }).waitFor();
  const copy = JSON.parse(await tab.locator("#item-editor textarea").inputValue());
  copy.player = { S: "bob" };
  copy.game = { S: "go" };
  await tab.locator("#item-editor textarea").fill(JSON.stringify(copy));
  await tab.locator("#save-item").click();
  await tab.locator("#items td", { hasText: "bob" }).waitFor();
  check((await tab.locator("#items tr", { hasText: "bob" }).innerText()).includes("1350"), "a duplicated item keeps the other attributes under its new key");
  // a changed key moves the item (asked first: the dialog is accepted), no second item is left behind
  await tab.locator("#items td", { hasText: "bob" }).first().click();
  const bob = JSON.parse(await tab.locator("#item-editor textarea").inputValue());
  await tab.locator("#item-editor textarea").fill(JSON.stringify({ ...bob, player: { S: "carl" } }));
  await tab.locator("#save-item").click();
  await tab.locator("#items td", { hasText: "carl" }).waitFor();
  check(!(await apiCall("GetItem", { TableName: table, Key: { player: { S: "bob" }, game: { S: "go" } } })).Item
      && (await apiCall("GetItem", { TableName: table, Key: { player: { S: "carl" }, game: { S: "go" } } })).Item?.score?.N === "1350",
    "changing the key in the editor moves the item");
  // Delete asks first, and can be undone
  await tab.locator("#items td", { hasText: "carl" }).first().click();
  await tab.locator("#delete-item").click();
  await tab.locator("#done", { hasText: "Deleted the item" }).waitFor();
  check(!(await apiCall("GetItem", { TableName: table, Key: { player: { S: "carl" }, game: { S: "go" } } })).Item, "Delete (confirmed) deletes");
  await tab.locator("#undo").click();
  await tab.locator("#items td", { hasText: "carl" }).waitFor();
  check(true, "a deleted item comes back with Undo");
  // the grid: a 100 KB value is cut in its cell, the grid stays in its card, columns sort, rows open from the keyboard
  const longKey = { player: { S: "zed" }, game: { S: "long" } };
  await apiCall("PutItem", { TableName: table, Item: { ...longKey, bio: { S: "x".repeat(100000) }, blob: { B: "AAAA" } } });
  await tab.locator("#query button[type=submit]").click();
  const longRow = tab.locator("#items tr", { hasText: "zed" });
  await longRow.waitFor();
  const rowBox = await longRow.boundingBox();
  check(rowBox.height < 200 && /\(100000 characters\)/.test(await longRow.innerText()), `a 100 KB value is cut in its cell (row ${Math.round(rowBox.height)} px high)`);
  check(/<binary 3 B>/.test(await longRow.innerText()), "a binary's size is its decoded bytes");
  const [gridBox, cardBox] = [await tab.locator(".grid-scroll").first().boundingBox(), await tab.locator("#results").boundingBox()];
  check(gridBox.x + gridBox.width <= cardBox.x + cardBox.width + 1, "the grid stays inside its card");
  await tab.locator("#items th", { hasText: "player" }).click();
  await tab.locator("#items th", { hasText: "player" }).click();
  check(/zed/.test(await tab.locator("#items tbody tr").first().innerText()), "a click on a column header sorts the rows (twice: descending)");
  await tab.locator("#items tbody tr").first().focus();
  await tab.keyboard.press("Enter");
  await tab.locator("#item-editor").waitFor();
  check(/"zed"/.test(await tab.locator("#item-editor textarea").inputValue()), "a focused row opens with Enter");
  await tab.locator("#item-editor button", { hasText: "Close" }).click();
  await apiCall("DeleteItem", { TableName: table, Key: longKey });
  // a filter's values may be typed as plain JSON
  await tab.locator("#query [name=filter]").fill("score > :v");
  await tab.locator("#query [name=exprs]").fill('{":v": 1300}');
  await tab.locator("#query button[type=submit]").click();
  await tab.locator("#summary", { hasText: "Scan: 2 items" }).waitFor();
  check(true, "a filter value typed as plain JSON ({\":v\": 1300}) works");
  await tab.locator("#query [name=filter]").fill("");
  await tab.locator("#query [name=exprs]").fill("");
  await tab.locator("#query button[type=submit]").click();
  // the filter builder: conditions without typing an expression
  await tab.locator("#add-condition").click();
  await tab.locator("#query [name=c0attr]").fill("score");
  await tab.locator("#query [name=c0op]").selectOption(">");
  await tab.locator("#query [name=c0type]").selectOption("N");
  await tab.locator("#query [name=c0value]").fill("1300");
  await tab.locator("#add-condition").click();
  await tab.locator("#query [name=c1attr]").fill("nick");
  await tab.locator("#query [name=c1op]").selectOption("exists");
  await tab.locator("#query button[type=submit]").click();
  await tab.locator("#summary", { hasText: "Scan: 2 items" }).waitFor();
  check(true, "the filter builder's conditions (score > 1300 AND nick exists) filter the Scan to its 2 items");
  await tab.locator("#filter-builder button", { hasText: "Remove last" }).click();
  await tab.locator("#filter-builder button", { hasText: "Remove last" }).click();
  await tab.locator("#query button[type=submit]").click();
  // the column chooser, remembered per table
  await tab.locator("#items th", { hasText: "nick" }).waitFor();
  await tab.locator("#columns summary").click();
  await tab.locator("#columns [name=col-nick]").uncheck();
  const hasNick = async () => (await tab.locator("#items th").allInnerTexts()).some(t => t.startsWith("nick"));
  check(!await hasNick(), "a column can be hidden");
  await tab.reload();
  await tab.locator("#items tbody tr").first().waitFor();
  check(!await hasNick(), "a hidden column stays hidden after a reload");
  await tab.locator("#columns summary").click();
  await tab.locator("#columns [name=col-nick]").check();
  check(await hasNick(), "and can be shown again");
  // arrow keys move between rows
  await tab.locator("#items tbody tr").first().focus();
  await tab.keyboard.press("ArrowDown");
  check(await tab.evaluate(() => document.activeElement === document.querySelectorAll("#items tbody tr")[1]), "ArrowDown moves to the next row");
  // rows selected, deleted in bulk (asked first), restored from the page
  for (let i = 0; i < 30; i++) await apiCall("PutItem", { TableName: table, Item: { player: { S: `bulk${i}` }, game: { S: "bulk" } } });
  await tab.locator("#query [name=filter]").fill("game = :g");
  await tab.locator("#query [name=exprs]").fill('{":g": "bulk"}');
  await tab.locator("#query [name=limit]").fill("100");
  await tab.locator("#query button[type=submit]").click();
  await tab.locator("#summary", { hasText: "Scan: 30 items" }).waitFor();
  await tab.locator("#items thead input[type=checkbox]").check();
  await tab.locator("#delete-selected", { hasText: "(30)" }).click();
  await tab.locator("#summary", { hasText: "Scan: 0 items" }).waitFor();
  check((await apiCall("Scan", { TableName: table, FilterExpression: "game = :g", ExpressionAttributeValues: { ":g": { S: "bulk" } } })).Count === 0,
    "30 selected rows are deleted in bulk");
  await tab.locator("#restore-deleted").click();
  await tab.locator("#summary", { hasText: "Scan: 30 items" }).waitFor();
  check(true, "the deleted rows are restored from the page");
  for (let i = 0; i < 30; i++) await apiCall("DeleteItem", { TableName: table, Key: { player: { S: `bulk${i}` }, game: { S: "bulk" } } });
  await tab.locator("#query [name=filter]").fill("");
  await tab.locator("#query [name=exprs]").fill("");
  await tab.locator("#query [name=limit]").fill("25");
  await tab.locator("#query button[type=submit]").click();
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
  await tab.getByRole("button", { name: "DynamoDB JSON view" }).click();
  check(/"N": "1350"/.test(await tab.locator("#ddb-json-view").innerText()), "the DynamoDB JSON view shows typed values");
  await tab.getByRole("button", { name: "JSON view", exact: true }).click();
  check(/"score": 1350/.test(await tab.locator("#json-view").innerText()), "the JSON view shows plain values");
  await tab.getByRole("button", { name: "Grid view" }).click();
  // the query and an open item are in the URL: a reload (or a shared link) shows them again
  await tab.locator("#items td", { hasText: "ana" }).first().click();
  await tab.locator("#item-editor").waitFor();
  await tab.waitForFunction(() => /item=/.test(location.hash), null, { timeout: 5000 }).catch(() => {});
  const shared = tab.url();
  check(/index=byScore/.test(shared) && /mode=Query/.test(shared) && /item=/.test(shared), `the URL holds the query and the item: ${shared}`);
  await tab.goto("about:blank");
  await tab.goto(shared);
  await tab.locator("#summary", { hasText: "Query: 1 items" }).waitFor();
  await tab.locator("#item-editor").waitFor();
  check(await tab.locator("#query [name=index]").inputValue() === "byScore" && await tab.locator("#query [name=sk1]").inputValue() === "1300"
      && /"ana"/.test(await tab.locator("#item-editor textarea").inputValue()), "a reload shows the same query, page and item");
  await tab.locator("#item-editor button", { hasText: "Close" }).click();
  // Back returns to the previous query
  await tab.locator("#query [name=index]").selectOption("");
  await tab.locator("#query [name=mode]").selectOption("Scan");
  await tab.locator("#query button[type=submit]").click();
  await tab.locator("#summary", { hasText: "Scan:" }).waitFor();
  await tab.goBack();
  await tab.locator("#summary", { hasText: "Query: 1 items" }).waitFor();
  check(await tab.locator("#query [name=index]").inputValue() === "byScore", "Back returns to the previous query");

  // Export of the shown items: the browser downloads CSV, JSON and DynamoDB JSON
  const exported = async id => {
    const [download] = await Promise.all([tab.waitForEvent("download"), tab.locator(id).click()]);
    const path = join(scratch, download.suggestedFilename());
    await download.saveAs(path);
    return { name: download.suggestedFilename(), text: readFileSync(path, "utf8") };
  };
  const csv = await exported("#export-csv");
  check(csv.name === `${table}.byScore-page1.csv` && csv.text === "player,game,score,nick,tags\r\nana,chess,1350,A.,\"[\"\"x\"\",1]\"\r\n",
    `CSV export ${csv.name}: ${JSON.stringify(csv.text)}`);
  const plainJson = await exported("#export-json");
  const plainItem = JSON.parse(plainJson.text)[0] || {};
  check(plainItem.score === 1350 && plainItem.nick === "A." && plainItem.player === "ana", `JSON export: ${plainJson.text.replace(/\s+/g, " ")}`);
  const ddbJson = await exported("#export-ddb");
  check(JSON.parse(ddbJson.text)[0]?.score?.N === "1350", `DynamoDB JSON export: ${ddbJson.text.replace(/\s+/g, " ").slice(0, 120)}`);
  // every page of the result, not only the shown one; and the request as code
  const allPages = await exported("#export-json-all");
  check(allPages.name === `${table}.byScore-all.json` && JSON.parse(allPages.text).length === 1, `export of all pages: ${allPages.name}`);
  await tab.locator("#copy-code summary").click();
  const cli = await tab.locator("#code").innerText();
  check(/^aws dynamodb query --endpoint-url http/.test(cli) && /"IndexName":"byScore"/.test(cli), `copy as code (AWS CLI): ${cli.slice(0, 90)}`);
  await tab.locator("#copy-code label", { hasText: "Python" }).click();
  check(/client\.query\(\*\*/.test(await tab.locator("#code").innerText()), "copy as code (boto3)");
  await tab.locator("#copy-code label", { hasText: "Java (SDK v2)" }).click();
  check(/QueryRequest\.builder\(\)/.test(await tab.locator("#code").innerText()), "copy as code (Java SDK v2)");

  // PartiQL
  await tab.locator("nav a[data-screen=partiql]").click();
  await tab.locator("#statement").fill(`SELECT * FROM "${table}" WHERE player = 'ana'`);
  await tab.locator("#run-statement").click();
  await tab.locator("#partiql-summary", { hasText: "1 items" }).waitFor();
  check((await tab.locator("#partiql-results td").allInnerTexts()).includes("1350"), "the PartiQL SELECT returns the item");
  check((await tab.locator("#history li").allInnerTexts()).some(s => s.includes(table)), "the statement is in the history");
  // a SELECT reads pages of at most Limit items (100 unless changed), not a whole 1 MB page at once
  await tab.locator("#statement-limit").fill("1");
  await tab.locator("#statement").fill(`SELECT * FROM "${table}"`);
  await tab.locator("#run-statement").click();
  await tab.locator("#partiql-results button", { hasText: "Next page" }).waitFor({ timeout: 10000 });
  check(/^1 items/.test(await tab.locator("#partiql-summary").innerText()), "PartiQL's Limit pages the result");
  await tab.locator("#statement-limit").fill("100");
  // the system's dark mode is followed
  await tab.emulateMedia({ colorScheme: "dark" });
  const darkBg = await tab.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await tab.emulateMedia({ colorScheme: "light" });
  check(darkBg !== await tab.evaluate(() => getComputedStyle(document.body).backgroundColor), `prefers-color-scheme: dark gives a dark page (${darkBg})`);
  await tab.screenshot({ path: join(shots, "partiql.png") });

  // Table editor: billing and capacity, TTL, stream, a GSI added (backfilled) and deleted, deletion protection
  await tab.goto(`${endpoint}/console/#/tables/${encodeURIComponent(table)}`);
  const editor = tab.locator("#table-editor");
  const settled = () => tab.locator("#table-editor[data-status=ACTIVE]").waitFor({ timeout: 15000 });
  await editor.locator("#edit-billing [name=billing]").selectOption("PROVISIONED");
  await editor.locator("#edit-billing [name=rcu]").fill("20");
  await editor.locator("#edit-billing [name=wcu]").fill("10");
  await editor.locator("#edit-billing button[type=submit]").click();
  await tab.locator(`#tables tr[data-table="${table}"]`, { hasText: "provisioned 20 RCU / 10 WCU" }).waitFor({ timeout: 15000 });
  check(true, "UpdateTable from the editor: the table is provisioned at 20 RCU / 10 WCU (its GSI too)");
  await settled();
  await editor.locator("#edit-ttl [name=ttlAttribute]").fill("expires");
  await editor.locator("#edit-ttl button[type=submit]").click();
  await editor.locator("#edit-ttl", { hasText: "enabled" }).waitFor();
  check(true, "UpdateTimeToLive from the editor: TTL enabled on expires");
  await editor.locator("#edit-stream [name=view]").selectOption("NEW_AND_OLD_IMAGES");
  await editor.locator("#edit-stream button[type=submit]").click();
  await tab.locator(`#tables tr[data-table="${table}"]`, { hasText: "NEW_AND_OLD_IMAGES" }).waitFor({ timeout: 15000 });
  check(true, "StreamSpecification from the editor: the stream is on");
  await settled();
  // while an index is backfilling the editor shows its progress: DescribeTable answers are held at
  // a CREATING, Backfilling index with a third of the table's items indexed (a real backfill of a
  // few items ends before the editor's next read)
  const backfilling = async route => {
    const target = route.request().headers()["x-amz-target"] || "";
    if (!target.endsWith(".DescribeTable")) return route.continue();
    const response = await route.fetch();
    const json = await response.json();
    for (const i of json.Table?.GlobalSecondaryIndexes || []) {
      if (i.IndexName === "byNick") Object.assign(i, { IndexStatus: "CREATING", Backfilling: true, ItemCount: 1 });
    }
    if (json.Table) json.Table.ItemCount = 3;
    return route.fulfill({ response, json });
  };
  await tab.route(`${endpoint}/`, backfilling);
  const addIndex = editor.locator("#add-index");
  await addIndex.locator("[name=index]").fill("byNick");
  await addIndex.locator("[name=newpk]").fill("nick");
  await addIndex.locator("[name=newprojection]").selectOption("KEYS_ONLY");
  await addIndex.locator("button[type=submit]").click();
  const nickRow = editor.locator("#edit-gsis tr[data-index=byNick]");
  await nickRow.waitFor();
  const seen = await nickRow.locator(".index-status").innerText();
  await nickRow.locator(".backfill").waitFor({ timeout: 15000 });
  check(/CREATING, backfilling/.test(await nickRow.locator(".index-status").innerText())
      && /1 of 3/.test(await nickRow.locator(".backfill").innerText())
      && await nickRow.locator(".backfill progress").getAttribute("value") === "1",
    `a backfilling GSI shows its progress: ${(await nickRow.innerText()).replace(/\s+/g, " ")}`);
  await tab.unroute(`${endpoint}/`, backfilling);
  await editor.locator("#edit-gsis tr[data-index=byNick] .index-status", { hasText: /^ACTIVE$/ }).waitFor({ timeout: 30000 });
  check(true, `a GSI created from the editor is backfilled to ACTIVE (first seen ${seen}, now ${(await nickRow.innerText()).replace(/\s+/g, " ")})`);
  await fullPage(tab, "table-edit.png");
  await nickRow.locator("button", { hasText: "Delete" }).click();
  await nickRow.waitFor({ state: "detached", timeout: 15000 });
  check(true, "the GSI is deleted from the editor");
  await settled();
  await editor.locator("[name=protect]").click();
  await settled();
  await tab.locator(`#tables tr[data-table="${table}"] .muted`, { hasText: "deletion protection" }).waitFor();
  await tab.locator(`#tables tr[data-table="${table}"] button`, { hasText: "Delete" }).click();
  const refusal = tab.locator(".grid-scroll:has(#tables) + .error");
  await refusal.filter({ hasText: "ValidationException" }).waitFor();
  check(/Resource cannot be deleted as it is currently protected against deletion/.test(await refusal.innerText()),
    `deletion protection is respected: ${await refusal.innerText()}`);
  await editor.locator("[name=protect]").click();
  await tab.locator(`#tables tr[data-table="${table}"] .muted`, { hasText: "deletion protection" }).waitFor({ state: "detached" });
  await settled();

  // Capacity: charts of the table and its GSI, the partition heat map, top keys
  await tab.locator("nav a[data-screen=capacity]").click();
  await tab.goto(`${endpoint}/console/#/capacity/${table}`);
  await tab.locator(".scope[data-scope=table] figcaption").first().waitFor();
  await tab.locator(".heat-cell").first().waitFor();
  // a small load (40 writes over about four seconds): the write chart and the latency table move
  await tab.evaluate(async name => {
    const api = await import("./api.js");
    for (let i = 0; i < 40; i++) {
      await api.call("PutItem", { TableName: name, Item: { player: { S: `p${i}` }, game: { S: "chess" }, score: { N: String(i) } } });
      await new Promise(r => setTimeout(r, 100));
    }
  }, table);
  await tab.waitForTimeout(2500); // one more poll: rates need two readings
  const writesCaption = await tab.locator(".scope[data-scope=table] figcaption", { hasText: "Writes" }).innerText();
  const peak = await tab.evaluate(() => Math.max(...[...document.querySelectorAll(".scope[data-scope=table] figcaption b")].map(b => Number(b.textContent))));
  check(peak > 0 || /Writes \(WCU\/s\): [1-9]/.test(writesCaption), `the capacity chart moves under load: ${writesCaption}`);
  const latencyRow = await tab.locator("#latency tr[data-operation=PutItem]").innerText();
  check(/PutItem\s+\d+\s+0\s+[\d.]+ ms/.test(latencyRow), `the latency table shows the writes: ${latencyRow.replace(/\s+/g, " ")}`);
  const captions = await tab.locator(".scope figcaption").allInnerTexts();
  check(captions.some(c => /^Reads \(RCU\/s\)/.test(c)) && captions.some(c => /^Writes \(WCU\/s\)/.test(c)),
    `capacity charts for the table: ${captions.slice(0, 3).join(" | ")}`);
  check(await tab.locator(".scope[data-scope=byScore]").count() === 1, "the GSI has its own charts");
  check((await tab.locator(".heat-row").count()) >= 2, "a heat map row for the table and for the GSI");
  check(/Contributor Insights is off/.test(await tab.locator("#top-keys").innerText()), "top keys say how to turn Contributor Insights on");
  await fullPage(tab, "capacity.png");

  // Stream: the tail shows a write as it happens (the stream was turned on in the table editor)
  await tab.goto(`${endpoint}/console/#/stream/${table}`);
  await tab.locator("#stream-status", { hasText: "tailing" }).waitFor();
  await tab.evaluate(async name => {
    const api = await import("./api.js");
    await api.call("PutItem", { TableName: name, Item: { player: { S: "bea" }, game: { S: "go" }, score: { N: "7" } } });
  }, table);
  await tab.locator("#stream-records tr", { hasText: "INSERT" }).waitFor({ timeout: 15000 });
  check(/"bea"/.test(await tab.locator("#stream-records tr").first().innerText()), "the stream tail shows the new item's record");
  await tab.screenshot({ path: join(shots, "stream.png") });
  // ... and from the oldest record kept (TRIM_HORIZON): the records written before the tail opened
  await tab.locator("#stream-from").selectOption("TRIM_HORIZON");
  await tab.locator("#stream-status", { hasText: "from the oldest record kept" }).waitFor();
  await tab.locator("#stream-records tr", { hasText: "INSERT" }).first().waitFor({ timeout: 15000 });
  await tab.waitForTimeout(2500);
  check(await tab.locator("#stream-records tr").count() > 1, `TRIM_HORIZON shows earlier records too (${await tab.locator("#stream-records tr").count()})`);

  // Model view: the table's items grouped by partition key, each GSI a facet; an access-pattern file
  const model = join(scratch, "model.yaml");
  writeFileSync(model, [
    "tables:", `  - name: ${table}`, "    partitionKey: player", "    sortKey: game",
    "accessPatterns:",
    "  - name: player-games", `    operation: Query`, `    table: ${table}`, "    keyCondition: player = :p", "    frequency: 100",
    "  - name: top-scores", `    operation: Query`, `    table: ${table}`, "    index: byScore", "    keyCondition: game = :g AND score > :s", "    frequency: 10",
    "  - name: by-nick", `    operation: Query`, `    table: ${table}`, "    keyCondition: nick = :n", "    frequency: 1",
    "  - name: put-game", `    operation: PutItem`, `    table: ${table}`, "    frequency: 50", ""].join("\n"));
  await tab.goto(`${endpoint}/console/#/model/${encodeURIComponent(table)}`);
  await tab.locator(".facet[data-facet=byScore]").waitFor();
  const facetTitle = await tab.locator(".facet[data-facet=byScore] h2").innerText();
  check(/GSI byScore: 2 partition keys, 43 items/.test(facetTitle), `the GSI facet groups its items: ${facetTitle}`);
  check(/Table .*: 43 partition keys, 43 items/.test(await tab.locator(`.facet[data-facet="${table}"] h2`).innerText()), "the table facet groups by partition key");
  await tab.locator("#model-file").setInputFiles(model);
  await tab.locator("#access-patterns tr[data-pattern=top-scores]").waitFor();
  const pattern = n => tab.locator(`#access-patterns tr[data-pattern=${n}]`).innerText().then(t => t.replace(/\s+/g, " "));
  check(/byScore game = :g AND score > :s 10 partition key game, sort key score/.test(await pattern("top-scores")), `a GSI pattern: ${await pattern("top-scores")}`);
  check(/player = :player AND game = :game 50 full primary key/.test(await pattern("put-game")), `a write: ${await pattern("put-game")}`);
  check(/SCAN/.test(await pattern("by-nick")), `an unserved pattern is flagged: ${await pattern("by-nick")}`);
  await fullPage(tab, "model.png");

  // The console on the admin port: its calls go to the API port (CORS), the page's CSP allows that
  if (adminEndpoint) {
    const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const adminProblems = [];
    admin.on("pageerror", e => adminProblems.push(e.message));
    admin.on("console", m => { if (m.type() === "error") adminProblems.push(m.text()); });
    await admin.goto(`${adminEndpoint}/console/#/items/${encodeURIComponent(table)}`);
    await admin.locator("#items td", { hasText: "ana" }).first().waitFor();
    check(adminProblems.length === 0, `the console on the admin port reads the table through the API port ${adminProblems.join(" | ")}`);
    await admin.close();
  }

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
