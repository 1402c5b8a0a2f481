// "Copy as code": the request the console just sent, as the AWS CLI, boto3 (Python) and the AWS SDK
// for JavaScript v3 would send it, pointed at this server.
import { useState } from "preact/hooks";
import { h } from "./ui.js";
import { endpoint } from "./api.js";

const shellQuote = s => `'${s.replace(/'/g, `'\\''`)}'`;
const kebab = operation => operation.replace(/[a-z](?=[A-Z])/g, c => `${c}-`).toLowerCase();
const snake = operation => operation.replace(/[a-z](?=[A-Z])/g, c => `${c}_`).toLowerCase();

/** An AttributeValue as the Java SDK v2 builds it. */
function javaValue(av) {
  const [type, v] = Object.entries(av)[0];
  switch (type) {
    case "S": return `AttributeValue.fromS(${JSON.stringify(v)})`;
    case "N": return `AttributeValue.fromN(${JSON.stringify(v)})`;
    case "BOOL": return `AttributeValue.fromBool(${v})`;
    case "NULL": return "AttributeValue.fromNul(true)";
    case "SS": return `AttributeValue.fromSs(List.of(${v.map(x => JSON.stringify(x)).join(", ")}))`;
    case "NS": return `AttributeValue.fromNs(List.of(${v.map(x => JSON.stringify(x)).join(", ")}))`;
    case "L": return `AttributeValue.fromL(List.of(${v.map(javaValue).join(", ")}))`;
    case "M": return `AttributeValue.fromM(${javaMap(v)})`;
    default: return `AttributeValue.fromB(SdkBytes.fromByteArray(Base64.getDecoder().decode(${JSON.stringify(v)})))`;
  }
}

const javaMap = m => `Map.of(${Object.entries(m).map(([k, v]) => `${JSON.stringify(k)}, ${javaValue(v)}`).join(", ")})`;

/** A Scan or Query (or another request of scalars and maps) with the Java SDK v2's builder. */
function javaFor(operation, params) {
  const lower = operation[0].toLowerCase() + operation.slice(1);
  const calls = Object.entries(params).map(([k, v]) => {
    const setter = k[0].toLowerCase() + k.slice(1);
    if (k === "ExpressionAttributeNames") return `    .${setter}(Map.of(${Object.entries(v).map(([a, b]) => `${JSON.stringify(a)}, ${JSON.stringify(b)}`).join(", ")}))`;
    if (k === "ExpressionAttributeValues" || k === "ExclusiveStartKey" || k === "Key" || k === "Item") return `    .${setter}(${javaMap(v)})`;
    return `    .${setter}(${typeof v === "string" ? JSON.stringify(v) : v})`;
  });
  return `DynamoDbClient client = DynamoDbClient.builder().endpointOverride(URI.create("${endpoint}")).build();\n`
    + `var response = client.${lower}(${operation}Request.builder()\n${calls.join("\n")}\n    .build());\n`;
}

/** The request {@code params} of {@code operation} as code in each language. */
export function codeFor(operation, params) {
  const json = JSON.stringify(params, null, 2);
  return {
    "AWS CLI": `aws dynamodb ${kebab(operation)} --endpoint-url ${endpoint} \\\n  --cli-input-json ${shellQuote(JSON.stringify(params))}`,
    "Python (boto3)": `import boto3\n\nclient = boto3.client("dynamodb", endpoint_url="${endpoint}")\n`
      + `response = client.${snake(operation)}(**${json.replace(/\btrue\b/g, "True").replace(/\bfalse\b/g, "False")})\n`,
    "Java (SDK v2)": javaFor(operation, params),
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
