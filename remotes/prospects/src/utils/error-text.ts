/** Error keys of the catalogue are translated by the shell's `errors` namespace: its description is the field message. */
export const errorText = (key: string) => `errors:${key}.description`;
