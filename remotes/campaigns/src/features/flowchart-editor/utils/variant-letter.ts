/** Variants are named A, B, C… as in most A/B tools. */
export function variantLetter(index: number): string {
  return String.fromCharCode('A'.charCodeAt(0) + index);
}
