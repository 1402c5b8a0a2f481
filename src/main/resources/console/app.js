// The console's shell: navigation, credentials, and the bar that shows what each request cost.
import { h, mount } from "./dom.js";
import { credentials, saveCredentials, describeCapacity } from "./api.js";
import { tablesScreen } from "./tables.js";
import { itemsScreen } from "./items.js";
import { partiqlScreen } from "./partiql.js";
import { capacityScreen } from "./capacity.js";
import { streamScreen } from "./stream.js";

const main = document.getElementById("main");
const log = document.getElementById("requests");

const screens = { tables: tablesScreen, items: itemsScreen, partiql: partiqlScreen, capacity: capacityScreen,
  stream: streamScreen, settings: settingsScreen };
let leave = null; // what the current screen stops when the user leaves it (its polling)

function route() {
  if (leave) leave();
  leave = null;
  const [name, ...rest] = location.hash.replace(/^#\/?/, "").split("/");
  const screen = screens[name] ? name : "tables";
  for (const a of document.querySelectorAll("nav a")) a.classList.toggle("active", a.dataset.screen === screen);
  mount(main, h("p", { class: "muted" }, "Loading…"));
  Promise.resolve(screens[screen](main, rest.map(decodeURIComponent)))
    .then(stop => { if (typeof stop === "function") leave = stop; })
    .catch(e => mount(main, h("p", { class: "error" }, e.message)));
}

function settingsScreen(el) {
  const c = credentials();
  const field = (label, name, type = "text") => h("label", {}, label, h("input", { name, type, value: c[name] || "" }));
  const form = h("form", { class: "card", onsubmit: e => {
      e.preventDefault();
      const data = Object.fromEntries(new FormData(form));
      saveCredentials(data);
      location.hash = "#/tables";
    } },
    h("h2", {}, "Credentials"),
    h("p", { class: "muted" }, "Requests are signed with Signature Version 4 in this browser. Kept for this tab only (session storage). ",
      "With --auth any any key works; with --auth-file use a key of that file."),
    field("Access key id", "accessKeyId"), field("Secret access key", "secretAccessKey", "password"), field("Region", "region"),
    h("button", { type: "submit" }, "Save"));
  mount(el, form);
}

window.addEventListener("api", e => {
  const { operation, capacity, metered, ms, error } = e.detail;
  const line = h("li", { class: error ? "error" : "" }, h("b", {}, operation), ` ${ms.toFixed(0)} ms `,
    error ? error : metered ? describeCapacity(capacity) || "no capacity reported" : "");
  log.prepend(line);
  while (log.children.length > 6) log.lastChild.remove();
});
window.addEventListener("hashchange", route);
route();
