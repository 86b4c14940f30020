import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ReferenceInputError, getSha256Hex, isAllowedHost, resolveReferenceInput, type ResolveReferenceInputOptions } from '@toolslim/runtime';

// Two loopback servers on different addresses, so "another host" is a real, reachable host:
// a refusal can only come from the allow-list, and the request counters prove nothing was fetched.
const ALLOWED = '127.0.0.1';
const OTHER = '127.0.0.2';
const BIG = 300_000;
const bigBody = Buffer.alloc(BIG, 'a');
const fileBody = Buffer.from(Array.from({ length: 60_000 }, (_value, index) => (index * 7 + 3) % 256));

interface TestServer {
  origin: string;
  requests: string[];
  close: () => Promise<void>;
}

let allowed: TestServer;
let other: TestServer;
let workDir: string;

async function startServer(host: string, handle: (request: IncomingMessage, response: ServerResponse, self: TestServer) => void): Promise<TestServer> {
  const requests: string[] = [];
  const self = { origin: '', requests } as TestServer;
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    handle(request, response, self);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  self.origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  self.close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return self;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'toolslim-url-'));
  other = await startServer(OTHER, (_request, response) => response.end('from the other host\n'));
  allowed = await startServer(ALLOWED, (request, response, self) => {
    const url = request.url ?? '';
    if (url === '/doc.md') return response.end('# Doc\n\nHello.\n');
    if (url === '/file.bin') return response.end(fileBody);
    if (url === '/big-chunked') {
      // No Content-Length: only reading past the limit can tell the body is too big.
      response.writeHead(200, { 'content-type': 'text/plain' });
      for (let offset = 0; offset < BIG; offset += 10_000) response.write(bigBody.subarray(offset, offset + 10_000));
      return response.end();
    }
    if (url === '/big-declared') return response.end(bigBody);
    if (url === '/redirect-inside') return redirect(response, '/doc.md');
    if (url === '/redirect-outside') return redirect(response, `${other.origin}/doc.md`);
    if (url === '/redirect-to-https-other') return redirect(response, `https://${OTHER}/doc.md`);
    if (url === '/loop') return redirect(response, '/loop');
    if (url === '/slow-headers') return void setTimeout(() => response.end('late'), 5_000);
    if (url === '/stalled-body') {
      response.writeHead(200);
      response.write('first part');
      return void setTimeout(() => response.end('rest'), 5_000);
    }
    response.writeHead(404).end(`no ${url} on ${self.origin}`);
  });
});

afterAll(async () => {
  await Promise.all([allowed.close(), other.close()]);
  await rm(workDir, { recursive: true, force: true });
});

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { location }).end();
}

const httpOptions: ResolveReferenceInputOptions = { allowedHosts: [ALLOWED], allowHttp: true };

async function getRefusal(args: Record<string, unknown>, options: ResolveReferenceInputOptions = httpOptions): Promise<ReferenceInputError> {
  const error = await resolveReferenceInput(args, options).then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ReferenceInputError);
  return error as ReferenceInputError;
}

