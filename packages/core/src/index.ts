export * from './model.js';
export { parseSource, walk, getParent, unwrap, getPropertyName, findProperty, getCalleeName, type Program } from './ast.js';
export * from './text/index.js';
export * from './find-tools/index.js';
export * from './schema/index.js';
export * from './published.js';
export * from './measure.js';
