/**
 * Why a text is not JSON, in words that quote none of it. V8's own message quotes the start
 * of the text (`Unexpected token 'h', "hello" is not valid JSON`), and that text is the
 * file's: a sentence shown to the page must not carry a file's contents back to it.
 */

/** `at character 12`, or an empty string when the parser did not say where. */
export function jsonSyntaxProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const position = /at position (\d+)/.exec(message)?.[1];
  if (/Unexpected end of JSON input/i.test(message)) return 'the text ends too early';
  return position === undefined
    ? 'the text is not JSON'
    : `the text stops being JSON at character ${position}`;
}
