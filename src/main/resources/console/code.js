// "Copy as code": the request the console just sent, as the AWS CLI, boto3 (Python) and the AWS SDK
// for JavaScript v3 would send it, pointed at this server.
import { useState } from "preact/hooks";
import { h } from "./ui.js";
import { endpoint } from "./api.js";

const shellQuote = s => `'${s.replace(/'/g, `'\\''`)}'`;
const kebab = operation => operation.replace(/[a-z](?=[A-Z])/g, c => `${c}-`).toLowerCase();
const snake = operation => operation.replace(/[a-z](?=[A-Z])/g, c => `${c}_`).toLowerCase();

/** The request {@code params} of {@code operation} as code in each language. */
export function codeFor(operation, params) {
  const json = JSON.stringify(params, null, 2);
  return {
    "AWS CLI": `aws dynamodb ${kebab(operation)} --endpoint-url ${endpoint} \\\n  --cli-input-json ${shellQuote(JSON.stringify(params))}`,
    "Python (boto3)": `import boto3\n\nclient = boto3.client("dynamodb", endpoint_url="${endpoint}")\n`
      + `response = client.${snake(operation)}(**${json.replace(/\btrue\b/g, "True").replace(/\bfalse\b/g, "False")})\n`,
    "JavaScript (SDK v3)": `import { DynamoDBClient, ${operation}Command } from "@aws-sdk/client-dynamodb";\n\n`
      + `const client = new DynamoDBClient({ endpoint: "${endpoint}" });\n`
      + `const response = await client.send(new ${operation}Command(${json}));\n`,
  };
}

/** A "Copy as code" panel for one request. */
export function CopyAsCode({ operation, params }) {
  const [lang, setLang] = useState("AWS CLI");
  const [copied, setCopied] = useState("");
  const code = codeFor(operation, params)[lang];
  const copy = async () => {
    try { await navigator.clipboard.writeText(code); setCopied("copied"); }
    catch (e) { setCopied("select the text to copy it"); }
  };
  return h("details", { class: "copy-code", id: "copy-code" }, h("summary", {}, "Copy as code"),
    h("div", { class: "row" }, Object.keys(codeFor(operation, params)).map(l =>
      h("label", { class: "check" }, h("input", { type: "radio", name: "code-lang", checked: l === lang, onChange: () => setLang(l) }), l)),
      h("button", { type: "button", id: "copy-code-button", onClick: copy }, "Copy"), h("span", { class: "muted" }, copied)),
    h("pre", { class: "json", id: "code" }, code));
}
