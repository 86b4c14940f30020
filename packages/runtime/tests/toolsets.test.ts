// Toolsets on every server shape the runtime serves, with the SDK's real client: with one family on,
// `tools/list` holds that family and `read_instructions`, nothing else; a hidden tool is refused and its
// handler never runs; with nothing chosen, every tool is listed byte for byte as without the runtime.
import { describe, expect, it } from 'vitest';
import { readToolsetChoice } from '../src/toolsets/toolset-choice.js';
import { SHAPES, useShape } from './support/gate-servers.js';

type CallResult = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const textOf = (result: CallResult) => result.content.map((part) => part.text ?? '').join('');
const FAMILIES = ['db', 'repo'];

describe('readToolsetChoice', () => {
  const choose = (value: string | undefined, option = {}) => readToolsetChoice({ environment: { TOOLSLIM_TOOLSETS: value }, ...option }, FAMILIES);

  it('is inactive when nothing is set, and every tool is on', () => {
    const choice = choose(undefined);
    expect(choice.active).toBe(false);
    expect(choice.isEnabled('anything', undefined)).toBe(true);
    expect(choose('  ').active).toBe(false);
  });

  it('takes families, single tools, exclusions, presets and all', () => {
    expect(choose('db').isEnabled('db_query', 'db')).toBe(true);
    expect(choose('db').isEnabled('repo_list', 'repo')).toBe(false);
    expect(choose('db,repo_list').isEnabled('repo_list', 'repo')).toBe(true);
    expect(choose('db,-db_export').isEnabled('db_export', 'db')).toBe(false);
    expect(choose('-repo').enabledFamilies(FAMILIES)).toEqual(['db']);
    expect(choose('all,-db').enabledFamilies(FAMILIES)).toEqual(['repo']);
    const preset = choose('core', { presets: { core: ['db', 'repo_list'] } });
    expect(preset.enabledFamilies(FAMILIES)).toEqual(['db']);
    expect(preset.isEnabled('repo_list', 'repo')).toBe(true);
    expect(preset.isEnabled('repo_create', 'repo')).toBe(false);
  });

  it('reads a renamed variable, a command-line flag before it, and the author default when unset', () => {
    expect(readToolsetChoice({ env: 'DB_TOOLS', environment: { DB_TOOLS: 'repo' } }, FAMILIES).enabledFamilies(FAMILIES)).toEqual(['repo']);
    const flagged = readToolsetChoice({ flag: '--toolsets', argv: ['node', 'server.js', '--toolsets', 'db'], environment: { TOOLSLIM_TOOLSETS: 'repo' } }, FAMILIES);
    expect([flagged.enabledFamilies(FAMILIES), flagged.setting]).toEqual([['db'], '--toolsets']);
    expect(readToolsetChoice({ flag: '--toolsets', argv: ['--toolsets=repo'], environment: {} }, FAMILIES).enabledFamilies(FAMILIES)).toEqual(['repo']);
    expect(readToolsetChoice({ default: ['repo'], environment: {} }, FAMILIES).enabledFamilies(FAMILIES)).toEqual(['repo']);
    expect(readToolsetChoice({ default: ['repo'], environment: { TOOLSLIM_TOOLSETS: 'db' } }, FAMILIES).enabledFamilies(FAMILIES)).toEqual(['db']);
  });
});

describe('TOOLSLIM_TOOLSETS in the environment', () => {
  it('is read from process.env when the server starts', async () => {
    process.env.TOOLSLIM_TOOLSETS = 'repo';
    try {
      const server = await SHAPES[0].start({});
      const client = await server.connect();
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['read_instructions', 'repo_list']);
      await client.close();
    } finally {
      delete process.env.TOOLSLIM_TOOLSETS;
    }
  });
});

describe.each(SHAPES)('toolsets on $name', (shape) => {
  const { open } = useShape(shape);

  it('with one family on, lists that family and read_instructions, and refuses the others without running them', async () => {
    const { server, client } = await open({ toolsets: { environment: { TOOLSLIM_TOOLSETS: 'db' } }, gate: false });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['db_dump', 'db_export', 'db_ping', 'db_query', 'read_instructions']);
    const read = tools.find((tool) => tool.name === 'read_instructions')!;
    expect(read.inputSchema.properties).toEqual({ family: expect.objectContaining({ enum: ['db'] }) });
    expect(read.description).toContain('Switched off on this server: repo');
    expect(client.getInstructions()).toContain('Switched off on this server: repo (whoever runs it turns a family on in TOOLSLIM_TOOLSETS, now `db`).');
    expect(client.getInstructions()).not.toContain('[repo](repo.md)');
    // Where the tool was never registered, the server answers as for any unknown tool (a result or a JSON-RPC error).
    const refused = (await client.callTool({ name: 'repo_list', arguments: {} }).catch((error: Error) => ({ isError: true, content: [{ type: 'text', text: error.message }] }))) as CallResult;
    expect(refused.isError).toBe(true);
    if (!shape.registersOneByOne) {
      expect(textOf(refused)).toBe('`repo_list` (family `repo`) is switched off on this server. Whoever runs the server turns it on by adding `repo` to TOOLSLIM_TOOLSETS (now `db`).');
    }
    expect(server.runs.get('repo_list')).toBe(0);
    expect(textOf((await client.callTool({ name: 'db_ping', arguments: {} })) as CallResult)).toBe('db_ping ran');
  });

  it('with nothing chosen, lists every tool byte for byte as the server without the runtime', async () => {
    const { client } = await open({ toolsets: { environment: {} } });
    const { client: bareClient } = await open({}, true);
    const served = (await client.listTools()).tools.filter((tool) => tool.name !== 'read_instructions');
    expect(JSON.stringify(served)).toBe(JSON.stringify((await bareClient.listTools()).tools));
  });
});
