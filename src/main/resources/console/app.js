// The console's shell: routing (#/screen/args), credentials, and the bar that shows what each request cost.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { h } from "./ui.js";
import { credentials, saveCredentials, describeCapacity } from "./api.js";
import { TablesScreen } from "./tables.js";
import { ItemsScreen } from "./items.js";

// screens other than the first two load when first opened: the page starts with less to fetch
const lazy = (module, name) => async () => (await import(module))[name];
const SCREENS = {
  tables: async () => TablesScreen, items: async () => ItemsScreen,
  partiql: lazy("./partiql.js", "PartiqlScreen"), capacity: lazy("./capacity.js", "CapacityScreen"),
  stream: lazy("./stream.js", "StreamScreen"), model: lazy("./model.js", "ModelScreen"),
  settings: async () => SettingsScreen,
};

/** The screen and its arguments of #/screen/arg/..., without a screen's own ?query (items keeps its query there). */
function parseHash() {
  const path = location.hash.replace(/^#\/?/, "").split("?")[0];
  const [name, ...rest] = path.split("/");
  return { screen: SCREENS[name] ? name : "tables", args: rest.map(decodeURIComponent), path };
}

function App() {
  const [route, setRoute] = useState(parseHash);
  const [loaded, setLoaded] = useState({ name: null, Screen: null });
  const [error, setError] = useState(null);
  useEffect(() => {
    const onHash = () => setRoute(parseHash());
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  useEffect(() => {
    for (const a of document.querySelectorAll("nav a")) a.classList.toggle("active", a.dataset.screen === route.screen);
    const name = route.screen;
    SCREENS[name]().then(Screen => setLoaded({ name, Screen }), setError);
  }, [route.screen]);
  if (error) return h("p", { class: "error" }, error.message);
  if (loaded.name !== route.screen) return h("p", { class: "muted" }, "Loading…");
  const { Screen } = loaded;
  // keyed by the whole route: a new table starts the screen afresh (and stops the old one's polling)
  return h(Screen, { key: route.path, args: route.args });
}

function SettingsScreen() {
  const c = credentials();
  const field = (label, name, type = "text") => h("label", {}, label, h("input", { name, type, defaultValue: c[name] || "" }));
  return h("form", { class: "card", id: "credentials", onSubmit: e => {
      e.preventDefault();
      saveCredentials(Object.fromEntries(new FormData(e.target)));
      location.hash = "#/tables";
    } },
    h("h2", {}, "Credentials"),
    h("p", { class: "muted" }, "Requests are signed with Signature Version 4 in this browser. Kept for this tab only (session storage). ",
      "With --auth any any key works; with --auth-file use a key of that file."),
    field("Access key id", "accessKeyId"), field("Secret access key", "secretAccessKey", "password"), field("Region", "region"),
    h("button", { type: "submit" }, "Save"));
}

function RequestLog() {
  const [lines, setLines] = useState([]);
  useEffect(() => {
    let n = 0;
    const onApi = e => setLines(list => [{ id: n++, ...e.detail }, ...list].slice(0, 6));
    window.addEventListener("api", onApi);
    return () => window.removeEventListener("api", onApi);
  }, []);
  return lines.map(({ id, operation, capacity, metered, ms, error }) => h("li", { key: id, class: error ? "error" : "" },
    h("b", {}, operation), ` ${ms.toFixed(0)} ms `,
    error ? error : metered ? describeCapacity(capacity) || "no capacity reported" : ""));
}

render(h(RequestLog), document.getElementById("requests"));
render(h(App), document.getElementById("main"));
