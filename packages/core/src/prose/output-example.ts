/**
 * An example of what a tool returns ("Example response: {"temp": 812, …}", "Sample output:", "Response
 * example:") is how-text: the call does not depend on it. The keys and values it quotes are not the valid
 * values of an input, so the constraint cues that read quoted values do not apply to it.
 */
export const OUTPUT_EXAMPLE =
  /^[\s*_(]*(?:(?:[-*•]|\d+[.)])\s+)?(?:(?:an?\s+)?(?:example|sample)\s+(?:of\s+(?:an?\s+|the\s+)?)?(?:(?:json|xml|csv)\s+)?(?:responses?|outputs?|results?|repl(?:y|ies)|returns?|return(?:ed)?\s+values?|payloads?)|(?:responses?|outputs?|results?)\s+(?:examples?|samples?|looks?\s+like))\s*[:\-–—(]/i;

/**
 * The shape of what a call returns, written as a literal: "a failed call returns a JSON object {"error":
 * {"code", "message"}}". The quoted keys are fields of the output, not values of an input.
 */
const RETURNED_LITERAL = /\b(?:returns?|responds?\s+with|outputs?|yields?|comes?\s+back\s+as)\b[^.{[]{0,60}[{[]\s*"/i;

/** True when a unit opens as an example of output, or gives the literal shape of what the call returns. */
export function isOutputExample(body: string): boolean {
  return OUTPUT_EXAMPLE.test(body) || RETURNED_LITERAL.test(body);
}
