// The web console against a server that verifies signatures (--auth-file): log in with an admin
// key, make two tables; log in with a key whose policy allows only the first: the console shows that
// table's items, and AccessDeniedException (as the API returns it) for the other one.
// usage: node tests/browser/console-auth.mjs http://127.0.0.1:PORT   (the server started with the
//        auth file that tests/run-all.sh writes: users console-admin and console-reader)
import { chromium } from "playwright-core";

const endpoint = process.argv[2];
if (!endpoint) { console.error("usage: console-auth.mjs ENDPOINT"); process.exit(2); }
const ADMIN = { accessKeyId: "AKIACONSOLEADMIN0001", secretAccessKey: "console-admin-secret" };
const READER = { accessKeyId: "AKIACONSOLEREADER001", secretAccessKey: "console-reader-secret" };

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
let failed = 0, tab;
const check = (ok, what) => { console.log(`${ok ? "ok" : "not ok"} - ${what}`); if (!ok) failed++; };
try {
  tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const login = async key => {
    await tab.goto(`${endpoint}/console/#/settings`);
    await tab.locator("#credentials [name=accessKeyId]").fill(key.accessKeyId);
    await tab.locator("#credentials [name=secretAccessKey]").fill(key.secretAccessKey);
    await tab.locator("#credentials button[type=submit]").click();
    await tab.locator("main h2, main p.error:not(:empty)").first().waitFor();
  };
  // a key the server does not know is refused
  await login({ accessKeyId: "AKIANOBODY0000000000", secretAccessKey: "x" });
  const unknown = await tab.locator("main .error").first().innerText();
  check(/UnrecognizedClientException/.test(unknown), `an unknown key is refused: ${unknown}`);

  await login(ADMIN);
  await tab.evaluate(async () => {
    const api = await import("./api.js");
    for (const name of ["Orders", "Secrets"]) {
      await api.call("CreateTable", { TableName: name, BillingMode: "PAY_PER_REQUEST",
        KeySchema: [{ AttributeName: "id", KeyType: "HASH" }], AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }] });
      await api.call("PutItem", { TableName: name, Item: { id: { S: `${name}-1` }, note: { S: `in ${name}` } } });
    }
  });
  await tab.goto(`${endpoint}/console/#/tables/x`);
  await tab.locator('#tables tr[data-table="Secrets"]').waitFor();
  check(true, "the admin key creates both tables");

  await login(READER);
  const denied = await tab.locator('#tables tr[data-table="Secrets"] .error').innerText();
  check(/^AccessDeniedException: User: arn:aws:iam::111122223333:user\/console-reader is not authorized to perform: dynamodb:DescribeTable on resource: arn:aws:dynamodb:us-east-1:111122223333:table\/Secrets because no identity-based policy allows the dynamodb:DescribeTable action$/.test(denied),
    `Tables: the other table's row shows the refusal: ${denied}`);
  await tab.goto(`${endpoint}/console/#/items/Orders`);
  await tab.locator("#items td", { hasText: "Orders-1" }).waitFor();
  check(true, "the restricted key sees its table's items");
  await tab.goto(`${endpoint}/console/#/items/Secrets`);
  const error = tab.locator("main .error", { hasText: "AccessDeniedException" });
  await error.waitFor();
  check(/dynamodb:DescribeTable on resource: arn:aws:dynamodb:us-east-1:111122223333:table\/Secrets/.test(await error.innerText()),
    `Items of the other table: ${await error.innerText()}`);
} catch (e) {
  check(false, "console auth run: " + e.message.split("\n")[0]);
  if (tab) await tab.screenshot({ path: "target/console-auth-failure.png" }).catch(() => {});
} finally {
  await browser.close();
}
console.log(failed ? `console auth: ${failed} failed` : "console auth: all checks passed");
process.exit(failed ? 1 : 0);
