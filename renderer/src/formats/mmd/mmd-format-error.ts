/**
 * Thrown when bytes are not a usable PMX or PMD file. The message says what is wrong and,
 * for a file that ends early or holds an impossible value, where (byte offset and the item
 * being read), so a person can tell a truncated download from a different kind of file.
 */
export class MmdFormatError extends Error {
  override readonly name = 'MmdFormatError';
}
