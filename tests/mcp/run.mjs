// Basalt's MCP server through the official MCP TypeScript SDK client (@modelcontextprotocol/sdk):
// over stdio (`basalt mcp`, in-process and --endpoint) and over streamable HTTP (`basalt serve --mcp`):
// every tool, the read-only refusals, the bearer token, the Origin and Host checks, two users'
// authorization. Starts its own servers on free ports. Usage: node tests/mcp/run.mjs (from anywhere).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import http from 'node:http';
import assert from 'node:assert/strict';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BASALT = join(ROOT, 'basalt');
let passed = 0, failed = 0;
const started = [];

async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`ok ${passed + failed} - ${name}`);
  } catch (e) {
    failed++;
    console.log(`not ok ${passed + failed} - ${name}\n  # ${String(e && e.stack || e).split('\n').slice(0, 6).join('\n  # ')}`);
  }
}

const WRITE_TOOLS = ['create_table', 'update_table', 'delete_table', 'put_item', 'update_item', 'delete_item', 'batch_write_item', 'transact_write_items'];
const ALL_TOOLS = ['list_tables', 'describe_table', 'create_table', 'update_table', 'delete_table', 'get_item', 'put_item', 'update_item', 'delete_item',
  'query', 'scan', 'batch_get_item', 'batch_write_item', 'transact_write_items', 'execute_partiql', 'partition_report', 'tail_stream'];
const RNF = 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException';
const READ_ONLY = 'basalt#ReadOnlyMcpServer';

function ordersTable(name = 'Orders') {
  return {
    TableName: name, BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'S' }],
  };
}

async function call(client, name, args) {
  return client.callTool({ name, arguments: args });
}

async function ok(client, name, args) {
  const r = await call(client, name, args);
  assert.equal(r.isError, false, `${name} failed: ${JSON.stringify(r.content)}`);
  assert.deepEqual(JSON.parse(r.content[0].text), r.structuredContent);
  return r.structuredContent;
}

async function refused(client, name, args, type, message) {
  const r = await call(client, name, args);
  assert.equal(r.isError, true, `${name} was not refused: ${JSON.stringify(r.structuredContent)}`);
  assert.equal(r.structuredContent.__type, type);
  if (message !== undefined) assert.equal(r.structuredContent.message, message);
  assert.equal(r.content[0].text, `${type.substring(type.indexOf('#') + 1)}: ${r.structuredContent.message}`);
  return r.structuredContent;
}

