/**
 * Constraints written in a tool's description: what a call must satisfy (a format, the valid values of a
 * free string, parameters that exclude or require each other) sits where the call is not made. The
 * issue's advice is to put it where a call sees it: the parameter's schema (`format`, `pattern`, an enum
 * instead of a list in prose) or that parameter's one-sentence description. Rule-independent, so that
 * `no-how-in-description` and `measure --check` can give the same message.
 */

/** The message, in one place: short, with where to put it. */
export const CONSTRAINT_MESSAGE =
  'Constraint on {{target}} in the description of {{subject}} ({{count}}, "{{cue}}"): `toolslim slim` moves it to that parameter\'s description, where a call sees it.';
