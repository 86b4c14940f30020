// PLACEHOLDER (helper core-prose replaces this file): signatures only.
import type { PublishedTool, ToolMeasure } from './model.js';

export function countTokens(text: string): number {
  void text;
  throw new Error('countTokens: not implemented yet');
}

export function measureTool(tool: PublishedTool): ToolMeasure {
  void tool;
  throw new Error('measureTool: not implemented yet');
}