async function stdioClient(args, env = {}) {
  const transport = new StdioClientTransport({ command: BASALT, args: ['mcp', ...args], env: { ...process.env, ...env }, stderr: 'ignore' });
  const client = new Client({ name: 'basalt-mcp-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

async function httpClient(url, token) {
  const opts = token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {};
  const client = new Client({ name: 'basalt-mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), opts));
  return client;
}

function startServer(args) {
  return new Promise((resolvePort, reject) => {
    const p = spawn(BASALT, ['serve', '--port', '0', '--log-level', 'warn', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(p);
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60000);
    const seen = chunk => {
      out += chunk;
      const m = out.match(/listening on http:\/\/[^:]+:(\d+)/);
      if (m) { clearTimeout(timer); resolvePort(Number(m[1])); }
    };
    p.stdout.on('data', seen);
    p.stderr.on('data', seen);
    p.on('exit', code => { clearTimeout(timer); reject(new Error(`server exited (${code}): ${out}`)); });
  });
}

/** A raw HTTP request (node:http lets the Host header be chosen). */
function raw(port, { method = 'POST', path = '/mcp', headers = {}, body } = {}) {
  return new Promise((resolveAnswer, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: {
      'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers } }, res => {
      let text = '';
      res.on('data', c => text += c);
      res.on('end', () => resolveAnswer({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(typeof body === 'string' ? body : JSON.stringify(body));
    req.end();
  });
}

const PING = { jsonrpc: '2.0', id: 1, method: 'ping' };

async function everyTool(client, label) {
  await check(`${label}: tools/list names every tool with an object schema`, async () => {
    const { tools } = await client.listTools();
    const expected = label === 'stdio' ? [...ALL_TOOLS, 'model_check', 'estimate'] : ALL_TOOLS; // model tools read local files: stdio only
    assert.deepEqual(tools.map(t => t.name).sort(), [...expected].sort());
    for (const t of tools) {
      assert.equal(t.inputSchema.type, 'object', t.name);
      assert.equal(t.annotations.readOnlyHint, !WRITE_TOOLS.includes(t.name) && t.name !== 'execute_partiql', t.name);
    }
  });
  await check(`${label}: create_table, describe_table, list_tables`, async () => {
    const c = await ok(client, 'create_table', ordersTable());
    assert.equal(c.TableDescription.TableName, 'Orders');
    await ok(client, 'create_table', { TableName: 'Scratch', BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }] });
    const d = await ok(client, 'describe_table', { TableName: 'Orders' });
    assert.deepEqual(d.Table.KeySchema, ordersTable().KeySchema);
    const l = await ok(client, 'list_tables', {});
    assert.deepEqual(l.TableNames, ['Orders', 'Scratch']);
  });
  await check(`${label}: put_item with plain JSON values, get_item reads them back in DynamoDB JSON`, async () => {
    await ok(client, 'put_item', { TableName: 'Orders', Item: { pk: 'c#1', sk: 'o#1', total: 12.5, paid: true, note: null, tags: ['a', 2], addr: { city: 'Oslo' } } });
    const g = await ok(client, 'get_item', { TableName: 'Orders', Key: { pk: 'c#1', sk: 'o#1' }, ConsistentRead: true });
    assert.deepEqual(g.Item, { pk: { S: 'c#1' }, sk: { S: 'o#1' }, total: { N: '12.5' }, paid: { BOOL: true }, note: { NULL: true },
      tags: { L: [{ S: 'a' }, { N: '2' }] }, addr: { M: { city: { S: 'Oslo' } } } });
  });
  await check(`${label}: put_item in DynamoDB JSON, update_item, delete_item`, async () => {
    await ok(client, 'put_item', { TableName: 'Orders', Item: { pk: { S: 'c#1' }, sk: { S: 'o#2' }, total: { N: '3' } } });
    const u = await ok(client, 'update_item', { TableName: 'Orders', Key: { pk: 'c#1', sk: 'o#2' }, UpdateExpression: 'SET #t = #t + :d',
      ExpressionAttributeNames: { '#t': 'total' }, ExpressionAttributeValues: { ':d': 4 }, ReturnValues: 'UPDATED_NEW' });
    assert.deepEqual(u.Attributes, { total: { N: '7' } });
    await ok(client, 'put_item', { TableName: 'Orders', Item: { pk: 'c#9', sk: 'gone' } });
    const d = await ok(client, 'delete_item', { TableName: 'Orders', Key: { pk: 'c#9', sk: 'gone' }, ReturnValues: 'ALL_OLD' });
    assert.deepEqual(d.Attributes, { pk: { S: 'c#9' }, sk: { S: 'gone' } });
  });
  await check(`${label}: query and a conditional failure with the service's type and message`, async () => {
    const q = await ok(client, 'query', { TableName: 'Orders', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'c#1' } });
    assert.equal(q.Count, 2);
    await refused(client, 'put_item', { TableName: 'Orders', Item: { pk: 'c#1', sk: 'o#1' }, ConditionExpression: 'attribute_not_exists(pk)' },
      'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException', 'The conditional request failed');
  });
  await check(`${label}: batch_write_item (125 items), scan pages are bounded to 100 by default`, async () => {
    for (let b = 0; b < 5; b++) {
      const puts = [];
      for (let i = 0; i < 25; i++) puts.push({ PutRequest: { Item: { id: `i${b * 25 + i}`, n: b * 25 + i } } });
      const w = await ok(client, 'batch_write_item', { RequestItems: { Scratch: puts } });
      assert.deepEqual(w.UnprocessedItems, {});
    }
    const s = await ok(client, 'scan', { TableName: 'Scratch' });
    assert.equal(s.Count, 100);
    assert.ok(s.LastEvaluatedKey);
    const rest = await ok(client, 'scan', { TableName: 'Scratch', ExclusiveStartKey: s.LastEvaluatedKey });
    assert.equal(rest.Count, 25);
    assert.equal(rest.LastEvaluatedKey, undefined);
    const one = await ok(client, 'scan', { TableName: 'Scratch', Limit: 1 });
    assert.equal(one.Count, 1);
  });
  await check(`${label}: batch_get_item with plain keys`, async () => {
    const r = await ok(client, 'batch_get_item', { RequestItems: { Orders: { Keys: [{ pk: 'c#1', sk: 'o#1' }, { pk: 'c#1', sk: 'o#2' }] } } });
    assert.equal(r.Responses.Orders.length, 2);
  });
  await check(`${label}: transact_write_items commits, and a cancelled one carries the service's reasons`, async () => {
    await ok(client, 'transact_write_items', { TransactItems: [{ Put: { TableName: 'Orders', Item: { pk: 'c#2', sk: 'o#1' } } },
      { Update: { TableName: 'Orders', Key: { pk: 'c#1', sk: 'o#1' }, UpdateExpression: 'SET paid = :f', ExpressionAttributeValues: { ':f': false } } }] });
    const e = await refused(client, 'transact_write_items', { TransactItems: [{ Put: { TableName: 'Orders', Item: { pk: 'c#3', sk: 'o#1' } } },
      { ConditionCheck: { TableName: 'Orders', Key: { pk: 'c#404', sk: 'x' }, ConditionExpression: 'attribute_exists(pk)' } }] },
      'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]');
    assert.ok(e.message);
  });
  await check(`${label}: execute_partiql SELECT with plain parameters, and INSERT`, async () => {
    await ok(client, 'execute_partiql', { Statement: `INSERT INTO "Orders" VALUE {'pk': 'c#5', 'sk': 'o#1', 'total': 1}` });
    const r = await ok(client, 'execute_partiql', { Statement: 'SELECT * FROM "Orders" WHERE pk = ?', Parameters: ['c#5'] });
    assert.deepEqual(r.Items, [{ pk: { S: 'c#5' }, sk: { S: 'o#1' }, total: { N: '1' } }]);
  });
  await check(`${label}: errors carry the service's __type and message`, async () => {
    await refused(client, 'get_item', { TableName: 'Missing', Key: { pk: 'x' } }, RNF, 'Requested resource not found');
    await refused(client, 'describe_table', { TableName: 'Missing' }, RNF, 'Requested resource not found: Table: Missing not found');
    await refused(client, 'put_item', { TableName: 'Orders', Item: { pk: 'c#1' } }, 'com.amazon.coral.validate#ValidationException',
      'One or more parameter values were invalid: Missing the key sk in the item');
  });
  await check(`${label}: an unknown tool is a JSON-RPC invalid-params error`, async () => {
    await assert.rejects(call(client, 'drop_everything', {}), e => e.code === -32602 && /Unknown tool: drop_everything/.test(e.message));
  });
  await check(`${label}: resources list each table; reading one gives its schema and indexes`, async () => {
    const { resources } = await client.listResources();
    assert.deepEqual(resources.map(r => r.uri), ['basalt://tables/Orders', 'basalt://tables/Orders/partitions',
      'basalt://tables/Scratch', 'basalt://tables/Scratch/partitions']);
    const p = JSON.parse((await client.readResource({ uri: 'basalt://tables/Orders/partitions' })).contents[0].text);
    assert.deepEqual(p, (await ok(client, 'partition_report', { TableName: 'Orders' })).Activity);
    const r = await client.readResource({ uri: 'basalt://tables/Orders' });
    assert.equal(r.contents[0].mimeType, 'application/json');
    const table = JSON.parse(r.contents[0].text);
    assert.equal(table.TableName, 'Orders');
    assert.deepEqual(table.KeySchema, ordersTable().KeySchema);
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.equal(resourceTemplates[0].uriTemplate, 'basalt://tables/{TableName}');
    await assert.rejects(client.readResource({ uri: 'basalt://tables/Missing' }), e => e.code === -32002);
  });
  await check(`${label}: partition_report shows the table's simulated partitions`, async () => {
    const r = await ok(client, 'partition_report', { TableName: 'Orders' });
    assert.ok(Array.isArray(r.Activity.Partitions) && r.Activity.Partitions.length >= 1, JSON.stringify(r).slice(0, 300));
    await refused(client, 'partition_report', { TableName: 'Missing' }, RNF);
  });
  await check(`${label}: update_table turns a stream on; tail_stream reads its records and reads on from NextShardIterators`, async () => {
    await refused(client, 'tail_stream', { TableName: 'Orders' }, 'basalt#NoStream', 'Table Orders has no stream: enable one with update_table'
      + ' (StreamSpecification: {StreamEnabled: true, StreamViewType: NEW_AND_OLD_IMAGES}).');
    const u = await ok(client, 'update_table', { TableName: 'Orders', StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } });
    assert.equal(u.TableDescription.StreamSpecification.StreamEnabled, true);
    await ok(client, 'put_item', { TableName: 'Orders', Item: { pk: 's#1', sk: '1', v: 1 } });
    await ok(client, 'update_item', { TableName: 'Orders', Key: { pk: 's#1', sk: '1' }, UpdateExpression: 'SET v = :v', ExpressionAttributeValues: { ':v': 2 } });
    const t = await ok(client, 'tail_stream', { TableName: 'Orders' });
    assert.deepEqual(t.Records.map(r => r.eventName), ['INSERT', 'MODIFY']);
    assert.deepEqual(t.Records[1].dynamodb.NewImage.v, { N: '2' });
    assert.deepEqual(t.Records[1].dynamodb.OldImage.v, { N: '1' });
    await ok(client, 'delete_item', { TableName: 'Orders', Key: { pk: 's#1', sk: '1' } });
    const more = await ok(client, 'tail_stream', { TableName: 'Orders', ShardIterators: t.NextShardIterators });
    assert.deepEqual(more.Records.map(r => r.eventName), ['REMOVE']);
    const one = await ok(client, 'tail_stream', { TableName: 'Orders', Limit: 1 });
    assert.equal(one.Records.length, 1);
  });
  if (label === 'stdio') {
    await check(`${label}: model_check and estimate on the gaming example's model file`, async () => {
      const model = join(ROOT, 'examples/gaming/model.yaml');
      const c = await ok(client, 'model_check', { ModelFile: model });
      assert.equal(c.ok, true);
      assert.ok(c.accessPatterns.every(p => p.status === 'SERVED'));
      const e = await ok(client, 'estimate', { ModelFile: model });
      const getGame = e.accessPatterns.find(p => p.name === 'get-game');
      assert.equal(getGame.rcu, 1000);
      await refused(client, 'estimate', { ModelFile: '/nonexistent/model.yaml' }, 'basalt#ModelError',
        'basalt migrate estimate: no such file: /nonexistent/model.yaml');
    });
  } else {
    await check(`${label}: model tools are not offered over HTTP (they would read the server's files)`, async () => {
      await assert.rejects(call(client, 'model_check', { ModelFile: '/etc/passwd' }), e => e.code === -32602);
    });
  }
  await check(`${label}: delete_table`, async () => {
    const d = await ok(client, 'delete_table', { TableName: 'Scratch' });
    assert.equal(d.TableDescription.TableName, 'Scratch');
  });
}

async function readOnly(client, label) {
  await check(`${label}: read-only by default: every write tool is refused with the same clear error`, async () => {
    const args = {
      create_table: ordersTable(), update_table: { TableName: 'Orders', BillingMode: 'PAY_PER_REQUEST' }, delete_table: { TableName: 'Orders' }, put_item: { TableName: 'Orders', Item: { pk: 'a', sk: 'b' } },
      update_item: { TableName: 'Orders', Key: { pk: 'a', sk: 'b' }, UpdateExpression: 'SET x = :x', ExpressionAttributeValues: { ':x': 1 } },
      delete_item: { TableName: 'Orders', Key: { pk: 'a', sk: 'b' } },
      batch_write_item: { RequestItems: { Orders: [{ DeleteRequest: { Key: { pk: 'a', sk: 'b' } } }] } },
      transact_write_items: { TransactItems: [{ Delete: { TableName: 'Orders', Key: { pk: 'a', sk: 'b' } } }] },
    };
    for (const name of WRITE_TOOLS) {
      await refused(client, name, args[name], READ_ONLY,
        `${name} writes, and this MCP server is read-only: start it with --mcp-allow-writes to let agents change items and tables.`);
    }
    for (const statement of [`INSERT INTO "Orders" VALUE {'pk': 'a', 'sk': 'b'}`, `UPDATE "Orders" SET x = 1 WHERE pk = 'a' AND sk = 'b'`,
      `DELETE FROM "Orders" WHERE pk = 'a' AND sk = 'b'`]) {
      await refused(client, 'execute_partiql', { Statement: statement }, READ_ONLY,
        'execute_partiql writes, and this MCP server is read-only: start it with --mcp-allow-writes to let agents change items and tables.');
    }
  });
  await check(`${label}: reads still run (and answer as the API)`, async () => {
    assert.deepEqual((await ok(client, 'list_tables', {})).TableNames, []);
    await refused(client, 'execute_partiql', { Statement: 'SELECT * FROM "Orders"' }, RNF, 'Requested resource not found');
    await refused(client, 'tail_stream', { TableName: 'Orders' }, RNF, 'Requested resource not found: Table: Orders not found');
  });
}

const AUTH_FILE = `{"accounts": [{"id": "111122223333", "name": "mcp"}],
 "users": [
  {"name": "mcp-admin", "account": "111122223333", "allowAll": true,
   "accessKeys": [{"accessKeyId": "AKIAMCPADMIN00000001", "secretAccessKey": "mcp-admin-secret"}]},
  {"name": "mcp-reader", "account": "111122223333",
   "accessKeys": [{"accessKeyId": "AKIAMCPREADER0000001", "secretAccessKey": "mcp-reader-secret"}],
   "policies": [{"Version": "2012-10-17", "Statement": [
     {"Effect": "Allow", "Action": "dynamodb:*", "Resource": ["arn:aws:dynamodb:*:*:table/Orders", "arn:aws:dynamodb:*:*:table/Orders/*"]},
     {"Effect": "Allow", "Action": "dynamodb:ListTables", "Resource": "*"}]}]}]}`;

function denied(action, table) {
  return `User: arn:aws:iam::111122223333:user/mcp-reader is not authorized to perform: dynamodb:${action} on resource: `
    + `arn:aws:dynamodb:us-east-1:111122223333:table/${table} because no identity-based policy allows the dynamodb:${action} action`;
}
const ACCESS_DENIED = 'com.amazon.coral.service#AccessDeniedException';

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'basalt-mcp-'));
  try {
    // stdio, in-process
    const rw = await stdioClient(['--in-memory', '--mcp-allow-writes']);
    await check('stdio: initialize names the server and negotiates the client\'s protocol version', async () => {
      assert.equal(rw.getServerVersion().name, 'basalt');
      assert.ok(rw.getServerCapabilities().tools);
      assert.ok(rw.getServerCapabilities().resources);
    });
    await everyTool(rw, 'stdio');
    await rw.close();
    const ro = await stdioClient(['--in-memory']);
    await readOnly(ro, 'stdio');
    await ro.close();

    // streamable HTTP without an auth file
    const port = await startServer(['--in-memory', '--mcp', '--mcp-allow-writes']);
    const url = `http://127.0.0.1:${port}/mcp`;
    const hc = await httpClient(url);
    await everyTool(hc, 'http');
    await hc.close();
    await check('http: initialize over raw POST answers JSON; a notification gets 202', async () => {
      const init = await raw(port, { body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {},
        clientInfo: { name: 'raw', version: '1' } } } });
      assert.equal(init.status, 200);
      assert.match(init.headers['content-type'], /^application\/json/);
      assert.equal(JSON.parse(init.text).result.protocolVersion, '2025-03-26');
      const unknown = await raw(port, { body: { jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '1999-01-01' } } });
      assert.equal(JSON.parse(unknown.text).result.protocolVersion, '2025-11-25');
      const n = await raw(port, { body: { jsonrpc: '2.0', method: 'notifications/initialized' } });
      assert.equal(n.status, 202);
      assert.equal(n.text, '');
    });
    await check('http: GET and DELETE of /mcp get 405 (no server stream, no sessions)', async () => {
      assert.equal((await raw(port, { method: 'GET' })).status, 405);
      assert.equal((await raw(port, { method: 'DELETE' })).status, 405);
    });
    await check('http: an unsupported MCP-Protocol-Version is refused with 400', async () => {
      const r = await raw(port, { headers: { 'MCP-Protocol-Version': '1999-01-01' }, body: PING });
      assert.equal(r.status, 400);
      assert.match(JSON.parse(r.text).error.message, /Unsupported MCP-Protocol-Version: 1999-01-01/);
      assert.equal((await raw(port, { headers: { 'MCP-Protocol-Version': '2025-06-18' }, body: PING })).status, 200);
    });
    await check('http: a foreign Origin is refused with 403 even though --cors defaults to *; the page\'s own origin is answered', async () => {
      const evil = await raw(port, { headers: { Origin: 'http://evil.example' }, body: PING });
      assert.equal(evil.status, 403);
      const local = await raw(port, { headers: { Origin: `http://127.0.0.1:${port}` }, body: PING });
      assert.equal(local.status, 200);
      assert.deepEqual(JSON.parse(local.text), { jsonrpc: '2.0', id: 1, result: {} });
    });
    await check('http: a DNS-rebinding Host (evil.example resolving to 127.0.0.1) is refused with 403', async () => {
      const r = await raw(port, { headers: { Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` }, body: PING });
      assert.equal(r.status, 403);
    });
    await check('http: malformed JSON is a JSON-RPC parse error', async () => {
      const r = await raw(port, { body: '{"jsonrpc": "2.0", ' });
      assert.equal(JSON.parse(r.text).error.code, -32700);
    });
    await check('http: the admin port serves /mcp too (same tools, same strict Origin check)', async () => {
      const net = await import('node:net');
      const adminPort = await new Promise(r => { const srv = net.createServer().listen(0, '127.0.0.1', () => { const p = srv.address().port; srv.close(() => r(p)); }); });
      const apiPort = await startServer(['--in-memory', '--mcp', '--mcp-allow-writes', '--admin-port', String(adminPort)]);
      const c = await httpClient(`http://127.0.0.1:${adminPort}/mcp`);
      await ok(c, 'create_table', ordersTable());
      assert.deepEqual((await ok(c, 'list_tables', {})).TableNames, ['Orders']);
      await c.close();
      assert.equal((await raw(adminPort, { headers: { Origin: 'http://evil.example' }, body: PING })).status, 403);
      assert.equal((await raw(adminPort, { method: 'GET' })).status, 405);
      assert.ok(apiPort > 0);
    });
    const roPort = await startServer(['--in-memory', '--mcp']);
    const roHttp = await httpClient(`http://127.0.0.1:${roPort}/mcp`);
    await readOnly(roHttp, 'http');
    await roHttp.close();
    await check('http: without --mcp, /mcp is no MCP endpoint (a POST there is an API request without a target)', async () => {
      const p = await startServer(['--in-memory']);
      const r = await raw(p, { body: PING });
      assert.equal(r.status, 400);
      assert.match(JSON.parse(r.text).__type, /#UnknownOperationException$/);
    });

    // streamable HTTP under --auth-file: bearer tokens bound to two users
    const authFile = join(dir, 'auth.json');
    writeFileSync(authFile, AUTH_FILE);
    const token = key => execFileSync(BASALT, ['auth', 'admin-token', '--access-key-id', key, '--auth-file', authFile]).toString().trim();
    const adminToken = token('AKIAMCPADMIN00000001'), readerToken = token('AKIAMCPREADER0000001');
    const aPort = await startServer(['--in-memory', '--mcp', '--mcp-allow-writes', '--auth-file', authFile]);
    const aUrl = `http://127.0.0.1:${aPort}/mcp`;
    await check('auth: no token, a malformed one and a forged one get 401 with WWW-Authenticate: Bearer', async () => {
      const none = await raw(aPort, { body: PING });
      assert.equal(none.status, 401);
      assert.equal(none.headers['www-authenticate'], 'Bearer realm="basalt-mcp"');
      assert.equal(JSON.parse(none.text).error.message, 'Unauthorized: send Authorization: Bearer TOKEN (basalt auth admin-token).');
      const forged = adminToken.slice(0, -4) + (adminToken.endsWith('0000') ? '1111' : '0000');
      for (const t of ['nonsense', forged]) {
        const r = await raw(aPort, { headers: { Authorization: `Bearer ${t}` }, body: PING });
        assert.equal(r.status, 401);
        assert.equal(JSON.parse(r.text).error.message, 'Unauthorized: the bearer token is not valid (expired, forged, or its key is gone).');
      }
      await assert.rejects(httpClient(aUrl));
    });
    const admin = await httpClient(aUrl, adminToken);
    const reader = await httpClient(aUrl, readerToken);
    await check('auth: the admin user creates tables and items', async () => {
      await ok(admin, 'create_table', ordersTable('Orders'));
      await ok(admin, 'create_table', ordersTable('Secrets'));
      await ok(admin, 'put_item', { TableName: 'Secrets', Item: { pk: 's', sk: '1' } });
      await ok(admin, 'put_item', { TableName: 'Orders', Item: { pk: 'o', sk: '1' } });
    });
    await check('auth: the reader may use Orders as its policy says', async () => {
      const g = await ok(reader, 'get_item', { TableName: 'Orders', Key: { pk: 'o', sk: '1' } });
      assert.deepEqual(g.Item, { pk: { S: 'o' }, sk: { S: '1' } });
      await ok(reader, 'put_item', { TableName: 'Orders', Item: { pk: 'o', sk: '2' } });
      assert.deepEqual((await ok(reader, 'list_tables', {})).TableNames, ['Orders', 'Secrets']);
    });
    await check('auth: the reader is refused Secrets with the API\'s AccessDeniedException', async () => {
      await refused(reader, 'get_item', { TableName: 'Secrets', Key: { pk: 's', sk: '1' } }, ACCESS_DENIED, denied('GetItem', 'Secrets'));
      await refused(reader, 'scan', { TableName: 'Secrets' }, ACCESS_DENIED, denied('Scan', 'Secrets'));
      await refused(reader, 'delete_table', { TableName: 'Secrets' }, ACCESS_DENIED, denied('DeleteTable', 'Secrets'));
      await refused(reader, 'tail_stream', { TableName: 'Secrets' }, ACCESS_DENIED, denied('DescribeTable', 'Secrets'));
      await refused(reader, 'partition_report', { TableName: 'Secrets' }, ACCESS_DENIED, denied('DescribeTable', 'Secrets'));
      await refused(reader, 'execute_partiql', { Statement: 'SELECT * FROM "Secrets"' }, ACCESS_DENIED, denied('PartiQLSelect', 'Secrets'));
      await refused(reader, 'batch_get_item', { RequestItems: { Secrets: { Keys: [{ pk: 's', sk: '1' }] } } }, ACCESS_DENIED,
        denied('BatchGetItem', 'Secrets'));
      await assert.rejects(reader.readResource({ uri: 'basalt://tables/Secrets' }),
        e => e.code === -32001 && e.message.includes(`AccessDeniedException: ${denied('DescribeTable', 'Secrets')}`));
      const t = JSON.parse((await reader.readResource({ uri: 'basalt://tables/Orders' })).contents[0].text);
      assert.equal(t.TableName, 'Orders');
      assert.equal(t.TableArn, 'arn:aws:dynamodb:us-east-1:111122223333:table/Orders');
    });
    await admin.close();
    await reader.close();

    // stdio with --endpoint: signed API calls to that server, as the environment's key
    await check('stdio --endpoint: calls are signed with the environment\'s key and authorized as its user', async () => {
      const env = { AWS_ACCESS_KEY_ID: 'AKIAMCPREADER0000001', AWS_SECRET_ACCESS_KEY: 'mcp-reader-secret', AWS_REGION: 'us-east-1' };
      const c = await stdioClient(['--endpoint', `http://127.0.0.1:${aPort}`], env);
      const g = await ok(c, 'get_item', { TableName: 'Orders', Key: { pk: 'o', sk: '1' } });
      assert.deepEqual(g.Item, { pk: { S: 'o' }, sk: { S: '1' } });
      await refused(c, 'get_item', { TableName: 'Secrets', Key: { pk: 's', sk: '1' } }, ACCESS_DENIED, denied('GetItem', 'Secrets'));
      await refused(c, 'put_item', { TableName: 'Orders', Item: { pk: 'o', sk: '3' } }, READ_ONLY);
      await c.close();
      const bad = await stdioClient(['--endpoint', `http://127.0.0.1:${aPort}`], { ...env, AWS_SECRET_ACCESS_KEY: 'wrong' });
      await refused(bad, 'list_tables', {}, 'com.amazon.coral.service#InvalidSignatureException');
      await bad.close();
    });
  } finally {
    for (const p of started) p.kill();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`# mcp: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch(e => {
  console.log(`not ok - ${e.stack || e}`);
  for (const p of started) p.kill();
  process.exit(1);
});
