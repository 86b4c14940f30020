/**
 * The one "unreadable" type of static evaluation: why a text or value cannot be known without running
 * the program, and where. Evaluators return it (never throw it); the text evaluator, the value evaluator
 * and the cross-file resolver's failures (`ModuleBinding` `unreadable`) all end up as one of these.
 */
import type { Node } from '../model.js';

export class Unreadable {
  constructor(
    readonly reason: string,
    readonly node: Node,
  ) {}
}
