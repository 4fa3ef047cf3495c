// The editor's words for a JSON syntax error (the engine's loader reports a character offset).
/**
 * A JSON syntax error names a character offset ("at position 211"); in a textarea of thirty lines
 * a person looks for a line, so the line and column are added (a trailing comma is the classic).
 */
export function withLineOf(message: string, text: string): string {
  const m = /at position (\d+)/.exec(message);
  if (!m) return message;
  const before = text.slice(0, Number(m[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${message} (line ${line}, column ${column})`;
}
