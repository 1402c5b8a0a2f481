// Runs in the browser page: the AWS SDK for JavaScript v3 against Basalt on another origin.
import {
  DynamoDBClient, CreateTableCommand, PutItemCommand, GetItemCommand, ListTablesCommand,
} from "@aws-sdk/client-dynamodb";

async function run(endpoint) {
  const client = new DynamoDBClient({
    endpoint, region: "us-east-1", maxAttempts: 1,
    credentials: { accessKeyId: "AKIDBROWSER", secretAccessKey: "secret" },
  });
  const out = {};
  const table = "Browser" + Date.now();
  await client.send(new CreateTableCommand({
    TableName: table, BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
  }));
  await client.send(new PutItemCommand({ TableName: table, Item: { pk: { S: "1" }, v: { S: "from a browser" } } }));
  const got = await client.send(new GetItemCommand({ TableName: table, Key: { pk: { S: "1" } } }));
  out.item = got.Item.v.S;
  out.requestId = got.$metadata.requestId || null;
  out.listed = (await client.send(new ListTablesCommand({}))).TableNames.includes(table);
  try {
    await client.send(new GetItemCommand({ TableName: "NoSuchTable", Key: { pk: { S: "1" } } }));
    out.error = "none";
  } catch (e) {
    out.error = e.name + ": " + e.message;
  }
  return out;
}

window.basaltRun = run;
