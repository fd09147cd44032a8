/** A number as players read it: a negative one with the minus sign "−" (as the sheet's Turn spaces), not a hyphen. */
export const numberText = (n: number): string => (n < 0 ? `−${-n}` : String(n));
