import type { JsonObject, ParamDecl } from '@toolslim/core';
import { getNameWords } from './tool-text.js';

/** Name words that say a parameter is a reference to content rather than the content itself. */
const REFERENCE_WORDS = new Set(['path', 'paths', 'filepath', 'filename', 'file', 'url', 'urls', 'uri', 'uris', 'href', 'link', 'id', 'ids', 'ref', 'refs', 'reference', 'references', 'sha', 'sha256', 'hash', 'key']);

/** Name words that say a parameter carries the content itself. */
const BULK_WORDS = new Set(['content', 'contents', 'document', 'documents', 'doc', 'docs', 'page', 'html', 'markdown', 'csv', 'data', 'base64', 'blob', 'attachment', 'body']);

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

/** True when the name, description or schema says the parameter carries a document, file, page, code, data or a long array. */
export function isBulkParam(param: ParamDecl, description: string | undefined): boolean {
  const schema = param.schema;
  const type = schema?.type;
  if (type === 'array') return isLongArray(param.name, schema!);
  if (type !== undefined && type !== 'string') return false;
  if (schema && (schema.contentEncoding !== undefined || schema.format === 'byte' || schema.format === 'binary')) return true;
  if (isBulkByName(param.name)) return true;
  return description !== undefined && BULK_DESCRIPTION.test(description) && !isReferenceParam(param);
}

function isBulkByName(name: string): boolean {
  const words = getNameWords(name);
  if (words.some((word) => REFERENCE_WORDS.has(word) && word !== 'file')) return false;
  if (words.includes('code')) return words.every((word) => CODE_COMPANIONS.has(word));
  return words.some((word) => BULK_WORDS.has(word));
}

function isLongArray(name: string, schema: JsonObject): boolean {
  if (typeof schema.maxItems === 'number') return schema.maxItems > LONG_ARRAY_ITEMS;
  return getNameWords(name).some((word) => BULK_ARRAY_WORDS.has(word));
}

/** The noun the suggested descriptions use for what the parameter carries. */
export function getBulkSubject(name: string): string {
  const words = getNameWords(name);
  for (const noun of ['document', 'page', 'csv', 'html', 'markdown', 'code']) {
    if (words.includes(noun)) return noun === 'csv' ? 'CSV file' : noun === 'html' ? 'HTML page' : noun;
  }
  return 'file';
}
