export { evaluateText, isTextLike, type TextContext } from './evaluate.js';
export { Scope, getExportsMemberName, type ImportBinding } from './scope.js';
export { createFileConstantResolver, findExportedInitializer, findTopLevelInitializer, type FileConstantResolverOptions } from './file-resolver.js';
