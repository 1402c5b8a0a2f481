// The console's capacity screen against a server that enforces capacity (--capacity enforce): a
// provisioned table with Contributor Insights on, one key written far beyond its partition's share
// until requests are throttled; the heat map outlines the throttled partition and the top keys name
// the hot key as the most accessed and the most throttled.
// usage: node tests/browser/console-hotkey.mjs http://127.0.0.1:PORT   (server started with --capacity enforce)
import { chromium } from "playwright-core";

const endpoint = process.argv[2];
if (!endpoint) { console.error("usage: console-hotkey.mjs ENDPOINT"); process.exit(2); }
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
let failed = 0;
const check = (ok, what) => { console.log(`${ok ? "ok" : "not ok"} - ${what}`); if (!ok) failed++; };
try {
  const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await tab.goto(`${endpoint}/console/`);
  const table = `hot_${Date.now()}`;
  const throttled = await tab.evaluate(async name => {
    const api = await import("./api.js");
    await api.call("CreateTable", { TableName: name, BillingMode: "PROVISIONED",
      ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
      KeySchema: [{ AttributeName: "id", KeyType: "HASH" }], AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }] });
    await api.call("UpdateContributorInsights", { TableName: name, ContributorInsightsAction: "ENABLE" });
    // a cold key once, then one hot key as fast as the page can send: 9 WCU a write: 5 WCU and its 300 s of burst run out
    await api.call("PutItem", { TableName: name, Item: { id: { S: "cold" }, n: { N: "0" } } });
    let refused = 0;
    for (let i = 0; i < 1000 && refused < 20; i++) {
      try {
        await api.call("PutItem", { TableName: name, Item: { id: { S: "hot" }, n: { N: String(i) }, pad: { S: "x".repeat(9000) } } });
      } catch (e) {
        if (!/ProvisionedThroughputExceeded/.test(String(e.message || e))) throw e;
        refused++;
      }
    }
    return refused;
  }, table);
  check(throttled > 0, `writes to one key beyond the table's capacity are throttled (${throttled} refused)`);

  await tab.goto(`${endpoint}/console/#/capacity/${table}`);
  await tab.locator(".heat-cell").first().waitFor();
  await tab.locator(".heat-cell.throttled").first().waitFor({ timeout: 15000 });
  check(await tab.locator(".heat-cell.throttled").count() >= 1, "the heat map outlines the throttled partition");
  const title = await tab.locator(".heat-cell.throttled").first().getAttribute("title");
  check(/throttled [1-9]/.test(title || ""), `its tooltip counts the throttles: ${(title || "").replace(/\n/g, " | ")}`);
  await tab.locator("#top-keys td", { hasText: "hot" }).first().waitFor({ timeout: 15000 });
  const topKeys = await tab.locator("#top-keys").innerText();
  check(/most accessed keys[\s\S]*hot/.test(topKeys), "the hot key is the most accessed key");
  check(/most throttled keys[\s\S]*hot/.test(topKeys), `the hot key is the most throttled key: ${topKeys.replace(/\s+/g, " ").slice(0, 200)}`);
} catch (e) {
  check(false, `console hot-key test: ${e.message}`);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
