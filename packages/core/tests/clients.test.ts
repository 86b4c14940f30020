// The client-limit table: its shape (every entry sourced and dated), the numbers DESIGN.md names, lookups.
import { describe, expect, it } from 'vitest';
import { CLIENT_PROFILES, getClientIds, getClientProfiles, type ClientProfile } from '../src/index.js';

function getProfile(id: string): ClientProfile {
  const [profile] = getClientProfiles([id]);
  return profile;
}

describe('CLIENT_PROFILES', () => {
  it('gives every entry a unique id, a name, a source and an ISO checked date', () => {
    expect(new Set(getClientIds()).size).toBe(CLIENT_PROFILES.length);
    for (const profile of CLIENT_PROFILES) {
      expect(profile.id).toMatch(/^[a-z0-9.-]+$/);
      expect(profile.name.length).toBeGreaterThan(0);
      expect(profile.source).toMatch(/https:\/\/\S+/);
      expect(profile.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(profile.checked))).toBe(false);
      const hasLimit = [
        profile.descriptionMaxChars,
        profile.toolNamePattern,
        profile.qualifiedName,
        profile.serverPlusToolMaxLength,
        profile.maxTools,
      ].some((limit) => limit !== undefined);
      expect(hasLimit, profile.id).toBe(true);
    }
  });

  it('holds the limits of DESIGN.md', () => {
    expect(getProfile('claude-code')).toMatchObject({ descriptionMaxChars: 4096, instructionsMaxChars: 4096 });
    expect(getProfile('claude-code').qualifiedName?.maxLength).toBe(64);
    expect(getProfile('claude-code').qualifiedName?.build('github', 'create_issue')).toBe('mcp__github__create_issue');
    expect(getProfile('claude-code-2.1.84')).toMatchObject({ descriptionMaxChars: 2048, truncationMarker: '… [truncated]', supersededBy: 'claude-code' });
    expect(getProfile('openai')).toMatchObject({ descriptionMaxChars: 1024, toolNameMaxLength: 64, maxTools: 128 });
    expect(getProfile('cursor')).toMatchObject({ serverPlusToolMaxLength: 60, maxTools: 40 });
    expect(getProfile('vscode').maxTools).toBe(128);
    expect(getProfile('windsurf').maxTools).toBe(100);
    expect(getProfile('gemini')).toMatchObject({ toolNameMaxLength: 64, maxTools: 512 });
    expect(getProfile('mcp-spec')).toMatchObject({ toolNameMaxLength: 128, advisory: true });
  });

  it.each([
    ['mcp-spec', ['read_file', 'admin.tools.list', 'a-b', 'x'.repeat(128)], ['has space', 'a/b', 'x'.repeat(129), '']],
    ['openai', ['read_file', 'a-b', 'x'.repeat(64)], ['admin.tools.list', 'x'.repeat(65), 'ünï']],
    ['anthropic', ['read_file', 'x'.repeat(128)], ['a.b', 'x'.repeat(129)]],
    ['gemini', ['_private', 'ns:tool.v2-x', 'x'.repeat(64)], ['1tool', '-x', 'x'.repeat(65)]],
    ['windsurf', ['read_file', 'a-b'], ['domscribe.status', 'x'.repeat(65)]],
  ])('%s accepts and rejects the right names', (id, good, bad) => {
    const pattern = getProfile(id).toolNamePattern;
    for (const name of good) expect(pattern?.test(name), name).toBe(true);
    for (const name of bad) expect(pattern?.test(name), name).toBe(false);
  });
});

describe('getClientProfiles', () => {
  it('returns the spec and the current MCP clients without ids; superseded releases and model APIs only by name', () => {
    const ids = getClientProfiles().map((profile) => profile.id);
    expect(ids).toEqual(['mcp-spec', 'claude-code', 'cursor', 'vscode', 'windsurf']);
    expect(ids).toHaveLength(CLIENT_PROFILES.length - 4);
    // An MCP server is not told it passes (or breaks) OpenAI's 1,024 characters unless it targets the API.
    expect(getClientProfiles(['openai', 'claude-code-2.1.84']).map((profile) => profile.id)).toEqual(['openai', 'claude-code-2.1.84']);
  });

  it('returns the named profiles in the order given, once each', () => {
    expect(getClientProfiles(['cursor', 'openai', 'cursor']).map((profile) => profile.id)).toEqual(['cursor', 'openai']);
    expect(getClientProfiles([])).toEqual([]);
  });

  it('throws for unknown ids, naming them and listing the known ones', () => {
    expect(() => getClientProfiles(['openai', 'claude', 'copilot'])).toThrow(
      `Unknown toolslim clients "claude", "copilot"; known clients: ${getClientIds().join(', ')}.`,
    );
    expect(() => getClientProfiles(['nope'])).toThrow(/^Unknown toolslim client "nope"; known clients: mcp-spec, claude-code, /);
  });
});
