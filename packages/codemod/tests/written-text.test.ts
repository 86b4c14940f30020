// Where a published text is written, read back from every kind of site: the value as the program reads
// it, and each character's place in the file, so an edit of the value lands on the right characters.
import { describe, expect, it } from 'vitest';
import { encodeForSite, findOccurrences, findTextSites, type TextSite } from '../src/written-text.js';

/** Delete `text` from the one site that holds it, as slim --server edits. */
function deleteFrom(code: string, sites: readonly TextSite[], text: string): string {
  const [found, ...more] = findOccurrences(sites, text);
  expect(more).toEqual([]);
  return code.slice(0, found.site.offsets[found.start]) + code.slice(found.site.offsets[found.end]);
}

describe('findTextSites', () => {
  it('reads string and template literals with their escapes, and maps the value back to the file', () => {
    const code = [
      "const a = 'It\\'s kept. Tabs\\tare \\u0061 escape.';",
      'const b = "Say \\"hi\\". Then stop.";',
      'const c = `Line one.\\nLine ${two} three. Costs \\${x}.`;',
    ].join('\n');
    const sites = findTextSites('/p/a.ts', code);
    expect(sites.map((site) => [site.kind, site.value])).toEqual([
      ['single', "It's kept. Tabs\tare a escape."],
      ['double', 'Say "hi". Then stop.'],
      ['template', 'Line one.\nLine '],
      ['template', ' three. Costs ${x}.'],
    ]);
    expect(deleteFrom(code, sites, ' Tabs\tare a escape.')).toContain("const a = 'It\\'s kept.';");
    expect(deleteFrom(code, sites, ' Then stop.')).toContain('const b = "Say \\"hi\\".";');
    expect(deleteFrom(code, sites, ' Costs ${x}.')).toContain('three.`;');
  });

  it('reads the strings of a JSON file, and none of a file that is not JSON', () => {
    const code = '{ "tools": [{ "description": "Lists things.\\nSorted by \\"name\\"." }] }';
    const sites = findTextSites('/p/t.json', code);
    expect(sites.map((site) => site.value)).toEqual(['tools', 'description', 'Lists things.\nSorted by "name".']);
    expect(deleteFrom(code, sites, '\nSorted by "name".')).toBe('{ "tools": [{ "description": "Lists things." }] }');
    expect(findTextSites('/p/broken.json', '{ "a": ')).toEqual([]);
  });

  it('reads YAML block scalars line by line, and quoted and plain scalars on one line', () => {
    const code = [
      'tools:',
      '  - name: plan',
      '    description: |',
      '      Plan the beds.',
      '      Weeks are ISO week numbers.',
      '    note: "A \\"quoted\\" note."',
      "    other: 'It''s plain.'",
      '    plain: Just text # a comment',
    ].join('\n');
    const sites = findTextSites('/p/t.yaml', code);
    expect(sites.map((site) => [site.kind, site.value])).toEqual([
      ['yaml-plain', 'plan'],
      ['yaml-block', 'Plan the beds.'],
      ['yaml-block', 'Weeks are ISO week numbers.'],
      ['yaml-double', 'A "quoted" note.'],
      ['yaml-single', "It's plain."],
      ['yaml-plain', 'Just text'],
    ]);
    expect(deleteFrom(code, sites, "s plain.")).toContain("other: 'It''");
  });

  it('finds every occurrence, so that a sentence written twice is known to be', () => {
    const sites = findTextSites('/p/a.ts', "const a = 'Same. Same.'; const b = 'Same.';");
    expect(findOccurrences(sites, 'Same.')).toHaveLength(3);
  });
});

describe('encodeForSite', () => {
  it('escapes for the quotes of the site, and refuses what a YAML plain scalar cannot hold', () => {
    const pointer = 'Before first use: read_instructions family="x".';
    expect(encodeForSite('single', "it's")).toBe("it\\'s");
    expect(encodeForSite('double', pointer)).toBe('Before first use: read_instructions family=\\"x\\".');
    expect(encodeForSite('template', '${a} `b`')).toBe('\\${a} \\`b\\`');
    expect(encodeForSite('json', pointer)).toBe('Before first use: read_instructions family=\\"x\\".');
    expect(encodeForSite('yaml-block', pointer)).toBe(pointer);
    expect(encodeForSite('yaml-single', "it's")).toBe("it''s");
    expect(encodeForSite('yaml-plain', pointer)).toBeUndefined();
  });
});
