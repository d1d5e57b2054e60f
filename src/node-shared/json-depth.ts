/** Deeper JSON is refused before it is parsed: no request of ours nests more than a few levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects more than `maxDepth` levels deep. One linear pass over
 * the text (brackets inside strings do not count), cheap enough to run before `JSON.parse`, so that
 * neither the parser nor any recursive walk over the value (validation, NUL checks) can exhaust the
 * stack on a body of 20,000 nested brackets. Malformed text is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > maxDepth) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * A JSON body as the platform reads it: the value, or its refusal in DRF's words ("JSON parse error - …"),
 * too deep nesting refused before parsing. The sandbox answers these; the BFF's charges gate too.
 */
export function parsePlatformJson(text: string): { value: unknown } | { detail: string } {
  if (nestsDeeperThan(text))
    return { detail: `JSON parse error - nested more than ${MAX_JSON_DEPTH} levels deep.` };
  if (text.length === 0) return { detail: 'JSON parse error - the body is empty.' };
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { detail: `JSON parse error - ${error instanceof Error ? error.message : String(error)}` };
  }
}