describe('resolveReferenceInput with a URL', () => {
  it('serves a file from an allowed host', async () => {
    const resolved = await resolveReferenceInput({ url: `${allowed.origin}/doc.md` }, httpOptions);
    expect(resolved).toMatchObject({ source: 'url', location: `${allowed.origin}/doc.md`, text: '# Doc\n\nHello.\n' });
    expect(resolved.received).toEqual({ bytes: 14, lines: 3, sha256: getSha256Hex(Buffer.from('# Doc\n\nHello.\n')) });
  });

  it('reports the same sha256 as sha256sum of the served file', async () => {
    const file = path.join(workDir, 'file.bin');
    await writeFile(file, fileBody);
    const printed = execFileSync('sha256sum', [file], { encoding: 'utf8' }).split(' ')[0];
    const resolved = await resolveReferenceInput({ url: `${allowed.origin}/file.bin` }, { ...httpOptions, decode: 'none' });
    expect(resolved.received.sha256).toBe(printed);
    expect(resolved.received.bytes).toBe(fileBody.length);
  });

  it('refuses plain http unless it is allowed explicitly, without fetching', async () => {
    const before = allowed.requests.length;
    const error = await getRefusal({ url: `${allowed.origin}/doc.md` }, { allowedHosts: [ALLOWED] });
    expect(error.code).toBe('scheme_not_allowed');
    expect(allowed.requests.length).toBe(before);
  });

  it('refuses another host, which is reachable, without fetching', async () => {
    const before = other.requests.length;
    const error = await getRefusal({ url: `${other.origin}/doc.md` });
    expect(error.code).toBe('host_not_allowed');
    expect(error.message).toContain(OTHER);
    expect(other.requests.length).toBe(before);
    await expect(resolveReferenceInput({ url: `${other.origin}/doc.md` }, { ...httpOptions, allowedHosts: [OTHER] })).resolves.toMatchObject({ text: 'from the other host\n' });
    expect(other.requests.length).toBe(before + 1);
  });

  it('follows a redirect that stays on an allowed host', async () => {
    const resolved = await resolveReferenceInput({ url: `${allowed.origin}/redirect-inside` }, httpOptions);
    expect(resolved).toMatchObject({ text: '# Doc\n\nHello.\n', location: `${allowed.origin}/doc.md` });
  });

  it('refuses a redirect to another host, and never requests it', async () => {
    const before = other.requests.length;
    const error = await getRefusal({ url: `${allowed.origin}/redirect-outside` });
    expect(error.code).toBe('redirect_not_allowed');
    expect(error.message).toContain(`${other.origin}/doc.md`);
    expect(other.requests.length).toBe(before);
    // The same redirect is followed once the other host is allowed: the allow-list made the difference.
    const followed = await resolveReferenceInput({ url: `${allowed.origin}/redirect-outside` }, { ...httpOptions, allowedHosts: [ALLOWED, OTHER] });
    expect(followed.text).toBe('from the other host\n');
    expect(other.requests.length).toBe(before + 1);
  });

  it('refuses a redirect loop', async () => {
    expect((await getRefusal({ url: `${allowed.origin}/loop` }, { ...httpOptions, maxRedirects: 3 })).code).toBe('too_many_redirects');
  });

  it('refuses an over-size chunked body instead of truncating it, and accepts it whole under a larger limit', async () => {
    const error = await getRefusal({ url: `${allowed.origin}/big-chunked` }, { ...httpOptions, maxBytes: BIG - 1 });
    expect(error.code).toBe('too_large');
    expect(error.details.received).toBeUndefined();
    expect(error.message).toContain('refused, not truncated');
    const whole = await resolveReferenceInput({ url: `${allowed.origin}/big-chunked` }, { ...httpOptions, maxBytes: BIG });
    expect(whole.received.bytes).toBe(BIG);
    expect(whole.received.sha256).toBe(getSha256Hex(bigBody));
  });

  it('refuses an over-size body with a declared length', async () => {
    const error = await getRefusal({ url: `${allowed.origin}/big-declared` }, { ...httpOptions, maxBytes: 1000 });
    expect(error.code).toBe('too_large');
    expect(error.message).toContain('300,000 bytes');
  });

  it('refuses a body whose hash differs from expected_sha256, naming what arrived', async () => {
    const error = await getRefusal({ url: `${allowed.origin}/doc.md`, expected_sha256: getSha256Hex(Buffer.from('# Doc\n\nHello.')) });
    expect(error.code).toBe('sha256_mismatch');
    expect(error.details.received).toEqual({ bytes: 14, lines: 3, sha256: getSha256Hex(Buffer.from('# Doc\n\nHello.\n')) });
    expect(error.message).toContain('14 bytes');
  });

  // The routes finish after 5 s; a refusal with code 'timeout' (not the late body) is the 300 ms timeout firing.
  it.each(['/slow-headers', '/stalled-body'])('refuses %s after the timeout', async (route) => {
    const error = await getRefusal({ url: `${allowed.origin}${route}` }, { ...httpOptions, timeoutMs: 300 });
    expect(error.code).toBe('timeout');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = getRefusal({ url: `${allowed.origin}/slow-headers` }, { ...httpOptions, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect((await pending).code).toBe('aborted');
  });

  it('reports an HTTP error status', async () => {
    const error = await getRefusal({ url: `${allowed.origin}/missing` });
    expect(error).toMatchObject({ code: 'fetch_failed', details: { status: 404 } });
  });

  it.each([
    ['not a URL', 'doc.md', 'invalid_url'],
    ['credentials', `http://user:pw@${ALLOWED}/doc.md`, 'invalid_url'],
    ['a file URL', 'file:///etc/passwd', 'scheme_not_allowed'],
  ])('refuses %s', async (_case, url, code) => {
    expect((await getRefusal({ url })).code).toBe(code);
  });

  it('checks the converted raw host for a GitHub link', async () => {
    const error = await getRefusal({ url: 'https://github.com/o/r/blob/main/a.md' }, { allowedHosts: ['github.com'] });
    expect(error.code).toBe('host_not_allowed');
    expect(error.message).toContain('raw.githubusercontent.com');
  });
});

describe('isAllowedHost', () => {
  it.each([
    ['https://example.com/a', ['example.com'], true],
    ['https://EXAMPLE.com/a', ['example.com'], true],
    ['https://docs.example.com/a', ['example.com'], false],
    ['https://docs.example.com/a', ['*.example.com'], true],
    ['https://example.com/a', ['*.example.com'], false],
    ['https://badexample.com/a', ['*.example.com'], false],
    ['https://example.com.evil.test/a', ['example.com'], false],
    ['http://127.0.0.1:8080/a', ['127.0.0.1:8080'], true],
    ['http://127.0.0.1:8081/a', ['127.0.0.1:8080'], false],
    ['https://example.com/a', ['example.com:443'], true],
    ['http://[::1]:8080/a', ['[::1]'], true],
  ])('%s with %j → %s', (url, hosts, expected) => {
    expect(isAllowedHost(new URL(url), hosts)).toBe(expected);
  });
});
