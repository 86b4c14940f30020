/* eslint-disable @typescript-eslint/no-explicit-any -- runs inside the server's own project, typed by it, not by ours */
// toolslim corpus harness (our code): Cloudflare's apps are Workers whose stateless `mcpHandler` answers
// Streamable HTTP. This is a minimal stdio adapter in front of it: `initialize` is answered locally with
// the capabilities and instructions the Worker gives for `server/discover`, and `tools/list`,
// `tools/call`, `resources/list` and `resources/read` are forwarded to the handler as the project's own
// tests do (props of an account token, the modern protocol headers), so what a client sees is exactly
// what the Worker serves.
import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';

const appModule = process.env.TOOLSLIM_APP_MODULE as string;
const appUrl = process.env.TOOLSLIM_APP_URL as string;
const wranglerFile = process.env.TOOLSLIM_WRANGLER as string;

/** Any binding: callable, awaitable to undefined, every property another binding. */
function binding(path: string): any {
  const fn = () => binding(`${path}()`);
  return new Proxy(fn, {
    get: (_t, key) => (key === 'then' ? undefined : key === Symbol.toPrimitive ? () => path : binding(`${path}.${String(key)}`)),
    apply: () => binding(`${path}()`),
  });
}

function getEnv(): any {
  let vars: Record<string, unknown> = {};
  try {
    const text = readFileSync(wranglerFile, 'utf8').replace(/^\s*\/\/.*$/gm, '').replace(/,(\s*[}\]])/g, '$1');
    vars = JSON.parse(text).vars ?? {};
  } catch {
    /* no vars */
  }
  return new Proxy(vars, { get: (t, key) => (key in t ? (t as any)[key] : typeof key === 'string' ? binding(`env.${key}`) : undefined) });
}

function request(method: string, params: Record<string, unknown> = {}) {
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  return new Request(new URL('/mcp', appUrl).href, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': method,
      Host: new URL(appUrl).hostname,
      ...(name === undefined ? {} : { 'Mcp-Name': name }),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'toolslim-corpus', version: '0.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
}

async function forward(handler: any, env: any, method: string, params?: Record<string, unknown>) {
  const ctx = {
    props: { type: 'account_token', accessToken: 'dummy-token', account: { id: 'account-1', name: 'Dummy account' } },
    waitUntil() {},
    passThroughOnException() {},
  };
  const response = await handler.fetch(request(method, params), env, ctx);
  const text = await response.text();
  const data = response.headers.get('content-type')?.includes('application/json') ? text : text.split('\n').find((l: string) => l.startsWith('data: '))?.slice(6);
  if (!data) throw new Error(`status ${response.status}: ${text.slice(0, 500)}`);
  const document = JSON.parse(data);
  if (document.error) throw new Error(JSON.stringify(document.error));
  return document.result;
}

async function main() {
  const mod = await import(appModule);
  const handler = mod.mcpHandler;
  const env = getEnv();
  const send = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const message = JSON.parse(line);
    if (message.id === undefined) continue;
    try {
      if (message.method === 'initialize') {
        let discovered: any = {};
        try {
          discovered = await forward(handler, env, 'server/discover');
        } catch {
          /* an app that does not answer discover: tools only */
        }
        const { capabilities = { tools: {} }, instructions } = discovered;
        send({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: message.params.protocolVersion, capabilities, serverInfo: { name: 'cloudflare-adapter', version: '0.0.0' }, ...(instructions ? { instructions } : {}) } });
      } else if (['tools/list', 'tools/call', 'resources/list', 'resources/read'].includes(message.method)) {
        send({ jsonrpc: '2.0', id: message.id, result: await forward(handler, env, message.method, message.params) });
      } else {
        send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `not adapted: ${message.method}` } });
      }
    } catch (error) {
      send({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: String((error as Error)?.stack ?? error) } });
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
