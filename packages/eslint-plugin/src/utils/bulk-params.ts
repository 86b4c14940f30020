import type { JsonObject, ParamDecl } from '@toolslim/core';
import { getNameWords } from './tool-text.js';

/** Name words that say a parameter is a reference to content rather than the content itself. */
const REFERENCE_WORDS = new Set(['path', 'paths', 'filepath', 'filename', 'file', 'url', 'urls', 'uri', 'uris', 'href', 'link', 'id', 'ids', 'ref', 'refs', 'reference', 'references', 'sha', 'sha256', 'hash', 'key']);

/** Name words that say a parameter carries the content itself. */
const BULK_WORDS = new Set(['content', 'contents', 'document', 'documents', 'doc', 'docs', 'html', 'markdown', 'csv', 'data', 'base64', 'blob', 'attachment', 'body']);

/** String formats that hold a short value (a link, an address, a date), never pasted content. */
const SHORT_FORMATS = new Set(['uri', 'url', 'uri-reference', 'iri', 'email', 'date', 'date-time', 'time', 'uuid', 'hostname', 'ipv4', 'ipv6', 'regex']);

/** `code` is bulk only as source code: `code`, `source_code`, `file_code` — never `country_code` or `status_code`. */
const CODE_COMPANIONS = new Set(['code', 'source', 'file', 'full', 'program', 'snippet']);

/** Words naming what arrives in an array of rows. */
const BULK_ARRAY_WORDS = new Set(['rows', 'records', 'lines', 'documents', 'docs', 'pages', 'files', 'data']);

/** Phrases in a description that say the parameter is pasted content. */
const BULK_DESCRIPTION = /\b(?:(?:full|entire|whole|complete|raw)\s+(?:text|contents?|body|source|html|markdown|file|document|page)|(?:contents?|text|body|source code) of (?:the|a|an)\b|base64|csv (?:data|text|content))/i;

const LONG_ARRAY_ITEMS = 100;

export function isReferenceParam(param: ParamDecl): boolean {
  return getNameWords(param.name).some((word) => REFERENCE_WORDS.has(word)) && !isBulkByName(param.name);
}

/**
 * True when the parameter is a free-text string (or a long array) that carries a document, file, code or
 * data, by its name, description or schema. Only a schema that is known counts: an enum, a boolean, a
 * number, a URL or date format, an id or a header name (`content_type`) never carries content.
 */
export function isBulkParam(param: ParamDecl, description: string | undefined): boolean {
  const schema = param.schema;
  if (schema === undefined) return false;
  const type = Array.isArray(schema.type) && schema.type.includes('string') ? 'string' : schema.type;
  if (type === 'array') return isLongArray(param.name, schema);
  if (type !== 'string') return false;
  if (schema.enum !== undefined || schema.const !== undefined) return false;
  if (typeof schema.format === 'string' && SHORT_FORMATS.has(schema.format)) return false;
  if (schema && (schema.contentEncoding !== undefined || schema.format === 'byte' || schema.format === 'binary')) return true;
  if (isBulkByName(param.name)) return true;
  return description !== undefined && BULK_DESCRIPTION.test(description) && !isReferenceParam(param);
}

/** The last word of the name says what it holds: `file_content` is content, `dataSource` and `content_type` are not. */
function isBulkByName(name: string): boolean {
  const words = getNameWords(name);
  if (words.some((word) => REFERENCE_WORDS.has(word) && word !== 'file')) return false;
  if (words.includes('code')) return words.every((word) => CODE_COMPANIONS.has(word));
  return words.length > 0 && BULK_WORDS.has(words[words.length - 1]);
}

function isLongArray(name: string, schema: JsonObject): boolean {
  if (typeof schema.maxItems === 'number') return schema.maxItems > LONG_ARRAY_ITEMS;
  const words = getNameWords(name);
  return words.length > 0 && BULK_ARRAY_WORDS.has(words[words.length - 1]);
}

/** The noun the suggested descriptions use for what the parameter carries. */
export function getBulkSubject(name: string): string {
  const words = getNameWords(name);
  for (const noun of ['document', 'page', 'csv', 'html', 'markdown', 'code']) {
    if (words.includes(noun)) return noun === 'csv' ? 'CSV file' : noun === 'html' ? 'HTML page' : noun;
  }
  return 'file';
}
