#!/usr/bin/env node
/**
 * Gives each parameter unit of a labelled set the facts of its parameter's JSON Schema, read from the
 * server's recorded `tools/list`: `schema` (type, enum, bounds, format, pattern, default) and `required`.
 * The classifier reads them as the rules and the codemod do (a rule the schema already states is how-text;
 * the same rule with no schema behind it is a constraint), so the scores see what a lint run sees.
 *
 *   node test/realworld/attach-schemas.mjs labels-blind-4.json DIR_OR_FILE...
 *
 * Each source is a `tools/list` recording: a JSON file (an array of tools, or `{ tools }`), or a folder of
 * them named after the set's `repo` values (`<repo>.json`, or `<entry>/tools.json` of the corpus run).
 * Only context is added; no label is read or changed. Units whose tool or parameter is not in a recording
 * are counted and left as they are.
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pickSchemaFacts } from '@toolslim/core';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every recorded tool of each repo: `<repo>.json` files, or corpus folders `<entry>/tools.json` mapped by the manifest. */
function readRecordings(sources) {
  const manifest = JSON.parse(readFileSync(path.join(here, 'manifest.json'), 'utf8'));
  const repoOfEntry = new Map(manifest.servers.map((server) => [server.name, server.repo]));
  const byRepo = new Map();
  const add = (repo, file) => {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const tools = Array.isArray(json) ? json : json.tools;
    if (!Array.isArray(tools)) {
      // A server that did not start leaves its error where its list would be.
      console.warn(`${file}: no tools in it, skipped`);
      return;
    }
    const list = byRepo.get(repo) ?? [];
    list.push(...tools);
    byRepo.set(repo, list);
  };
  for (const source of sources) {
    if (statSync(source).isFile()) {
      add(path.basename(source, '.json'), source);
      continue;
    }
    for (const name of readdirSync(source)) {
      const full = path.join(source, name);
      if (name.endsWith('.json')) add(name.slice(0, -5), full);
      else if (existsSync(path.join(full, 'tools.json'))) {
        // A corpus entry is recorded under its entry name; the sets name the repository (and firecrawl its entry).
        add(repoOfEntry.get(name) ?? name, path.join(full, 'tools.json'));
        if (repoOfEntry.has(name) && repoOfEntry.get(name) !== name) add(name, path.join(full, 'tools.json'));
      } else if (existsSync(path.join(full, 'runtime-tools.json'))) {
        add(name.replace(/^_/, '').replace(/_/g, '-'), path.join(full, 'runtime-tools.json'));
      }
    }
  }
  return byRepo;
}

/** The schema of `tool.param[.sub]` in a recording: properties, then array items' or nested objects' properties. */
function findParameter(tools, toolPath) {
  const parts = toolPath.split('.');
  for (let cut = parts.length - 1; cut >= 1; cut--) {
    const tool = tools.find((candidate) => candidate.name === parts.slice(0, cut).join('.'));
    if (!tool) continue;
    let schema = tool.inputSchema ?? tool.input_schema ?? tool.parameters;
    let required = false;
    for (const name of parts.slice(cut)) {
      const holder = schema?.type === 'array' || (schema?.items && !schema.properties) ? schema.items : schema;
      const property = holder?.properties?.[name];
      if (!property) return undefined;
      required = Array.isArray(holder.required) && holder.required.includes(name);
      schema = property;
    }
    return { schema, required };
  }
  return undefined;
}

const [name, ...sources] = process.argv.slice(2);
if (!name || sources.length === 0) {
  console.error('usage: node test/realworld/attach-schemas.mjs <labels-file.json> <recording file or folder>...');
  process.exit(2);
}
const file = path.join(here, name);
const labels = JSON.parse(readFileSync(file, 'utf8'));
const recordings = readRecordings(sources);
let attached = 0;
let missing = 0;
for (const unit of labels) {
  if (!unit.tool.includes('.')) continue;
  const tools = recordings.get(unit.repo);
  const found = tools && findParameter(tools, unit.tool);
  if (!found) {
    missing++;
    continue;
  }
  unit.schema = pickSchemaFacts(found.schema);
  unit.required = found.required;
  attached++;
}
writeFileSync(file, `${JSON.stringify(labels, null, 1)}\n`);
console.log(`${name}: ${attached} parameter units given their schema, ${missing} not found in the recordings`);
